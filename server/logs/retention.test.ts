/**
 * The log tables' upkeep on PGlite (no autovacuum there): a table that grew by a tenth since it was last analysed is
 * vacuumed and analysed, so the planner knows what ingestion added; one that did not grow is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { vacuumGrownLogTables } from './retention';
import { syncRollups } from './rollups';
import { sqlLogStore } from './sqlStore';

const T = 'tenant-upkeep';
const NOW = Date.UTC(2026, 10, 28, 12);

describe('vacuumGrownLogTables (PGlite)', () => {
  let db: Db;
  /** Events of one hour from `at`, two users, many domains. */
  const ingest = (n: number, at: number) =>
    sqlLogStore.ingest(
      db,
      T,
      'web',
      Array.from({ length: n }, (_, i) => ({ ts: at + i, event: { userid: `u${i % 2}@example.com`, domain: `d${i}.example`, cats: ['50'], bytes: 100 } })),
    );
  /** What the planner knows of log_events: its row count as of the last analysis, and whether it has column statistics. */
  const known = async () => {
    const { rows } = await db.query<{ tuples: number; columns: number }>(
      `SELECT c.reltuples::int AS tuples, (SELECT count(*)::int FROM pg_stats WHERE tablename = 'log_events') AS columns FROM pg_class c WHERE c.relname = 'log_events'`,
    );
    return rows[0]!;
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await syncRollups(db);
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [T, 'Upkeep']);
  });
  afterAll(async () => db?.close());

  it('analyses the log tables ingestion grew, and only those', async () => {
    await ingest(3_000, NOW - 3_600_000);
    expect((await known()).columns).toBe(0);
    expect(await vacuumGrownLogTables(db)).toEqual(expect.arrayContaining(['log_events', 'log_rollups']));
    expect(await known()).toMatchObject({ tuples: 3_000 });
    expect((await known()).columns).toBeGreaterThan(0);

    // A few more events leave the table within a tenth of its size: nothing to do.
    await ingest(20, NOW - 1_800_000);
    expect(await vacuumGrownLogTables(db)).not.toContain('log_events');
    expect((await known()).tuples).toBe(3_000);

    // Twice as many: analysed again, with the new count.
    await ingest(3_000, NOW - 900_000);
    expect(await vacuumGrownLogTables(db)).toContain('log_events');
    expect((await known()).tuples).toBe(6_020);
  });
});
