/**
 * An event's fields on the ClickHouse event tables: scalar fields in the parallel arrays keys/vals, list fields in
 * list_keys/list_vals, and the fields reads use in columns of their own; the kinds it stores and the tables they enter
 * by. Shared by the store, its migrations and the request-shape reads.
 */
import { LOG_FILTERS, LOG_TYPES, type LogType } from '../../../schemas/logs';
import { reportFilters } from '../../../schemas/reports';
import { DRILL_ROLLUPS, ROLLUPS } from '../rollups';
import { identifier, join, raw, sql, type Sql } from './bind';

/** How a statement reads an event's fields: as text ('' when absent: check `has`), whether present, a list's values. */
export interface EventFields {
  readonly text: (f: string) => Sql;
  readonly has: (f: string) => Sql;
  readonly list: (f: string) => Sql;
}

/** The fields as every event row holds them, in the parallel arrays. */
export const IN_ARRAYS: EventFields = {
  text: (f) => sql`vals[indexOf(keys, ${f})]`,
  has: (f) => sql`has(keys, ${f})`,
  list: (f) => sql`list_vals[indexOf(list_keys, ${f})]`,
};

/** A field's own column (see FIELD_COLUMNS). */
export interface FieldColumn {
  readonly field: string;
  /** A list field's (list_keys/list_vals) column, else a scalar field's (keys/vals). */
  readonly list: boolean;
  readonly name: string;
  readonly type: 'Nullable(String)' | 'Array(String)';
  /** How the column is computed from the arrays as an event enters (DEFAULT), and read from parts stored before it. */
  readonly expression: Sql;
}

/**
 * The fields reads filter, group and count by: every log page's and report's filter, and the rollups' (their keys,
 * drill-down values, users, labels and conditions). Each has a column of its own on the tables events enter by and
 * on log_events (made at start as the catalogue says: migrate.ts, addFieldColumns), computed from the arrays as the
 * event enters, so that a read of raw events reads a few narrow columns instead of every field of every event, and
 * the rollups' views read them instead of looking each field up. A scalar field's column is NULL without the field; a
 * list's is empty. The copy in the users' order (log_user_events) has none: its views name its columns.
 */
export const FIELD_COLUMNS: readonly FieldColumn[] = (() => {
  const scalars = new Set<string>();
  const lists = new Set<string>();
  for (const d of [...ROLLUPS.values(), ...DRILL_ROLLUPS.values()]) {
    for (const f of d.fields) (d.list ? lists : scalars).add(f);
    if (d.by) (d.by.list ? lists : scalars).add(d.by.field);
    for (const f of [d.sub, d.label, ...d.where.map((c) => c.field)]) if (f) scalars.add(f);
  }
  for (const t of LOG_TYPES) {
    for (const spec of [...Object.values(LOG_FILTERS[t]), ...Object.values(reportFilters(t))]) if (spec) (spec.kind === 'array' ? lists : scalars).add(spec.field);
  }
  const named = (prefix: string, f: string) => identifier(`${prefix}${f.replace(/[^A-Za-z0-9_]/g, '_')}`);
  const columns: FieldColumn[] = [
    ...[...scalars].map((field) => ({
      field,
      list: false,
      name: named('f_', field),
      type: 'Nullable(String)' as const,
      expression: sql`if(indexOf(keys, ${field}) = 0, NULL, vals[indexOf(keys, ${field})])`,
    })),
    ...[...lists].map((field) => ({ field, list: true, name: named('l_', field), type: 'Array(String)' as const, expression: IN_ARRAYS.list(field) })),
  ];
  const clash = columns.find((c, i) => columns.findIndex((o) => o.name === c.name) !== i);
  if (clash) throw new Error(`Two fields would share the column ${clash.name}`);
  return columns;
})();

const columnOf = (list: boolean) => new Map(FIELD_COLUMNS.filter((c) => c.list === list).map((c) => [c.field, c.name]));
const SCALAR_COLUMNS = columnOf(false);
const LIST_COLUMNS = columnOf(true);

/** The fields as log_events and the tables events enter by hold them: a field's own column where it has one (FIELD_COLUMNS), else the arrays. */
export const STORED: EventFields = {
  text: (f) => {
    const c = SCALAR_COLUMNS.get(f);
    return c ? sql`assumeNotNull(${raw(c)})` : IN_ARRAYS.text(f);
  },
  has: (f) => {
    const c = SCALAR_COLUMNS.get(f);
    return c ? sql`isNotNull(${raw(c)})` : IN_ARRAYS.has(f);
  },
  list: (f) => {
    const c = LIST_COLUMNS.get(f);
    return c ? raw(c) : IN_ARRAYS.list(f);
  },
};

/** A field of an event of log_events or of a table events enter by (STORED). */
export const { text, has, list } = STORED;

/** The log kinds the cluster stores: every kind but the audit log, which stays on SQL. */
export const CLUSTER_KINDS: readonly Exclude<LogType, 'audit'>[] = LOG_TYPES.filter((t): t is Exclude<LogType, 'audit'> => t !== 'audit');

/** The table a kind's events enter by (migration 007): its views store them and fill the kind's rollups. */
export const ingestTable = (kind: LogType, local = false) => `ingest_${kind}${local ? '_local' : ''}`;

/**
 * Spans [from, to) of a column as one condition. No spans is the empty span [0, 0), not `0`: 18.16 answers "Unknown
 * identifier: ts" for a query under `WHERE 0` that groups by a lambda over the column.
 */
export const within = (col: string, spans: readonly (readonly [number, number])[]) =>
  sql`(${join((spans.length ? spans : [[0, 0] as const]).map(([a, b]) => sql`(${raw(col)} >= ${a} AND ${raw(col)} < ${b})`), ' OR ')})`;
