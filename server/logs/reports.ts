/**
 * Report aggregations (spec 001 §7, §9): compiles a catalogue entry of schemas/reports.ts to one grouped query over
 * the tenant's events in the range, with the report's fixed conditions and the caller's filters.
 */
import type { LogType } from '../../schemas/logs';
import {
  REPORT_INTERVALS,
  REPORT_INTERVAL_DEFAULT,
  reportFilters,
  reportSpec,
  seriesBuckets,
  threatEvasionId,
  type Granularity,
  type ReportCondition,
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
import { jsonField, Params, textField } from './sql';
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

const userField = (t: LogType) => (t === 'audit' ? 'user' : 'userid');
const bytesField = (t: LogType) => (t === 'email' ? 'size' : 'bytes');

/** The report's metric as an aggregate, over the rows `filter` keeps when given. */
function metricSql(spec: ReportSpec, filter?: string): string {
  const only = filter ? ` FILTER (WHERE ${filter})` : '';
  switch (spec.metric) {
    case 'count':
      return `(count(*)${only})::float8`;
    case 'bytes':
      return `coalesce(sum(${textField(bytesField(spec.logType))}::bigint)${only}, 0)::float8`;
    case 'users':
      return `(count(DISTINCT ${textField(userField(spec.logType))})${only})::float8`;
  }
}

function conditionSql(c: ReportCondition, p: Params): string {
  if ('present' in c) return `event ? ${p.add(c.field)}`;
  if ('in' in c) return `${textField(c.field)} = ANY(${p.add(c.in)}::text[])`;
  return `${textField(c.field)} <> ALL(${p.add(c.notIn)}::text[])`;
}

/** WHERE conditions every query of a report shares: tenant, kind, range, fixed conditions, filters. */
function baseWhere(spec: ReportSpec, tenantId: string, range: TimeRange, params: ReportParams, p: Params): string[] {
  return [
    `tenant_id = ${p.add(tenantId)}`,
    `log_type = ${p.add(spec.logType)}`,
    `ts >= ${p.add(range.startMs)}`,
    `ts <= ${p.add(range.endMs)}`,
    ...(spec.where ?? []).map((c) => conditionSql(c, p)),
    ...filterConditions(reportFilters(spec.logType), params, p),
  ];
}

/** Offset of a time zone from UTC at an instant, in ms. */
function zoneOffset(timeZone: string, t: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(t));
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
  for (let b = first; b <= range.endMs && starts.length < count + 1; b += widthMs) starts.push(b);
  return starts;
}

interface ReportRun {
  readonly spec: ReportSpec;
  readonly tenantId: string;
  readonly range: TimeRange;
  readonly params: ReportParams;
  readonly interval: ReportIntervalName;
}

async function total(db: Db, run: ReportRun, extra: string[] = []): Promise<number> {
  const p = new Params();
  const where = [...baseWhere(run.spec, run.tenantId, run.range, run.params, p), ...extra];
  const { rows } = await db.query<{ v: number }>(`SELECT ${metricSql(run.spec)} AS v FROM log_events WHERE ${where.join(' AND ')}`, p.values);
  return rows[0]?.v ?? 0;
}

async function runTop(db: Db, run: ReportRun): Promise<{ data: TopDatum[]; total: number }> {
  const { spec, params } = run;
  const dims = typeof spec.dimension === 'string' ? [spec.dimension] : [...(spec.dimension ?? [])];
  const p = new Params();
  const where = baseWhere(spec, run.tenantId, run.range, params, p);
  let from = 'log_events';
  let key: string;
  let present: string;
  // What each group adds to the total, so one scan answers both. An event lands in one group, except in a list
  // dimension, where only the row of its first value adds it; distinct users cannot be added up at all.
  let share: string | undefined = spec.metric === 'users' ? undefined : 'value';
  if (spec.listDimension) {
    from = `log_events CROSS JOIN LATERAL jsonb_array_elements_text(${jsonField(dims[0]!)}) WITH ORDINALITY AS d (k, n)`;
    key = 'd.k';
    present = `jsonb_typeof(${jsonField(dims[0]!)}) = 'array' AND jsonb_array_length(${jsonField(dims[0]!)}) > 0`;
    if (share) share = 'share';
  } else {
    key = dims.length === 1 ? textField(dims[0]!) : `concat_ws(' ', ${dims.map(textField).join(', ')})`;
    present = `${textField(dims[0]!)} IS NOT NULL`;
  }
  const columns = [
    `${key} AS key`,
    `${metricSql(spec)} AS value`,
    ...(share === 'share' ? [`${metricSql(spec, 'd.n = 1')} AS share`] : []),
    ...(spec.labelField ? [`min(${textField(spec.labelField)}) AS label`] : []),
  ];
  const kept = spec.excludeKeys?.length ? `WHERE key <> ALL(${p.add(spec.excludeKeys)}::text[])` : '';
  const { rows } = await db.query<{ key: string; value: number; label?: string; total: number | null }>(
    `SELECT * FROM (
       SELECT key, value${spec.labelField ? ', label' : ''}, ${share ? `sum(${share}) OVER ()` : 'NULL::float8'} AS total FROM (
         SELECT ${columns.join(', ')} FROM ${from} WHERE ${[...where, `${key} IS NOT NULL`].join(' AND ')} GROUP BY 1
       ) g
     ) w ${kept} ORDER BY value DESC, key LIMIT ${p.add(params.limit)}`,
    p.values,
  );
  const field = dims.length === 1 ? dims[0]! : '';
  const data = rows.map((r) => {
    const lbl = r.label ?? keyLabel(spec.logType, field, r.key);
    return { key: r.key, value: Number(r.value), ...(lbl !== undefined ? { label: lbl } : {}) };
  });
  // With no row left (none matched, or only excluded keys did) the window total is not there to read.
  const t = share && rows.length ? Number(rows[0]!.total ?? 0) : await total(db, run, [present]);
  return { data, total: t };
}

async function runEvasion(db: Db, run: ReportRun): Promise<{ data: TopDatum[]; total: number }> {
  const p = new Params();
  const where = baseWhere(run.spec, run.tenantId, run.range, run.params, p).join(' AND ');
  const metric = metricSql(run.spec);
  const { rows } = await db.query<{ param: string; key: string; value: number }>(
    `SELECT 'heat_evasion_techniques' AS param, d.k AS key, ${metric} AS value
       FROM log_events CROSS JOIN LATERAL jsonb_array_elements_text(${jsonField('heat_evasion_techniques')}) AS d (k)
      WHERE ${where} GROUP BY d.k
     UNION ALL
     SELECT 'lure_category', ${textField('lure_category')}, ${metric}
       FROM log_events WHERE ${where} AND event ? 'lure_category' GROUP BY 2
     ORDER BY value DESC, key LIMIT ${p.add(run.params.limit)}`,
    p.values,
  );
  return {
    data: rows.map((r) => ({ key: r.key, label: r.key, id: threatEvasionId(r.param, r.key), value: Number(r.value) })),
    total: await total(db, run),
  };
}

async function runSeries(db: Db, run: ReportRun): Promise<{ series: SeriesPoint[]; total: number }> {
  const { spec, params } = run;
  const starts = bucketStarts(run.interval, run.range, params.granularity, params.timezone);
  const p = new Params();
  const where = baseWhere(spec, run.tenantId, run.range, params, p);
  const bucket = `width_bucket(ts, ${p.add(starts)}::bigint[])`;
  const split = spec.splitBy ? textField(spec.splitBy) : 'NULL::text';
  const { rows } = await db.query<{ b: number; s: string | null; value: number }>(
    `SELECT ${bucket} AS b, ${split} AS s, ${metricSql(spec)} AS value FROM log_events WHERE ${where.join(' AND ')} GROUP BY 1, 2`,
    p.values,
  );
  const series: SeriesPoint[] = starts.map((b) => ({ ts: Math.floor(b / 1000), value: 0, ...(spec.splitBy ? { split: {} } : {}) }));
  for (const r of rows) {
    const point = series[Number(r.b) - 1];
    if (!point) continue;
    point.value += Number(r.value);
    if (point.split && r.s !== null) point.split[r.s] = (point.split[r.s] ?? 0) + Number(r.value);
  }
  const sum = series.reduce((a, s) => a + s.value, 0);
  return { series, total: spec.metric === 'users' ? await total(db, run) : sum };
}

async function runHeatmap(db: Db, run: ReportRun) {
  const p = new Params();
  const where = baseWhere(run.spec, run.tenantId, run.range, run.params, p);
  const local = `(to_timestamp(ts / 1000.0) AT TIME ZONE ${p.add(run.params.timezone ?? 'UTC')})`;
  const { rows } = await db.query<{ day: number; hour: number; value: number }>(
    `SELECT extract(dow FROM ${local})::int AS day, extract(hour FROM ${local})::int AS hour, ${metricSql(run.spec)} AS value
       FROM log_events WHERE ${where.join(' AND ')} GROUP BY 1, 2`,
    p.values,
  );
  const cells = [];
  for (let day = 0; day < 7; day++) for (let hour = 0; hour < 24; hour++) cells.push({ day, hour, value: 0 });
  for (const r of rows) cells[Number(r.day) * 24 + Number(r.hour)]!.value = Number(r.value);
  return { cells, total: cells.reduce((a, c) => a + c.value, 0) };
}

/** The time range of a report query: start and end when both are given, else the interval ending now. */
export function reportRange(params: ReportParams, now: number): TimeRange {
  return queryRange(params, now, params.interval ?? REPORT_INTERVAL_DEFAULT);
}

/** Runs one report for a tenant. */
export async function runReport(db: Db, tenantId: string, name: ReportName, params: ReportParams, now: number): Promise<ReportResult> {
  const spec = reportSpec(name);
  const interval = params.interval ?? REPORT_INTERVAL_DEFAULT;
  const range = reportRange(params, now);
  const run: ReportRun = { spec, tenantId, range, params, interval };
  const table = REPORT_INTERVALS[interval];
  const meta = {
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

