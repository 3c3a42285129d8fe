/**
 * Seeds each demo tenant's logs once (idempotent: a row in log_seed_state marks a tenant done). The bulk load runs in
 * one transaction with the secondary indexes of log_events dropped and rebuilt afterwards, which is several times
 * faster than maintaining them row by row; the primary key stays, and takes the rows in its own order.
 */
import type { Db } from '../types';
import { generateLogBatches, type GeneratorPlan } from './generator';

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

/** Seeds the targets not seeded yet; returns what it loaded (nothing when every target was done). */
export async function seedLogs(db: Db, targets: readonly LogSeedTarget[]): Promise<LogSeedOutcome[]> {
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
    for (const target of todo) {
      const started = Date.now();
      let events = 0;
      // The next batch is generated while the database takes the previous one (PostgreSQL works in its own process).
      let inserting: Promise<void> = Promise.resolve();
      for (const batch of generateLogBatches(target.plan)) {
        await inserting;
        inserting = insertBatch(tx, target.tenantId, batch.logType, batch.rows);
        events += batch.rows.length;
      }
      await inserting;
      await tx.query('INSERT INTO log_seed_state (tenant_id, events, kind, seeded_at) VALUES ($1, $2, $3, now())', [
        target.tenantId,
        events,
        target.kind,
      ]);
      outcomes.push({ tenantId: target.tenantId, events, ms: Date.now() - started });
    }
    for (const ix of indexes) await tx.query(ix.indexdef);
    await tx.query('ANALYZE log_events');
    return outcomes;
  });
}
