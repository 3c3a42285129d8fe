/**
 * The one way events are written in bulk on the SQL store: `appendEvents` (its `LogStore.ingest`, which the ingestion
 * calls reach) stores a batch and the rollups of the hours it touches in one transaction; `insertEventRows` is its insert, which the demo seed shares (the seed computes
 * its rollups a whole day at a time with `insertRollups`, the same code `refreshRollups` runs per hour).
 */
import type { LogType } from '../../schemas/logs';
import type { Db } from '../types';
import type { IncomingEvent } from './logStore';
import { HOUR_MS, refreshRollups } from './rollups';

/** Advisory lock class of a (tenant, log kind)'s writers: their rollup refreshes must not interleave. */
const APPEND_LOCK = 727_200;

/**
 * Inserts events of one kind, given as their times (ms) and their stored bodies as JSON lines (without `timestamp`,
 * which the store keeps in `ts`), in one statement: two parameters the database splits and parses, whatever the count.
 */
export async function insertEventRows(db: Db, tenantId: string, logType: LogType, ts: readonly number[], lines: string): Promise<void> {
  await db.query(
    `INSERT INTO log_events (tenant_id, log_type, ts, event)
     SELECT $1, $2, u.ts, u.event::jsonb FROM unnest($3::bigint[], string_to_array($4, E'\\n')) AS u (ts, event)`,
    [tenantId, logType, ts, lines],
  );
}

/** Runs of consecutive hours holding the times, as [from, to) spans in ms. */
export function hourSpans(ts: readonly number[]): [number, number][] {
  const hours = [...new Set(ts.map((t) => Math.floor(t / HOUR_MS)))].sort((a, b) => a - b);
  const spans: [number, number][] = [];
  for (const h of hours) {
    const last = spans[spans.length - 1];
    if (last && last[1] === h * HOUR_MS) last[1] = (h + 1) * HOUR_MS;
    else spans.push([h * HOUR_MS, (h + 1) * HOUR_MS]);
  }
  return spans;
}

/** An event as its log view answers it: the ISO 8601 `timestamp` and the fields of its kind. */
export type TimedEvent = { readonly timestamp: string } & Readonly<Record<string, unknown>>;

/** An answered event as a store takes it: its time in ms beside the stored fields. */
export const incoming = ({ timestamp, ...event }: TimedEvent): IncomingEvent => ({ ts: Date.parse(timestamp), event });

/**
 * Stores a tenant's events of one kind and brings the rollups of the hours they fall in (and of those hours' days)
 * up to date, all in one transaction (joining the caller's, when called inside one): when it resolves, every event is
 * committed or, inside a caller's transaction, will be with it; when it throws, none is. Returns how many it stored.
 */
export async function appendEvents(db: Db, tenantId: string, logType: LogType, events: readonly IncomingEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const ts = events.map((e) => e.ts);
  const lines = events.map((e) => JSON.stringify(e.event)).join('\n');
  await db.transaction(async (tx) => {
    // Two batches of one tenant and kind recompute the same hours: one after the other (PostgreSQL; PGlite is serial).
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [APPEND_LOCK, `${tenantId}\n${logType}`]);
    await insertEventRows(tx, tenantId, logType, ts, lines);
    for (const [from, to] of hourSpans(ts)) await refreshRollups(tx, tenantId, logType, from, to);
  });
  return events.length;
}
