/**
 * An event's fields on the ClickHouse event table: scalar fields in the parallel arrays keys/vals, list fields in
 * list_keys/list_vals; the kinds it stores and the tables they enter by. Shared by the store, its migrations and the
 * request-shape reads.
 */
import { LOG_TYPES, type LogType } from '../../../schemas/logs';
import { sql } from './bind';

/** A field's value as text, as PostgreSQL's `event ->> field` gives it ('' when absent: check `has`). */
export const text = (f: string) => sql`vals[indexOf(keys, ${f})]`;
export const has = (f: string) => sql`has(keys, ${f})`;
export const list = (f: string) => sql`list_vals[indexOf(list_keys, ${f})]`;

/** The log kinds the cluster stores: every kind but the audit log, which stays on SQL. */
export const CLUSTER_KINDS: readonly Exclude<LogType, 'audit'>[] = LOG_TYPES.filter((t): t is Exclude<LogType, 'audit'> => t !== 'audit');

/** The table a kind's events enter by (migration 007): its views store them and fill the kind's rollups. */
export const ingestTable = (kind: LogType, local = false) => `ingest_${kind}${local ? '_local' : ''}`;
