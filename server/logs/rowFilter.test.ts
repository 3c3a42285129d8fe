/**
 * The SQL store's row filter (what the impact of a publish replays) admits every logged web request a row matches, as
 * the evaluator matches it, for values in any case, absent, empty and outside ASCII; and leaves out most others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webEventRequest } from '../../schemas/evaluate/fromEvent';
import { prepareRequest } from '../../schemas/evaluate/match';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { webRowFilter } from './rowFilter';
import { sqlRowFilter } from './shapes';
import { sqlLogStore } from './sqlStore';
import { randomWebEvents, randomWebRows } from './testRows';

const T = 'tenant-row-filter';
const NOW = Date.UTC(2026, 10, 28, 12);
const EVENTS = randomWebEvents(600, 31);

describe('the row filter of web events (SQL store)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [T, 'Row filter']);
    await sqlLogStore.ingest(db, T, 'web', EVENTS.map((event, i) => ({ ts: NOW - 60_000 + i, event })));
  });
  afterAll(async () => db?.close());

  it('admits every event a row matches, and few others', async () => {
    const tally = { sets: 0, matched: 0, admitted: 0, unfiltered: 0 };
    for (const rows of randomWebRows(300, 32)) {
      const filter = webRowFilter(rows);
      if (!filter) {
        tally.unfiltered++;
        continue;
      }
      const params: unknown[] = [T];
      const where = sqlRowFilter(filter, (v) => `$${params.push(v)}::text`);
      const { rows: found } = await db.query<{ ts: string }>(`SELECT ts FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND (${where})`, params);
      const admitted = new Set(found.map((r) => Number(r.ts) - (NOW - 60_000)));
      EVENTS.forEach((event, i) => {
        const r = prepareRequest(webEventRequest(event), NOW);
        if (!rows.some((rule) => rule.tests.every((t) => t(r)))) return;
        tally.matched++;
        if (!admitted.has(i)) expect({ event, rows: rows.map((rule) => rule.row), filter }).toEqual({ event, rows: rows.map((rule) => rule.row), filter: 'admits the event' });
      });
      tally.sets++;
      tally.admitted += admitted.size;
    }
    // Most sets are filtered (not those of a row with only addresses, say), rows match events, and the filter leaves
    // out more than half of the events.
    expect(tally.sets).toBeGreaterThan(150);
    expect(tally.matched).toBeGreaterThan(5_000);
    expect(tally.admitted).toBeLessThan((tally.sets * EVENTS.length) / 2);
  });
});
