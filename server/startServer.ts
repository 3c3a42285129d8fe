/** Opens the store, migrates, runs the modules' start hooks (seeding), then listens. Used by main.ts and the tests. */
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { registry as defaultRegistry } from '../definitions';
import type { Registry } from '../definitions/registry';
import { buildApp } from './app';
import { configFromVars, type Vars } from './config';
import { setPasswordHashCost } from './passwords';
import { migrate } from './db/migrate';
import { openDb } from './db/openDb';
import { serverModules } from './modules';
import type { Db, ServerModule } from './types';

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

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = configFromVars(options.vars ?? process.env);
  setPasswordHashCost(config.passwordHashCost);
  const registry = options.registry ?? defaultRegistry;
  const modules = options.modules ?? serverModules;
  const db = await openDb(config);
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    for (const m of modules) await m.onStart?.(db, config.env, { registry, seed: config.seed });
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
    const { port } = app.server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const running = app;
    return {
      url: `http://${host}:${port}`,
      app: running,
      db,
      close: async () => {
        await running.close();
        await db.close();
      },
    };
  } catch (err) {
    await app?.close();
    await db.close();
    throw err;
  }
}
