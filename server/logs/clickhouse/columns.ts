/**
 * An event's fields on the ClickHouse event table: scalar fields in the parallel arrays keys/vals, list fields in
 * list_keys/list_vals. Shared by the store and the request-shape reads.
 */
import { sql } from './bind';

/** A field's value as text, as PostgreSQL's `event ->> field` gives it ('' when absent: check `has`). */
export const text = (f: string) => sql`vals[indexOf(keys, ${f})]`;
export const has = (f: string) => sql`has(keys, ${f})`;
export const list = (f: string) => sql`list_vals[indexOf(list_keys, ${f})]`;
