/**
 * The SQL log store (PGlite / PostgreSQL, the default): events in `log_events`, rollups in `log_rollups` (rollups.ts),
 * reads as store.ts, reports.ts, insights.ts and sandbox.ts compile them.
 */
import type { Db } from '../types';
import { appendEvents } from './ingest';
import { runInsights } from './insights';
import type { FileSighting, LogStore, StoredEvent } from './logStore';
import { runReport } from './reports';
import { BLOCK_MS, DAY_MS, HOUR_MS } from './rollups';
import { sandboxReport } from './sandbox';
import { eventCount, requestShapes, ruleHits, shapeExamples } from './shapes';
import { toNumber } from './sql';
import { logPage } from './store';

async function fileSightings(db: Db, tenantId: string, hashes: readonly string[], sinceMs: number): Promise<FileSighting[]> {
  // `event ? 'sha256'` and the hash expression match the partial index log_events_sha256.
  const { rows } = await db.query<{ sha256: string; n: number; first: unknown; last: unknown; event: Record<string, unknown> }>(
    `SELECT event ->> 'sha256' AS sha256, count(*)::int AS n, min(ts) AS first, max(ts) AS last, (array_agg(event ORDER BY ts DESC))[1] AS event
       FROM log_events
      WHERE tenant_id = $1 AND event ? 'sha256' AND (event ->> 'sha256') = ANY($2::text[]) AND ts >= $3
        AND log_type IN ('web', 'email')
      GROUP BY 1`,
    [tenantId, hashes, sinceMs],
  );
  return rows.map((r) => ({ sha256: r.sha256, sightings: Number(r.n), firstMs: toNumber(r.first), lastMs: toNumber(r.last), event: r.event }));
}

export const sqlLogStore: LogStore = {
  name: 'sql',
  // The rollups are synchronised by the logs module before it seeds.
  start: async () => {},
  logPage: (db, req) => logPage(db, req),
  report: (db, tenantId, name, params, now, options) => runReport(db, tenantId, name, params, now, options),
  insights: (db, tenantId, query, now, hideUsers, sinceMs) => runInsights(db, tenantId, query, now, hideUsers, sinceMs),
  sandbox: (db, tenantId, sha256, fileId, sinceMs) => sandboxReport(db, tenantId, sha256, fileId, sinceMs),
  fileSightings,
  collect: async (db, tenantId, logType, after, limit, sinceMs = 0) => {
    const { rows } = await db.query<{ ts: unknown; seq: unknown; event: Record<string, unknown> }>(
      `SELECT ts, seq, event FROM log_events WHERE tenant_id = $1 AND log_type = $2 AND (ts, seq) > ($3::bigint, $4::bigint) AND ts >= $6
        ORDER BY ts, seq LIMIT $5`,
      [tenantId, logType, after.ts, after.seq, limit, sinceMs],
    );
    return rows.map((r): StoredEvent => ({ ts: toNumber(r.ts), seq: toNumber(r.seq), event: r.event }));
  },
  ruleHits,
  requestShapes,
  eventCount,
  shapeExamples,
  ingest: appendEvents,
  dropBefore: async (db, tenantId, beforeMs) => {
    const { rows } = await db.query('SELECT 1 FROM log_events WHERE tenant_id = $1 AND ts < $2 LIMIT 1', [tenantId, beforeMs]);
    if (!rows.length) return;
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM log_events WHERE tenant_id = $1 AND ts < $2', [tenantId, beforeMs]);
      // Rollup rows wholly before the cut; the hour and day it cuts are read from raw events (reads start at the cut).
      const hour = Math.floor(beforeMs / HOUR_MS) * HOUR_MS;
      const day = Math.floor(beforeMs / DAY_MS) * DAY_MS;
      // A block of distinct-user rows goes when its last day does; the days the cut leaves in one are never read.
      await tx.query(
        `DELETE FROM log_rollups WHERE tenant_id = $1
            AND ((grain = 'h' AND bucket < $2) OR (grain IN ('d', 't') AND bucket < $3) OR (grain = 'b' AND bucket <= $4))`,
        [tenantId, hour, day, day - BLOCK_MS],
      );
      await tx.query('DELETE FROM log_rollup_tails WHERE tenant_id = $1 AND bucket < $2', [tenantId, day]);
    });
  },
  close: async () => {},
};
