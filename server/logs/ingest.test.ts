import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { generateLogBatches, type GeneratorPlan } from './generator';
import { appendEvents, hourSpans, incoming } from './ingest';
import { HOUR_MS } from './rollups';
import { seedLogs } from './seed';

const PLAN: GeneratorPlan = { tenantName: 'Demo Corp', admins: ['admin'], total: 1_200, now: Date.UTC(2025, 4, 15, 12, 0, 0), days: 30, seed: 11 };

async function emptyDb(): Promise<Db> {
  const db = await openPglite();
  await migrate(db);
  await db.query("INSERT INTO tenants (id, name) VALUES ('t', 'Demo Corp')");
  return db;
}

const everything = async (db: Db) => ({
  events: (await db.query('SELECT log_type, ts, event FROM log_events ORDER BY log_type, ts, event::text')).rows,
  rollups: (await db.query('SELECT * FROM log_rollups ORDER BY rollup, grain, bucket, key NULLS FIRST, sub NULLS FIRST')).rows,
  tails: (await db.query('SELECT * FROM log_rollup_tails ORDER BY rollup, bucket')).rows,
});

describe('appendEvents', () => {
  it('leaves the events and every rollup as the bulk seed of the same events does, batch by batch, in any order', { timeout: 180_000 }, async () => {
    const seeded = await emptyDb();
    await seedLogs(seeded, [{ tenantId: 't', kind: 'small', plan: PLAN }]);
    const appended = await emptyDb();
    // Batches of 400 out of time order (the newest first), as appliances that send late would.
    for (const { logType, rows } of [...generateLogBatches(PLAN)].reverse()) {
      for (let i = 0; i < rows.length; i += 400) {
        const events = rows.slice(i, i + 400).map(([ts, e]) => ({ ts, event: e as Record<string, unknown> }));
        expect(await appendEvents(appended, 't', logType, events)).toBe(events.length);
      }
    }
    const want = await everything(seeded);
    expect(want.rollups.length).toBeGreaterThan(500);
    expect(await everything(appended)).toEqual(want);
  });

  it('stores nothing of a batch whose transaction fails', async () => {
    const db = await emptyDb();
    const event = incoming({ timestamp: new Date(PLAN.now).toISOString(), userid: 'u' });
    await expect(db.transaction(async (tx) => {
      await appendEvents(tx, 't', 'web', [event]);
      throw new Error('the caller fails after the batch');
    })).rejects.toThrow('the caller fails');
    expect((await db.query('SELECT count(*)::int AS n FROM log_events')).rows).toEqual([{ n: 0 }]);
    expect((await db.query('SELECT count(*)::int AS n FROM log_rollups')).rows).toEqual([{ n: 0 }]);
  });

  it('refreshes the runs of hours a batch touches, not the hours between them', () => {
    const h = (n: number) => n * HOUR_MS;
    expect(hourSpans([h(5) + 10, h(3), h(4) + 1, h(100), h(100) + 5])).toEqual([
      [h(3), h(6)],
      [h(100), h(101)],
    ]);
  });
});
