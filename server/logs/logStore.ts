/**
 * The log store: where events, their rollups and every read of them live. Two implementations answer alike: SQL
 * (PGlite / PostgreSQL, the default, `sqlStore.ts`) and ClickHouse (`LOG_STORE=clickhouse`, `clickhouse/store.ts`).
 * Policy, identity and settings stay on SQL whichever serves the logs; so does the audit log (recordAudit writes it
 * inside the save's transaction), which the ClickHouse store reads from SQL.
 *
 * Every method takes the SQL store (`db`): the SQL implementation reads it, the ClickHouse one for the audit log only.
 * This file holds the interface (and everyKey, a read through it); `logStores.ts` chooses and binds the implementation a
 * server uses.
 */
import type { ImpactKind } from '../../schemas/evaluate/impact';
import { REPORT_LIMIT_MAX, type InsightsQuery, type InsightsResult, type ReportName, type ReportResult, type TopDatum } from '../../schemas/reports';
import type { LogEventOf, LogResult, LogType } from '../../schemas/logs';
import type { Db } from '../types';
import type { LogPageRequest } from './store';
import type { ReportParams } from './reports';
import type { SandboxReport } from './sandbox';
import type { RequestShape, ShapeScope, ShapesFound, WebShapeField, WebShapePatterns } from './shapes';

export interface LogPage<T extends LogType = LogType> {
  readonly events: { event: LogEventOf<T> }[];
  readonly paginate: LogResult['paginate'];
}

/** The newest event with a file hash, and how often the hash was seen (file lookups). */
export interface FileSighting {
  readonly sha256: string;
  readonly sightings: number;
  readonly firstMs: number;
  readonly lastMs: number;
  readonly event: Record<string, unknown>;
}

/** An event as stored, with its time and sequence number (the collector's read). */
export interface StoredEvent {
  readonly ts: number;
  readonly seq: number;
  readonly event: Record<string, unknown>;
}

/** An event to store: its time (epoch ms) and fields. */
export interface IncomingEvent {
  readonly ts: number;
  readonly event: Record<string, unknown>;
}

export interface ReportOptions {
  /** False: raw events only, no table kept from them (the reference the rollups and copies are tested against). */
  readonly rollups?: boolean;
  /**
   * False: every daily row instead of heads and blocks (on ClickHouse, instead of blocks and hour bits); 'days' (on
   * ClickHouse): blocks for whole days, but every hourly row for the hours. What the benchmark compares.
   */
  readonly layouts?: boolean | 'days';
  /** Events before this instant (epoch ms) are past the tenant's retention and count for nothing. */
  readonly sinceMs?: number;
}

export interface LogStore {
  readonly name: 'sql' | 'clickhouse';
  /** Prepares the store once the SQL store is migrated and seeded (its own migrations; taking the SQL store's events). */
  start(db: Db): Promise<void>;
  /** One page of a log kind, newest first, with the paging identifiers of the next. */
  logPage<T extends LogType>(db: Db, req: LogPageRequest<T>): Promise<LogPage<T>>;
  /** One report of the catalogue (drill-downs are reports with filters). */
  report(db: Db, tenantId: string, name: ReportName, params: ReportParams, now: number, options?: ReportOptions): Promise<ReportResult>;
  /** Insights search over web events. */
  insights(db: Db, tenantId: string, query: InsightsQuery, now: number, hideUsers: boolean, sinceMs?: number): Promise<InsightsResult>;
  /** The sandbox report of a file, or undefined when no web or email event sent it to the sandbox. */
  sandbox(db: Db, tenantId: string, sha256: string, fileId: string, sinceMs?: number): Promise<SandboxReport | undefined>;
  /** Web and email sightings of file hashes since `sinceMs`. */
  fileSightings(db: Db, tenantId: string, hashes: readonly string[], sinceMs: number): Promise<FileSighting[]>;
  /** The log collector's read: events of a kind after (ts, seq), oldest first. */
  collect(db: Db, tenantId: string, logType: LogType, after: { ts: number; seq: number }, limit: number, sinceMs?: number): Promise<StoredEvent[]>;
  /** Web and firewall events per deciding rule (`decided_by`) since `sinceMs` (the evaluator's rule hits). */
  ruleHits(db: Db, tenantId: string, sinceMs: number): Promise<Map<string, number>>;
  /**
   * The distinct web request and mail message shapes in [sinceMs, untilMs], in no particular order: the web log's,
   * grouped by WEB_SHAPE_ALWAYS and `webFields` (the fields the policy reads; those of `patterns` by which patterns
   * they match), then the email log's (the impact of a publish); only those of `scope.kinds` (both by default), and of
   * the web log only the events `scope.web` admits, with how many it left out. A store gives each shape's newest event
   * with it where that costs little more than the count.
   */
  requestShapes(db: Db, tenantId: string, sinceMs: number, untilMs: number, webFields: Iterable<WebShapeField>, patterns?: WebShapePatterns, scope?: ShapeScope): Promise<ShapesFound>;
  /** How many web requests or mail messages were logged in [sinceMs, untilMs] (the impact's kinds not replayed). */
  eventCount(db: Db, tenantId: string, kind: ImpactKind, sinceMs: number, untilMs: number): Promise<number>;
  /**
   * The newest event of each of `shapes` (from `requestShapes` with the same range, fields and patterns), in their
   * order; undefined where the shape's events have gone since.
   */
  shapeExamples(
    db: Db,
    tenantId: string,
    sinceMs: number,
    untilMs: number,
    shapes: readonly RequestShape[],
    webFields: Iterable<WebShapeField>,
    patterns?: WebShapePatterns,
  ): Promise<(RequestShape['example'] | undefined)[]>;
  /**
   * Stores events, in the caller's transaction when given one; resolves once they are stored (committed with that
   * transaction), with how many, and reads that start after that see them and their rollups (SQL: the rows and the
   * rollups of their hours at once; ClickHouse: queued in the SQL store, and every read of the tenant waits until the
   * queue has moved them to the cluster).
   */
  ingest(db: Db, tenantId: string, logType: LogType, events: readonly IncomingEvent[]): Promise<number>;
  /** Deletes a tenant's events before `beforeMs` (past its retention). */
  dropBefore(db: Db, tenantId: string, beforeMs: number): Promise<void>;
  /** Drops whole days before `beforeMs` (past every tenant's retention) where the store keeps days apart. */
  dropDaysBefore?(beforeMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every key of a top report, most first: read with room for more keys than it has, as a top-N's answer holds the N
 * first keys and not how many there are.
 */
export async function everyKey(
  store: LogStore,
  db: Db,
  tenantId: string,
  name: ReportName,
  params: Omit<ReportParams, 'limit'>,
  now: number,
  options?: ReportOptions,
): Promise<TopDatum[]> {
  for (let limit = REPORT_LIMIT_MAX; ; limit *= 4) {
    const r = await store.report(db, tenantId, name, { ...params, limit }, now, options);
    if (r.kind !== 'top') throw new Error(`${name} is no top report`);
    if (r.data.length < limit) return r.data;
  }
}
