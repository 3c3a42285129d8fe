/**
 * Report aggregations (spec 001 §7, §9): compiles a catalogue entry of schemas/reports.ts to one grouped query over
 * the tenant's events in the range, with the report's fixed conditions and the caller's filters.
 */
import {
  REPORT_INTERVALS,
  REPORT_INTERVAL_DEFAULT,
  reportFilters,
  reportSpec,
  seriesBuckets,
  threatEvasionId,
  type Granularity,
  type ReportIntervalName,
  type ReportName,
  type ReportResult,
  type ReportSpec,
  type SeriesPoint,
  type TopDatum,
} from '../../schemas/reports';
import { HttpError, type Db } from '../types';
import { filterConditions } from './filters';
import { keyLabel } from './labels';
import { DAY_ROWS, HOUR_MS, planRange, reportRollups, rollupId, rollupUnion, seriesRows, spanRanges, type RangePlan, type RollupDef } from './rollups';
import { Params } from './sql';
import { queryRange, type TimeRange } from './store';

const DAY_MS = 86_400_000;
/** Most time buckets a series answers with. */
export const MAX_SERIES_BUCKETS = 2_000;

/** The validated query of a report: range, limit, interval and filters by parameter name. */
export interface ReportParams {
  readonly start?: number;
  readonly end?: number;
  readonly limit: number;
  readonly interval?: ReportIntervalName;
  readonly granularity?: Granularity;
  readonly timezone?: string;
  readonly [filter: string]: unknown;
}

/** The report's metric over rows of a rollup union (`x`). */
function metricAgg(spec: ReportSpec): string {
  switch (spec.metric) {
    case 'count':
      return 'sum(events)::float8';
    case 'bytes':
      return 'sum(bytes)::float8';
    case 'users':
      return 'count(DISTINCT sub)::float8';
  }
}

/** The metric over every event the rows stand for: a list dimension's event counts at its first value only. */
function totalAgg(spec: ReportSpec): string {
  switch (spec.metric) {
    case 'count':
      return 'coalesce(sum(first_events), 0)::float8';
    case 'bytes':
      return 'coalesce(sum(first_bytes), 0)::float8';
    case 'users':
      return 'count(DISTINCT sub)::float8';
  }
}

/** One formatter per time zone: building one costs far more than using it (a heat map asks 720 times). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** Offset of a time zone from UTC at an instant, in ms. */
function zoneOffset(timeZone: string, t: number): number {
  const parts = zoneFormat(timeZone).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((x) => x.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(t / 1000) * 1000;
}

/** The start of the local day containing `t` in a time zone, in epoch ms. */
export function localDayStart(timeZone: string, t: number): number {
  const offset = zoneOffset(timeZone, t);
  const local = t + offset;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  // Across a daylight-saving change the offset at midnight differs from the offset at t.
  return midnight - zoneOffset(timeZone, midnight - offset);
}

/** Lower bounds of the time buckets of a series over the range (see seriesBuckets). */
export function bucketStarts(interval: ReportIntervalName, range: TimeRange, granularity?: Granularity, timeZone = 'UTC'): number[] {
  const { widthMs, count } = seriesBuckets(interval, range.startMs, range.endMs, granularity);
  if (count > MAX_SERIES_BUCKETS) {
    throw new HttpError(400, 'The request is not valid.', {
      errors: [
        {
          path: 'query.granularity',
          key: 'tooManyBuckets',
          message: `This granularity gives ${count} points over the range; use a coarser one (at most ${MAX_SERIES_BUCKETS}).`,
        },
      ],
    });
  }
  const starts: number[] = [];
  if (granularity && widthMs >= DAY_MS) {
    // Day steps start at local midnight; +2 h lands past a 23- or 25-hour day before flooring to its midnight.
    for (let b = localDayStart(timeZone, range.startMs); b <= range.endMs; b = localDayStart(timeZone, b + widthMs + 7_200_000)) {
      starts.push(b);
    }
    return starts;
  }
  const first = granularity ? Math.floor(range.startMs / widthMs) * widthMs : range.startMs;
  // Equal bins of an hour or more start on whole hours (the first at or before the range's start), so whole-hour
  // rollups answer them.
  const align = !granularity && widthMs >= HOUR_MS ? (b: number) => Math.floor(b / HOUR_MS) * HOUR_MS : (b: number) => b;
  for (let b = first; b <= range.endMs && starts.length < count + 1; b += widthMs) starts.push(align(b));
  return starts;
}

interface ReportRun {
  readonly spec: ReportSpec;
  readonly tenantId: string;
  /** The range asked for (the series' buckets). */
  readonly range: TimeRange;
  /** The range read: the asked one from the tenant's retention on. */
  readonly read: TimeRange;
  readonly params: ReportParams;
  readonly interval: ReportIntervalName;
  /** Conditions of the caller's filters; a filtered report reads raw events only. */
  readonly filters: (p: Params) => string[];
  readonly rollups: boolean;
  /** Heads and blocks where a rollup has them (false: every daily row, as the benchmark compares). */
  readonly layouts: boolean;
}

const noGroups = () => [];

/** The rollup union of one of the report's rollups over its range; `whole` as in planRange. */
function union(
  run: ReportRun,
  name: string,
  groups: (col: string) => string[],
  p: Params,
  whole: (from: number, to: number) => boolean = () => true,
  days = true,
): string {
  const d = reportRollups(run.spec)[name]!;
  // A range wholly past the tenant's retention reads nothing, and its filters' values are no statement's parameters.
  if (run.read.startMs > run.read.endMs) return rollupUnion(d, run.tenantId, { raw: [], hours: [], days: [] }, groups, p);
  const filters = run.filters(p);
  const plan: RangePlan =
    run.rollups && !filters.length ? planRange(run.read.startMs, run.read.endMs, whole, days) : { raw: [[run.read.startMs, run.read.endMs + 1]], hours: [], days: [] };
  return rollupUnion(d, run.tenantId, plan, groups, p, filters, run.layouts);
}

/** A top-N's data from its grouped rows (a key's label: its label field's value, else the key's own label). */
export function topData(spec: ReportSpec, rows: readonly { key: string; value: number; label: string | null }[]): TopDatum[] {
  const dims = typeof spec.dimension === 'string' ? [spec.dimension] : [...(spec.dimension ?? [])];
  const field = dims.length === 1 ? dims[0]! : '';
  return rows.map((r) => {
    const lbl = r.label ?? keyLabel(spec.logType, field, r.key);
    return { key: r.key, value: Number(r.value), ...(lbl !== undefined ? { label: lbl } : {}) };
  });
}

/**
 * A count top-N of a 'head' rollup read from the days' heads: every key above its day's tail gets its exact count
 * (its tail rows looked up by key), and a key that is in no head above its tail has at most the sum of the days' most
 * events of a tail key plus its count at the edges. Answers when the N-th key counts more than that bound (so no
 * other key can reach it), else undefined (the caller reads every row). The total comes from the heads and the
 * tails' sums.
 */
async function runTopFromHeads(db: Db, run: ReportRun, d: RollupDef, plan: RangePlan): Promise<{ data: TopDatum[]; total: number } | undefined> {
  const { spec, params } = run;
  const p = new Params();
  const edges = rollupUnion(d, run.tenantId, { ...plan, days: [] }, noGroups, p);
  const t = p.add(run.tenantId);
  const id = p.add(rollupId(d));
  const days = spanRanges('r.bucket', plan.days, p);
  const kept = spec.excludeKeys?.length ? `WHERE key <> ALL(${p.add(spec.excludeKeys)}::text[])` : '';
  const { rows } = await db.query<{ t: number; key: string; value: number; label: string | null; bound: number; total: number }>(
    `WITH e AS (${edges}),
     h AS (SELECT r.bucket, r.key, r.events, r.first_events, r.label FROM log_rollups r
            WHERE ${seriesRows('r', `${t}::text`, [`${id}::text`], ['d'])} AND ${days}),
     o AS (SELECT r.bucket, r.top_events, r.first_events FROM log_rollup_tails r WHERE r.tenant_id = ${t} AND r.rollup = ${id} AND ${days}),
     c AS (SELECT DISTINCT h.key FROM h LEFT JOIN o ON o.bucket = h.bucket WHERE h.events > coalesce(o.top_events, 0)),
     l AS (SELECT r.key, r.events, r.label FROM c
             JOIN log_rollups r ON r.tenant_id = ${t} AND r.rollup = ${id} AND r.grain = 't' AND r.key = c.key AND ${days}),
     v AS (SELECT key, sum(events) AS value, min(label) AS label FROM (
             SELECT key, events, label FROM h WHERE key IN (SELECT key FROM c)
             UNION ALL SELECT key, events, label FROM l
             UNION ALL SELECT key, events, label FROM e WHERE key IN (SELECT key FROM c)) u
            GROUP BY key)
     SELECT 0 AS t, key, value::float8 AS value, label, NULL::float8 AS bound, NULL::float8 AS total
       FROM (SELECT * FROM v ${kept} ORDER BY value DESC, key LIMIT ${p.add(params.limit)}) n
     UNION ALL
     SELECT 1, NULL, NULL, NULL,
            ((SELECT coalesce(sum(top_events), 0) FROM o)
              + (SELECT coalesce(max(events), 0) FROM (SELECT key, sum(events) AS events FROM e WHERE key NOT IN (SELECT key FROM c) GROUP BY key) x))::float8,
            ((SELECT coalesce(sum(first_events), 0) FROM h) + (SELECT coalesce(sum(first_events), 0) FROM o)
              + (SELECT coalesce(sum(first_events), 0) FROM e))::float8`,
    p.values,
  );
  const top = rows.filter((r) => Number(r.t) === 0);
  const meta = rows.find((r) => Number(r.t) === 1)!;
  const bound = Number(meta.bound);
  const proven = top.length === params.limit ? Number(top[top.length - 1]!.value) > bound : bound === 0;
  return proven ? { data: topData(spec, top), total: Number(meta.total) } : undefined;
}

/**
 * Whether a tenant's rollup has tails longer than its heads (over all its days), remembered for a minute: only then
 * do the heads and the lookups read fewer rows than one pass over every daily row. A stale answer costs time, never
 * correctness.
 */
const longTails = new Map<string, { long: boolean; until: number }>();
async function hasLongTails(db: Db, tenantId: string, id: string): Promise<boolean> {
  const key = `${tenantId}\u0000${id}`;
  const known = longTails.get(key);
  if (known && known.until > Date.now()) return known.long;
  const { rows } = await db.query<{ long: boolean }>(
    'SELECT coalesce(sum(keys), 0) > count(*) * $3 AS long FROM log_rollup_tails WHERE tenant_id = $1 AND rollup = $2',
    [tenantId, id, DAY_ROWS.head],
  );
  const long = !!rows[0]?.long;
  longTails.set(key, { long, until: Date.now() + 60_000 });
  return long;
}

async function runTop(db: Db, run: ReportRun): Promise<{ data: TopDatum[]; total: number }> {
  const { spec, params } = run;
  const d = reportRollups(spec)['main']!;
  if (
    spec.metric === 'count' &&
    d.layout === 'head' &&
    run.rollups &&
    run.layouts &&
    !run.filters(new Params()).length &&
    (await hasLongTails(db, run.tenantId, rollupId(d)))
  ) {
    const plan = planRange(run.read.startMs, run.read.endMs, () => true, true);
    const fromHeads = plan.days.length ? await runTopFromHeads(db, run, d, plan) : undefined;
    if (fromHeads) return fromHeads;
  }
  const p = new Params();
  const x = union(run, 'main', noGroups, p);
  // Distinct users: each (key, user) pair once (hashed) before the distinct counts sort what is left.
  const source = spec.metric === 'users' ? `SELECT key, sub, min(label) AS label FROM (${x}) x0 GROUP BY key, sub` : x;
  const kept = spec.excludeKeys?.length ? `HAVING GROUPING(key) = 1 OR key <> ALL(${p.add(spec.excludeKeys)}::text[])` : '';
  // One pass: a row per key and, from the empty grouping set, the total (sorted first). Reading the rows once keeps
  // a high-cardinality dimension (a firewall's destination addresses: about one daily row per event) to one
  // aggregation instead of a materialised union read twice.
  const { rows: grouped } = await db.query<{ t: number; key: string | null; value: number; label: string | null; total: number }>(
    `SELECT GROUPING(key) AS t, key, ${metricAgg(spec)} AS value, min(label) AS label, ${totalAgg(spec)} AS total
       FROM (${source}) x
      GROUP BY GROUPING SETS ((key), ()) ${kept}
      ORDER BY 1 DESC, 3 DESC, 2
      LIMIT ${p.add(params.limit + 1)}`,
    p.values,
  );
  const total = Number(grouped.find((r) => Number(r.t) === 1)?.total ?? 0);
  return { data: topData(spec, grouped.filter((r): r is typeof r & { key: string } => Number(r.t) === 0 && r.key !== null)), total };
}

async function runEvasion(db: Db, run: ReportRun): Promise<{ data: TopDatum[]; total: number }> {
  const p = new Params();
  const metric = metricAgg(run.spec);
  const { rows } = await db.query<{ param: string; key: string | null; value: number; total: number }>(
    `WITH a AS (${union(run, 'techniques', noGroups, p)}), b AS (${union(run, 'lures', noGroups, p)}), c AS (${union(run, 'main', noGroups, p)})
     SELECT r.param, r.key, r.value, t.total
       FROM (SELECT ${totalAgg(run.spec)} AS total FROM c) t
       LEFT JOIN LATERAL (
         SELECT * FROM (
           SELECT 'heat_evasion_techniques' AS param, key, ${metric} AS value FROM a GROUP BY key
           UNION ALL
           SELECT 'lure_category', key, ${metric} FROM b GROUP BY key
         ) u ORDER BY value DESC, key LIMIT ${p.add(run.params.limit)}
       ) r ON true
      ORDER BY r.value DESC, r.key`,
    p.values,
  );
  return { data: evasionData(rows), total: Number(rows[0]?.total ?? 0) };
}

async function runSeries(db: Db, run: ReportRun): Promise<{ series: SeriesPoint[]; total: number }> {
  const { spec, params } = run;
  const starts = bucketStarts(run.interval, run.range, params.granularity, params.timezone);
  const p = new Params();
  const bounds = p.add(starts);
  const bucket = (col: string) => [`width_bucket(${col}, ${bounds}::bigint[])`];
  const x = union(run, 'main', bucket, p, inOneBucket(starts));
  const { rows } = await db.query<{ b: number | null; s: string | null; value: number; total: number }>(
    `WITH x AS (${x})
     SELECT g.b, g.s, g.value, t.total
       FROM (SELECT ${totalAgg(spec)} AS total FROM x) t
       LEFT JOIN LATERAL (SELECT g0 AS b, key AS s, ${metricAgg(spec)} AS value FROM x GROUP BY 1, 2) g ON true`,
    p.values,
  );
  return seriesOf(spec, starts, rows, Number(rows[0]?.total ?? 0));
}

/**
 * A series from its grouped rows (`b`: the 1-based bucket, `s`: the split key) and, for a distinct-user series, its
 * total (users are not summed over buckets).
 */
export function seriesOf(
  spec: ReportSpec,
  starts: readonly number[],
  rows: readonly { b: number | string | null; s: string | null; value: number | string }[],
  usersTotal: number,
): { series: SeriesPoint[]; total: number } {
  const series: SeriesPoint[] = starts.map((b) => ({ ts: Math.floor(b / 1000), value: 0, ...(spec.splitBy ? { split: {} } : {}) }));
  for (const r of rows) {
    const point = r.b === null ? undefined : series[Number(r.b) - 1];
    if (!point) continue;
    point.value += Number(r.value);
    if (point.split && r.s !== null) point.split[r.s] = (point.split[r.s] ?? 0) + Number(r.value);
  }
  // The split's keys by name: the same answer whatever order the store grouped its rows in.
  for (const point of series) if (point.split) point.split = Object.fromEntries(Object.entries(point.split).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const sum = series.reduce((a, s) => a + s.value, 0);
  return { series, total: spec.metric === 'users' ? usersTotal : sum };
}

/** Whether a span of a series stands for its events: no bucket starts inside it. */
export const inOneBucket = (starts: readonly number[]) => (from: number, to: number) => !starts.some((b) => b > from && b < to);

/** Whether an hour's events share its local day and hour: the zone is a whole number of hours off UTC then. */
export const inOneLocalHour = (zone: string) => (from: number) => zoneOffset(zone, from) % HOUR_MS === 0;

/** A heat map's cells (day of week 0 = Sunday, hour) from its grouped rows. */
export function heatmapOf(rows: readonly { day: number | string; hour: number | string; value: number | string }[]) {
  const cells = [];
  for (let day = 0; day < 7; day++) for (let hour = 0; hour < 24; hour++) cells.push({ day, hour, value: 0 });
  for (const r of rows) cells[Number(r.day) * 24 + Number(r.hour)]!.value += Number(r.value);
  return { cells, total: cells.reduce((a, c) => a + c.value, 0) };
}

/** The evasion summary's data from its two lists' rows, best first. */
export function evasionData(rows: readonly { param: string; key: string | null; value: number | string }[]): TopDatum[] {
  return rows
    .filter((r): r is typeof r & { key: string } => r.key !== null)
    .map((r) => ({ key: r.key, label: r.key, id: threatEvasionId(r.param, r.key), value: Number(r.value) }));
}

async function runHeatmap(db: Db, run: ReportRun) {
  const p = new Params();
  const zone = run.params.timezone ?? 'UTC';
  const tz = p.add(zone);
  const local = (col: string) => `(to_timestamp(${col} / 1000.0) AT TIME ZONE ${tz})`;
  const cell = (col: string) => [`extract(dow FROM ${local(col)})::int`, `extract(hour FROM ${local(col)})::int`];
  const x = union(run, 'main', cell, p, inOneLocalHour(zone), false);
  const { rows } = await db.query<{ day: number; hour: number; value: number }>(
    `WITH x AS (${x}) SELECT g0 AS day, g1 AS hour, ${metricAgg(run.spec)} AS value FROM x GROUP BY 1, 2`,
    p.values,
  );
  return heatmapOf(rows);
}

/** The time range of a report query: start and end when both are given, else the interval ending now. */
export function reportRange(params: ReportParams, now: number): TimeRange {
  return queryRange(params, now, params.interval ?? REPORT_INTERVAL_DEFAULT);
}

/** What every answer of a report says besides its data: the report, its range, interval and bins, its metric. */
export function reportMeta(name: ReportName, params: ReportParams, range: TimeRange) {
  const spec = reportSpec(name);
  const interval = params.interval ?? REPORT_INTERVAL_DEFAULT;
  const table = REPORT_INTERVALS[interval];
  return {
    report: name,
    title: spec.title,
    start: Math.floor(range.startMs / 1000),
    end: Math.floor(range.endMs / 1000),
    interval,
    granularity: params.granularity ?? table.granularity,
    bins: table.bins,
    expansion: table.expansion,
    metric: spec.metric,
  };
}

/**
 * Runs one report for a tenant. Unfiltered reports read the rollups (`rollups: false` reads raw events only, the
 * reference the rollups are tested against; `layouts: false` every daily row instead of heads and blocks, what the
 * benchmark compares them with); filtered ones and drill-downs read raw events. `sinceMs`: events before it are past
 * the tenant's retention and count for nothing.
 */
export async function runReport(
  db: Db,
  tenantId: string,
  name: ReportName,
  params: ReportParams,
  now: number,
  options: { rollups?: boolean; layouts?: boolean | 'days'; sinceMs?: number } = {},
): Promise<ReportResult> {
  const spec = reportSpec(name);
  const interval = params.interval ?? REPORT_INTERVAL_DEFAULT;
  const range = reportRange(params, now);
  const filters = (p: Params) => filterConditions(reportFilters(spec.logType), params, p);
  const read = { startMs: Math.max(range.startMs, options.sinceMs ?? -Infinity), endMs: range.endMs };
  const run: ReportRun = { spec, tenantId, range, read, params, interval, filters, rollups: options.rollups ?? true, layouts: options.layouts !== false };
  const meta = reportMeta(name, params, range);
  switch (spec.kind) {
    case 'top':
      return { kind: 'top', ...meta, ...(await runTop(db, run)) };
    case 'evasion':
      return { kind: 'evasion', ...meta, ...(await runEvasion(db, run)) };
    case 'series': {
      const result = await runSeries(db, run);
      return { kind: 'series', ...meta, bins: result.series.length, ...result };
    }
    case 'heatmap':
      return { kind: 'heatmap', ...meta, ...(await runHeatmap(db, run)) };
  }
}

