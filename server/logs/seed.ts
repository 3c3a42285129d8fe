/**
 * Seeds each demo tenant's logs once (idempotent: a row in log_seed_state marks a tenant done). The bulk load runs in
 * one transaction with the secondary indexes of log_events dropped and rebuilt afterwards, which is several times
 * faster than maintaining them row by row; the primary key stays, and takes the rows in its own order.
 */
import type { Db } from '../types';
import { generateLogBatches, LOG_TYPE_ORDER, type GeneratorPlan } from './generator';
import { DAY_MS, refreshRollups } from './rollups';

/** Days of events per rollup step of the seed. */
const ROLLUP_SEED_DAYS = 5;

// Held while seeding, so two processes starting on one PostgreSQL database do not both load.
const LOG_SEED_LOCK = 727_100;

/** Events per tenant: the demo tenant gets the big set, every other tenant a small one. */
export const LOG_SEED_SIZES = {
  full: { demo: 1_000_000, other: 20_000 },
  small: { demo: 20_000, other: 2_000 },
} as const;
export const LOG_SEED_DAYS = 30;
/** One seed for every start, so every installation has the same demo logs (relative to its first start). */
export const LOG_SEED = 20_240_501;

export interface LogSeedTarget {
  readonly tenantId: string;
  readonly plan: GeneratorPlan;
  readonly kind: 'full' | 'small';
}

export interface LogSeedOutcome {
  readonly tenantId: string;
  readonly events: number;
  readonly ms: number;
}

/**
 * Inserts one batch. Rows travel as two parameters, the times as a bigint array and the events as JSON lines
 * (JSON.stringify never emits a raw newline), which the database splits and parses; no per-row statement overhead.
 */
async function insertBatch(db: Db, tenantId: string, logType: string, rows: readonly [number, unknown][]): Promise<void> {
  await db.query(
    `INSERT INTO log_events (tenant_id, log_type, ts, event)
     SELECT $1, $2, u.ts, u.event::jsonb FROM unnest($3::bigint[], string_to_array($4, E'\\n')) AS u (ts, event)`,
    [tenantId, logType, rows.map((r) => r[0]), rows.map((r) => JSON.stringify(r[1])).join('\n')],
  );
}

/** Where a seeding run is: events loaded of all it loads, and the step it is at. */
export interface LogSeedProgress {
  readonly events: number;
  readonly total: number;
  readonly step: 'events' | 'rollups' | 'indexes';
  /** Share of the rollups step done (0–1). */
  readonly done?: number;
}

/**
 * Seeds the targets not seeded yet, with their rollups; returns what it loaded (nothing when every target was done).
 * `onProgress` hears after every batch and step.
 */
export async function seedLogs(
  db: Db,
  targets: readonly LogSeedTarget[],
  onProgress: (p: LogSeedProgress) => void = () => undefined,
): Promise<LogSeedOutcome[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_SEED_LOCK]);
    const done = new Set(
      (await tx.query<{ tenant_id: string }>('SELECT tenant_id FROM log_seed_state')).rows.map((r) => r.tenant_id),
    );
    const known = new Set((await tx.query<{ id: string }>('SELECT id FROM tenants')).rows.map((r) => r.id));
    const todo = targets.filter((t) => known.has(t.tenantId) && !done.has(t.tenantId));
    if (todo.length === 0) return [];
    const indexes = (
      await tx.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename = 'log_events'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows;
    for (const ix of indexes) await tx.query(`DROP INDEX "${ix.indexname.replace(/"/g, '""')}"`);
    const outcomes: LogSeedOutcome[] = [];
    const total = todo.reduce((a, t) => a + t.plan.total, 0);
    let loaded = 0;
    onProgress({ events: 0, total, step: 'events' });
    for (const target of todo) {
      const started = Date.now();
      let events = 0;
      // The next batch is generated while the database takes the previous one (PostgreSQL works in its own process).
      let inserting: Promise<void> = Promise.resolve();
      for (const batch of generateLogBatches(target.plan)) {
        await inserting;
        const { logType, rows } = batch;
        inserting = insertBatch(tx, target.tenantId, logType, rows);
        events += rows.length;
        onProgress({ events: loaded + events, total, step: 'events' });
      }
      await inserting;
      loaded += events;
      // Rollups of the loaded events, computed in SQL a few days at a time (one scan per step for every rollup of a
      // log kind); a step per progress line.
      const from = target.plan.now - target.plan.days * DAY_MS;
      const steps = LOG_TYPE_ORDER.flatMap((type) =>
        Array.from({ length: Math.ceil(target.plan.days / ROLLUP_SEED_DAYS) }, (_, i) => ({ type, at: from + i * ROLLUP_SEED_DAYS * DAY_MS })),
      );
      for (const [i, step] of steps.entries()) {
        onProgress({ events: loaded, total, step: 'rollups', done: i / steps.length });
        await refreshRollups(tx, target.tenantId, step.type, step.at, Math.min(step.at + ROLLUP_SEED_DAYS * DAY_MS, target.plan.now));
      }
      await tx.query('INSERT INTO log_seed_state (tenant_id, events, kind, seeded_at) VALUES ($1, $2, $3, now())', [
        target.tenantId,
        events,
        target.kind,
      ]);
      outcomes.push({ tenantId: target.tenantId, events, ms: Date.now() - started });
    }
    onProgress({ events: loaded, total, step: 'indexes' });
    for (const ix of indexes) await tx.query(ix.indexdef);
    await tx.query('ANALYZE log_events');
    await tx.query('ANALYZE log_rollups');
    return outcomes;
  });
}
