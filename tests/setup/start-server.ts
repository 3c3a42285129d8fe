/**
 * An in-process reference server for tests: port 0 on 127.0.0.1, a fresh temporary DATA_DIR (PGlite) unless
 * DATABASE_URL is set, PORTAL_SEED=small. The API and browser suites both start theirs through here.
 *
 * A new PGlite store costs about 15 s (its initdb 8 s, seeding 7 s; up to 100 s under CI's load) against 1 s for
 * opening a copy of one already seeded, and the suites start about thirty servers. So when the global set-up has made a
 * folder for them (`makeStoreTemplates`), the first server of each seeding configuration seeds a store there once, and
 * every server of that configuration with an empty folder starts on a copy of it. `npm test` hands one folder to its API
 * and browser runs, and CI the same folder to its run on the cluster, so a configuration is seeded once for all of them
 * (a lock folder keeps two processes from seeding the same one). A test that needs a first seeding itself
 * (crash.test.ts) starts its server another way.
 */
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ClickHouse, clickHouseConfig } from '../../server/logs/clickhouse/client';
import { dropScratchDatabase, scratchDatabase } from '../../server/logs/clickhouse/testCluster';
import { prepareStore, startServer, type RunningServer } from '../../server/startServer';

export interface TestServerOptions {
  /** Environment variables for the server (PORTAL_DEPLOYMENT, DATA_DIR, DATABASE_URL, ...), over the defaults. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * On PostgreSQL, a database of the server's own (made empty, dropped on close) instead of the run's shared one: for
   * tests that change what every other test relies on (the demo tenant's sign-in settings).
   */
  readonly ownDatabase?: boolean;
}

export interface TestServer extends RunningServer {
  /** The PGlite folder (undefined on PostgreSQL). */
  readonly dataDir: string | undefined;
  /** The PostgreSQL database (undefined on PGlite): another server started on it shares the store. */
  readonly databaseUrl: string | undefined;
}

const TEMPLATES_VAR = 'PORTAL_TEST_STORE_TEMPLATES';

/**
 * Makes a folder for seeded store templates for this run (inherited by the suite's workers through the environment);
 * returns the function that removes it. A folder already named in the environment (by `npm test` or CI, for several
 * runs at once) is used as it is, and left to whoever made it.
 */
export function makeStoreTemplates(): () => void {
  if (process.env[TEMPLATES_VAR]) return () => undefined;
  const root = mkdtempSync(join(tmpdir(), 'portal-templates-'));
  process.env[TEMPLATES_VAR] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    if (process.env[TEMPLATES_VAR] === root) delete process.env[TEMPLATES_VAR];
  };
}

/** Variables that change how a server answers but not what its start hooks store. */
const SERVING_ONLY = new Set([
  'HOST',
  'PORT',
  'TRUST_PROXY',
  'SESSION_MAX_AGE_HOURS',
  'LOG_LEVEL',
  'DATA_DIR',
  'DATABASE_URL',
  'LOG_STORE',
  'CLICKHOUSE_URL',
  'CLICKHOUSE_CLUSTER',
  'CLICKHOUSE_DATABASE',
  'CLICKHOUSE_USER_ORDER',
]);
const making = new Map<string, Promise<string>>();
/** A lock older than this was left by a process that died while seeding (a seeding takes seconds to a minute or two). */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * The seeded template of these variables in `root`, made on first use. Other processes may share `root`: the one that
 * makes the lock folder seeds, the others wait for the template.
 */
function storeTemplate(root: string, vars: Readonly<Record<string, string | undefined>>): Promise<string> {
  const seeding = Object.entries(vars).filter(([k, v]) => v !== undefined && !SERVING_ONLY.has(k)).sort(([a], [b]) => a.localeCompare(b));
  const key = createHash('sha256').update(JSON.stringify(seeding)).digest('hex').slice(0, 16);
  const target = join(root, key);
  const lock = `${target}.lock`;
  let made = making.get(target);
  if (!made) {
    made = (async () => {
      for (;;) {
        if (existsSync(target)) return target;
        try {
          mkdirSync(lock);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
          if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
          await sleep(250);
          continue;
        }
        try {
          if (existsSync(target)) return target;
          const work = mkdtempSync(join(root, `${key}-`));
          try {
            // A template is a SQL store; a server on ClickHouse takes its events at start.
            const db = await prepareStore({ vars: { ...vars, DATABASE_URL: undefined, DATA_DIR: work, LOG_STORE: undefined } });
            await db.close();
            renameSync(work, target);
          } catch (err) {
            rmSync(work, { recursive: true, force: true });
            throw err;
          }
          return target;
        } finally {
          rmSync(lock, { recursive: true, force: true });
        }
      }
    })();
    making.set(target, made);
    made.catch(() => making.delete(target));
  }
  return made;
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Fills `dataDir` with a copy of the seeded store of `vars` when this run keeps templates; else leaves it empty. */
async function copySeededStore(vars: Readonly<Record<string, string | undefined>>, dataDir: string): Promise<void> {
  const templates = process.env[TEMPLATES_VAR];
  if (templates) cpSync(await storeTemplate(templates, vars), dataDir, { recursive: true });
}

/** The variables of every test server; a test's own `env` goes over them. */
export const TEST_SERVER_VARS = {
  HOST: '127.0.0.1',
  PORT: '0',
  PORTAL_SEED: 'small',
  // The lowest cost a server accepts: hundreds of sign-ins per run at 2^17 cost minutes of CPU.
  PASSWORD_HASH_COST: '14',
} as const;

/**
 * A new temporary folder for a PGlite store that a test server of `TEST_SERVER_VARS` would have seeded (a copy of the
 * template when this run keeps them, else empty, to be seeded by the server that opens it).
 */
export async function seededStoreFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  await copySeededStore({ ...TEST_SERVER_VARS, NODE_ENV: process.env.NODE_ENV }, dir);
  return dir;
}

/**
 * With LOG_STORE=clickhouse in the environment (CI's second logs and reports run), a test server keeps its logs on the
 * cluster of CLICKHOUSE_URL, in a database of its own (dropped when it closes); with CLICKHOUSE_USER_ORDER=0, without
 * the copy of the events in the users' order.
 */
function clickHouseVars(): Record<string, string | undefined> {
  if (process.env.LOG_STORE !== 'clickhouse') return {};
  return {
    LOG_STORE: 'clickhouse',
    CLICKHOUSE_URL: process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:18123,http://127.0.0.1:18124',
    CLICKHOUSE_CLUSTER: process.env.CLICKHOUSE_CLUSTER,
    CLICKHOUSE_DATABASE: scratchDatabase('portal_test'),
    CLICKHOUSE_USER_ORDER: process.env.CLICKHOUSE_USER_ORDER,
  };
}

/** Starts a server; `close()` stops it and removes the temporary data folder it created. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const sharedUrl = options.env && 'DATABASE_URL' in options.env ? options.env.DATABASE_URL : process.env.DATABASE_URL;
  const databaseUrl = sharedUrl && options.ownDatabase ? await createPostgresDatabase(sharedUrl) : sharedUrl;
  const ownDir = !databaseUrl && !options.env?.DATA_DIR ? mkdtempSync(join(tmpdir(), 'portal-test-')) : undefined;
  const dataDir = databaseUrl ? undefined : (options.env?.DATA_DIR ?? ownDir);
  const vars: Record<string, string | undefined> = {
    NODE_ENV: process.env.NODE_ENV,
    ...TEST_SERVER_VARS,
    ...clickHouseVars(),
    ...options.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
  };
  if (dataDir && isEmptyFolder(dataDir)) await copySeededStore(vars, dataDir);
  const server = await startServer({ vars, logger: { level: 'error' } }).catch((err: unknown) => {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    throw err;
  });
  return {
    ...server,
    dataDir,
    databaseUrl,
    close: async () => {
      await server.close();
      if (databaseUrl && databaseUrl !== sharedUrl) await dropPostgresDatabase(sharedUrl!, databaseUrl);
      // Only the database it named itself: a test that names one (on a cluster of its own) removes it.
      if (vars.LOG_STORE === 'clickhouse' && !options.env?.CLICKHOUSE_DATABASE) await dropScratchDatabase(new ClickHouse(clickHouseConfig(vars)));
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/** A new empty database beside the one `url` names, on the same server; returns its URL. */
async function createPostgresDatabase(url: string): Promise<string> {
  const name = `portal_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

async function dropPostgresDatabase(sharedUrl: string, ownUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: sharedUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${new URL(ownUrl).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Empties a PostgreSQL test database: every table of the public schema goes. */
export async function resetPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
