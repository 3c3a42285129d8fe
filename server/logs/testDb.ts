/** An in-memory PGlite with every migration applied and two tenants with seeded logs, for the log store's tests. */
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { seedLogs } from './seed';

export const TEST_NOW = Date.UTC(2025, 4, 15, 12, 0, 0);
export const TEST_TENANTS = {
  demo: { id: 'tenant-demo', name: 'Demo Corp', events: 12_000 },
  other: { id: 'tenant-other', name: 'Other Corp', events: 1_500 },
} as const;

/**
 * A fresh database seeded with TEST_TENANTS' logs over the 30 days before TEST_NOW; `share` (0 to 1) of their events
 * for a test that needs every kind of event but not their number.
 */
export async function openSeededTestDb(share = 1): Promise<Db> {
  const db = await openPglite();
  await migrate(db);
  for (const t of Object.values(TEST_TENANTS)) await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [t.id, t.name]);
  await seedLogs(
    db,
    Object.values(TEST_TENANTS).map((t) => ({
      tenantId: t.id,
      kind: 'small' as const,
      plan: { tenantName: t.name, admins: ['admin', 'auditor'], total: Math.round(t.events * share), now: TEST_NOW, days: 30, seed: 7 },
    })),
  );
  return db;
}
