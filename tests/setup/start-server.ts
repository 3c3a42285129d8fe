/**
 * An in-process reference server for tests: port 0 on 127.0.0.1, a fresh temporary DATA_DIR (PGlite) unless
 * DATABASE_URL is set, PORTAL_SEED=small. The API and browser suites both start theirs through here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../../server/startServer';

export interface TestServerOptions {
  /** Environment variables for the server (PORTAL_DEPLOYMENT, DATA_DIR, DATABASE_URL, ...), over the defaults. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface TestServer extends RunningServer {
  /** The PGlite folder (undefined on PostgreSQL). */
  readonly dataDir: string | undefined;
}

/** Starts a server; `close()` stops it and removes the temporary data folder it created. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const databaseUrl = options.env && 'DATABASE_URL' in options.env ? options.env.DATABASE_URL : process.env.DATABASE_URL;
  const ownDir = !databaseUrl && !options.env?.DATA_DIR ? mkdtempSync(join(tmpdir(), 'portal-test-')) : undefined;
  const dataDir = databaseUrl ? undefined : (options.env?.DATA_DIR ?? ownDir);
  const server = await startServer({
    vars: {
      NODE_ENV: process.env.NODE_ENV,
      HOST: '127.0.0.1',
      PORT: '0',
      PORTAL_SEED: 'small',
      // The lowest cost a server accepts: hundreds of sign-ins per run at 2^17 cost minutes of CPU.
      PASSWORD_HASH_COST: '14',
      ...options.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
    },
    logger: { level: 'error' },
  }).catch((err: unknown) => {
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    throw err;
  });
  return {
    ...server,
    dataDir,
    close: async () => {
      await server.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
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
