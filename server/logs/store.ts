/**
 * Log pages (spec 000 §4, 001 §7): events of one tenant and log kind in a time range, filtered, newest first, paged
 * by keyset on (ts, seq) so a deep page costs what the first one does.
 */
import { DEFAULT_LOG_INTERVAL, intervalRange } from '../../schemas/logEnums';
import { LOG_EVENT_SCHEMAS, LOG_FILTERS, LOG_TYPES, type LogEventOf, type LogResult, type LogType } from '../../schemas/logs';
import type { Db } from '../types';
import { encodeCursor, type Cursor } from './cursor';
import { filterConditions } from './filters';
import { Params, toNumber } from './sql';

/** An inclusive range of epoch milliseconds. */
export interface TimeRange {
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * The range a query asks for: start and end (unix seconds, both inclusive) when given; otherwise the interval
 * (default `fallback`) ending at `end` or now, or from `start` to now; a month (YYYY-MM) covers that month.
 */
export function queryRange(
  query: { start?: number; end?: number; interval?: string },
  now: number,
  fallback: string = DEFAULT_LOG_INTERVAL,
): TimeRange {
  const { start, end } = query;
  if (start !== undefined && end !== undefined) return { startMs: start * 1000, endMs: end * 1000 + 999 };
  if (start !== undefined) return { startMs: start * 1000, endMs: now };
  const anchor = end !== undefined ? end * 1000 + 999 : now;
  const r = intervalRange(query.interval ?? fallback, anchor);
  return { startMs: r.start, endMs: r.end };
}

/** Each kind's fields in the order of its event schema (the log view's). */
const FIELD_ORDER = new Map(LOG_TYPES.map((t) => [t, Object.keys(LOG_EVENT_SCHEMAS[t].shape)]));

/**
 * An event's fields in the order of its kind's schema, then any others by name: the same answer from every store,
 * whose JSON keeps fields in an order of its own (PostgreSQL's jsonb by length and name, ClickHouse as sent).
 */
export function inFieldOrder(logType: LogType, event: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const k of FIELD_ORDER.get(logType)!) if (Object.hasOwn(event, k)) ordered[k] = event[k];
  for (const k of Object.keys(event).sort()) if (!Object.hasOwn(ordered, k)) ordered[k] = event[k];
  return ordered;
}

/** Stored event → answer event: the timestamp from `ts` first, then the stored fields in the schema's order. */
export function answerEvent(logType: LogType, ts: unknown, event: unknown): Record<string, unknown> {
  return inFieldOrder(logType, { timestamp: new Date(toNumber(ts)).toISOString(), ...(event as Record<string, unknown>) });
}

export interface LogPageRequest<T extends LogType = LogType> {
  readonly tenantId: string;
  readonly logType: T;
  readonly range: TimeRange;
  /** The validated query: filter parameters by name (others are ignored here). */
  readonly query: Readonly<Record<string, unknown>>;
  readonly limit: number;
  /** Continue after this event (the previous page's last). */
  readonly after?: Cursor;
}

/** One page of events, newest first, and the paging identifiers of the next. */
export async function logPage<T extends LogType>(
  db: Db,
  req: LogPageRequest<T>,
): Promise<{ events: { event: LogEventOf<T> }[]; paginate: LogResult['paginate'] }> {
  const p = new Params();
  const where = [
    `tenant_id = ${p.add(req.tenantId)}`,
    `log_type = ${p.add(req.logType)}`,
    `ts >= ${p.add(req.range.startMs)}`,
    `ts <= ${p.add(req.range.endMs)}`,
  ];
  if (req.after) where.push(`(ts, seq) < (${p.add(req.after.ts)}, ${p.add(req.after.seq)})`);
  where.push(...filterConditions(LOG_FILTERS[req.logType], req.query, p));
  // One row more than the page tells whether another page follows.
  const { rows } = await db.query<{ ts: unknown; seq: unknown; event: unknown }>(
    `SELECT ts, seq, event FROM log_events WHERE ${where.join(' AND ')} ORDER BY ts DESC, seq DESC LIMIT ${p.add(req.limit + 1)}`,
    p.values,
  );
  const page = rows.slice(0, req.limit);
  const last = page[page.length - 1];
  const next = last ? encodeCursor({ ts: toNumber(last.ts), seq: toNumber(last.seq) }) : req.after ? encodeCursor(req.after) : '';
  return {
    // Stored events have their kind's shape: the generator writes them so (store.test.ts parses them), recordAudit too.
    events: page.map((r) => ({ event: answerEvent(req.logType, r.ts, r.event) as LogEventOf<T> })),
    paginate: { pagingIdentifiers: next, last_iteration: rows.length <= req.limit },
  };
}
