/** Opens the store, migrates, runs the modules' start hooks (seeding), then listens. Used by main.ts and the tests. */
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { registry as defaultRegistry } from '../definitions';
import type { Registry } from '../definitions/registry';
import type { Deployment } from '../schemas/access';
import { buildApp } from './app';
import { configFromVars, type Vars } from './config';
import { setPasswordHashCost } from './passwords';
import { migrate } from './db/migrate';
import { attachLogStore, logStoreOf, openLogStore } from './logs/logStores';
import { applyRetention, vacuumGrownLogTables } from './logs/retention';
import { openDb } from './db/openDb';
import { serverModules } from './modules';
import { resolveSession } from './session';
import type { Db, ServerModule, StartContext } from './types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface StartOptions {
  /** Environment variables to read (PORT, DATA_DIR, DATABASE_URL, PORTAL_*); default process.env. */
  readonly vars?: Vars;
  readonly registry?: Registry;
  readonly modules?: readonly ServerModule[];
  readonly distDir?: string;
  readonly docsDir?: string;
  readonly logger?: FastifyServerOptions['logger'];
}

export interface RunningServer {
  /** Base URL to call, e.g. http://127.0.0.1:8080. */
  readonly url: string;
  readonly app: FastifyInstance;
  readonly db: Db;
  /** Stops listening, then closes the store. */
  close(): Promise<void>;
}

/** Rounds of the warm-up (see warmUp): a first choice, measured only on a loaded machine (docs/benchmarks.md, Load). */
export const WARM_UP_ROUNDS = 20;
const RETENTION_EVERY_MS = 3_600_000;

/**
 * PGlite before it listens: the session lookup of every call and each module's hot reads (`ServerModule.warmUp`), for
 * the first tenant, WARM_UP_ROUNDS times. A freshly opened PGlite runs its WebAssembly as baseline code, optimised only
 * once a function has run a while, and with empty catalogue caches: its first 100 requests cost 2.5 times the CPU of
 * later ones, and a first burst of 100 callers queued up to 9 s behind them. PostgreSQL needs none (its server is
 * already running).
 */
async function warmUp(db: Db, modules: readonly ServerModule[], ctx: StartContext, sessionMaxAgeMs: number, deployment: Deployment): Promise<void> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants WHERE NOT disabled ORDER BY id LIMIT 1');
  const tenantId = rows[0]?.id;
  if (!tenantId) return;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await resolveSession(db, `warm-up-${round}`, sessionMaxAgeMs, { ip: '127.0.0.1', deployment });
    for (const m of modules) await m.warmUp?.(db, tenantId, ctx);
  }
}

/**
 * Opens the store of `options.vars`, migrates it and runs the modules' start hooks (seeding an empty store); the
 * caller closes it. The first half of startServer; the tests also use it to seed a store once and copy it.
 */
export async function prepareStore(options: Pick<StartOptions, 'vars' | 'registry' | 'modules'> = {}): Promise<Db> {
  const config = configFromVars(options.vars ?? process.env);
  setPasswordHashCost(config.passwordHashCost);
  const registry = options.registry ?? defaultRegistry;
  const modules = options.modules ?? serverModules;
  const db = await openDb(config);
  const logStore = openLogStore(options.vars ?? process.env);
  attachLogStore(db, logStore);
  try {
    await migrate(db);
    for (const m of modules) await m.onStart?.(db, config.env, { registry, seed: config.seed });
    await logStore.start(db);
    await applyRetention(db, logStore, Date.now());
    return db;
  } catch (err) {
    await logStore.close();
    await db.close();
    throw err;
  }
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = configFromVars(options.vars ?? process.env);
  const registry = options.registry ?? defaultRegistry;
  const modules = options.modules ?? serverModules;
  const db = await prepareStore({ ...options, vars: options.vars ?? process.env });
  let app: FastifyInstance | undefined;
  try {
    if (db.kind === 'pglite') await warmUp(db, modules, { registry, seed: config.seed }, config.sessionMaxAgeMs, config.env.deployment);
    app = buildApp({
      db,
      env: config.env,
      registry,
      modules,
      distDir: options.distDir ?? join(ROOT, 'dist'),
      docsDir: options.docsDir ?? join(ROOT, 'docs'),
      logger: options.logger,
      trustProxy: config.trustProxy,
      sessionMaxAgeMs: config.sessionMaxAgeMs,
    });
    await app.listen({ port: config.port, host: config.host });
    // Retention deletes what passes it every hour (reads never answer it anyway); then, on PGlite, the log tables that
    // grew are vacuumed and analysed, behind interactive calls.
    const retention = setInterval(() => {
      applyRetention(db, logStoreOf(db), Date.now())
        .then(() => vacuumGrownLogTables(db.heavy()))
        .catch((err: unknown) => app?.log.error(err));
    }, RETENTION_EVERY_MS).unref();
    const { port } = app.server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const running = app;
    return {
      url: `http://${host}:${port}`,
      app: running,
      db,
      close: async () => {
        clearInterval(retention);
        await running.close();
        await logStoreOf(db).close();
        await db.close();
      },
    };
  } catch (err) {
    await app?.close();
    await logStoreOf(db).close();
    await db.close();
    throw err;
  }
}
