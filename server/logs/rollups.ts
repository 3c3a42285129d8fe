/**
 * Report rollups: events pre-aggregated per tenant, rollup and UTC hour / day (`log_rollups`, migration 102). A rollup
 * is what a report of the catalogue groups by (log kind, fixed conditions, dimension, distinct-user field, label
 * field); reports that share one share its rows. A report over a range reads daily rows for whole days, hourly rows
 * for whole hours, and raw events only for the partial hours at the edges (and for hours a series bucket or a time
 * zone cuts), so its answer equals a scan of the raw events.
 */
import { createHash } from 'node:crypto';
import type { LogType } from '../../schemas/logs';
import { REPORTS, reportFilters, type ReportCondition, type ReportSpec } from '../../schemas/reports';
import type { Db } from '../types';
import { jsonField, Params, textField } from './sql';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface RollupDef {
  readonly logType: LogType;
  readonly where: readonly ReportCondition[];
  /** Fields whose values key a row (joined by a space when several); none: one row per bucket. */
  readonly fields: readonly string[];
  /** The one field is a list: an event counts once for each of its values. */
  readonly list: boolean;
  /** Rows for events without the value too (a split series counts them in its buckets). */
  readonly nullKeys: boolean;
  /** Field counted distinctly (distinct-user reports). */
  readonly sub?: string;
  /** Field whose smallest value labels a key. */
  readonly label?: string;
  /**
   * How its days are kept besides the hourly rows: 'head', a day's DAY_ROWS.head keys with the most events (grain
   * 'd') apart from the rest (grain 't', summed up per day in log_rollup_tails); 'blocks', per (key, user) one row
   * per BLOCK_DAYS days with a bit per day of the block that had an event (grain 'b'), besides the daily rows.
   */
  readonly layout?: 'head' | 'blocks';
  /**
   * A drill-down's rollup: the field of the filter it requires, which also keys each row (a list field: a row per
   * distinct value of the event's list), so that the drill-down of one value reads that value's rows alone.
   */
  readonly by?: { readonly field: string; readonly list: boolean };
}

/**
 * Keys of a day kept in the head of a 'head' rollup. The head is what a top-N report reads whole; the tail's keys
 * are looked up only for the keys that may reach the top N. Tests lower it so that small data has tails.
 */
export const DAY_ROWS = { head: 500 };
/** Days in a block of a 'blocks' rollup (at most 63, the bits of a bigint); a 30-day range meets one or two. */
export const BLOCK_DAYS = 62;
export const BLOCK_MS = BLOCK_DAYS * 86_400_000;

export const userField = (t: LogType) => (t === 'audit' ? 'user' : 'userid');
export const bytesField = (t: LogType) => (t === 'email' ? 'size' : 'bytes');

/** A stable id of a definition: the same definition always maps to the same rows. */
export function rollupId(def: RollupDef): string {
  return `r${createHash('sha256').update(JSON.stringify(def)).digest('hex').slice(0, 16)}`;
}

const def = (spec: ReportSpec, fields: readonly string[], extra: Partial<RollupDef> = {}): RollupDef => {
  const d: RollupDef = {
    logType: spec.logType,
    where: spec.where ?? [],
    fields,
    list: false,
    nullKeys: false,
    ...(spec.metric === 'users' ? { sub: userField(spec.logType) } : {}),
    ...extra,
  };
  // Keyed rows of a top-N (or of the evasion summary's lists) without users: a day's many rare keys go to its tail.
  return fields.length && !d.nullKeys && !d.sub && !d.by ? { ...d, layout: 'head' } : d;
};

/** The rollups a report reads: its groups, and for the evasion summary its two lists and its total. */
export function reportRollups(spec: ReportSpec): Record<string, RollupDef> {
  switch (spec.kind) {
    case 'top': {
      const fields = typeof spec.dimension === 'string' ? [spec.dimension] : [...(spec.dimension ?? [])];
      const by = spec.requires && reportFilters(spec.logType)[spec.requires];
      return {
        main: def(spec, fields, {
          ...(by ? { by: { field: by.field, list: by.kind === 'array' } } : {}),
          list: !!spec.listDimension,
          ...(spec.labelField ? { label: spec.labelField } : {}),
          // Distinct users per key over many days: a (key, user) pair once per block, not once per day.
          ...(spec.metric === 'users' ? { layout: 'blocks' as const } : {}),
        }),
      };
    }
    case 'series':
      return { main: def(spec, spec.splitBy ? [spec.splitBy] : [], { nullKeys: true }) };
    case 'heatmap':
      return { main: def(spec, []) };
    case 'evasion':
      return {
        techniques: def(spec, ['heat_evasion_techniques'], { list: true }),
        lures: def({ ...spec, where: [...(spec.where ?? []), { field: 'lure_category', present: true }] }, ['lure_category']),
        main: def(spec, []),
      };
  }
}

const catalogueRollups = (drillDowns: boolean): ReadonlyMap<string, RollupDef> =>
  new Map(
    Object.values(REPORTS as Record<string, ReportSpec>)
      .filter((spec) => !spec.requires === !drillDowns)
      .flatMap((spec) => Object.values(reportRollups(spec)))
      .map((d) => [rollupId(d), d]),
  );

/** Every rollup the catalogue's reports need, by id, but the drill-downs'. */
export const ROLLUPS = catalogueRollups(false);
/**
 * A drill-down rollup's events per value, without keys: one row per value and span where the drill-down's own rows
 * hold one per key, filled by the same view into the same parts. The heads of a drill-down value are stamped by it
 * (clickhouse/heads.ts): checking them summed every row of the value, a read that grew with the value's keys and days.
 */
export const drillCount = (d: RollupDef): RollupDef => ({ logType: d.logType, where: d.where, fields: [], list: false, nullKeys: false, ...(d.by ? { by: d.by } : {}) });
/**
 * The drill-downs' rollups (`by`) and their counts (drillCount), kept by the ClickHouse store only; on SQL a
 * drill-down reads the raw events its filter selects.
 */
export const DRILL_ROLLUPS: ReadonlyMap<string, RollupDef> = new Map(
  [...catalogueRollups(true).values()].flatMap((d) => [d, drillCount(d)]).map((d) => [rollupId(d), d]),
);

/**
 * Where a raw aggregate reads events and how it names their fields: the event log itself, or a narrow copy of a
 * stretch of it that holds only the fields the rollups read (see insertRollups).
 */
interface EventSource {
  readonly table: string;
  /** A field's value as text. */
  text(field: string): string;
  /** A list field's jsonb value. */
  json(field: string): string;
  /** Whether the event has the field. */
  has(field: string, p: Params): string;
}

const EVENT_LOG: EventSource = { table: 'log_events', text: textField, json: jsonField, has: (f, p) => `event ? ${p.add(f)}` };

export function conditionSql(c: ReportCondition, p: Params, src: EventSource = EVENT_LOG): string {
  if ('present' in c) return src.has(c.field, p);
  if ('in' in c) return `${src.text(c.field)} = ANY(${p.add(c.in)}::text[])`;
  return `${src.text(c.field)} <> ALL(${p.add(c.notIn)}::text[])`;
}

/** A half-open span of time [from, to) in epoch ms. */
export type Span = readonly [from: number, to: number];

/** The grouped value of an event for a rollup without a list dimension. */
function keySql(d: RollupDef, src: EventSource): string {
  if (d.fields.length === 0) return 'NULL::text';
  return d.fields.length === 1 ? src.text(d.fields[0]!) : `concat_ws(' ', ${d.fields.map((f) => src.text(f)).join(', ')})`;
}

/** The columns every rollup row and raw aggregate answers, after the group columns. */
const ROW_COLUMNS = 'key, sub, events, first_events, bytes, first_bytes, label';

/**
 * Aggregates the raw events of the spans like a rollup row does: one row per group (`groups` of the event time,
 * then key and sub), with the columns of ROW_COLUMNS.
 */
function rawAggregate(
  d: RollupDef,
  tenantId: string,
  spans: readonly Span[],
  groups: (col: string) => string[],
  p: Params,
  filters: readonly string[] = [],
  src: EventSource = EVENT_LOG,
): string {
  const key = d.list ? 'x.k' : keySql(d, src);
  const list = d.list ? ` CROSS JOIN LATERAL jsonb_array_elements_text(${src.json(d.fields[0]!)}) WITH ORDINALITY AS x (k, n)` : '';
  const first = d.list ? ' FILTER (WHERE x.n = 1)' : '';
  const bytes = `${src.text(bytesField(d.logType))}::bigint`;
  const g = groups('e.ts');
  const where = [
    // The narrow copy holds one tenant's events of one kind in the span already.
    ...(src === EVENT_LOG
      ? [
          `e.tenant_id = ${p.add(tenantId)}`,
          `e.log_type = ${p.add(d.logType)}`,
          // Spans as literal ranges (not a join), so each is an index range scan of the primary key.
          `(${spans.map((sp) => `(e.ts >= ${p.add(sp[0])} AND e.ts < ${p.add(sp[1])})`).join(' OR ')})`,
        ]
      : []),
    ...d.where.map((c) => conditionSql(c, p, src)),
    ...(d.nullKeys || d.fields.length === 0 ? [] : [`${key} IS NOT NULL`]),
    ...filters,
  ];
  const columns = [
    ...g.map((x, i) => `${x} AS g${i}`),
    `${key} AS key`,
    `${d.sub ? src.text(d.sub) : 'NULL::text'} AS sub`,
    'count(*) AS events',
    `count(*)${first} AS first_events`,
    `coalesce(sum(${bytes}), 0) AS bytes`,
    `coalesce(sum(${bytes})${first}, 0) AS first_bytes`,
    `${d.label ? `min(${src.text(d.label)})` : 'NULL::text'} AS label`,
  ];
  const groupBy = [...g.map((_, i) => String(i + 1)), String(g.length + 1), String(g.length + 2)].join(', ');
  return `SELECT ${columns.join(', ')}
    FROM ${src.table} e${list}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY ${groupBy}`;
}

/**
 * The spans as literal ranges of a bucket column (not a join with a list of spans, whose size the planner cannot
 * see: on PostgreSQL that read every hourly row of the rollup), so each is an index range scan.
 */
export const spanRanges = (col: string, spans: readonly Span[], p: Params) =>
  `(${spans.map((sp) => `(${col} >= ${p.add(sp[0])} AND ${col} < ${p.add(sp[1])})`).join(' OR ')})`;

/** A rollup row's grain: hourly, daily (a head rollup's head), a head rollup's daily tail, or a block of days. */
export type Grain = 'h' | 'd' | 't' | 'b';

/**
 * Rows (table alias `r`) of a tenant's rollups at the grains, as the read index finds them: by the hash of rollup,
 * tenant and grain it is keyed on (migration 106), with the plain conditions, which decide. `ids` lists the rollups
 * as SQL values (the hashes are then constants the planner estimates from the index's statistics, as a report's
 * read needs), or is one SQL text[] (for the recomputations, which read many rollups at once).
 */
export function seriesRows(r: string, tenant: string, ids: readonly string[] | string, grains: readonly Grain[]): string {
  const g = grains.map((x) => `'${x}'`);
  const hashes =
    typeof ids === 'string'
      ? `ARRAY(SELECT log_rollup_series(i, ${tenant}, k) FROM unnest(${ids}) i, unnest(ARRAY[${g.join(', ')}]) k)`
      : `ARRAY[${ids.flatMap((id) => g.map((k) => `log_rollup_series(${id}, ${tenant}, ${k})`)).join(', ')}]`;
  const rollups = typeof ids === 'string' ? `= ANY(${ids})` : `IN (${ids.join(', ')})`;
  return `log_rollup_series(${r}.rollup, ${r}.tenant_id, ${r}.grain) = ANY(${hashes})
    AND ${r}.tenant_id = ${tenant} AND ${r}.rollup ${rollups} AND ${r}.grain IN (${g.join(', ')})`;
}

/** Rollup rows of the spans: hourly ('h'), or daily (a head rollup's days are its head and its tail). */
function rollupRows(id: string, tenantId: string, grain: 'h' | 'd', spans: readonly Span[], groups: (col: string) => string[], p: Params): string {
  const g = groups('r.bucket');
  return `SELECT ${[...g.map((x, i) => `${x} AS g${i}`), ROW_COLUMNS].join(', ')}
    FROM log_rollups r WHERE ${seriesRows('r', `${p.add(tenantId)}::text`, [`${p.add(id)}::text`], grain === 'h' ? ['h'] : ['d', 't'])}
     AND ${spanRanges('r.bucket', spans, p)}`;
}

/**
 * The blocks of `blockMs` the spans meet, each with a mask of the bits (of `bitMs` each, from the block's start) that
 * the spans cover: the days of 62-day blocks by default, or the hours of UTC days (the ClickHouse store's hour bits).
 */
export function blockMasks(spans: readonly Span[], blockMs = BLOCK_MS, bitMs = DAY_MS): { blocks: number[]; masks: string[] } {
  const masks = new Map<number, bigint>();
  for (const [from, to] of spans) {
    for (let bit = from; bit < to; bit += bitMs) {
      const block = Math.floor(bit / blockMs) * blockMs;
      masks.set(block, (masks.get(block) ?? 0n) | (1n << BigInt((bit - block) / bitMs)));
    }
  }
  return { blocks: [...masks.keys()], masks: [...masks.values()].map(String) };
}

/** A 'blocks' rollup's (key, user) pairs with an event on one of the days of the spans, as rows of ROW_COLUMNS. */
function blockRows(id: string, tenantId: string, days: readonly Span[], p: Params): string {
  const { blocks, masks } = blockMasks(days);
  return `SELECT r.key, r.sub, 0::bigint AS events, 0::bigint AS first_events, 0::bigint AS bytes, 0::bigint AS first_bytes, r.label
    FROM unnest(${p.add(blocks)}::bigint[], ${p.add(masks)}::bigint[]) AS s (b, m)
    JOIN log_rollups r ON ${seriesRows('r', `${p.add(tenantId)}::text`, [`${p.add(id)}::text`], ['b'])} AND r.bucket = s.b
   WHERE r.days & s.m <> 0`;
}

/** How a range is read: raw events, hourly rows and daily rows, each as spans. */
export interface RangePlan {
  readonly raw: Span[];
  readonly hours: Span[];
  readonly days: Span[];
}

/** Adds [from, to) to spans in order, joined to the last when they touch. */
export function pushSpan(spans: Span[], from: number, to: number): void {
  const last = spans[spans.length - 1];
  if (last && last[1] === from) spans[spans.length - 1] = [last[0], to];
  else spans.push([from, to]);
}

/**
 * Splits [startMs, endMs] (inclusive, as reports take it) into what to read from where. `whole(from, to)` says
 * whether every event of a span lands in one group (a series bucket, a local hour), so the span's rollup row can
 * stand for its events; `days` allows daily rows.
 */
export function planRange(startMs: number, endMs: number, whole: (from: number, to: number) => boolean, days: boolean): RangePlan {
  const plan: RangePlan = { raw: [], hours: [], days: [] };
  const end = endMs + 1;
  const h1 = Math.ceil(startMs / HOUR_MS) * HOUR_MS;
  const h2 = Math.floor(end / HOUR_MS) * HOUR_MS;
  if (h1 >= h2) {
    if (startMs < end) plan.raw.push([startMs, end]);
    return plan;
  }
  if (startMs < h1) plan.raw.push([startMs, h1]);
  for (let h = h1; h < h2; ) {
    if (days && h % DAY_MS === 0 && h + DAY_MS <= h2 && whole(h, h + DAY_MS)) {
      pushSpan(plan.days, h, h + DAY_MS);
      h += DAY_MS;
      continue;
    }
    pushSpan(whole(h, h + HOUR_MS) ? plan.hours : plan.raw, h, h + HOUR_MS);
    h += HOUR_MS;
  }
  if (h2 < end) pushSpan(plan.raw, h2, end);
  return plan;
}

/**
 * A query answering the rows of ROW_COLUMNS (after group columns g0, g1, …) for one rollup over a planned range:
 * rollup rows where the plan allows, raw aggregates elsewhere. Callers aggregate the union once more. `filters`
 * (conditions on the event) apply to raw events only: a filtered report plans its whole range as raw. `layouts:
 * false` reads every daily row instead of a 'blocks' rollup's blocks (what the benchmark compares them with).
 */
export function rollupUnion(
  d: RollupDef,
  tenantId: string,
  plan: RangePlan,
  groups: (col: string) => string[],
  p: Params,
  filters: readonly string[] = [],
  layouts = true,
): string {
  const id = rollupId(d);
  const parts: string[] = [];
  // Block rows answer who was there (users), not how much; a 'blocks' rollup is read by distinct-user top-Ns only.
  if (layouts && plan.days.length && d.layout === 'blocks' && !groups('x').length) parts.push(blockRows(id, tenantId, plan.days, p));
  else if (plan.days.length) parts.push(rollupRows(id, tenantId, 'd', plan.days, groups, p));
  if (plan.hours.length) parts.push(rollupRows(id, tenantId, 'h', plan.hours, groups, p));
  if (plan.raw.length) parts.push(rawAggregate(d, tenantId, plan.raw, groups, p, filters));
  if (!parts.length) {
    const g = groups('0::bigint');
    return `SELECT ${[...g.map((x, i) => `${x} AS g${i}`), 'NULL::text AS key, NULL::text AS sub, 0::bigint AS events, 0::bigint AS first_events, 0::bigint AS bytes, 0::bigint AS first_bytes, NULL::text AS label'].join(', ')} WHERE false`;
  }
  return parts.join('\nUNION ALL\n');
}

const hourOf = (col: string) => [`(${col} / ${HOUR_MS}) * ${HOUR_MS}`];
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A day's row from its hourly rows (columns of ROW_COLUMNS after key and sub). */
const DAY_SUMS = 'sum(events), sum(first_events), sum(bytes), sum(first_bytes), min(label)';

/**
 * The narrow copy of a stretch of events that rollups read: the time and one column per field they use (its text,
 * a list's jsonb, whether it is there), so that each event is parsed once, not once per rollup.
 */
function narrowSource(defs: readonly RollupDef[], logType: LogType): { columns: string[]; src: EventSource } {
  const text = new Set<string>([bytesField(logType)]);
  const json = new Set<string>();
  const has = new Set<string>();
  for (const d of defs) {
    for (const f of d.fields) (d.list ? json : text).add(f);
    for (const f of [d.sub, d.label]) if (f) text.add(f);
    for (const c of d.where) ('present' in c ? has : text).add(c.field);
  }
  const name = { text: (f: string) => quoted(f), json: (f: string) => quoted(`${f}[]`), has: (f: string) => quoted(`${f}?`) };
  return {
    columns: [
      'ts',
      ...[...text].map((f) => `${textField(f)} AS ${name.text(f)}`),
      ...[...json].map((f) => `${jsonField(f)} AS ${name.json(f)}`),
      ...[...has].map((f) => `(event ? '${f.replace(/'/g, "''")}') AS ${name.has(f)}`),
    ],
    src: { table: 'rollup_events', text: name.text, json: name.json, has: name.has },
  };
}

/**
 * The grain of a day's row grouped from hourly rows: 't' past the head of a 'head' rollup (ranked by events, then
 * key, within `partition`), else 'd'.
 */
const dayGrain = (headIds: string, partition: string) =>
  `CASE WHEN rollup = ANY(${headIds}::text[]) AND row_number() OVER (PARTITION BY ${partition} ORDER BY sum(events) DESC, key) > ${DAY_ROWS.head}
        THEN 't' ELSE 'd' END`;
const idsOf = (defs: ReadonlyMap<string, RollupDef>, layout: RollupDef['layout']) => [...defs].filter(([, d]) => d.layout === layout).map(([id]) => id);

/**
 * Writes the hourly rows of one log kind's rollups for a tenant's events in [from, to) (whole hours without rows
 * yet), in one statement: the events are read once into a narrow copy, which every rollup groups. `wholeDay`: the
 * span holds every event of its UTC day (whose daily rows are missing too), so the same statement adds the day's
 * rows from the hourly ones, and the sums of its tails.
 */
export async function insertRollups(
  db: Db,
  tenantId: string,
  logType: LogType,
  from: number,
  to: number,
  { defs = ROLLUPS, wholeDay = false }: { defs?: ReadonlyMap<string, RollupDef>; wholeDay?: boolean } = {},
): Promise<void> {
  const ids = [...defs].filter(([, d]) => d.logType === logType);
  if (!ids.length || to <= from) return;
  const { columns, src } = narrowSource(
    ids.map(([, d]) => d),
    logType,
  );
  const p = new Params();
  const t = p.add(tenantId);
  const hourly = `INSERT INTO log_rollups (tenant_id, rollup, grain, bucket, ${ROW_COLUMNS})
    ${ids.map(([id, d]) => `SELECT ${t}, ${p.add(id)}, 'h', g0, ${ROW_COLUMNS} FROM (${rawAggregate(d, tenantId, [[from, to]], hourOf, p, [], src)}) a`).join('\nUNION ALL\n')}`;
  const events = `rollup_events AS MATERIALIZED (
      SELECT ${columns.join(', ')} FROM log_events
       WHERE tenant_id = ${t} AND log_type = ${p.add(logType)} AND ts >= ${p.add(from)} AND ts < ${p.add(to)})`;
  if (!wholeDay) {
    await db.query(`WITH ${events} ${hourly}`, p.values);
    return;
  }
  const day = `${p.add(Math.floor(from / DAY_MS) * DAY_MS)}::bigint`;
  await db.query(
    `WITH ${events}, hourly AS (${hourly} RETURNING rollup, ${ROW_COLUMNS}),
     daily AS (
       INSERT INTO log_rollups (tenant_id, rollup, grain, bucket, ${ROW_COLUMNS})
       SELECT ${t}, rollup, ${dayGrain(p.add(idsOf(defs, 'head')), 'rollup')}, ${day}, key, sub, ${DAY_SUMS}
         FROM hourly GROUP BY rollup, key, sub
       RETURNING rollup, grain, events, first_events, bytes, first_bytes)
     INSERT INTO log_rollup_tails (tenant_id, rollup, bucket, keys, top_events, events, first_events, bytes, first_bytes)
     SELECT ${t}, rollup, ${day}, count(*), max(events), sum(events), sum(first_events), sum(bytes), sum(first_bytes)
       FROM daily WHERE grain = 't' GROUP BY rollup`,
    p.values,
  );
}

/**
 * Sets the bits of the days of [fromMs, toMs) in the block rows of a tenant's 'blocks' rollups, from those days' daily
 * rows: a (key, user) pair of one of the days gets its block's row, or its day's bit in the row there is. A block row
 * answers who was there on which days, not how much (its sums are 0, and its label the least one seen). The bits of
 * other days stay as they are: a day's pairs only grow while events are added, and retention deletes whole blocks
 * (the days it cuts from a block are never read again, as every read starts at the retention). `fresh`: no block row
 * of these blocks exists (the first start's load, which runs without the unique index the merge needs).
 */
export async function refreshBlocks(
  db: Db,
  tenantId: string,
  fromMs: number,
  toMs: number,
  { defs = ROLLUPS, fresh = false }: { defs?: ReadonlyMap<string, RollupDef>; fresh?: boolean } = {},
): Promise<void> {
  const ids = idsOf(defs, 'blocks');
  if (!ids.length || toMs <= fromMs) return;
  const args = [tenantId, ids, Math.floor(fromMs / DAY_MS) * DAY_MS, Math.ceil(toMs / DAY_MS) * DAY_MS];
  await db.query(
    `INSERT INTO log_rollups (tenant_id, rollup, grain, bucket, ${ROW_COLUMNS}, days)
     SELECT tenant_id, rollup, 'b', block, key, sub, 0, 0, 0, 0, min(label), bit_or(1::bigint << ((bucket - block) / ${DAY_MS})::int)
       FROM (SELECT r.*, (r.bucket / ${BLOCK_MS}) * ${BLOCK_MS} AS block FROM log_rollups r
              WHERE ${seriesRows('r', '$1::text', '$2::text[]', ['d'])} AND r.bucket >= $3 AND r.bucket < $4) x
      GROUP BY tenant_id, rollup, block, key, sub
     ${fresh ? '' : `ON CONFLICT (tenant_id, rollup, bucket, key, sub) WHERE grain = 'b'
       DO UPDATE SET days = log_rollups.days | EXCLUDED.days, label = least(log_rollups.label, EXCLUDED.label)`}`,
    args,
  );
}

/**
 * Recomputes the rollups of a tenant's events of one log kind over [fromMs, toMs), widened to whole hours (and the
 * days and blocks holding them), from the raw events. Idempotent; any writer of events calls it for the hours it wrote.
 */
export async function refreshRollups(
  db: Db,
  tenantId: string,
  logType: LogType,
  fromMs: number,
  toMs: number,
  defs: ReadonlyMap<string, RollupDef> = ROLLUPS,
): Promise<void> {
  const mine = new Map([...defs].filter(([, d]) => d.logType === logType));
  const names = [...mine.keys()];
  if (!names.length || toMs <= fromMs) return;
  const from = Math.floor(fromMs / HOUR_MS) * HOUR_MS;
  const to = Math.ceil(toMs / HOUR_MS) * HOUR_MS;
  const dayFrom = Math.floor(from / DAY_MS) * DAY_MS;
  const dayTo = Math.ceil(to / DAY_MS) * DAY_MS;
  await db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM log_rollups r
        WHERE (${seriesRows('r', '$1::text', '$2::text[]', ['h'])} AND r.bucket >= $3 AND r.bucket < $4)
           OR (${seriesRows('r', '$1::text', '$2::text[]', ['d', 't'])} AND r.bucket >= $5 AND r.bucket < $6)`,
      [tenantId, names, from, to, dayFrom, dayTo],
    );
    await tx.query('DELETE FROM log_rollup_tails WHERE tenant_id = $1 AND rollup = ANY($2::text[]) AND bucket >= $3 AND bucket < $4', [
      tenantId,
      names,
      dayFrom,
      dayTo,
    ]);
    await insertRollups(tx, tenantId, logType, from, to, { defs: mine });
    await tx.query(
      `INSERT INTO log_rollups (tenant_id, rollup, grain, bucket, ${ROW_COLUMNS})
       SELECT tenant_id, rollup, ${dayGrain('$5', 'rollup, (bucket / ' + DAY_MS + ')')}, (bucket / ${DAY_MS}) * ${DAY_MS}, key, sub, ${DAY_SUMS}
         FROM log_rollups r WHERE ${seriesRows('r', '$1::text', '$2::text[]', ['h'])} AND r.bucket >= $3 AND r.bucket < $4
        GROUP BY tenant_id, rollup, (bucket / ${DAY_MS}), key, sub`,
      [tenantId, names, dayFrom, dayTo, idsOf(mine, 'head')],
    );
    await tx.query(
      `INSERT INTO log_rollup_tails (tenant_id, rollup, bucket, keys, top_events, events, first_events, bytes, first_bytes)
       SELECT tenant_id, rollup, bucket, count(*), max(events), sum(events), sum(first_events), sum(bytes), sum(first_bytes)
         FROM log_rollups r WHERE ${seriesRows('r', '$1::text', '$2::text[]', ['t'])} AND r.bucket >= $3 AND r.bucket < $4
        GROUP BY 1, 2, 3`,
      [tenantId, names, dayFrom, dayTo],
    );
    await refreshBlocks(tx, tenantId, dayFrom, dayTo, { defs: mine });
  });
}

/**
 * Brings the stored rollups in line with the catalogue: a new or changed definition is computed for every tenant's
 * events, the rows of a removed one are deleted. Runs at start; a no-op while the catalogue is unchanged.
 */
export async function syncRollups(db: Db): Promise<string[]> {
  // An id is the hash of its definition: a changed definition is a new id, the old one a removed one.
  const stored = new Set((await db.query<{ rollup: string }>('SELECT rollup FROM log_rollup_defs')).rows.map((r) => r.rollup));
  const stale = [...stored].filter((id) => !ROLLUPS.has(id));
  if (stale.length) {
    await db.query('DELETE FROM log_rollups WHERE rollup = ANY($1::text[])', [stale]);
    await db.query('DELETE FROM log_rollup_tails WHERE rollup = ANY($1::text[])', [stale]);
    await db.query('DELETE FROM log_rollup_defs WHERE rollup = ANY($1::text[])', [stale]);
  }
  const todo = new Map([...ROLLUPS].filter(([id]) => !stored.has(id)));
  if (!todo.size) return stale;
  const spans = (
    await db.query<{ tenant_id: string; log_type: LogType; lo: number; hi: number }>(
      'SELECT tenant_id, log_type, min(ts) AS lo, max(ts) AS hi FROM log_events GROUP BY 1, 2',
    )
  ).rows;
  for (const s of spans) await refreshRollups(db, s.tenant_id, s.log_type, Number(s.lo), Number(s.hi) + 1, todo);
  for (const [id, d] of todo) {
    await db.query('INSERT INTO log_rollup_defs (rollup, definition) VALUES ($1, $2) ON CONFLICT (rollup) DO NOTHING', [id, JSON.stringify(d)]);
  }
  return [...stale, ...todo.keys()];
}
