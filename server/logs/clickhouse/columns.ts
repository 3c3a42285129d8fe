/**
 * An event's fields on the ClickHouse event table: scalar fields in the parallel arrays keys/vals, list fields in
 * list_keys/list_vals; the kinds it stores and the tables they enter by. Shared by the store, its migrations and the
 * request-shape reads.
 */
import { LOG_TYPES, type LogType } from '../../../schemas/logs';
import { join, raw, sql } from './bind';

/** A field's value as text, as PostgreSQL's `event ->> field` gives it ('' when absent: check `has`). */
export const text = (f: string) => sql`vals[indexOf(keys, ${f})]`;
export const has = (f: string) => sql`has(keys, ${f})`;
export const list = (f: string) => sql`list_vals[indexOf(list_keys, ${f})]`;

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
