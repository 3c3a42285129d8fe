/**
 * Reports with one filter from the rows per filter value of past days (filterDays.ts; needs the cluster:
 * CLICKHOUSE_URL, as `npm run clickhouse:start` prints it): the same answers as the SQL store, the rows read while
 * their day's events are those they were built from, the events read once they changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excludeParam, type LogType } from '../../../schemas/logs';
import { reportFilters, type ReportName, REPORT_NAMES, reportSpec } from '../../../schemas/reports';
import type { Db } from '../../types';
import type { IncomingEvent } from '../logStore';
import type { ReportParams } from '../reports';
import { DAY_MS, HOUR_MS } from '../rollups';
import { sqlLogStore } from '../sqlStore';
import { openSeededTestDb, TEST_NOW, TEST_TENANTS } from '../testDb';
import { raw, sql, type Sql } from './bind';
import { clickHouseConfig } from './client';
import { dayFields, dayLists, type DayRows, FILTER_TABLES, FilterDays, hourDays } from './filterDays';
import { ClickHouseLogStore } from './store';
import { dropScratchDatabase, scratchDatabase, withUnnamedDeletedAtOnce } from './testCluster';

const url = process.env.CLICKHOUSE_URL;
const T = TEST_TENANTS.demo.id;
/** An hour's threshold no hour reaches: the tests of days build no hours (each a few statements, many of them). */
const DAYS_ALONE = Number.MAX_SAFE_INTEGER;

describe.skipIf(!url)('ClickHouse rows per filter value of past days', () => {
  let db: Db;
  let store: ClickHouseLogStore;

  beforeAll(async () => {
    db = await openSeededTestDb();
    store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: scratchDatabase('portal_g') }));
    await store.start(db);
    // The tests build when they mean to: no background pass in between (one a minute after the start, on the real
    // clock, whose days differ from the tests', also builds; a slow run met it and counted a day built twice over).
    await store.filterDays.close();
    await store.rollupsFilled();
  }, 300_000);
  afterAll(async () => {
    if (store) {
      await store.close();
      await dropScratchDatabase(store.ch);
    }
    await db?.close();
  });

  it('answers every report whose one filter or exclusion is a field kept per value as the SQL store does, once the days are built', { timeout: 300_000 }, async () => {
    // A day is built once a pass has seen its events unchanged.
    expect(await store.filterDays.build({ now: TEST_NOW, minEvents: 1, minHourEvents: DAYS_ALONE })).toBe(0);
    expect(await store.filterDays.build({ now: TEST_NOW, minEvents: 1, minHourEvents: DAYS_ALONE })).toBeGreaterThan(10);
    expect(await store.filterDays.build({ now: TEST_NOW, minEvents: 1, minHourEvents: DAYS_ALONE })).toBe(0);
    const shapes: ReportParams[] = [
      { interval: '30d', limit: 10 },
      { interval: '7d', limit: 3, timezone: 'Asia/Kolkata' },
      { start: Math.floor((TEST_NOW - 4 * DAY_MS - 1234567) / 1000), end: Math.floor((TEST_NOW - 1 * DAY_MS + 777) / 1000), limit: 5, granularity: 'PT1H' },
    ];
    // Per kind, each filter kept per value with its two commonest values in the events (one, then both).
    const values = new Map<string, string[]>();
    const valuesOf = async (logType: string, field: string) => {
      const key = `${logType} ${field}`;
      if (!values.has(key)) {
        const [value, present] = dayLists(logType as LogType).includes(field)
          ? [sql`arrayJoin(list_vals[indexOf(list_keys, ${field})])`, sql`has(list_keys, ${field})`]
          : [sql`vals[indexOf(keys, ${field})]`, sql`has(keys, ${field})`];
        const rows = await store.ch.rows<{ v: string }>(
          sql`SELECT ${value} AS v FROM ${raw(store.ch.config.database)}.log_events
               WHERE tenant_id = ${T} AND log_type = ${logType} AND ${present} GROUP BY v ORDER BY count() DESC, v LIMIT 2`,
        );
        values.set(key, rows.map((r) => r.v));
      }
      return values.get(key)!;
    };
    let compared = 0;
    let answered = 0;
    // Each report with one of its kind's filters and one shape, both taken in turn, so that every filter and shape
    // meets several reports (each pair of them read alike: the field and its values are the read's only inputs).
    const taken = new Map<string, number>();
    const filtered = new Set<string>();
    let reports = 0;
    for (const name of REPORT_NAMES) {
      const { requires, logType } = reportSpec(name);
      const filters = Object.entries(reportFilters(logType)).filter(([, f]) => f && dayFields(logType).includes(f.field));
      if (requires || !filters.length) continue;
      reports++;
      const n = taken.get(logType) ?? 0;
      taken.set(logType, n + 1);
      const [param, f] = filters[n % filters.length]!;
      const [one, two] = await valuesOf(logType, f!.field);
      if (!one) continue;
      const i = compared % shapes.length;
      const given = i === 1 && two ? [one, two] : one;
      // The filter, then the same values excluded.
      for (const params of [{ ...shapes[i], [param]: given }, { ...shapes[i], [excludeParam(param)]: given }] as ReportParams[]) {
        const [a, b] = [await sqlLogStore.report(db, T, name, params, TEST_NOW), await store.report(db, T, name, params, TEST_NOW)];
        expect(b, `${name} ${JSON.stringify(params)}`).toEqual(a);
        if ((a.kind === 'series' ? a.series : a.kind === 'heatmap' ? a.cells : a.data).some((x) => x.value > 0)) answered++;
      }
      compared++;
      filtered.add(`${logType} ${f!.field}`);
    }
    // Every kind with such filters, each of its filters, and most answers hold events.
    expect(new Set(taken.keys())).toEqual(new Set(['web', 'email', 'dlp', 'fwaas_logs', 'saa_logs']));
    expect(filtered).toEqual(new Set([...taken.keys()].flatMap((t) => dayFields(t as LogType).map((field) => `${t} ${field}`))));
    expect(compared).toBe(reports);
    expect(answered).toBeGreaterThan(compared);
  });

  it("reads a day's rows while its events are those they were built from, and its events once they changed", { timeout: 120_000 }, async () => {
    const tenantId = 'tenant-filter-days';
    const day = Math.floor(TEST_NOW / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const events: IncomingEvent[] = [...Array(30)].map((_, i) => ({
      ts: day + (i % 3) * DAY_MS + HOUR_MS + i * 60_000,
      event: {
        userid: `u${i % 4}@x.example`,
        group: i % 2 ? 'Sales' : 'Legal',
        pe_action: Math.floor(i / 2) % 2 ? 'allow' : 'block',
        domain: `d${i % 5}.example`,
        // A list: an event holding a value twice counts once under it.
        cats: [['c1', 'c1'], ['c1', 'c2'], ['c2']][Math.floor(i / 3) % 3],
        bytes: 10,
        // Files, each named by the least of its events' names (a label).
        ...(i % 2 ? { sha256: `h${i % 3}`, file_name: `f${(i * 7) % 5}.pdf`, av_scan_result: 'clean' } : {}),
      },
    }));
    await store.ingest(db, tenantId, 'web', events);
    await store.queue.settled(db, tenantId);
    expect(await store.filterDays.build({ now: TEST_NOW, settled: false, minEvents: 1, minHourEvents: DAYS_ALONE })).toBeGreaterThanOrEqual(3);
    const middle = { start: (day + DAY_MS) / 1000, end: (day + 2 * DAY_MS) / 1000 - 1, limit: 10 };
    const top = async (rollups = true, filter: Partial<ReportParams> = { group: 'Sales' }, name: ReportName = 'top_domains') =>
      ((await store.report(db, tenantId, name, { ...middle, ...filter }, TEST_NOW, { rollups })) as { data: unknown[] }).data;
    const blocked = { pe_action: 'block' };
    const category = { cats: 'c1' };
    // Exclusions: the rollup's rows less the excluded value's; of distinct users or a labelled key, which cannot be
    // subtracted, the rows of the field's other values and of the events without it.
    const notBlocked = { not_pe_action: 'block' };
    const notCategory = { not_cats: 'c1' };
    const built = await top();
    expect(built.length).toBeGreaterThan(0);
    expect(built).toEqual(await top(false));
    expect(await top(true, blocked)).toEqual(await top(false, blocked));
    // An event arriving late for the day: the build of the shard it lands on no longer holds, and that shard's day is
    // read from its events, the late one with them.
    await store.ingest(db, tenantId, 'web', [{ ts: day + DAY_MS + 5 * HOUR_MS, event: { userid: 'late@x.example', group: 'Sales', domain: 'late.example', bytes: 1 } }]);
    await store.queue.settled(db, tenantId);
    const late = await top();
    expect(late).toContainEqual({ key: 'late.example', value: 1 });
    expect(late).toEqual(await top(false));
    const lateBlocked = await top(false, blocked);
    const lateCategory = await top(false, category);
    const lateNotBlocked = await top(false, notBlocked);
    const lateNotCategory = await top(false, notCategory);
    // Distinct users and a labelled key given an exclusion (neither can be subtracted).
    const lateUsers = await top(false, notBlocked, 'group_users');
    const lateFiles = await top(false, notBlocked, 'top_files');
    expect(lateUsers).toContainEqual({ key: 'Sales', value: 2 });
    expect(lateFiles.length).toBeGreaterThan(0);
    expect(lateNotBlocked).toContainEqual({ key: 'late.example', value: 1 });
    expect(lateNotCategory).toContainEqual({ key: 'late.example', value: 1 });
    expect(await top(true, notBlocked)).toEqual(lateNotBlocked);
    expect(await top(true, notCategory)).toEqual(lateNotCategory);
    expect(lateCategory.length).toBeGreaterThan(0);
    expect(await top(true, category)).toEqual(lateCategory);
    const bothCategories = { cats: ['c1', 'c2'] };
    expect(await top(true, bothCategories)).toEqual(await top(false, bothCategories));
    // Built again; then the day's events deleted behind the rows' back: its rows still answer, so they are what is read.
    expect(await store.filterDays.build({ now: TEST_NOW, settled: false, minEvents: 1, minHourEvents: DAYS_ALONE })).toBe(1);
    const hourly = async (rollups = true) =>
      (await store.report(db, tenantId, 'action_summary', { ...middle, granularity: 'PT1H', group: 'Sales' }, TEST_NOW, { rollups })) as { series: { value: number }[] };
    const hourlyBuilt = await hourly();
    expect(hourlyBuilt).toEqual(await hourly(false));
    expect(hourlyBuilt.series.filter((p) => p.value > 0).length).toBe(2);
    const database = raw(store.ch.config.database);
    for (let shard = 0; shard < store.ch.shardCount; shard++) {
      await store.ch.command(sql`ALTER TABLE ${database}.log_events_local DELETE WHERE tenant_id = ${tenantId} AND ts >= ${day + DAY_MS} AND ts < ${day + 2 * DAY_MS}`, shard);
      await store.ch.mutationsDone(shard);
    }
    expect(await top(false)).toEqual([]);
    expect(await top()).toEqual(late);
    // So too a series in bins of an hour, from the day's rows per hour.
    expect((await hourly(false)).series.every((p) => p.value === 0)).toBe(true);
    expect(await hourly()).toEqual(hourlyBuilt);
    expect(lateBlocked.length).toBeGreaterThan(0);
    expect(await top(true, blocked)).toEqual(lateBlocked);
    // One value of a list from its rows; two of them from the events (an event holding both counts once).
    expect(await top(true, category)).toEqual(lateCategory);
    expect(await top(true, bothCategories)).toEqual([]);
    // Exclusions from the rows too, of one value of a list as well; of two, from the events.
    expect(await top(true, notBlocked)).toEqual(lateNotBlocked);
    expect(await top(true, notCategory)).toEqual(lateNotCategory);
    expect(await top(true, notBlocked, 'group_users')).toEqual(lateUsers);
    expect(await top(true, notBlocked, 'top_files')).toEqual(lateFiles);
    expect(await top(true, { not_cats: ['c1', 'c2'] })).toEqual([]);
    // The build the late event replaced is deleted by the next pass, its builds row and its rows; the newest stays and
    // is still what the day's answers come from.
    expect(Math.max(...(await buildsPerDay(tenantId)))).toBe(2);
    expect(await store.filterDays.build({ now: TEST_NOW, settled: false, minEvents: 1, minHourEvents: DAYS_ALONE })).toBe(0);
    for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.mutationsDone(shard);
    expect(Math.max(...(await buildsPerDay(tenantId)))).toBe(1);
    expect(await top()).toEqual(late);
    expect(await hourly()).toEqual(hourlyBuilt);
    expect(await top(true, blocked)).toEqual(lateBlocked);
    // A server started again reads the built days at once, before its first pass has listed them (the day's events
    // are gone: only its rows can answer).
    const restarted = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: store.ch.config.database }));
    await restarted.start(db);
    await restarted.filterDays.close();
    await restarted.rollupsFilled();
    try {
      const report = (filter: Partial<ReportParams>) => restarted.report(db, tenantId, 'top_domains', { ...middle, ...filter }, TEST_NOW) as Promise<{ data: unknown[] }>;
      expect((await report({ group: 'Sales' })).data).toEqual(late);
      expect((await report(notBlocked)).data).toEqual(lateNotBlocked);
    } finally {
      await restarted.close();
    }
  });

  it('deletes the rows of a build its day changed under an hour after it started, and builds the day anew', { timeout: 120_000 }, async () => {
    const tenantId = 'tenant-filter-unrecorded';
    const day = Math.floor(TEST_NOW / DAY_MS) * DAY_MS - 2 * DAY_MS;
    const event = (i: number): IncomingEvent => ({ ts: day + HOUR_MS + i * 60_000, event: { userid: 'u@x.example', group: 'Sales', pe_action: 'block', domain: `d${i % 3}.example`, bytes: 10 } });
    await store.ingest(db, tenantId, 'web', [...Array(12)].map((_, i) => event(i)));
    await store.queue.settled(db, tenantId);
    // Builds on the store's cluster, with an event arriving for the day while the first build writes its rows.
    let late = true;
    const ch = new Proxy(store.ch, {
      get: (target, name, receiver) =>
        name === 'command'
          ? async (statement: Sql, ...rest: [number]) => {
              if (late && statement.text.startsWith(`INSERT INTO ${target.config.database}.log_filter_days_local`) && statement.text.includes(`'${tenantId}'`)) {
                late = false;
                await store.ingest(db, tenantId, 'web', [event(12)]);
                await store.queue.settled(db, tenantId);
              }
              return target.command(statement, ...rest);
            }
          : Reflect.get(target, name, receiver),
    });
    const { rowsOf, wholeFrom } = store.filterDays as unknown as { rowsOf: DayRows; wholeFrom: (table: string, id: string) => number };
    const days = new FilterDays(ch, rowsOf, wholeFrom);
    const pass = () => days.build({ now: TEST_NOW, settled: false, minEvents: 1, minHourEvents: DAYS_ALONE });
    // The first build's day changed while it ran: its rows were written, no builds row names them.
    await pass();
    expect(late).toBe(false);
    expect(await unnamed(tenantId)).toBeGreaterThan(0);
    expect(Math.max(...(await buildsPerDay(tenantId, ['log_filter_builds_local'])))).toBe(0);
    // The next pass builds the day anew; the rows are deleted by a pass once their build started an hour ago
    // (UNNAMED.afterMs): not by this one, then at once.
    await pass();
    expect(await unnamed(tenantId)).toBeGreaterThan(0);
    await withUnnamedDeletedAtOnce(pass);
    for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.mutationsDone(shard);
    expect(await unnamed(tenantId)).toBe(0);
    expect(await buildsPerDay(tenantId)).toContain(1);
    expect(Math.max(...(await buildsPerDay(tenantId)))).toBe(1);
    const params = { start: day / 1000, end: (day + DAY_MS) / 1000 - 1, limit: 10, pe_action: 'block' };
    const answer = (rollups: boolean) => store.report(db, tenantId, 'top_domains', params, TEST_NOW, { rollups });
    const built = await answer(true);
    expect(built).toEqual(await answer(false));
    expect((built as { total: number }).total).toBe(13);
  });

  it("reads the current day's past hours from their own builds, and deletes them once no report interval's range starts that day", { timeout: 120_000 }, async () => {
    const tenantId = 'tenant-filter-hours';
    // Forty days after the seed's events: the days built by the hour hold this test's events alone.
    const NOW = TEST_NOW + 40 * DAY_MS;
    const today = Math.floor(NOW / DAY_MS) * DAY_MS;
    // Four hours of the current day (NOW is at noon UTC); the current hour has none.
    const events: IncomingEvent[] = [...Array(24)].map((_, i) => ({
      ts: today + (i % 4) * HOUR_MS + i * 60_000,
      event: { userid: `u${i % 3}@x.example`, group: i % 2 ? 'Sales' : 'Legal', pe_action: i % 3 ? 'allow' : 'block', domain: `d${i % 5}.example`, bytes: 10 },
    }));
    await store.ingest(db, tenantId, 'web', events);
    await store.queue.settled(db, tenantId);
    const pass = (now = NOW) => store.filterDays.build({ now, settled: false, minEvents: 1 });
    await pass();
    expect((await buildsOf(tenantId)).filter((b) => b.hourly).map((b) => b.hour)).toEqual([0, 1, 2, 3].map((h) => today + h * HOUR_MS));
    const range = { start: today / 1000, end: NOW / 1000 - 1, limit: 10 };
    const answers = async (rollups = true) =>
      Promise.all(
        (
          [
            ['top_domains', { group: 'Sales' }],
            ['group_users', { not_pe_action: 'block' }],
            ['top_domains', { not_pe_action: 'block' }],
            ['action_summary', { group: 'Sales', granularity: 'PT1H' }],
          ] as const
        ).map(([name, filter]) => store.report(db, tenantId, name, { ...range, ...filter }, NOW, { rollups })),
      );
    const built = await answers();
    expect(built).toEqual(await answers(false));
    expect(built[0]).toMatchObject({ total: 12 });
    // An event arriving late for an hour built: that hour is read from its events until it is built again.
    await store.ingest(db, tenantId, 'web', [{ ts: today + HOUR_MS + 1, event: { userid: 'late@x.example', group: 'Sales', domain: 'late.example', bytes: 1 } }]);
    await store.queue.settled(db, tenantId);
    const late = await answers(false);
    expect(late[0]).toMatchObject({ total: 13 });
    expect(await answers()).toEqual(late);
    await pass();
    // The day's events deleted behind the rows' back: the hours' rows still answer, so they are what is read.
    const database = raw(store.ch.config.database);
    for (let shard = 0; shard < store.ch.shardCount; shard++) {
      await store.ch.command(sql`ALTER TABLE ${database}.log_events_local DELETE WHERE tenant_id = ${tenantId} AND ts >= ${today}`, shard);
      await store.ch.mutationsDone(shard);
    }
    expect((await answers(false))[0]).toMatchObject({ total: 0 });
    expect(await answers()).toEqual(late);
    // The next day the day is built whole and its hours kept (a range of 24 hours starts that day); once no report
    // interval's range starts that day, its hours' builds and rows are deleted.
    await pass(NOW + DAY_MS);
    expect((await buildsOf(tenantId)).map((b) => b.hourly).sort()).toEqual([false, true, true, true, true]);
    expect(hourDays(NOW + 3 * DAY_MS)).not.toContain(today);
    await pass(NOW + 3 * DAY_MS);
    for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.mutationsDone(shard);
    expect(await buildsOf(tenantId)).toEqual([{ hour: today, hourly: false }]);
    // No rows of the hours' builds left (the day's build read no events: they were deleted).
    expect(await unnamed(tenantId)).toBe(0);
    expect(Math.max(...(await buildsPerDay(tenantId, ['log_filter_hours_local'])))).toBe(0);
  });

  /** The tenant's builds on every shard: their span's start, and whether an hour's. */
  async function buildsOf(tenantId: string): Promise<{ hour: number; hourly: boolean }[]> {
    const out: { hour: number; hourly: boolean }[] = [];
    for (let shard = 0; shard < store.ch.shardCount; shard++) {
      const rows = await store.ch.rows<{ d: string; f: string }>(
        sql`SELECT toString(hour) AS d, fields AS f FROM ${raw(store.ch.config.database)}.log_filter_builds_local WHERE tenant_id = ${tenantId}`,
        { shard },
      );
      out.push(...rows.map((r) => ({ hour: Number(r.d), hourly: r.f.endsWith('+anhour') })));
    }
    // One build a span: several shards' builds of a span count once.
    return [...new Map(out.map((b) => [`${b.hour} ${b.hourly}`, b])).values()].sort((a, b) => a.hour - b.hour || Number(a.hourly) - Number(b.hourly));
  }

  /** Per shard and table of filterDays.ts, the most builds a UTC day of the tenant has there (0: none). */
  async function buildsPerDay(tenantId: string, tables = FILTER_TABLES): Promise<number[]> {
    const out: number[] = [];
    for (let shard = 0; shard < store.ch.shardCount; shard++) {
      for (const table of tables) {
        const [r] = await store.ch.rows<{ n: string }>(
          sql`SELECT toString(max(n)) AS n FROM (SELECT uniqExact(build) AS n FROM ${raw(store.ch.config.database)}.${raw(table)} WHERE tenant_id = ${tenantId} GROUP BY intDiv(hour, ${DAY_MS}))`,
          { shard },
        );
        out.push(Number(r?.n ?? 0));
      }
    }
    return out;
  }

  /** The tenant's rows per filter value whose build has no builds row on their shard. */
  async function unnamed(tenantId: string): Promise<number> {
    let n = 0;
    const database = raw(store.ch.config.database);
    for (let shard = 0; shard < store.ch.shardCount; shard++) {
      for (const table of ['log_filter_days_local', 'log_filter_hours_local']) {
        const [r] = await store.ch.rows<{ n: string }>(
          sql`SELECT toString(count()) AS n FROM ${database}.${raw(table)} WHERE tenant_id = ${tenantId}
               AND build NOT IN (SELECT build FROM ${database}.log_filter_builds_local WHERE tenant_id = ${tenantId})`,
          { shard },
        );
        n += Number(r?.n ?? 0);
      }
    }
    return n;
  }
});
