import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOG_TYPES } from '../../schemas/logs';
import { REPORT_NAMES, reportSpec, type ReportName } from '../../schemas/reports';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../types';
import { runReport, type ReportParams } from './reports';
import { BLOCK_MS, blockMasks, DAY_MS, DAY_ROWS, HOUR_MS, planRange, refreshRollups, ROLLUPS } from './rollups';
import { seedLogs } from './seed';
import { appendEvents } from './ingest';
import { sqlLogStore } from './sqlStore';

const T = 'tenant-rollups';
const BASE = Date.UTC(2025, 2, 29, 0, 0, 0); // spans a daylight-saving change in Europe
const SPAN = 3 * DAY_MS;

// Two keys a day in a head, so that small data has tails (and reports read heads, tails and blocks).
DAY_ROWS.head = 2;

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [T, 'Rollup Corp']);
}, 300_000);
afterAll(() => db?.close());

const maybe = <A>(a: fc.Arbitrary<A>) => fc.option(a, { nil: undefined });
const webEvent = fc.record({
  ts: fc.integer({ min: BASE, max: BASE + SPAN - 1 }),
  userid: maybe(fc.constantFrom('ann@x.example', 'bob@x.example', 'cy@x.example')),
  group: maybe(fc.constantFrom('Finance', 'Sales')),
  domain: maybe(fc.constantFrom('a.example', 'b.example', 'c.example')),
  cats: maybe(fc.uniqueArray(fc.constantFrom('1', '2', '56', '86'), { maxLength: 3 })),
  pe_action: fc.constantFrom('allow', 'block', 'safeview'),
  bytes: fc.integer({ min: 0, max: 5_000 }),
  is_casb: fc.boolean(),
  casb_app_name: maybe(fc.constantFrom('Box', 'Dropbox')),
  browser: maybe(fc.constantFrom('Chrome', 'Firefox')),
  browser_version: maybe(fc.constantFrom('120', '121')),
  ua_type: fc.constantFrom('browser', 'other'),
  av_scan_result: maybe(fc.constantFrom('clean', 'malicious')),
  sha256: fc.constantFrom('aa', 'bb'),
  file_name: fc.constantFrom('x.pdf', 'y.doc'),
  heat_evasion_techniques: maybe(fc.uniqueArray(fc.constantFrom('html_smuggling', 'captcha'), { minLength: 1, maxLength: 2 })),
  lure_category: maybe(fc.constantFrom('Fake Login Page', 'Invoice')),
});
type WebRow = typeof webEvent extends fc.Arbitrary<infer R> ? R : never;

async function insert(rows: readonly WebRow[]): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO log_events (tenant_id, log_type, ts, event)
     SELECT $1, 'web', u.ts, u.event::jsonb FROM unnest($2::bigint[], $3::text[]) AS u (ts, event)`,
    [T, rows.map((r) => r.ts), rows.map(({ ts: _ts, ...e }) => JSON.stringify(e))],
  );
}

const REPORTS_UNDER_TEST: readonly ReportName[] = [
  'top_users',
  'top_categories',
  'top_bandwidth_categories_v2',
  'casb_app_users',
  'top_groups',
  'group_users',
  'top_browser_versions',
  'top_files',
  'top_domains',
  'action_summary',
  'casb_timeline',
  'scan_heat',
  'heat_summary',
];

const query = fc.record({
  report: fc.constantFrom(...REPORTS_UNDER_TEST),
  start: fc.integer({ min: BASE - HOUR_MS, max: BASE + SPAN }),
  length: fc.integer({ min: 0, max: SPAN }),
  interval: fc.constantFrom('24h', '2d', '7d', '30d'),
  granularity: maybe(fc.constantFrom('PT1H', 'PT2H', 'P1D')),
  timezone: maybe(fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata')),
  limit: fc.integer({ min: 1, max: 8 }),
});

describe('rollups', () => {
  it('plans whole days, whole hours and raw edges that cover the range exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * DAY_MS }), fc.integer({ min: 0, max: 5 * DAY_MS }), (start, length) => {
        const plan = planRange(start, start + length, () => true, true);
        const spans = [...plan.raw, ...plan.hours, ...plan.days].sort((a, b) => a[0] - b[0]);
        expect(spans[0]![0]).toBe(start);
        expect(spans[spans.length - 1]![1]).toBe(start + length + 1);
        spans.forEach((s, i) => i && expect(s[0]).toBe(spans[i - 1]![1]));
        for (const [a, b] of plan.hours) expect(a % HOUR_MS + (b % HOUR_MS)).toBe(0);
        for (const [a, b] of plan.days) expect(a % DAY_MS + (b % DAY_MS)).toBe(0);
      }),
    );
  });

  it('answer every report like a scan of the raw events, also after more events are written', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(webEvent, { maxLength: 120 }), fc.array(webEvent, { maxLength: 30 }), query, async (events, later, q) => {
        await db.query('DELETE FROM log_events WHERE tenant_id = $1', [T]);
        await db.query('DELETE FROM log_rollups WHERE tenant_id = $1', [T]);
        await insert(events);
        await refreshRollups(db, T, 'web', BASE, BASE + SPAN);
        const params = {
          start: Math.floor(q.start / 1000),
          end: Math.floor((q.start + q.length) / 1000),
          limit: q.limit,
          interval: q.interval,
          ...(q.granularity ? { granularity: q.granularity } : {}),
          ...(q.timezone ? { timezone: q.timezone } : {}),
        } as ReportParams;
        const compare = async () => {
          let raw;
          try {
            raw = await runReport(db, T, q.report, params, BASE + SPAN, { rollups: false });
          } catch (error) {
            // Too many buckets is refused the same way on both paths.
            await expect(runReport(db, T, q.report, params, BASE + SPAN)).rejects.toThrow((error as Error).message);
            return;
          }
          expect(await runReport(db, T, q.report, params, BASE + SPAN)).toEqual(raw);
        };
        await compare();
        // Events written later: the writer refreshes the hours it wrote.
        await insert(later);
        if (later.length) await refreshRollups(db, T, 'web', Math.min(...later.map((e) => e.ts)), Math.max(...later.map((e) => e.ts)) + 1);
        await compare();
      }),
      { numRuns: 40 },
    );
  });
});

describe('rollup layouts', () => {
  it('mask the days of a range by the blocks they fall in', () => {
    const block = 7 * BLOCK_MS;
    // The last two days of one block and the first of the next.
    expect(blockMasks([[block - 2 * DAY_MS, block + DAY_MS]])).toEqual({
      blocks: [block - BLOCK_MS, block],
      masks: [String((1n << BigInt(BLOCK_MS / DAY_MS - 2)) | (1n << BigInt(BLOCK_MS / DAY_MS - 1))), '1'],
    });
    // Hours of UTC days: 22:00–24:00 of one day and 00:00–03:00 of the next, in two spans.
    const day = 9 * DAY_MS;
    expect(blockMasks([[day + 22 * HOUR_MS, day + DAY_MS + HOUR_MS], [day + DAY_MS + 2 * HOUR_MS, day + DAY_MS + 3 * HOUR_MS]], DAY_MS, HOUR_MS)).toEqual({
      blocks: [day, day + DAY_MS],
      masks: [String((1 << 22) | (1 << 23)), String(0b101)],
    });
  });

  const T2 = 'tenant-heads';
  const day = (d: number, h = 5) => BASE + d * DAY_MS + h * HOUR_MS;
  /** A top-N of top_domains over the 3 whole days, and whether it read every daily row (head and tail). */
  async function topDomains(domains: readonly { ts: number; domain: string }[], limit: number) {
    await db.query('DELETE FROM log_events WHERE tenant_id = $1', [T2]);
    await db.query(
      `INSERT INTO log_events (tenant_id, log_type, ts, event)
       SELECT $1, 'web', u.ts, jsonb_build_object('domain', u.domain, 'bytes', 1) FROM unnest($2::bigint[], $3::text[]) AS u (ts, domain)`,
      [T2, domains.map((e) => e.ts), domains.map((e) => e.domain)],
    );
    await refreshRollups(db, T2, 'web', BASE, BASE + SPAN);
    const params = { start: BASE / 1000, end: (BASE + SPAN) / 1000 - 1, limit, interval: '7d' } as ReportParams;
    const spy = vi.spyOn(db, 'query');
    try {
      const result = await runReport(db, T2, 'top_domains', params, BASE + SPAN);
      const readAll = spy.mock.calls.some(([sql]) => String(sql).includes("IN ('d', 't')"));
      return { result, readAll, raw: await runReport(db, T2, 'top_domains', params, BASE + SPAN, { rollups: false }) };
    } finally {
      spy.mockRestore();
    }
  }
  beforeAll(() => db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [T2, 'Heads Corp']));

  it('answer a top-N from the days\' heads when no key of a tail can reach it', async () => {
    // hot.example leads every day; warm.example is in one day's tail and is looked up; rare keys stay in the tails.
    const events = [0, 1, 2].flatMap((d) => [
      ...Array.from({ length: 6 }, (_, i) => ({ ts: day(d, i), domain: 'hot.example' })),
      ...Array.from({ length: d === 1 ? 1 : 3 }, (_, i) => ({ ts: day(d, i), domain: 'warm.example' })),
      ...Array.from({ length: 4 }, (_, i) => ({ ts: day(d, i), domain: `rare${d}-${i}.example` })),
    ]);
    const { result, readAll, raw } = await topDomains(events, 2);
    expect(result).toEqual(raw);
    expect(result).toMatchObject({ data: [{ key: 'hot.example', value: 18 }, { key: 'warm.example', value: 7 }], total: 37 });
    expect(readAll).toBe(false);
  });

  it('read every row when keys of the tails could reach the top N', async () => {
    // Seven keys of one event each a day: the second-placed key could be any of them.
    const events = [0, 1, 2].flatMap((d) => Array.from({ length: 7 }, (_, i) => ({ ts: day(d, i), domain: `k${(i + d) % 7}.example` })));
    const { result, readAll, raw } = await topDomains(events, 2);
    expect(result).toEqual(raw);
    expect(readAll).toBe(true);
  });

  it('merge each batch\'s days into the blocks of distinct users, and drop a block once retention passes it', async () => {
    const T3 = 'tenant-blocks';
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [T3, 'Blocks Corp']);
    const edge = Math.ceil(BASE / BLOCK_MS) * BLOCK_MS;
    const box = (ts: number, userid: string) => ({ ts, event: { userid, is_casb: true, casb_app_name: 'Box', bytes: 1 } });
    // The distinct users per CASB application (casb_app_users).
    const appUsers = [...ROLLUPS].find(([, d]) => d.layout === 'blocks' && d.fields.join() === 'casb_app_name')![0];
    const blockRows = async () =>
      (
        await db.query<{ bucket: string; sub: string; days: string }>(
          `SELECT bucket::text, sub, days::text FROM log_rollups WHERE tenant_id = $1 AND grain = 'b' AND rollup = $2 ORDER BY bucket, sub`,
          [T3, appUsers],
        )
      ).rows;
    const bits = (...days: number[]) => String(days.reduce((m, d) => m | (1n << BigInt(d)), 0n));
    const last = BLOCK_MS / DAY_MS - 1;
    // Three batches: ann on the last day of a block and the first of the next, then ann again and bob two days later.
    await appendEvents(db, T3, 'web', [box(edge - DAY_MS + HOUR_MS, 'ann'), box(edge + HOUR_MS, 'ann')]);
    await appendEvents(db, T3, 'web', [box(edge + 2 * DAY_MS, 'ann'), box(edge + 2 * DAY_MS, 'bob')]);
    await appendEvents(db, T3, 'web', [box(edge + 2 * DAY_MS + 5, 'bob')]);
    expect(await blockRows()).toEqual([
      { bucket: String(edge - BLOCK_MS), sub: 'ann', days: bits(last) },
      { bucket: String(edge), sub: 'ann', days: bits(0, 2) },
      { bucket: String(edge), sub: 'bob', days: bits(2) },
    ]);
    const params = { start: (edge - DAY_MS) / 1000, end: (edge + 3 * DAY_MS) / 1000 - 1, limit: 10, interval: '7d' } as ReportParams;
    expect(await runReport(db, T3, 'casb_app_users', params, edge + 3 * DAY_MS)).toEqual(
      await runReport(db, T3, 'casb_app_users', params, edge + 3 * DAY_MS, { rollups: false }),
    );
    // A cut within the second block: the first one has no day left to read.
    await sqlLogStore.dropBefore(db, T3, edge + HOUR_MS);
    expect((await blockRows()).map((r) => r.bucket)).toEqual([String(edge), String(edge)]);
  });
});

describe('seeded rollups', () => {
  const S = 'tenant-seeded';
  // Not on a whole hour, so the first and last days are partial.
  const NOW = BASE + 3 * DAY_MS + 17 * 60_000 + 123;
  const FROM = NOW - 3 * DAY_MS;
  let seeded: Db;
  beforeAll(async () => {
    seeded = await openPglite();
    await migrate(seeded);
    await seeded.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [S, 'Seeded Corp']);
    await seedLogs(seeded, [{ tenantId: S, kind: 'small', plan: { tenantName: 'Seeded Corp', admins: ['admin'], total: 6_000, now: NOW, days: 3, seed: 11 } }]);
  }, 300_000);
  afterAll(() => seeded?.close());

  it('are the rows a recomputation from the raw events gives', { timeout: 120_000 }, async () => {
    const rows = async () =>
      (
        await seeded.query(
          `SELECT rollup, grain, bucket, key, sub, events, first_events, bytes, first_bytes, label, days FROM log_rollups
            WHERE tenant_id = $1 ORDER BY rollup, grain, bucket, key, sub`,
          [S],
        )
      ).rows;
    const tails = async () => (await seeded.query('SELECT * FROM log_rollup_tails WHERE tenant_id = $1 ORDER BY rollup, bucket', [S])).rows;
    const before = await rows();
    const tailsBefore = await tails();
    expect(before.length).toBeGreaterThan(1_000);
    expect(before.filter((r) => r.grain === 'b').length).toBeGreaterThan(0);
    expect(tailsBefore.length).toBeGreaterThan(0);
    for (const type of LOG_TYPES) await refreshRollups(seeded, S, type, FROM, NOW);
    expect(await rows()).toEqual(before);
    expect(await tails()).toEqual(tailsBefore);
  });

  it('answer every report like a scan of the raw events', { timeout: 240_000 }, async () => {
    const names = REPORT_NAMES.filter((n) => !reportSpec(n).requires);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.integer({ min: FROM - HOUR_MS, max: NOW }),
        fc.integer({ min: 0, max: 3 * DAY_MS }),
        fc.constantFrom('24h', '7d', '30d'),
        async (report, start, length, interval) => {
          const params = { start: Math.floor(start / 1000), end: Math.floor((start + length) / 1000), limit: 10, interval } as ReportParams;
          expect(await runReport(seeded, S, report, params, NOW)).toEqual(await runReport(seeded, S, report, params, NOW, { rollups: false }));
        },
      ),
      { numRuns: 60 },
    );
  });
});
