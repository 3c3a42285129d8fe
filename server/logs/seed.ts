/**
 * Seeds each demo tenant's logs once (idempotent: a row in log_seed_state marks a tenant done), in one transaction,
 * so that a start killed part-way leaves nothing and the next start seeds again from scratch. It follows the
 * PostgreSQL manual's "Populating a Database": the secondary indexes and foreign keys of the event log and the
 * rollups are dropped during the load and rebuilt once after it; events go in as batches of thousands per statement;
 * the rollups of each UTC day are computed set-wise by one statement as soon as the day's events are in (and still
 * in the buffer cache), never per inserted row.
 */
import { Worker } from 'node:worker_threads';
import type { LogType } from '../../schemas/logs';
import type { Db } from '../types';
import { encodedBatches, threadedBatches, type EncodedBatch } from './batchThread';
import { logCounts, type GeneratorPlan } from './generator';
import { insertEventRows } from './ingest';
import { DAY_MS, HOUR_MS, insertRollups, refreshBlocks, ROLLUPS } from './rollups';

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

/** Plans of at least this many events are made on a thread of their own (threadedBatches). */
const THREAD_MIN_EVENTS = 100_000;

/** The tables a seed loads in bulk. */
const BULK_TABLES = ['log_events', 'log_rollups'];

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

/** Where a seeding run is: events loaded of all it loads, and the share of the whole work done (0–1). */
export interface LogSeedProgress {
  readonly events: number;
  readonly total: number;
  readonly done: number;
  /** The share done once the running step ends. */
  readonly next: number;
  /** Loading events (with their rollups), or rebuilding the indexes after the load. */
  readonly step: 'events' | 'indexes';
}

/** Wall time of a seeding's steps in milliseconds, added up over its tenants: what a start's summary line reports. */
export interface SeedPhases {
  events: number;
  rollups: number;
  blocks: number;
  indexes: number;
}

/** Runs `work`, adding its wall time to `phases[phase]`. */
async function timed<T>(phases: SeedPhases, phase: keyof SeedPhases, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    phases[phase] += performance.now() - t0;
  }
}

/** Inserts one batch with the ingestion's insert (`insertEventRows`, ingest.ts). */
const insertBatch = (db: Db, tenantId: string, { logType, ts, lines }: EncodedBatch) => insertEventRows(db, tenantId, logType, ts, lines);

/**
 * Drops the secondary indexes and foreign keys of the bulk-loaded tables (primary keys stay: rows arrive in their
 * order); returns the statements that rebuild them.
 */
async function suspendIndexes(tx: Db): Promise<string[]> {
  const { rows } = await tx.query<{ drop: string; restore: string }>(
    `SELECT format('ALTER TABLE %I DROP CONSTRAINT %I', c.conrelid::regclass::text, c.conname) AS drop,
            format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)) AS restore
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.conrelid::regclass::text = ANY($1::text[])
     UNION ALL
     SELECT format('DROP INDEX %I', i.indexname), i.indexdef
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const r of rows) await tx.query(r.drop);
  return rows.map((r) => r.restore);
}

/** Share of the work per event of a log kind: its load, and its rollups by how many there are. */
function eventWork(logType: LogType): number {
  let rollups = 0;
  for (const d of ROLLUPS.values()) if (d.logType === logType) rollups++;
  return 1 + rollups / 25;
}
/** The rebuild of the indexes after the load, as a share of the whole work. */
const INDEX_SHARE = 0.24;

/**
 * Loads one tenant's events and computes their rollups: a UTC day's rollups as soon as the load is past its end.
 * `onBatch(events, work)` hears after each batch.
 */
async function loadTenant(
  tx: Db,
  target: LogSeedTarget,
  onBatch: (events: number, work: number) => void,
  phases: SeedPhases,
): Promise<number> {
  const { plan, tenantId } = target;
  const first = Math.floor((plan.now - plan.days * DAY_MS) / HOUR_MS) * HOUR_MS;
  const last = Math.ceil(plan.now / HOUR_MS) * HOUR_MS;
  let kind: LogType | undefined;
  let next = first;
  /** Rolls up the days of `kind` that end at or before `upTo` (every event before it is loaded). */
  const rollUp = async (upTo: number) => {
    while (kind && next < last) {
      const end = Math.min(Math.floor(next / DAY_MS) * DAY_MS + DAY_MS, last);
      if (end > upTo) return;
      await timed(phases, 'rollups', () => insertRollups(tx, tenantId, kind!, next, end, { wholeDay: true }));
      next = end;
    }
  };
  let events = 0;
  // A large plan's events are made on another thread while the database takes the previous batch; a small one's
  // take less time to make than a thread takes to start (about half a second).
  for await (const batch of plan.total >= THREAD_MIN_EVENTS ? threadedBatches(plan) : encodedBatches(plan)) {
    if (batch.logType !== kind) {
      await rollUp(Infinity);
      kind = batch.logType;
      next = first;
    }
    await timed(phases, 'events', () => insertBatch(tx, tenantId, batch));
    // Rows come in ascending time: everything before the batch's last event is in.
    await rollUp(batch.ts[batch.ts.length - 1]!);
    events += batch.ts.length;
    onBatch(events, batch.ts.length * eventWork(batch.logType));
  }
  await rollUp(Infinity);
  // The load runs without secondary indexes, and its tenant has no rows yet: the block rows are inserted, not merged.
  await timed(phases, 'blocks', () => refreshBlocks(tx, tenantId, first, last, { fresh: true }));
  return events;
}

/**
 * Seeds the targets not seeded yet, with their rollups; returns what it loaded (nothing when every target was done).
 * `onProgress` hears after every batch and step; `phases` gets the wall time of each step added.
 */
export async function seedLogs(
  db: Db,
  targets: readonly LogSeedTarget[],
  onProgress: (p: LogSeedProgress) => void = () => undefined,
  phases: SeedPhases = { events: 0, rollups: 0, blocks: 0, indexes: 0 },
): Promise<LogSeedOutcome[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_SEED_LOCK]);
    const done = new Set(
      (await tx.query<{ tenant_id: string }>('SELECT tenant_id FROM log_seed_state')).rows.map((r) => r.tenant_id),
    );
    const known = new Set((await tx.query<{ id: string }>('SELECT id FROM tenants')).rows.map((r) => r.id));
    const todo = targets.filter((t) => known.has(t.tenantId) && !done.has(t.tenantId));
    if (todo.length === 0) return [];
    // A day of events and its rollups' hash tables stay in memory; index builds sort in memory.
    await tx.query(`SET LOCAL work_mem = '64MB'`);
    await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    // Tables emptied in this transaction skip the WAL where it is minimal (PGlite); the first start finds them empty.
    const empty = await tx.query('SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM log_events) AND NOT EXISTS (SELECT 1 FROM log_rollups)');
    if (empty.rows.length) await tx.query('TRUNCATE log_events, log_rollups, log_rollup_tails');
    const restore = await suspendIndexes(tx);
    const total = todo.reduce((a, t) => a + t.plan.total, 0);
    const work = todo.reduce(
      (a, t) => a + Object.entries(logCounts(t.plan.total)).reduce((b, [type, n]) => b + n * eventWork(type as LogType), 0),
      0,
    );
    const loadShare = 1 - INDEX_SHARE;
    let loaded = 0;
    let worked = 0;
    onProgress({ events: 0, total, done: 0, next: loadShare, step: 'events' });
    const outcomes: LogSeedOutcome[] = [];
    for (const target of todo) {
      const started = Date.now();
      const events = await loadTenant(tx, target, (n, w) => {
        worked += w;
        onProgress({ events: loaded + n, total, done: (worked / work) * loadShare, next: loadShare, step: 'events' });
      }, phases);
      loaded += events;
      await tx.query('INSERT INTO log_seed_state (tenant_id, events, kind, seeded_at) VALUES ($1, $2, $3, now())', [
        target.tenantId,
        events,
        target.kind,
      ]);
      outcomes.push({ tenantId: target.tenantId, events, ms: Date.now() - started });
    }
    const steps = [...restore, 'ANALYZE log_events', 'ANALYZE log_rollups'];
    for (const [i, statement] of steps.entries()) {
      const share = (j: number) => loadShare + (INDEX_SHARE * j) / steps.length;
      onProgress({ events: loaded, total, done: share(i), next: share(i + 1), step: 'indexes' });
      await timed(phases, 'indexes', () => tx.query(statement));
    }
    return outcomes;
  });
}

/**
 * The ticker's thread (plain JavaScript, run with `eval`): every `everyMs` it prints the state the seeding last
 * published, extrapolated at the rate so far up to where the running step ends. It writes to the file descriptor
 * itself: on PGlite the database works on the main thread, and one long statement (an index build) holds that
 * thread, and with it the process's console, for longer than a tick. The share printed never goes back (an
 * extrapolation ahead of the next update holds until the work catches up), and leads the line: it is the whole
 * seeding's, which goes on after the last event is loaded.
 */
const TICKER_THREAD = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const [events, total, done, next, indexes, at, started] = [0, 1, 2, 3, 4, 5, 6];
const s = new Float64Array(workerData.state);
const count = (n) => n.toLocaleString('en');
let shown = 0;
const tick = () => {
  const now = Date.now();
  const rate = s[done] / Math.max(1, s[at] - s[started]);
  shown = Math.max(shown, rate > 0 ? Math.min(s[next], s[done] + rate * (now - s[at])) : 0);
  const left = rate > 0 ? ', about ' + Math.max(1, Math.round((1 - shown) / rate / 1000)) + ' s left' : '';
  const loaded = s[events] >= s[total];
  const what = !loaded
    ? count(s[events]) + ' of ' + count(s[total]) + ' events loaded'
    : 'all ' + count(s[total]) + ' events loaded; ' + (s[indexes] ? 'building the indexes' : 'summarising them');
  writeSync(workerData.fd, 'Demo logs ' + Math.floor(shown * 100) + ' %: ' + what + left + '\\n');
};
tick();
setInterval(tick, workerData.everyMs);
`;

export interface SeedTicker {
  readonly update: (p: LogSeedProgress) => void;
  readonly stop: () => Promise<void>;
}

/**
 * Prints the seeding's progress on `fd` (standard output by default) from its first update, then every `everyMs`
 * until stopped: "Demo logs 31 %: 250,000 of 1,020,000 events loaded, about 40 s left", then "Demo logs 92 %: all
 * 1,020,000 events loaded; building the indexes, about 5 s left".
 */
export function seedTicker(everyMs = 4_000, fd = 1): SeedTicker {
  const state = new Float64Array(new SharedArrayBuffer(7 * Float64Array.BYTES_PER_ELEMENT));
  let thread: Worker | undefined;
  return {
    update: (p) => {
      state.set([p.events, p.total, p.done, p.next, p.step === 'indexes' ? 1 : 0, Date.now()]);
      if (thread) return;
      state[6] = Date.now();
      thread = new Worker(TICKER_THREAD, { eval: true, workerData: { state: state.buffer, everyMs, fd } });
      thread.unref();
    },
    stop: async () => void (await thread?.terminate()),
  };
}
