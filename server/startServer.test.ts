import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createRegistry } from '../definitions/registry';
import { startServer, WARM_UP_ROUNDS } from './startServer';
import type { ServerModule } from './types';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("runs each module's warm-up on PGlite, for a tenant, before it hands the server out", { timeout: 300_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'warm-up-'));
  dirs.push(dir);
  const calls: string[] = [];
  const probe: ServerModule = {
    name: 'probe',
    onStart: async (db) => {
      await db.query("INSERT INTO tenants (id, name) VALUES ('t-warm', 'Warm Corp') ON CONFLICT DO NOTHING");
    },
    warmUp: async (db, tenantId) => {
      await db.query('SELECT count(*) FROM users WHERE tenant_id = $1', [tenantId]);
      calls.push(tenantId);
    },
  };
  const registry = createRegistry({ sections: [], screens: [], operations: [] });
  const server = await startServer({ vars: { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' }, registry, modules: [probe] });
  try {
    // All of it done by the time the server is handed out, i.e. before its first caller.
    expect(calls).toEqual(Array(WARM_UP_ROUNDS).fill('t-warm'));
  } finally {
    await server.close();
  }
});
