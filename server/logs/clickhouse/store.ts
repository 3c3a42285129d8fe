/**
 * The ClickHouse log store (LOG_STORE=clickhouse): events in the Distributed table `log_events` over each shard's
 * MergeTree, written through their kind's ingest table (migration 007), reads compiled to ClickHouse SQL with the same rules as the SQL store, so answers are the same. The audit
 * log stays on SQL (it is written inside the saves' transactions) and its reads go to the SQL store.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ImpactKind } from '../../../schemas/evaluate/impact';
import { LOG_FILTERS, excludeParam, type FilterSpec, type LogType } from '../../../schemas/logs';
import {
  REPORT_INTERVAL_DEFAULT,
  REPORT_NAMES,
  reportFilters,
  reportSpec,
  type InsightsQuery,
  type InsightsResult,
  type ReportCondition,
  type ReportName,
  type ReportResult,
  type ReportSpec,
} from '../../../schemas/reports';
import { Lease } from '../../db/lease';
import type { Db } from '../../types';
import { encodeCursor } from '../cursor';
import { appliedValues } from '../filters';
import { insightsResult, insightsScope } from '../insights';
import type { FileSighting, IncomingEvent, LogPage, LogStore, ReportOptions, StoredEvent } from '../logStore';
import { bucketStarts, evasionData, heatmapOf, inOneBucket, inOneLocalHour, localDayStart, reportMeta, reportRange, seriesOf, topData, type ReportParams } from '../reports';
import { BLOCK_MS, blockMasks, bytesField, DAY_MS, DRILL_ROLLUPS, HOUR_MS, planRange, pushSpan, reportRollups, rollupId, ROLLUPS, userField, type RangePlan, type RollupDef, type Span } from '../rollups';
import { sandboxOf } from '../sandbox';
import { sqlLogStore } from '../sqlStore';
import { answerEvent, type LogPageRequest, type TimeRange } from '../store';
import { bind, identifier, join, raw, sql, stringLiteral, type Sql } from './bind';
import { ClickHouse, type ClickHouseConfig } from './client';
import { addFieldColumns, migrateClickHouse } from './migrate';
import { CLUSTER_KINDS, has, IN_ARRAYS, ingestTable, list, STORED, text, within, type EventFields } from './columns';
import { RollupFills } from './fill';
import { ABSENT, dayFields, dayLists, dayStamp, type FilterBuilds, FILTER_TABLES, FilterDays } from './filterDays';
import { HEAD_TABLES, Heads } from './heads';
import { IngestQueue, type Alone, type QueueEntry } from './queue';
import { caughtUp, recountViews, scopesOf } from './recount';
import { eventCount, requestShapes, ruleHits } from './shapes';
import type { RequestShape, ShapeScope, WebShapeField, WebShapePatterns } from '../shapes';

/** How far back a log page looks first (see logPage). */
const LOG_PAGE_WINDOW_MS = 3 * 3_600_000;
/** How often the move of the SQL store's events to a new cluster says how far it is. */
const MOVE_PROGRESS_EVERY_MS = 4_000;
/** The time of log_user_events_from_local that says the copy's views are being made: the copy is not read yet. */
const NOT_YET = Number.MAX_SAFE_INTEGER;

/** An event's field as stored: its text as PostgreSQL's ->> gives it (JSON for objects), or null. */
function fieldText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** The columns of log_events in the order eventLine writes them. */
export const EVENT_COLUMNS = 'tenant_id, log_type, ts, seq, user, bytes, keys, vals, list_keys, list_vals, event';

/** The columns of the copy of the events in the users' order, log_user_events (migration 019). */
export const USER_EVENT_COLUMNS = 'tenant_id, log_type, user, ts, seq, bytes, keys, vals, list_keys, list_vals';

/** Characters a TabSeparated field escapes (as `bind` writes them), and surrogates, which it checks for lone ones. */
const TSV_SPECIAL = /[\\'\0\n\r\t\b\f\uD800-\uDFFF]/;
/** A string as a TabSeparated field: the binding's escaping (no tab or line break left), without its quotes. */
const tsv = (s: string) => (TSV_SPECIAL.test(s) ? stringLiteral(s).slice(1, -1) : s);
/**
 * Whether an event's JSON shows that none of its keys and strings needs escaping: JSON writes every control character,
 * quote, backslash and lone surrogate of a string with a backslash, so a JSON text with no backslash, apostrophe or
 * surrogate holds none of TSV_SPECIAL in any of its strings.
 */
const PLAIN_JSON = /^[^\\'\uD800-\uDFFF]*$/;

/**
 * An event as a line of log_events (EVENT_COLUMNS, TabSeparated): its scalar fields as text in `keys`/`vals`, its list
 * fields in `list_keys`/`list_vals` (arrays as bound literals, which TabSeparated reads as they are), the whole event
 * as JSON for answers. One line per event and one INSERT per batch: the cheapest format 18.16 parses. Built by
 * concatenation, each string escaped only when the event's JSON shows one needs it (most events: none): about a third
 * less processor time than field by field.
 */
export function eventLine(tenantId: string, logType: LogType, ts: number, seq: number, event: Record<string, unknown>): string {
  const json = JSON.stringify(event);
  const esc = PLAIN_JSON.test(json) ? (s: string) => s : tsv;
  let keys = '';
  let vals = '';
  let listKeys = '';
  let listVals = '';
  for (const k of Object.keys(event)) {
    const v = event[k];
    if (Array.isArray(v)) {
      let items = '';
      for (const x of v) items += `${items ? ',' : ''}'${esc(fieldText(x) ?? 'null')}'`;
      listKeys += `${listKeys ? ',' : ''}'${esc(k)}'`;
      listVals += `${listVals ? ',' : ''}[${items}]`;
      continue;
    }
    const t = fieldText(v);
    if (t === null) continue;
    keys += `${keys ? ',' : ''}'${esc(k)}'`;
    vals += `${vals ? ',' : ''}'${esc(t)}'`;
  }
  const b = Number(event[bytesField(logType)]);
  const user = fieldText(event[userField(logType)]) ?? '';
  return `${tsv(tenantId)}\t${tsv(logType)}\t${bind(ts)}\t${bind(seq)}\t${esc(user)}\t${Number.isSafeInteger(b) ? bind(b) : '0'}\t[${keys}]\t[${vals}]\t[${listKeys}]\t[${listVals}]\t${esc(json)}`;
}

/** Conditions of the caller's filters and exclusions (`not_p`) on events of `logType`, with filters.ts's rules. */
function filterConditions(
  logType: LogType,
  specs: Readonly<Record<string, FilterSpec | undefined>>,
  query: Readonly<Record<string, unknown>>,
  fields: EventFields = STORED,
): Sql[] {
  const conditions: Sql[] = [];
  for (const [param, spec] of Object.entries(specs)) {
    if (!spec) continue;
    const values = appliedValues(param, query[param]);
    if (values) conditions.push(matches(logType, spec, values, fields));
    const excluded = appliedValues(param, query[excludeParam(param)]);
    // The match is false for an event without the field (its `has` is false, its list empty): such an event stays.
    if (excluded) conditions.push(sql`(NOT ${matches(logType, spec, excluded, fields)})`);
  }
  return conditions;
}

/**
 * The event's field equals any of the values (a list field: holds any of them); false without the field. The user
 * field is also the `user` column (eventLine; '' without it): one narrow column, where the keys and values arrays hold
 * every field of the event (a user's drill-down read 10–20 ms of raw events instead of 85–135 ms at 10 M events).
 */
function matches(logType: LogType, spec: FilterSpec, values: readonly string[], { has, list, text }: EventFields): Sql {
  if (spec.kind === 'array') return sql`hasAny(${list(spec.field)}, ${values})`;
  if (onUser(logType, spec, values)) return sql`user IN (${join(values.map((v) => sql`${v}`), ', ')})`;
  return sql`(${has(spec.field)} AND ${text(spec.field)} IN (${join(values.map((v) => sql`${v}`), ', ')}))`;
}

/** Whether a filter's match is on the `user` column (see matches). */
const onUser = (logType: LogType, spec: FilterSpec, values: readonly string[]) => spec.kind !== 'array' && spec.field === userField(logType) && !values.includes('');

/**
 * Whether the caller's filters select users (see matches): then a report's raw events are read from the copy in the
 * users' order, log_user_events (migration 019), where it holds the range.
 */
function filtersUsers(logType: LogType, query: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(reportFilters(logType)).some(([param, spec]) => {
    const values = spec && appliedValues(param, query[param]);
    return !!values && onUser(logType, spec!, values);
  });
}

function conditionSql(c: ReportCondition, { has, text }: EventFields): Sql {
  if ('present' in c) return sql`(${has(c.field)} OR has(list_keys, ${c.field}))`;
  if ('in' in c) return sql`(${has(c.field)} AND ${text(c.field)} IN (${join(c.in.map((v) => sql`${v}`), ', ')}))`;
  return sql`(${has(c.field)} AND ${text(c.field)} NOT IN (${join(c.notIn.map((v) => sql`${v}`), ', ')}))`;
}

/** The events of a tenant and kind in [from, to] (inclusive ms). */
const scope = (tenantId: string, logType: LogType, from: number, to: number) =>
  sql`tenant_id = ${tenantId} AND log_type = ${logType} AND ts >= ${from} AND ts <= ${to}`;

interface Grouped {
  readonly g0?: string | number;
  readonly g1?: string | number;
  readonly key: string | null;
  readonly events: string | number;
  readonly first_events: string | number;
  readonly byte_sum: string | number;
  readonly first_byte_sum: string | number;
  readonly users: string | number;
  readonly label: string | null;
}

/** The columns of a rollup row (log_rollups_local), after its group columns. */
const ROW_COLUMNS = ['has_key', 'key', 'events', 'first_events', 'byte_sum', 'first_byte_sum', 'users', 'label', 'labelled'] as const;
type RowColumn = (typeof ROW_COLUMNS)[number];
/** The columns of ROW_COLUMNS that are sums (the rest: the key, and states of users and labels). */
const SUMS: ReadonlySet<RowColumn> = new Set(['events', 'first_events', 'byte_sum', 'first_byte_sum']);
/** A rollup row's column as a union of raw and rollup rows names it (`r_…`, apart from the grouped answer's names). */
const r = (c: RowColumn) => `r_${c}`;

/**
 * What an event adds to a rollup: none, one or (a list field) several tuples (rollup, has_key, key, first, user,
 * user counted, label, label counted, by). `first`: the event's first list value (its events and bytes counted once).
 * `by`: with `keyed`, the value of a drill-down rollup's filter field (a list field: a tuple per distinct value, none
 * without one), else ''; raw reads of a drill-down filter the events instead.
 */
function contributions(id: string, d: RollupDef, keyed: boolean, fields: EventFields): Sql {
  const { text, list } = fields;
  const f0 = d.fields[0];
  const by = keyed ? d.by : undefined;
  const { when, rest: parts } = contributionParts(d, by, fields);
  const rest = join(parts, ', ');
  if (d.list) {
    if (by) throw new Error(`A drill-down rollup over a list dimension is not supported: ${id}`);
    const values = list(f0!);
    return sql`arraySlice(arrayMap((v, i) -> tuple(${id}, toUInt8(1), v, toUInt8(i = 1), ${rest}, ''), ${values}, arrayEnumerate(${values})), 1, if(${when}, length(${values}), 0))`;
  }
  const [hasKey, key] = keyOf(d, fields);
  if (by?.list) {
    const values = sql`arrayDistinct(${list(by.field)})`;
    return sql`arraySlice(arrayMap(b -> tuple(${id}, ${hasKey}, ${key}, toUInt8(1), ${rest}, b), ${values}), 1, if(${when}, length(${values}), 0))`;
  }
  return sql`arraySlice([tuple(${id}, ${hasKey}, ${key}, toUInt8(1), ${rest}, ${by ? text(by.field) : ''})], 1, ${when})`;
}

/**
 * When an event adds to a rollup (its conditions; its key field present, for one plain field without null keys; with
 * `by`, its drill-down value), and the elements of its tuples after `first`: user, user counted, label, label counted.
 */
function contributionParts(d: RollupDef, by: RollupDef['by'], fields: EventFields): { when: Sql; rest: readonly Sql[] } {
  const { has, text } = fields;
  const conditions = [
    ...d.where.map((c) => conditionSql(c, fields)),
    ...(d.nullKeys || d.fields.length !== 1 || d.list ? [] : [has(d.fields[0]!)]),
    ...(by && !by.list ? [has(by.field)] : []),
  ];
  return {
    when: conditions.length ? join(conditions, ' AND ') : raw('1'),
    rest: [d.sub ? text(d.sub) : sql`''`, d.sub ? has(d.sub) : raw('toUInt8(0)'), d.label ? text(d.label) : sql`''`, d.label ? has(d.label) : raw('toUInt8(0)')],
  };
}

/**
 * A rollup of plain (not list) fields, read without a drill-down value, adds at most one tuple per event: its elements
 * (1 to 9, as contributions' tuple) read straight from the event, and when it adds it.
 */
function plainContribution(id: string, d: RollupDef, fields: EventFields): { when: Sql; elements: (i: number) => Sql } | undefined {
  if (d.list) return undefined;
  const { when, rest } = contributionParts(d, undefined, fields);
  const [hasKey, key] = keyOf(d, fields);
  const elements = [sql`${id}`, hasKey, key, raw('toUInt8(1)'), ...rest, sql`''`];
  return { when, elements: (i) => elements[i - 1]! };
}

/** An event's has_key and key in a rollup of plain (not list) fields. */
function keyOf(d: RollupDef, { has, text }: EventFields): [Sql, Sql] {
  return d.fields.length === 0
    ? [raw('toUInt8(0)'), sql`''`]
    : d.fields.length === 1
      ? [has(d.fields[0]!), text(d.fields[0]!)]
      : [raw('toUInt8(1)'), sql`arrayStringConcat(arrayFilter((v, h) -> h, [${join(d.fields.map(text), ', ')}], [${join(d.fields.map(has), ', ')}]), ' ')`];
}

/**
 * Rollup rows over events of one kind (a raw read, or the materialized view that fills log_rollups): per group of
 * `groups` (which may name `c`, the contribution) and key, the columns of ROW_COLUMNS named by `as`. Every event is
 * read once for all the rollups given. `where`: the events' scope. `keyed`: contributions keyed by a drill-down
 * rollup's filter value (the views of the drill tables), see contributions. `plain`: `groups` do not name `c`, and one
 * rollup of plain fields is read from the event itself, without the ARRAY JOIN of tuples: a report's raw read of its
 * partial hours, quicker so (docs/benchmarks.md, 2026-12-04). `userList`: the users as an array of the distinct ones
 * (groupUniqArray) instead of a uniqExact state, as the rows per filter value keep them (`user_list`, migration 020).
 * `fields`: how `from` holds the events' fields (the stored tables' columns unless said).
 */
function eventRows(
  logType: LogType,
  defs: readonly (readonly [string, RollupDef])[],
  from: Sql,
  where: readonly Sql[],
  groups: readonly Sql[],
  as: (c: RowColumn) => string,
  {
    groupAs = (i: number) => `g${i}`,
    keyed = false,
    plain = false,
    userList = false,
    fields = STORED,
  }: { groupAs?: (i: number) => string; keyed?: boolean; plain?: boolean; userList?: boolean; fields?: EventFields } = {},
): Sql {
  const one = plain && !keyed && defs.length === 1 ? plainContribution(...defs[0]!, fields) : undefined;
  const e = one ? one.elements : (i: number) => raw(`tupleElement(c, ${i})`);
  const columns = [
    ...groups.map((g, i) => sql`${g} AS ${raw(groupAs(i))}`),
    sql`${e(2)} AS ${raw(as('has_key'))}`,
    sql`${e(3)} AS ${raw(as('key'))}`,
    sql`count() AS ${raw(as('events'))}`,
    sql`countIf(${e(4)} = 1) AS ${raw(as('first_events'))}`,
    sql`sum(bytes) AS ${raw(as('byte_sum'))}`,
    sql`sumIf(bytes, ${e(4)} = 1) AS ${raw(as('first_byte_sum'))}`,
    sql`${raw(userList ? 'groupUniqArrayIf' : 'uniqExactIfState')}(${e(5)}, ${e(6)}) AS ${raw(as('users'))}`,
    sql`minIfState(${e(7)}, ${e(8)}) AS ${raw(as('label'))}`,
    sql`countIf(${e(8)} = 1) AS ${raw(as('labelled'))}`,
  ];
  const groupBy = [...groups.map((_, i) => raw(groupAs(i))), raw(as('has_key')), raw(as('key'))];
  const scope = join([sql`log_type = ${logType}`, ...where, ...(one ? [one.when] : [])], ' AND ');
  const tuples = one ? raw('') : sql` ARRAY JOIN arrayConcat(${join(defs.map(([id, d]) => contributions(id, d, keyed, fields)), ', ')}) AS c`;
  return sql`SELECT ${join(columns, ', ')} FROM ${from}${tuples}
              WHERE ${scope} GROUP BY ${join(groupBy, ', ')}`;
}

/** Rollups by log kind. */
function byKind(rollups: ReadonlyMap<string, RollupDef>): ReadonlyMap<LogType, readonly [string, RollupDef][]> {
  const kinds = new Map<LogType, [string, RollupDef][]>();
  for (const [id, d] of rollups) kinds.set(d.logType, [...(kinds.get(d.logType) ?? []), [id, d]]);
  return kinds;
}

/**
 * The rollup tables: the reports' (migrations 005 and 008) and the drill-downs' (009, rows keyed by the filter's
 * value too), each by the span of their rows, UTC hours and UTC days; and the distinct-user top-Ns' bits (014): a bit
 * per day of 62-day blocks, a bit per hour of UTC days.
 */
interface Grain {
  readonly ms: number;
  /** The Distributed table; each shard's is `<table>_local`. */
  readonly table: 'log_rollups' | 'log_rollups_daily' | 'log_drills' | 'log_drills_daily' | 'log_day_bits' | 'log_hour_bits';
  /** The rollups it holds, by log kind; the drill tables' rows carry `by_key`. */
  readonly kinds: ReadonlyMap<LogType, readonly [string, RollupDef][]>;
  readonly drill: boolean;
  /** Rows per (key, user) with a bit per `ms` of the span in `column` (blockRows), not ROW_COLUMNS. */
  readonly bits?: { readonly ms: number; readonly column: 'days' | 'hours' };
}
/** A rollup read from bits for whole days and hours: a distinct-user top-N (its keys unlabelled, as the catalogue's are). */
const inBlocks = (d: RollupDef) => d.layout === 'blocks' && !!d.sub && !d.label;
const REPORT_KINDS = byKind(ROLLUPS);
const DRILL_KINDS = byKind(DRILL_ROLLUPS);
const HOURS: Grain = { ms: HOUR_MS, table: 'log_rollups', kinds: REPORT_KINDS, drill: false };
const DAYS: Grain = { ms: DAY_MS, table: 'log_rollups_daily', kinds: REPORT_KINDS, drill: false };
const DRILL_HOURS: Grain = { ms: HOUR_MS, table: 'log_drills', kinds: DRILL_KINDS, drill: true };
const DRILL_DAYS: Grain = { ms: DAY_MS, table: 'log_drills_daily', kinds: DRILL_KINDS, drill: true };
const BIT_KINDS = byKind(new Map([...ROLLUPS].filter(([, d]) => inBlocks(d))));
const DAY_BITS: Grain = { ms: BLOCK_MS, table: 'log_day_bits', kinds: BIT_KINDS, drill: false, bits: { ms: DAY_MS, column: 'days' } };
const HOUR_BITS: Grain = { ms: DAY_MS, table: 'log_hour_bits', kinds: BIT_KINDS, drill: false, bits: { ms: HOUR_MS, column: 'hours' } };
const GRAINS = [HOURS, DAYS, DRILL_HOURS, DRILL_DAYS, DAY_BITS, HOUR_BITS];
/** Tables whose rows an insert repeated leaves as they were (bits or'ed): a fill taken up again need not delete them. */
const IDEMPOTENT = new Set(GRAINS.filter((g) => g.bits).map((g) => `${g.table}_local`));

/**
 * A grain's rows of a shard's events (those matching `where`), for the rollups given (all of one kind): what its view
 * inserts, and what a fill inserts for the events before the view.
 */
function rollupRows(db: Sql, logType: LogType, defs: readonly (readonly [string, RollupDef])[], from: string, grain: Grain, where: readonly Sql[] = []): Sql {
  if (grain.bits) return blockRows(db, logType, defs, from, grain, where);
  const named = [
    ['tenant_id', raw('tenant_id')],
    ['rollup', raw('tupleElement(c, 1)')],
    ...(grain.drill ? [['by_key', raw('tupleElement(c, 9)')] as const] : []),
    ['hour', raw(`intDiv(ts, ${grain.ms}) * ${grain.ms}`)],
  ] as const;
  const groups = named.map(([, g]) => g);
  return eventRows(logType, defs, sql`${db}.${raw(identifier(from))}`, where, groups, (c) => c, { groupAs: (i) => named[i]![0], keyed: grain.drill });
}

/**
 * The groups of a kind's rollup rows per filter value of a UTC day or hour (`ms`; migrations 017, 018, filterDays.ts),
 * as its columns name them: an event counts once for each of the kind's filter fields it has (`field`), under that
 * field's value, and for a list once under each of its values; for a rollup of UNSUBTRACTED, once too under ABSENT for
 * each field holding one value that it lacks.
 */
function dayGroups(logType: LogType, ms: number) {
  const lists = dayLists(logType);
  const texts = dayFields(logType).filter((f) => !lists.includes(f));
  const unsubtracted = REPORT_KINDS.get(logType)?.flatMap(([id]) => (UNSUBTRACTED.has(id) ? [id] : [])) ?? [];
  const absentCounts = unsubtracted.length ? sql` OR has(${unsubtracted}, tupleElement(c, 1))` : sql``;
  // A field holding one value: (field, value) if the event has it, (field, ABSENT) if not and the rollup counts such
  // events, else dropped (an empty field name): from the fields' own columns, not the arrays of every field.
  const pairs = [
    ...(texts.length
      ? [sql`arrayFilter(p -> tupleElement(p, 1) != '', [${join(texts.map((f) => sql`tuple(if(${has(f)}${absentCounts}, ${f}, ''), if(${has(f)}, ${text(f)}, ${ABSENT}))`), ', ')}])`]
      : []),
    ...lists.map((f) => sql`arrayMap(v -> tuple(${f}, v), arrayDistinct(${list(f)}))`),
  ];
  return [
    ['tenant_id', raw('tenant_id')],
    ['rollup', raw('tupleElement(c, 1)')],
    ['field', sql`tupleElement(arrayJoin(arrayConcat(${join(pairs, ', ')})) AS pair, 1)`],
    ['by_key', raw('tupleElement(pair, 2)')],
    ['hour', raw(`intDiv(ts, ${ms}) * ${ms}`)],
  ] as const;
}

/**
 * The rollups of the series and heat maps, kept per filter value and hour too (migration 018): their bins need not
 * hold whole UTC days (a heat map's never do), and their keys are few.
 */
const FILTER_HOURS: ReadonlySet<string> = new Set(
  REPORT_NAMES.map(reportSpec)
    .filter((spec) => spec.kind === 'series' || spec.kind === 'heatmap')
    .map((spec) => rollupId(reportRollups(spec).main!)),
);
const HOUR_KINDS = byKind(new Map([...ROLLUPS].filter(([id]) => FILTER_HOURS.has(id))));

/**
 * Whether the rows of rollup `d`, read for a report (`users`: its metric is distinct users), cannot be subtracted from
 * one another: distinct users, or a key's label (the least of its events' values).
 */
const unsubtractable = (d: RollupDef, users: boolean) => users || !!d.label;

/**
 * The rollups some report reads that cannot be subtracted: given an exclusion of a field holding one value an event,
 * read as the rows of the field's other values and of the events without it (dayFilterAggregate), which their rows per
 * filter value hold (under ABSENT, dayGroups). The other rollups' exclusions subtract, and need no such rows.
 */
const UNSUBTRACTED: ReadonlySet<string> = new Set(
  REPORT_NAMES.map(reportSpec).flatMap((spec) =>
    Object.values(reportRollups(spec))
      .filter((d) => unsubtractable(d, spec.metric === 'users'))
      .map(rollupId),
  ),
);

/** The user of a bit row of events without one (migration 014): no stored text holds a NUL (safeText.ts). */
const NO_USER = '\u0000';

/**
 * A shard's bit rows of distinct-user rollups (migration 014): per tenant, rollup, span of the grain (a block of days,
 * a day), key and user counted (NO_USER for events without one), the bit of each part of the span (a day, an hour)
 * with such an event.
 */
function blockRows(db: Sql, logType: LogType, defs: readonly (readonly [string, RollupDef])[], from: string, grain: Grain, where: readonly Sql[]): Sql {
  const all = join(defs.map(([id, d]) => contributions(id, d, false, STORED)), ', ');
  const block = `intDiv(ts, ${grain.ms}) * ${grain.ms}`;
  return sql`SELECT tenant_id, tupleElement(c, 1) AS rollup, ${raw(block)} AS hour, tupleElement(c, 2) AS has_key, tupleElement(c, 3) AS key,
                    if(tupleElement(c, 6) = 1, tupleElement(c, 5), ${NO_USER}) AS user, groupBitOrState(toUInt64(bitShiftLeft(toUInt64(1), intDiv(ts - ${raw(block)}, ${grain.bits!.ms})))) AS ${raw(grain.bits!.column)}
               FROM ${db}.${raw(identifier(from))} ARRAY JOIN arrayConcat(${all}) AS c
              WHERE ${join([sql`log_type = ${logType}`, ...where], ' AND ')}
              GROUP BY tenant_id, rollup, hour, has_key, key, user`;
}

/** A bit grain's (has_key, key, user) of a rollup with a bit in the spans (whole days of blocks, whole hours of days). */
function bitRows(db: Sql, grain: Grain, tenantId: string, id: string, spans: readonly Span[]): Sql {
  const { ms, column } = grain.bits!;
  const { blocks: starts, masks } = blockMasks(spans, grain.ms, ms);
  const mask = sql`multiIf(${join(starts.map((b, i) => sql`hour = ${b}, toUInt64(${masks[i]!})`), ', ')}, toUInt64(0))`;
  return sql`SELECT has_key, key, user FROM ${db}.${raw(grain.table)}
              WHERE tenant_id = ${tenantId} AND rollup = ${id} AND hour IN (${join(starts.map((b) => sql`${b}`), ', ')})
                AND bitAnd(finalizeAggregation(${raw(column)}), ${mask}) != 0`;
}

/**
 * The materialized view of a kind's rollups at a grain, on the table its events enter by: named by the rollups it
 * fills, the table it reads and the one it fills, so a changed catalogue (or the views of stores before migration
 * 007, on log_events_local) is replaced by a new one.
 */
const viewOf = (logType: LogType, defs: readonly (readonly [string, RollupDef])[], grain: Grain) =>
  `rollups_${createHash('sha256')
    .update(`${logType} ${defs.map(([id]) => id).join(' ')} ${ingestTable(logType, true)}${grain === HOURS ? '' : ` ${grain.table}`}`)
    .digest('hex')
    .slice(0, 16)}`;

/** What a report's reads of its rollups share (see aggregate). */
interface AggregateRead {
  readonly db: Sql;
  /** The table raw events are read from: log_events, or its copy in the users' order given a user (filtersUsers). */
  readonly events: Sql;
  /** How `events` holds the fields: the copy in the users' order has no columns of its own for them (FIELD_COLUMNS). */
  readonly fields: EventFields;
  readonly tenantId: string;
  readonly read: TimeRange;
  /** The report's filters' conditions: raw events when there are any (the rollups hold no other fields), but… */
  readonly filters: readonly Sql[];
  /** …a drill-down given the values of its filter its rows answer (drillValues), … */
  readonly drill: readonly string[] | null;
  /** …or a report given its one filter with rows per value of past days (dayFilterAggregate). */
  readonly dayFilter: DayFilterRead | null;
  /** Where a table's rows of a rollup are filled from (fill.ts): raw events before. */
  readonly wholeFrom: (table: string, id: string) => number;
  /**
   * A distinct-user top-N: false reads daily and hourly states instead of blocks and hour bits, 'days' hourly states
   * instead of hour bits (ReportOptions.layouts).
   */
  readonly bits: boolean | 'days';
  /** False answers 0 distinct users, for a report whose metric is not users: merging the users' states of every key is the most of a near-unique top-N's work. */
  readonly users: boolean;
}

/** One read of a rollup (see aggregate). */
interface AggregatePart {
  /** The groups of a time column (besides the key). */
  readonly groups?: (col: string) => Sql[];
  /** Whether a span's events share their group: its hourly rows are read where they do. */
  readonly whole?: (from: number, to: number) => boolean;
  /**
   * False reads whole days from hourly rows too; 'edges' leaves them out, 'raw' leaves out the whole hours too (the
   * caller reads those from heads). Of a report given its one filter with rows per value, also 'whole', only its whole
   * days and hours, and 'wholeDays', only its whole days (what heads read; see dayFilterAggregate).
   */
  readonly days?: boolean | 'edges' | 'raw' | 'whole' | 'wholeDays';
  /** The rows are read WITH TOTALS. */
  readonly totals?: boolean;
}

/** The parts of the range a read takes (AggregatePart.days): its partial hours, whole hours and whole days. */
function partsRead(days: AggregatePart['days']): { raw: boolean; hours: boolean; days: boolean } {
  return {
    raw: days !== 'whole' && days !== 'wholeDays',
    hours: days !== 'raw' && days !== 'wholeDays',
    days: days !== 'edges' && days !== 'raw',
  };
}

/**
 * One rollup's grouped rows over the range, per group and key, with the columns of `Grouped`: the rollup's daily rows
 * for whole UTC days (unless `days` is false) and hourly rows for whole hours (where `whole` says a span's events
 * share their group), raw events for the rest. Raw events for everything when the report filters, but as
 * AggregateRead says; raw events too before `wholeFrom(table, id)`, where a new table's rows are not yet filled.
 */
function aggregate(
  q: AggregateRead,
  d: RollupDef,
  { groups = () => [], whole = () => true, days = true, totals = false }: AggregatePart = {},
): Sql {
  const { db, events, fields, tenantId, read, filters, drill, dayFilter, wholeFrom, bits, users } = q;
  const id = rollupId(d);
  if (dayFilter && fromDayRows(q, d) && (days !== false || FILTER_HOURS.has(id))) return dayFilterAggregate(q, d, dayFilter, { groups, whole, days, totals });
  if (days === 'whole' || days === 'wholeDays') throw new Error(`Only a report given one filter with rows per value reads its whole spans alone: ${id}`);
  const [hours, daily, ofKey] = drill
    ? [DRILL_HOURS, DRILL_DAYS, [sql`by_key IN (${join(drill.map((v) => sql`${v}`), ', ')})`]]
    : [HOURS, DAYS, []];
  const usable = drill ? DRILL_ROLLUPS.has(id) : !filters.length && ROLLUPS.has(id);
  const rowsFrom = usable ? Math.max(read.startMs, wholeFrom(`${hours.table}_local`, id), wholeFrom(`${daily.table}_local`, id)) : Infinity;
  const planned: RangePlan = usable ? planRange(rowsFrom, read.endMs, whole, days !== false) : { raw: [], hours: [], days: [] };
  const keep = partsRead(days);
  const plan = { raw: planned.raw, hours: keep.hours ? planned.hours : [], days: keep.days ? planned.days : [] };
  const rawTo = Math.min(rowsFrom, read.endMs + 1);
  if (read.startMs < rawTo) plan.raw.unshift([read.startMs, rawTo]);
  // No raw part when the rollup rows cover the range.
  const parts: Sql[] = [];
  if (plan.raw.length || (!plan.hours.length && !plan.days.length))
    parts.push(eventRows(d.logType, [[id, d]], events, [sql`tenant_id = ${tenantId}`, within('ts', plan.raw), ...filters], groups('ts'), r, { plain: true, fields }));
  // A distinct-user top-N's whole days from its blocks and its whole hours from its hour bits (each once filled that
  // far): a (key, user) pair a block or a day, in one uniqExact state per key.
  const bitsOf = (grain: Grain, spans: readonly Span[]) =>
    (bits === true || (bits === 'days' && grain === DAY_BITS)) && !drill && days === true && inBlocks(d) && !groups('x').length && spans.length > 0 && spans[0]![0] >= wholeFrom(`${grain.table}_local`, id);
  const [dayBits, hourBits] = [bitsOf(DAY_BITS, plan.days), bitsOf(HOUR_BITS, plan.hours)];
  const pairs = [...(dayBits ? [bitRows(db, DAY_BITS, tenantId, id, plan.days)] : []), ...(hourBits ? [bitRows(db, HOUR_BITS, tenantId, id, plan.hours)] : [])];
  if (pairs.length)
    parts.push(
      sql`SELECT has_key AS ${raw(r('has_key'))}, key AS ${raw(r('key'))}, toUInt64(0) AS ${raw(r('events'))}, toUInt64(0) AS ${raw(r('first_events'))},
                 toInt64(0) AS ${raw(r('byte_sum'))}, toInt64(0) AS ${raw(r('first_byte_sum'))},
                 uniqExactIfState(user, user != ${NO_USER}) AS ${raw(r('users'))}, minIfState('', toUInt8(0)) AS ${raw(r('label'))}, toUInt64(0) AS ${raw(r('labelled'))}
            FROM (${join(pairs, ' UNION ALL ')}) GROUP BY has_key, key`,
    );
  for (const [grain, spans] of [[hours, hourBits ? [] : plan.hours], [daily, dayBits ? [] : plan.days]] as const) {
    if (!spans.length) continue;
    parts.push(
      sql`SELECT ${rowColumns(groups)}
            FROM ${db}.${raw(grain.table)} WHERE ${join([sql`tenant_id = ${tenantId}`, sql`rollup = ${id}`, ...ofKey, within('hour', spans)], ' AND ')}`,
    );
  }
  return grouped(d, groups, parts, { users, totals });
}

/**
 * A report whose one filter is a field with rows per value of past days: the field, its values (`exclude`: the
 * events without them), and per UTC day and hour the builds to read (FilterDays.readable).
 */
interface DayFilterRead {
  readonly field: string;
  readonly values: readonly string[];
  readonly exclude: boolean;
  /** The field is a list (an event holds several values): an exclusion of its value is read by subtraction alone. */
  readonly list: boolean;
  readonly builds: FilterBuilds;
  /** The events with one of the values (the filter's condition; of an exclusion, the excluded events). */
  readonly matching: Sql;
}

/**
 * Whether a report given one filter with rows per value reads them for rollup `d` (dayFilterAggregate): not an
 * exclusion of a list's value where the rows cannot be subtracted (an event holding it may hold others, so the other
 * values' rows count it too).
 */
function fromDayRows({ dayFilter, drill, users }: AggregateRead, d: RollupDef): boolean {
  return !!dayFilter && !drill && ROLLUPS.has(rollupId(d)) && !(dayFilter.exclude && dayFilter.list && unsubtractable(d, users));
}

/**
 * Where dayFilterAggregate reads rows from (raw events before): the stamp rollup's daily rows, and for an exclusion
 * the rollup's own, filled that far (`wholeFrom`, as for aggregate).
 */
function dayFilterFrom({ read, wholeFrom }: AggregateRead, d: RollupDef, filter: DayFilterRead): number {
  const id = rollupId(d);
  return Math.max(
    read.startMs,
    wholeFrom('log_rollups_daily_local', dayStamp(d.logType)!),
    ...(filter.exclude ? [DAYS, HOURS].map((grain) => wholeFrom(`${grain.table}_local`, id)) : []),
  );
}

/**
 * A report whose one filter (`filters`: its condition) is a field with rows per value of past days: its whole UTC days
 * from those rows, built in the background, where every shard holding events of the day has a build that holds
 * (filterDays.ts), raw events for the rest. An exclusion reads such a day as the rollup's rows less those of the
 * excluded values (an event counts once under a list's value, so one value of a list; the other fields hold one value
 * an event): the build's stamp holding, both count the same events (an event arriving for the day between
 * FilterDays.readable and the read is in the rollup's rows and not yet in the build's: that read counts it, excluded or
 * not). Rows that cannot be subtracted (UNSUBTRACTED) are read as those of the field's other values, ABSENT's (events
 * without the field) among them. `wholeFrom`: as for aggregate (the stamp rollup's daily rows, and the rollup's own
 * for an exclusion).
 */
function dayFilterAggregate(
  q: AggregateRead,
  d: RollupDef,
  filter: DayFilterRead,
  { groups = () => [], whole = () => true, days = true, totals = false }: AggregatePart,
): Sql {
  const { db, tenantId, read, filters, users } = q;
  const id = rollupId(d);
  // Whole days and whole hours read from the rows per filter value (and, for an exclusion that subtracts, the
  // rollup's own of the same grain): a whole day from its day's build, a whole hour from its day's build (of a rollup
  // kept per hour) or its hour's; what is not built from the events.
  const rows = { days: { spans: [] as Span[], builds: new Map<string, readonly Sql[]>() }, hours: { spans: [] as Span[], builds: new Map<string, readonly Sql[]>() } };
  const tables = [['log_filter_days', DAYS, rows.days], ['log_filter_hours', HOURS, rows.hours]] as const;
  const from = dayFilterFrom(q, d, filter);
  const plan = planRange(from, read.endMs, whole, days !== false);
  const keep = partsRead(days);
  if (read.startMs < from && !(keep.raw && keep.hours && keep.days)) throw new Error(`The range's start is not yet filled for a read of its parts: ${id}`);
  const unbuilt: Span[] = [];
  const take = (into: (typeof rows)['days'], t: number, ms: number, key: string, builds: readonly Sql[]) => {
    pushSpan(into.spans, t, t + ms);
    into.builds.set(key, builds);
  };
  const place = (spans: readonly Span[], step: number) => {
    for (const [a, b] of spans)
      for (let t = a; t < b; t += step) {
        const day = Math.floor(t / DAY_MS) * DAY_MS;
        const built = filter.builds.days.get(day);
        if (built && step === DAY_MS) take(rows.days, t, step, `d${day}`, built);
        else if (built && FILTER_HOURS.has(id)) take(rows.hours, t, step, `d${day}`, built);
        else
          for (let h = t; h < t + step; h += HOUR_MS) {
            const hour = filter.builds.hours.get(h);
            if (hour) take(rows.hours, h, HOUR_MS, `h${h}`, hour);
            else pushSpan(unbuilt, h, h + HOUR_MS);
          }
      }
  };
  place(keep.days ? plan.days : [], DAY_MS);
  place(keep.hours ? plan.hours : [], HOUR_MS);
  // The events' spans in order, adjacent ones joined: with no day built, one span as a read without the rows has.
  const spans: Span[] = [];
  const pieces = [...(read.startMs < from ? [[read.startMs, Math.min(from, read.endMs + 1)] as const] : []), ...(keep.raw ? plan.raw : []), ...unbuilt];
  for (const [a, b] of pieces.sort(([a], [b]) => a - b)) pushSpan(spans, a, b);
  // An exclusion's parts in signed sums, its values' rows subtracted; or, of rows that cannot be subtracted, the rows
  // of its other values.
  const subtract = filter.exclude && !unsubtractable(d, users);
  const signed = (part: Sql, negative = false) => (subtract ? signedRows(groups, part, negative) : part);
  const values = sql`by_key ${raw(filter.exclude && !subtract ? 'NOT IN' : 'IN')} (${join(filter.values.map((v) => sql`${v}`), ', ')})`;
  // Distinct users as lists of them, as the rows per filter value keep them (never subtracted).
  const parts = [signed(eventRows(d.logType, [[id, d]], sql`${db}.log_events`, [sql`tenant_id = ${tenantId}`, within('ts', spans), ...filters], groups('ts'), r, { plain: true, userList: users }))];
  for (const [table, grain, part] of tables) {
    if (!part.builds.size) continue;
    const builds = [...part.builds.values()].flat();
    parts.push(
      signed(
        sql`SELECT ${rowColumns(groups, users ? 'user_list' : 'users')}
              FROM ${db}.${raw(table)}
             WHERE tenant_id = ${tenantId} AND rollup = ${id} AND field = ${filter.field} AND ${values}
               AND ${within('hour', part.spans)} AND (shard, intDiv(hour, ${DAY_MS}) * ${DAY_MS}, build) IN (${join(builds, ', ')})`,
        true,
      ),
    );
    if (subtract)
      parts.push(
        signed(sql`SELECT ${rowColumns(groups)} FROM ${db}.${raw(grain.table)} WHERE tenant_id = ${tenantId} AND rollup = ${id} AND ${within('hour', part.spans)}`),
      );
  }
  return grouped(d, groups, parts, { users: users && 'lists', totals, having: subtract });
}

/**
 * A part of rollup rows (its columns named as rowColumns names them) with the sums signed, negated if `negative`:
 * 18.16 finds no common type for unsigned and signed columns of a UNION ALL.
 */
function signedRows(groups: (col: string) => Sql[], part: Sql, negative: boolean): Sql {
  const sign = negative ? '-' : '';
  const columns = [...groups('hour').map((_, i) => `g${i}`), ...ROW_COLUMNS.map((c) => (SUMS.has(c) ? `${sign}toInt64(${r(c)}) AS ${r(c)}` : r(c)))];
  return sql`SELECT ${raw(columns.join(', '))} FROM (${part})`;
}

/**
 * The columns of a part of rollup rows (a table with `hour` and ROW_COLUMNS): its groups `g<i>`, its columns `r_…`;
 * `users`: the table's column of distinct users.
 */
const rowColumns = (groups: (col: string) => Sql[], users = 'users') =>
  join([...groups('hour').map((x, i) => sql`${x} AS g${raw(String(i))}`), ...ROW_COLUMNS.map((c) => raw(`${c === 'users' ? users : c} AS ${r(c)}`))], ', ');

/**
 * The union of a rollup's parts (raw and rollup rows, the columns `r_…`) grouped once more, as `Grouped`; `users`:
 * distinct users counted, from uniqExact states, or ('lists') from lists of them; `totals`: WITH TOTALS; `having`:
 * only keys with events (the parts subtract rows: a key of excluded events alone sums to none).
 */
function grouped(
  d: RollupDef,
  groups: (col: string) => Sql[],
  parts: readonly Sql[],
  { users, totals = false, having = false }: { users: boolean | 'lists'; totals?: boolean; having?: boolean },
): Sql {
  const g = groups('ts').map((_, i) => raw(`g${i}`));
  const columns = [
    ...g,
    raw(`if(${r('has_key')} = 1, ${r('key')}, NULL) AS key`),
    raw(`sum(${r('events')}) AS events`),
    raw(`sum(${r('first_events')}) AS first_events`),
    raw(`sum(${r('byte_sum')}) AS byte_sum`),
    raw(`sum(${r('first_byte_sum')}) AS first_byte_sum`),
    raw(users === 'lists' ? `uniqExactArray(${r('users')}) AS users` : users ? `uniqExactIfMerge(${r('users')}) AS users` : 'toUInt64(0) AS users'),
    // A rollup without a label field has none to merge: its rows' label states are not read.
    raw(d.label ? `if(sum(${r('labelled')}) = 0, NULL, minIfMerge(${r('label')})) AS label` : 'CAST(NULL AS Nullable(String)) AS label'),
  ];
  return sql`SELECT ${join(columns, ', ')} FROM (${join(parts, ' UNION ALL ')}) GROUP BY ${join([...g, raw(r('has_key')), raw(r('key'))], ', ')}${raw(
    `${totals ? ' WITH TOTALS' : ''}${having ? ' HAVING events != 0' : ''}`,
  )}`;
}

/**
 * The values of a drill-down's filter when its rows answer it: the filter is the only one given, and a list field's
 * (an event's categories) has one value, since an event holding two of them counts once. Else null: raw events.
 */
function drillValues(spec: ReportSpec, params: ReportParams, filters: readonly Sql[]): string[] | null {
  if (!spec.requires || filters.length !== 1) return null;
  const values = appliedValues(spec.requires, params[spec.requires]);
  return values && (values.length === 1 || reportFilters(spec.logType)[spec.requires]?.kind !== 'array') ? values : null;
}

/**
 * The field and values of a report's one filter or exclusion (`not_p`) when it is a field with rows per value of past
 * days (filterDays.ts), given one value if the field is a list (an event holding two of them counts once, see
 * dayLists), none of them ABSENT; else null.
 */
function dayFilterValues(spec: ReportSpec, params: ReportParams, filters: readonly Sql[], events: EventFields): Omit<DayFilterRead, 'builds'> | null {
  if (spec.requires || filters.length !== 1) return null;
  const fields = dayFields(spec.logType);
  for (const [param, f] of Object.entries(reportFilters(spec.logType))) {
    if (!f || !fields.includes(f.field)) continue;
    for (const [values, exclude] of [[appliedValues(param, params[param]), false], [appliedValues(param, params[excludeParam(param)]), true]] as const)
      if (values)
        return (values.length === 1 || f.kind !== 'array') && !values.includes(ABSENT)
          ? { field: f.field, values, exclude, list: f.kind === 'array', matching: matches(spec.logType, f, values, events) }
          : null;
  }
  return null;
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);

function metricOf(spec: ReportSpec, r: Grouped): number {
  return spec.metric === 'count' ? num(r.events) : spec.metric === 'bytes' ? num(r.byte_sum) : num(r.users);
}

/** The column of the report's metric. */
const orderBy = (spec: ReportSpec) => raw(spec.metric === 'count' ? 'events' : spec.metric === 'bytes' ? 'byte_sum' : 'users');

/** Sorts like the SQL store: value descending, then key (byte order). */
const byValueThenKey = (a: { key: string; value: number }, b: { key: string; value: number }) =>
  b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export class ClickHouseLogStore implements LogStore {
  readonly name = 'clickhouse' as const;
  readonly ch: ClickHouse;
  /** The last sequence number handed out (events of one millisecond are ordered by it). */
  private seq = 0;
  /** Batches acknowledged once queued in the SQL store, moved to the cluster in large inserts (queue.ts). */
  readonly queue: IngestQueue;
  /** New rollup tables being filled from the events before their views. */
  private readonly fills: RollupFills;
  /** The heads of past days and hours, built in the background, which top-N reports read first. */
  readonly heads: Heads;
  /** The rows per filter value of past days, built in the background, which reports with one such filter read. */
  readonly filterDays: FilterDays;
  /** From when log_user_events holds every event (migration 019); not read before start. */
  private userEventsFrom = Infinity;
  /** This server's lease on the cluster's upkeep (see start). */
  private lease: Lease | undefined;

  /** `fillStepEvents`: about how many events of a shard a step of a fill of new rollup tables counts (fill.ts). */
  constructor(config: ClickHouseConfig, ch: ClickHouse = new ClickHouse(config), options: { fillStepEvents?: number } = {}) {
    this.ch = ch;
    this.fills = new RollupFills(ch, (target, ids, where) => {
      const grain = GRAINS.find((g) => `${g.table}_local` === target);
      const kinds = [...(grain?.kinds ?? [])].map(([logType, defs]) => [logType, defs.filter(([id]) => ids.includes(id))] as const).filter(([, defs]) => defs.length);
      return grain && kinds.length ? join(kinds.map(([logType, defs]) => rollupRows(this.db, logType, defs, 'log_events_local', grain, where)), ' UNION ALL ') : null;
    }, IDEMPOTENT, options.fillStepEvents);
    this.heads = new Heads(ch, (table, id) => this.fills.wholeFrom(table, id));
    this.filterDays = new FilterDays(
      ch,
      (logType, where, rows) => {
        const defs = (rows === 'dayHours' ? HOUR_KINDS : REPORT_KINDS).get(logType);
        const named = dayGroups(logType, rows === 'days' ? DAY_MS : HOUR_MS);
        return defs?.length
          ? eventRows(logType, defs, sql`${this.db}.log_events_local`, where, named.map(([, g]) => g), (c) => c, { groupAs: (i) => named[i]![0], userList: true })
          : null;
      },
      (table, id) => this.fills.wholeFrom(table, id),
    );
    // A TabSeparated insert through the kind's Distributed ingest table with insert_distributed_sync: done once every
    // shard has its rows; the views that store them and fill the kind's rollups run in the same insert.
    this.queue = new IngestQueue(
      {
        insert: (logType, rows) => this.ch.insert(ingestTable(logType), `${EVENT_COLUMNS}, batch_key, batch_row`, rows),
        held: (logType, entries) => this.heldRows(logType, entries),
        recount: (logType, entries, alone) => this.recount(logType, entries, alone),
      },
      `${ch.config.cluster} ${ch.config.database}`,
    );
  }

  private get db(): Sql {
    return raw(this.ch.config.database);
  }

  /**
   * Brings the cluster up to date (migrations, the fields' columns, rollup views, the SQL store's events on a new
   * cluster) and fills new rollup tables in the background, under a lease of the SQL store: of several servers sharing
   * it, one does this at a time, and one starting meanwhile waits until the fills are done (two would count the same
   * days twice). A server killed during it holds the lease until it expires (a minute).
   */
  async start(db: Db): Promise<void> {
    const lease = new Lease(db, `clickhouse upkeep ${this.ch.config.cluster} ${this.ch.config.database}`);
    this.lease = lease;
    await lease.take({
      waiting: () => console.info('ClickHouse: another server is bringing the cluster up to date (migrations, new rollups and their fill); this one starts once it is done.'),
    });
    try {
      await migrateClickHouse(this.ch);
      await addFieldColumns(this.ch);
      await this.syncUserOrder();
      await this.syncRollups();
      this.seq = Math.max(this.seq, this.fills.bound);
      await sqlLogStore.start(db);
      await this.takeSqlEvents(db);
    } catch (e) {
      await lease.release();
      throw e;
    }
    this.fills.start(() => lease.isHeld);
    // Given back once the fills are done or stopped (or at close).
    void this.fills
      .done()
      .then(() => lease.release())
      .catch(() => undefined);
    this.heads.start();
    this.filterDays.start();
    this.queue.start(db);
  }

  /** Resolves when the new rollup tables this start found are filled (reads take the events meanwhile). */
  rollupsFilled(): Promise<void> {
    return this.fills.done();
  }

  /**
   * A materialized view per log kind and rollup table (GRAINS) on every server, each filling all of the kind's
   * rollups kept there: a new one is created, and the rollups its table lacks are planned to be filled from the
   * shard's events so far (fill.ts, in the background after start); one no longer wanted is dropped, and the rows of
   * rollups no longer in the catalogue deleted. Run at start, before this server stores events (a batch another server
   * stores into the cluster between the fill's bound and the view is left out of a new rollup).
   */
  private async syncRollups(): Promise<void> {
    const wanted = new Map(
      GRAINS.flatMap((grain) => [...grain.kinds].map(([logType, defs]) => [viewOf(logType, defs, grain), { logType, defs, grain }] as const)),
    );
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      const views = await this.ch.rows<{ name: string; query: string }>(
        sql`SELECT name, create_table_query AS query FROM system.tables
             WHERE database = ${this.ch.config.database} AND engine = 'MaterializedView' AND startsWith(name, 'rollups_')`,
        { shard },
      );
      // The rollups a table holds are the ids its views name.
      const covered = (grain: Grain) =>
        new Set(views.filter((v) => v.query.includes(` TO ${this.ch.config.database}.${grain.table}_local `)).flatMap((v) => [...v.query.matchAll(/'(r[0-9a-f]{16})'/g)].map((m) => m[1]!)));
      const held = new Map(GRAINS.map((grain) => [grain, covered(grain)]));
      // Views belong to the server they are made on: every replica of the shard gets them, the fills (into replicated
      // tables) are the shard's.
      for (const v of views) if (!wanted.has(v.name)) await this.ch.onEachReplica(shard, sql`DROP TABLE IF EXISTS ${this.db}.${raw(identifier(v.name))}`);
      const span = await this.fills.span(shard);
      const planned = new Set<string>();
      for (const [name, { logType, defs, grain }] of wanted) {
        if (views.some((v) => v.name === name)) continue;
        const target = `${grain.table}_local`;
        const missing = defs.filter(([id]) => !held.get(grain)!.has(id)).map(([id]) => id);
        if (missing.length && span) {
          await this.fills.plan(shard, { view: name, target, rollups: missing, ...span });
          planned.add(name);
        }
        await this.ch.onEachReplica(
          shard,
          sql`CREATE MATERIALIZED VIEW IF NOT EXISTS ${this.db}.${raw(name)} TO ${this.db}.${raw(target)} AS ${rollupRows(this.db, logType, defs, ingestTable(logType, true), grain)}`,
        );
      }
      await this.fills.resume(shard, planned, span?.bound ?? 0);
      for (const [grain, ids] of held) {
        const kept = new Set([...grain.kinds.values()].flatMap((defs) => defs.map(([id]) => id)));
        const gone = [...ids].filter((id) => !kept.has(id));
        if (gone.length) {
          await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(`${grain.table}_local`)} DELETE WHERE rollup IN (${join(gone.map((id) => sql`${id}`), ', ')})`, shard);
        }
      }
    }
  }

  /**
   * The copy of the events in the users' order (migration 019), kept as the configuration says (`userOrder`): on each
   * server, where its views are not all there, "not yet" recorded and the views made; then, where the latest time is
   * "not yet" or none, the time from which it holds every event: one past the latest event stored by then (an event
   * stored meanwhile is in both). Off, its views dropped, and the copy not read. Reads take the copy from the latest
   * time of every server's. Every server of a cluster is to be configured alike: one that drops the views leaves
   * another's reads of the copy short.
   */
  private async syncUserOrder(): Promise<void> {
    const viewOf = (kind: LogType) => `${ingestTable(kind)}_user_events`;
    const names = CLUSTER_KINDS.map(viewOf);
    const wanted = this.ch.config.userOrder;
    let from = 0;
    for (const server of this.ch.serversOf()) {
      const on = { server };
      const views = await this.ch.rows<{ name: string }>(
        sql`SELECT name FROM system.tables WHERE database = ${this.ch.config.database} AND has(${names}, name)`,
        { shard: on },
      );
      if (!wanted) {
        for (const { name } of views) await this.ch.command(sql`DROP TABLE IF EXISTS ${this.db}.${raw(identifier(name))}`, on);
        from = Infinity;
        continue;
      }
      const latest = async () =>
        (await this.ch.rows<{ t: string; n: string }>(sql`SELECT toString(argMax(from_ts, at)) AS t, toString(count()) AS n FROM ${this.db}.log_user_events_from_local`, { shard: on }))
          .map(({ t, n }) => (Number(n) > 0 ? Number(t) : NOT_YET))[0] ?? NOT_YET;
      let at = Date.now();
      if (views.length < names.length) {
        // "Not yet" first: a start cut off before the time below leaves no earlier span's time to read the copy from.
        await this.ch.command(sql`INSERT INTO ${this.db}.log_user_events_from_local VALUES (${NOT_YET}, ${at++})`, on);
        for (const kind of CLUSTER_KINDS) {
          await this.ch.command(
            sql`CREATE MATERIALIZED VIEW IF NOT EXISTS ${this.db}.${raw(viewOf(kind))} TO ${this.db}.log_user_events_local AS
                SELECT ${raw(USER_EVENT_COLUMNS)} FROM ${this.db}.${raw(ingestTable(kind, true))}`,
            on,
          );
        }
      }
      if ((await latest()) === NOT_YET) {
        await this.ch.command(sql`INSERT INTO ${this.db}.log_user_events_from_local SELECT max(ts) + 1, ${Math.max(at, Date.now())} FROM ${this.db}.log_events_local`, on);
      }
      from = Math.max(from, await latest());
    }
    this.userEventsFrom = from >= NOT_YET ? Infinity : from;
  }

  /**
   * A ClickHouse store with no events takes the SQL store's (all kinds but the audit log, which stays there): how a
   * portal moves to the cluster, and how the demo seed arrives in it.
   */
  private async takeSqlEvents(db: Db): Promise<void> {
    const [count] = await this.ch.rows<{ n: string }>(sql`SELECT count() AS n FROM ${this.db}.log_events`);
    if (Number(count?.n) > 0) return;
    const { rows: sqlCount } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM log_events WHERE log_type <> 'audit'`);
    const total = Number(sqlCount[0]?.n ?? 0);
    if (!total) return;
    const started = Date.now();
    let moved = 0;
    let printed = started;
    const many = (n: number) => n.toLocaleString('en');
    console.info(`ClickHouse: the cluster holds no events yet; moving the ${many(total)} events of the portal's database there before the portal starts.`);
    let after = { tenant: '', type: '', ts: -1, seq: -1 };
    // An insert writes a part for each day and table its rows reach, about a second on a shard however few they are:
    // pages large enough for the demo's events to enter by one insert per kind.
    for (;;) {
      const { rows } = await db.query<{ tenant_id: string; log_type: LogType; ts: unknown; seq: unknown; event: Record<string, unknown> }>(
        `SELECT tenant_id, log_type, ts, seq, event FROM log_events
          WHERE log_type <> 'audit' AND (tenant_id, log_type, ts, seq) > ($1, $2, $3::bigint, $4::bigint)
          ORDER BY tenant_id, log_type, ts, seq LIMIT 50000`,
        [after.tenant, after.type, after.ts, after.seq],
      );
      if (!rows.length) break;
      for (const kind of CLUSTER_KINDS) {
        const lines = rows.flatMap((r) => (r.log_type === kind ? [eventLine(r.tenant_id, r.log_type, Number(r.ts), Number(r.seq), r.event)] : []));
        await this.ch.insert(ingestTable(kind), EVENT_COLUMNS, lines);
      }
      const last = rows[rows.length - 1]!;
      after = { tenant: last.tenant_id, type: last.log_type, ts: Number(last.ts), seq: Number(last.seq) };
      this.seq = Math.max(this.seq, after.seq);
      moved += rows.length;
      if (Date.now() - printed >= MOVE_PROGRESS_EVERY_MS && moved < total) {
        printed = Date.now();
        const left = Math.max(1, Math.round((((printed - started) / moved) * (total - moved)) / 1000));
        console.info(`ClickHouse: ${many(moved)} of ${many(total)} events moved to the cluster, about ${left} s left.`);
      }
    }
    console.info(`ClickHouse: ${many(moved)} events moved to the cluster in ${Math.round((Date.now() - started) / 1000)} s.`);
  }

  async logPage<T extends LogType>(db: Db, req: LogPageRequest<T>): Promise<LogPage<T>> {
    if (req.logType === 'audit') return sqlLogStore.logPage(db, req);
    await this.queue.settled(db, req.tenantId);
    const end = Math.min(req.range.endMs, req.after?.ts ?? Infinity);
    const read = async (from: number) => {
      const where = [scope(req.tenantId, req.logType, from, end), ...filterConditions(req.logType, LOG_FILTERS[req.logType], req.query)];
      if (req.after) where.push(sql`(ts < ${req.after.ts} OR (ts = ${req.after.ts} AND seq < ${req.after.seq}))`);
      const page = (columns: Sql, more: Sql = raw('')) =>
        sql`SELECT ${columns} FROM ${this.db}.log_events WHERE ${join(where, ' AND ')}${more} ORDER BY ts DESC, seq DESC LIMIT ${req.limit + 1}`;
      // The page's keys first, sorting the times and sequence numbers alone; then its events, read from the time of
      // its oldest key on (the same rows: the order is total), where one statement sorted every match with its event.
      const keys = await this.ch.rows<{ ts: string }>(page(raw('ts')));
      const oldest = keys[keys.length - 1];
      return oldest ? this.ch.rows<{ ts: string; seq: string; event: string }>(page(raw('ts, seq, event'), sql` AND ts >= ${Number(oldest.ts)}`)) : [];
    };
    // 18.16 sorts every match (it cannot read in the table's order): the last hours before the page's end first, which
    // fill a page of a busy log, then the whole range when they do not.
    const recent = end - LOG_PAGE_WINDOW_MS;
    let rows = recent > req.range.startMs ? await read(recent) : [];
    if (rows.length <= req.limit) rows = await read(req.range.startMs);
    const page = rows.slice(0, req.limit);
    const last = page[page.length - 1];
    const next = last ? encodeCursor({ ts: Number(last.ts), seq: Number(last.seq) }) : req.after ? encodeCursor(req.after) : '';
    return {
      events: page.map((r) => ({ event: answerEvent(req.logType, Number(r.ts), JSON.parse(r.event)) as LogPage<T>['events'][number]['event'] })),
      paginate: { pagingIdentifiers: next, last_iteration: rows.length <= req.limit },
    };
  }

  async report(db: Db, tenantId: string, name: ReportName, params: ReportParams, now: number, options: ReportOptions = {}): Promise<ReportResult> {
    const spec = reportSpec(name);
    if (spec.logType === 'audit') return sqlLogStore.report(db, tenantId, name, params, now, options);
    await this.queue.settled(db, tenantId);
    const interval = params.interval ?? REPORT_INTERVAL_DEFAULT;
    const range = reportRange(params, now);
    const read = { startMs: Math.max(range.startMs, options.sinceMs ?? -Infinity), endMs: range.endMs };
    const useRollups = options.rollups !== false;
    const usersCopy = useRollups && filtersUsers(spec.logType, params) && read.startMs >= this.userEventsFrom;
    const fields = usersCopy ? IN_ARRAYS : STORED;
    const filters = filterConditions(spec.logType, reportFilters(spec.logType), params, fields);
    const drill = drillValues(spec, params, filters);
    const one = dayFilterValues(spec, params, filters, fields);
    const dayFilter = one && { ...one, builds: await this.filterDays.readable(tenantId, spec.logType, read.startMs, read.endMs + 1) };
    const meta = reportMeta(name, params, range);
    const rollups = reportRollups(spec);
    const events = sql`${this.db}.${raw(usersCopy ? 'log_user_events' : 'log_events')}`;
    // Raw events only (ReportOptions.rollups): as if no rollup table were filled as far as the range.
    const wholeFrom = (table: string, id: string) => (useRollups ? this.fills.wholeFrom(table, id) : Infinity);
    const q: AggregateRead = { db: this.db, events, fields, tenantId, read, filters, drill, dayFilter, wholeFrom, bits: options.layouts ?? true, users: spec.metric === 'users' };
    const of = (part: string, how?: AggregatePart) => aggregate(q, rollups[part]!, how);
    const totalOf = (row: Grouped | undefined) =>
      !row ? 0 : spec.metric === 'count' ? num(row.first_events) : spec.metric === 'bytes' ? num(row.first_byte_sum) : num(row.users);
    switch (spec.kind) {
      case 'top': {
        const excluded = spec.excludeKeys ?? [];
        // A report without filters, the drill-down of one value, or an exclusion read from the rows per value (as
        // the heads less the excluded values' rows, where they can be subtracted), from the heads first.
        const main = rollups['main']!;
        const by = drill?.length === 1 ? drill[0]! : null;
        const less =
          dayFilter?.exclude && !unsubtractable(main, q.users) && fromDayRows(q, main) && dayFilterFrom(q, main, dayFilter) === read.startMs
            ? {
                key: `not ${dayFilter.field} ${JSON.stringify(dayFilter.values)}`,
                rows: (hours: boolean) => aggregate({ ...q, filters: [dayFilter.matching], dayFilter: { ...dayFilter, exclude: false } }, main, { days: hours ? 'whole' : 'wholeDays' }),
              }
            : null;
        if (useRollups && spec.metric !== 'users' && (!filters.length || by !== null || less)) {
          const headed = await this.heads.top(main, spec.metric, tenantId, read, params.limit, excluded, (hours) => of('main', { days: hours ? 'edges' : 'raw' }), by, less);
          if (headed) return { kind: 'top', ...meta, data: topData(spec, headed.rows), total: headed.total };
        }
        const { data, totals } = await this.ch.withTotals<Grouped>(
          sql`${of('main', { totals: true })} ORDER BY ${orderBy(spec)} DESC, key LIMIT ${params.limit + excluded.length}`,
        );
        const rows = data
          .filter((r): r is Grouped & { key: string } => r.key !== null && !excluded.includes(r.key))
          .map((r) => ({ key: r.key, value: metricOf(spec, r), label: r.label }))
          .sort(byValueThenKey)
          .slice(0, params.limit);
        return { kind: 'top', ...meta, data: topData(spec, rows), total: totalOf(totals) };
      }
      case 'evasion': {
        const parts = await Promise.all(
          (['techniques', 'lures'] as const).map(async (part) => {
            const rows = await this.ch.rows<Grouped>(sql`${of(part)} ORDER BY ${orderBy(spec)} DESC, key LIMIT ${params.limit}`);
            const param = part === 'techniques' ? 'heat_evasion_techniques' : 'lure_category';
            return rows.map((r) => ({ param, key: r.key, value: metricOf(spec, r) }));
          }),
        );
        const [totalRow] = await this.ch.rows<Grouped>(of('main'));
        const best = parts
          .flat()
          .filter((r): r is typeof r & { key: string } => r.key !== null)
          .sort(byValueThenKey)
          .slice(0, params.limit);
        return { kind: 'evasion', ...meta, data: evasionData(best), total: totalOf(totalRow) };
      }
      case 'series': {
        const starts = bucketStarts(interval, range, params.granularity, params.timezone);
        const bucket = (col: string) => [sql`arraySum(arrayMap(b -> ${raw(col)} >= b, ${starts}))`];
        const { data, totals } = await this.ch.withTotals<Grouped>(of('main', { groups: bucket, whole: inOneBucket(starts), totals: true }));
        const result = seriesOf(spec, starts, data.map((r) => ({ b: r.g0 ?? null, s: r.key, value: metricOf(spec, r) })), totals ? num(totals.users) : 0);
        return { kind: 'series', ...meta, bins: result.series.length, ...result };
      }
      case 'heatmap': {
        const zone = params.timezone ?? 'UTC';
        // The zone on the DateTime, not as a second argument (a week mode in current releases).
        const cell = (col: string) => {
          const t = sql`toDateTime(intDiv(${raw(col)}, 1000), ${zone})`;
          return [sql`toDayOfWeek(${t}) % 7`, sql`toHour(${t})`];
        };
        // A day's row spans every hour of the map's day: hourly rows only, as on SQL.
        const rows = await this.ch.rows<Grouped>(of('main', { groups: cell, whole: inOneLocalHour(zone), days: false }));
        return { kind: 'heatmap', ...meta, ...heatmapOf(rows.map((r) => ({ day: r.g0!, hour: r.g1!, value: metricOf(spec, r) }))) };
      }
    }
  }

  async insights(db: Db, tenantId: string, query: InsightsQuery, now: number, hideUsers: boolean, sinceMs = 0): Promise<InsightsResult> {
    await this.queue.settled(db, tenantId);
    const scope = insightsScope(query, now);
    const { range, starts, catIds } = scope;
    const where = sql`tenant_id = ${tenantId} AND log_type = 'web' AND ts >= ${Math.max(range.startMs, sinceMs)} AND ts <= ${range.endMs}`;
    const metric = query.src === 'bandwidth' ? raw('sum(bytes)') : raw('count()');
    // ILIKE '%q%': a case-insensitive substring, q taken literally.
    const contains = (f: string) => sql`(${has(f)} AND positionCaseInsensitiveUTF8(${text(f)}, ${query.q}) > 0)`;
    const userMatch = hideUsers ? raw('0') : contains('userid');
    const cats = catIds.length ? sql`arrayFilter(c -> has(${catIds}, c), ${list('cats')})` : raw('emptyArrayString()');
    const top = (field: 'userid' | 'domain' | 'cats', key: Sql, cond: Sql, arrayJoin: Sql = raw('')) =>
      this.ch
        .rows<{ key: string; value: string }>(
          sql`SELECT ${key} AS key, ${metric} AS value FROM ${this.db}.log_events ${arrayJoin} WHERE ${where} AND ${cond} GROUP BY key ORDER BY value DESC, key LIMIT ${query.limit}`,
        )
        .then((rows) => rows.map((r) => ({ field, key: r.key, value: r.value })));
    const matches = [
      ...(await top('userid', text('userid'), userMatch)),
      ...(await top('domain', text('domain'), contains('domain'))),
      ...(catIds.length ? await top('cats', raw('c'), raw('1'), sql`ARRAY JOIN ${cats} AS c`) : []),
    ];
    const buckets = await this.ch.rows<{ b: string; value: string }>(
      sql`SELECT arraySum(arrayMap(b -> ts >= b, ${starts})) AS b, ${metric} AS value FROM ${this.db}.log_events
          WHERE ${where} AND (${userMatch} OR ${contains('domain')} OR ${catIds.length ? sql`hasAny(${list('cats')}, ${catIds})` : raw('0')}) GROUP BY b`,
    );
    return insightsResult(query, scope, matches, buckets);
  }

  private async sightings(tenantId: string, cond: Sql, sinceMs: number): Promise<(FileSighting & { sha256: string })[]> {
    const rows = await this.ch.rows<{ sha256: string; n: string; first: string; last: string; event: string }>(
      sql`SELECT ${text('sha256')} AS sha256, count() AS n, min(ts) AS first, max(ts) AS last, argMax(event, (ts, seq)) AS event
            FROM ${this.db}.log_events
           WHERE tenant_id = ${tenantId} AND log_type IN ('web', 'email') AND ts >= ${sinceMs} AND ${has('sha256')} AND ${cond}
           GROUP BY sha256`,
    );
    return rows.map((r) => ({ sha256: r.sha256, sightings: Number(r.n), firstMs: Number(r.first), lastMs: Number(r.last), event: JSON.parse(r.event) }));
  }

  async sandbox(db: Db, tenantId: string, sha256: string, fileId: string, sinceMs = 0) {
    await this.queue.settled(db, tenantId);
    const [row] = await this.sightings(tenantId, sql`${text('sha256')} = ${sha256} AND ${has('file_id')} AND ${text('file_id')} = ${fileId}`, sinceMs);
    return row ? sandboxOf(sha256, fileId, row) : undefined;
  }

  async fileSightings(db: Db, tenantId: string, hashes: readonly string[], sinceMs: number): Promise<FileSighting[]> {
    if (!hashes.length) return [];
    await this.queue.settled(db, tenantId);
    return this.sightings(tenantId, sql`${text('sha256')} IN (${join(hashes.map((h) => sql`${h}`), ', ')})`, sinceMs);
  }

  async collect(db: Db, tenantId: string, logType: LogType, after: { ts: number; seq: number }, limit: number, sinceMs = 0): Promise<StoredEvent[]> {
    if (logType === 'audit') return sqlLogStore.collect(db, tenantId, logType, after, limit, sinceMs);
    await this.queue.settled(db, tenantId);
    const rows = await this.ch.rows<{ ts: string; seq: string; event: string }>(
      sql`SELECT ts, seq, event FROM ${this.db}.log_events
           WHERE tenant_id = ${tenantId} AND log_type = ${logType} AND ts >= ${sinceMs} AND (ts > ${after.ts} OR (ts = ${after.ts} AND seq > ${after.seq}))
           ORDER BY ts, seq LIMIT ${limit}`,
    );
    return rows.map((r) => ({ ts: Number(r.ts), seq: Number(r.seq), event: JSON.parse(r.event) as Record<string, unknown> }));
  }

  async ruleHits(db: Db, tenantId: string, sinceMs: number) {
    await this.queue.settled(db, tenantId);
    return ruleHits(this.ch, tenantId, sinceMs);
  }

  async requestShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number, webFields: Iterable<WebShapeField>, patterns?: WebShapePatterns, scope?: ShapeScope) {
    await this.queue.settled(db, tenantId);
    return requestShapes(this.ch, tenantId, sinceMs, untilMs, webFields, patterns, scope);
  }

  async eventCount(db: Db, tenantId: string, kind: ImpactKind, sinceMs: number, untilMs: number) {
    await this.queue.settled(db, tenantId);
    return eventCount(this.ch, tenantId, kind, sinceMs, untilMs);
  }

  /** Each shape came with its newest event (argMax in the same pass costs a column store little). */
  async shapeExamples(_db: Db, _tenantId: string, _sinceMs: number, _untilMs: number, shapes: readonly RequestShape[]) {
    return shapes.map((s) => s.example);
  }

  /** Sequence numbers: increasing within this server, above any it took from SQL, and above its clock's microseconds. */
  private nextSeqs(n: number): number {
    const first = Math.max(this.seq + 1, Date.now() * 1000);
    this.seq = first + n - 1;
    return first;
  }

  /**
   * Queues the batch in the SQL store (in the caller's transaction, with its key and audit line), acknowledged once
   * committed there; queue.ts moves it to the cluster. Its rows carry a key of its own and their place in it.
   */
  async ingest(db: Db, tenantId: string, logType: LogType, events: readonly IncomingEvent[]): Promise<number> {
    if (logType === 'audit') return sqlLogStore.ingest(db, tenantId, logType, events);
    if (events.length === 0) return 0;
    const first = this.nextSeqs(events.length);
    const key = randomUUID();
    const times = events.map((e) => e.ts);
    await this.queue.add(db, {
      tenantId,
      logType,
      key,
      minTs: Math.min(...times),
      maxTs: Math.max(...times),
      events: events.length,
      rows: events.map((e, i) => `${eventLine(tenantId, logType, e.ts, first + i, e.event)}\t${key}\t${i}`).join('\n'),
    });
    return events.length;
  }

  /**
   * Of queued entries of one kind, the rows the shards hold already (`key\trow`), found within the entries' scopes
   * (scopesOf). With replicas, only once each shard's replicas all answer and the one read has fetched every part of
   * events another stored (ReplicaBehind otherwise): a row only the killed replica of an insert holds would be inserted
   * again.
   */
  async heldRows(logType: LogType, entries: readonly QueueEntry[]): Promise<Set<string>> {
    for (let shard = 0; shard < this.ch.shardCount; shard++) await caughtUp(this.ch, shard, 'log_events_local');
    const rows = await this.ch.rows<{ batch_key: string; batch_row: number | string }>(
      sql`SELECT batch_key, batch_row FROM ${this.db}.log_events
           WHERE (${join(scopesOf(entries).map((s) => sql`(has(${s.tenants}, tenant_id) AND ts >= ${s.fromMs} AND ts <= ${s.toMs})`), ' OR ')})
             AND log_type = ${logType} AND has(${entries.map((e) => e.key)}, batch_key)`,
    );
    return new Set(rows.map((r) => `${r.batch_key}\t${r.batch_row}`));
  }

  /**
   * Counts the rollup rows of the entries' tenants and times again from their events (by scopesOf), on every shard
   * (recount.ts), each statement that adds rows through `alone` (the ingest queue's: no insert under way).
   */
  async recount(logType: LogType, entries: readonly QueueEntry[], alone: Alone): Promise<void> {
    const scopes = scopesOf(entries);
    for (let shard = 0; shard < this.ch.shardCount; shard++) await recountViews(this.ch, shard, logType, scopes, await this.fills.unfinished(shard), alone);
  }

  /**
   * Deletes a tenant's events before `beforeMs`. Partitions are days shared by every tenant, so a tenant's own
   * retention is a mutation (ALTER DELETE, rewritten in the background) on each shard; reads already start at the
   * retention, so the rows it still has to rewrite are never answered. Days older than every tenant's retention are
   * dropped whole by `dropDaysBefore`.
   */
  async dropBefore(db: Db, tenantId: string, beforeMs: number): Promise<void> {
    await sqlLogStore.dropBefore(db, tenantId, beforeMs);
    const [count] = await this.ch.rows<{ n: string }>(
      sql`SELECT count() AS n FROM ${this.db}.log_events WHERE tenant_id = ${tenantId} AND ts < ${beforeMs}`,
    );
    if (Number(count?.n) === 0) return;
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      for (const table of ['log_events_local', 'log_user_events_local']) {
        await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(table)} DELETE WHERE tenant_id = ${tenantId} AND ts < ${beforeMs}`, shard);
      }
      await this.ch.command(sql`ALTER TABLE ${this.db}.log_hourly_local DELETE WHERE tenant_id = ${tenantId} AND hour < ${beforeMs}`, shard);
      await this.ch.command(sql`ALTER TABLE ${this.db}.log_daily_users_local DELETE WHERE tenant_id = ${tenantId} AND day < ${beforeMs}`, shard);
      // An hour or day that starts before beforeMs: reads take its events from the raw rows from beforeMs on. A block
      // or a day of hour bits goes once all of it is before it (reads mask the bits before their range's start, as on SQL).
      for (const grain of GRAINS) {
        const before = grain.bits ? beforeMs - grain.ms + 1 : beforeMs;
        await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(`${grain.table}_local`)} DELETE WHERE tenant_id = ${tenantId} AND hour < ${before}`, shard);
      }
      for (const table of HEAD_TABLES) await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(table)} DELETE WHERE tenant_id = ${tenantId} AND span_start < ${beforeMs}`, shard);
      for (const table of FILTER_TABLES) await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(table)} DELETE WHERE tenant_id = ${tenantId} AND hour < ${beforeMs}`, shard);
    }
  }

  /** Drops whole UTC days before `beforeMs` (older than any tenant keeps) from every table, on every shard. */
  async dropDaysBefore(beforeMs: number): Promise<void> {
    const lastDay = Math.floor(localDayStart('UTC', beforeMs) / 86_400_000);
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      // A partition is a UTC day, or a block of days (starting that day) in the blocks' table.
      const tables = [
        ...['log_events_local', 'log_user_events_local', 'log_hourly_local', 'log_daily_users_local', ...HEAD_TABLES, ...FILTER_TABLES].map((t) => [t, 1] as const),
        ...GRAINS.map((g) => [`${g.table}_local`, Math.max(1, g.ms / DAY_MS)] as const),
      ];
      for (const [table, days] of tables) {
        const parts = await this.ch.rows<{ partition: string }>(
          sql`SELECT DISTINCT partition FROM system.parts WHERE database = ${this.ch.config.database} AND table = ${table} AND active`,
          { shard },
        );
        for (const { partition } of parts) {
          const p = partition.replace(/'/g, '');
          const day = Date.UTC(Number(p.slice(0, 4)), Number(p.slice(4, 6)) - 1, Number(p.slice(6, 8))) / 86_400_000;
          if (/^\d{8}$/.test(p) && day + days <= lastDay) await this.ch.command(sql`ALTER TABLE ${this.db}.${raw(table)} DROP PARTITION ${Number(p)}`, shard);
        }
      }
    }
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.heads.close();
    await this.filterDays.close();
    await this.fills.close();
    await this.lease?.release().catch(() => undefined);
    await this.ch.close();
  }
}
