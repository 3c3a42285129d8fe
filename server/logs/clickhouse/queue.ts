/**
 * The ClickHouse store's ingest queue (`log_ingest_queue`, SQL migration 570). A batch is acknowledged once its rows
 * are committed to the SQL store, in the transaction that records its key and its audit line; one server at a time
 * (a lease) moves the queue to the cluster in inserts of up to DRAIN_EVENTS events, however small the batches were. An
 * insert costs the shards about as much for 100 events as for 10,000 (each materialized view analysed again per
 * block, a part per day and table), so batches of 100 sent one after the other went at a tenth of the rate when each
 * was its own insert. An entry leaves the queue once its insert succeeded.
 *
 * Exactly once: an entry's rows carry its key and their place in it (`batch_key`, `batch_row`, ClickHouse migration
 * 006). After an insert that failed (a shard may have stored its part) and on taking the lease (the last holder may have
 * stopped between an insert and its delete), the drain looks up which of its entries' rows the shards hold and inserts
 * the others. The events such an insert stored may lack some of their rollup rows (the views of an insert are not one
 * transaction): those entries stay in the queue, without their rows, until their rollup rows are counted again from the
 * events (`recount`, recount.ts), each statement of it with no insert under way. Reads do not wait for that.
 *
 * With replicas, that look-up reads each shard's replica that answers, which may not show what a killed replica
 * stored before it died: rows it does not show would be inserted again, and be there twice once the killed one is
 * back. While a replica is down or the one read is behind, the look-up fails with `ReplicaBehind`, and the drain sets
 * those entries aside (`aside_since`, SQL migration 600) and moves the others: an entry set aside is looked up again
 * ASIDE_RETRY_MS later, and again, until it can be answered. Reads do not wait for entries set aside: their events
 * are in answers once moved. They count toward the queue's limit.
 *
 * A batch's rows are kept deflated (`packed`, SQL migration 580): a web event's row is about 1.3 kB of text, and the
 * SQL store's work on a batch grows with its bytes (writing it, deleting it, vacuuming it), so the text took more of the
 * server's time per event than deflating it (docs/benchmarks.md). Compression runs off the event loop (zlib's threads).
 *
 * Reads of a tenant first wait until the batches acknowledged before the read are in the cluster (`settled`), so what
 * was acknowledged is read; at most INGEST_QUEUE_READ_WAIT_S, then 503 with Retry-After.
 *
 * Admission: the queue holds what the cluster stores in INGEST_QUEUE_BACKLOG_S, a sixth of the read's wait, at the rate the
 * drainer measured (`log_ingest_rate`, SQL migration 620: events moved over the time a drain was under way, the
 * highest lately, kept so that every server admits by it and a restarted one starts from it); at least one full
 * batch, at most INGEST_QUEUE_MAX_EVENTS, and INGEST_QUEUE_UNMEASURED_EVENTS until a rate is measured. A batch past it
 * is answered 429 with Retry-After, nothing stored; an empty queue takes any batch. A fixed limit let senders faster
 * than a slow cluster keep a backlog of minutes, which every read of their tenant then waited for in vain. Bounding
 * the backlog by its oldest batch's age instead would bound it in the senders' time, not the cluster's: once admission
 * opened, fast senders would put in that long of their rate.
 */
import { promisify } from 'node:util';
import { deflate, inflate } from 'node:zlib';
import {
  INGEST_MAX_LINES,
  INGEST_QUEUE_BACKLOG_S,
  INGEST_QUEUE_MAX_EVENTS,
  INGEST_QUEUE_READ_WAIT_S,
  INGEST_QUEUE_UNMEASURED_EVENTS,
  INGEST_RETRY_AFTER_S,
} from '../../../schemas/areas/ingest';
import type { LogType } from '../../../schemas/logs';
import { Lease } from '../../db/lease';
import { HttpError, type Db } from '../../types';
import { briefly } from './client';

/** Most events one drain takes (at least one entry, whatever its size). */
export const DRAIN_EVENTS = 50_000;
/**
 * The drain's lease: renewed every third of it. A server killed while draining holds it this long, during which no
 * server drains (reads wait, at most INGEST_QUEUE_READ_WAIT_S); a holder that stalls this long stops draining.
 */
const LEASE_MS = 10_000;
/** How long rows queued here are kept for the lanes (past it, their transaction did not commit). */
const KEPT_MS = 60_000;
/** Inserts under way at once: one's rows are read and sent while the shards store the other's. */
const LANES = 2;
/** How often an idle drainer looks for batches other servers queued, and a waiting read checks the queue. */
const POLL_MS = 100;
/** The pause after a drain failed (the cluster or a shard not answering). */
const RETRY_MS = 1_000;
/**
 * Events moved between two vacuums of the queue on PGlite, which has no autovacuum: without them the queue's file would
 * keep every moved batch's rows as dead space (PostgreSQL's autovacuum reclaims it there).
 */
const VACUUM_EVERY_EVENTS = INGEST_QUEUE_MAX_EVENTS;
/** How long an entry whose look-up could not be answered (ReplicaBehind) is set aside before it is looked up again. */
const ASIDE_RETRY_MS = 5_000;
/** The pause after a recount of stored entries' rollup rows failed (the drains go on meanwhile). */
const RECOUNT_RETRY_MS = 5_000;
/** While a drain or a recount keeps failing, how often the log says so again. */
const WARN_EVERY_MS = 30_000;
/** Seconds a read that waited in vain is asked to wait (Retry-After). */
const READ_RETRY_AFTER_S = 5;
/** Time a drain was under way over which one measurement of the rate is taken. */
const RATE_WINDOW_MS = 3_000;
/** The most one measurement lowers the kept rate by: to this share of it. */
const RATE_DECAY = 0.8;

/** A queued batch: its tenant and kind, its key, the span of its times and its rows as the cluster's insert takes them. */
export interface QueueEntry {
  readonly id: number;
  readonly tenantId: string;
  readonly logType: LogType;
  readonly key: string;
  readonly minTs: number;
  readonly maxTs: number;
  /** TabSeparated rows, one per line, each ending with the entry's key and the row's place in it. */
  readonly rows: string;
  /** How many rows. */
  readonly events: number;
}

/**
 * The look-up of stored rows cannot be answered yet: a replica of a shard is down (it may hold rows no other shows), or
 * the one read has still to fetch rows another stored.
 */
export class ReplicaBehind extends Error {}

/** What the queue needs of the cluster. */
export interface DrainTarget {
  /** Inserts rows of one kind in one statement; resolves once every shard has its rows. */
  insert(logType: LogType, rows: string): Promise<void>;
  /**
   * Of the entries (all of one kind), the rows the shards hold already, as `key\trow`. Throws ReplicaBehind while a
   * replica it reads may not show them all yet.
   */
  held(logType: LogType, entries: readonly QueueEntry[]): Promise<Set<string>>;
  /**
   * Counts again the rollup rows of entries (all of one kind) some of whose rows an insert that failed stored: it may
   * have stored their events without all their rollup rows. Each statement that reads stored rows and adds what they
   * lack runs through `alone`, with no insert under way; inserts go on between them.
   */
  recount(logType: LogType, entries: readonly QueueEntry[], alone: Alone): Promise<void>;
}

/** Runs work with no insert under way, holding back new ones until it is done. */
export type Alone = <T>(work: () => Promise<T>) => Promise<T>;

/** Inserts run side by side; a recount's statement runs alone, once those under way are done, and holds back new ones. */
class Gate {
  private readonly running = new Set<Promise<unknown>>();
  private alone: Promise<unknown> = Promise.resolve();

  async shared<T>(work: () => Promise<T>): Promise<T> {
    for (let waited = this.alone; ; waited = this.alone) {
      await waited;
      if (waited === this.alone) break;
    }
    const p = work();
    this.running.add(p);
    try {
      return await p;
    } finally {
      this.running.delete(p);
    }
  }

  async sole<T>(work: () => Promise<T>): Promise<T> {
    const before = this.alone;
    const p = before.then(async () => {
      while (this.running.size) await Promise.allSettled([...this.running]);
      return work();
    });
    this.alone = p.catch(() => undefined);
    return p;
  }
}

/**
 * The log of a task tried again until it succeeds: a warning at its first failure, one every WARN_EVERY_MS while it
 * keeps failing (a shard down fails it every second), and a line once it succeeds again.
 */
class FailureLog {
  private since = 0;
  private tries = 0;
  private warned = 0;

  constructor(
    /** The task, as the subject of "failed". */
    private readonly what: string,
    /** What the task does next, said with each warning. */
    private readonly next: string,
  ) {}

  /** Notes a failure; `state` (called only for a warning) tells what waits meanwhile. */
  async failed(err: unknown, state: () => Promise<string> = async () => ''): Promise<void> {
    const now = Date.now();
    if (this.tries++ === 0) this.since = now;
    if (now - this.warned < WARN_EVERY_MS) return;
    this.warned = now;
    const waiting = await state().catch(() => '');
    const after = this.tries === 1 ? 'failed' : `still failing after ${Math.round((now - this.since) / 1000)} s (${this.tries} tries)`;
    console.warn(`ClickHouse: ${this.what} ${after}: ${briefly(err)}. ${this.next}${waiting ? `; ${waiting}` : ''}.`);
  }

  succeeded(): void {
    if (this.tries === 0) return;
    console.info(`ClickHouse: ${this.what} succeeded again after ${Math.round((Date.now() - this.since) / 1000)} s (${this.tries} failed ${this.tries === 1 ? 'try' : 'tries'}).`);
    this.tries = 0;
    this.warned = 0;
  }
}

/**
 * The rate the queue drains at: events moved over the time at least one drain was under way (the lanes overlap, so
 * their time is counted once), a measurement each RATE_WINDOW_MS of it. Idle time does not count: a cluster waited for
 * by no one is not slower.
 */
class DrainMeter {
  private events = 0;
  private busyMs = 0;
  /** The end of the time counted so far: drains end in order, so a drain that began before it overlaps. */
  private countedTo = 0;

  /** Notes a drain that began at `began` (performance.now()) and has just ended; the rate once a window is full. */
  moved(began: number, events: number): number | undefined {
    const ended = performance.now();
    this.busyMs += Math.max(0, ended - Math.max(began, this.countedTo));
    this.countedTo = Math.max(this.countedTo, ended);
    this.events += events;
    if (this.busyMs < RATE_WINDOW_MS) return undefined;
    const rate = (this.events * 1000) / this.busyMs;
    this.events = 0;
    this.busyMs = 0;
    return rate;
  }
}

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/** The entries of the queue with rows to move (not those waiting for a recount), with the queue's name as parameter `$n`. */
const waiting = (n: number) => `log_ingest_queue WHERE target = $${n} AND NOT recount`;
/** Those reads wait for: not set aside. */
const awaited = (n: number) => `${waiting(n)} AND aside_since IS NULL`;

/** The columns of an entry, but its rows. */
const ENTRY_COLUMNS = 'id::text, tenant_id, log_type, batch_key, events, min_ts::text, max_ts::text, aside_since IS NOT NULL AS aside';
interface EntryRow {
  aside: boolean;
  id: string;
  tenant_id: string;
  log_type: LogType;
  batch_key: string;
  events: number;
  min_ts: string;
  max_ts: string;
}
const entryOf = (r: EntryRow, rows: string): QueueEntry => ({
  id: Number(r.id),
  tenantId: r.tenant_id,
  logType: r.log_type,
  key: r.batch_key,
  minTs: Number(r.min_ts),
  maxTs: Number(r.max_ts),
  events: r.events,
  rows,
});

/** A row's key and place, its last two columns. */
const rowId = (line: string) => line.slice(line.lastIndexOf('\t', line.lastIndexOf('\t') - 1) + 1);

export class IngestQueue {
  private lease: Lease | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** End the lanes' pauses early (a batch queued, a read waiting, close). */
  private readonly wakers = new Set<() => void>();
  /** Reads waiting for the next drain to end. */
  private readonly passed = new Set<() => void>();
  /** Entries a lane has taken and not yet moved (the other lane leaves them). */
  private readonly taken = new Set<number>();
  /** One lane takes entries at a time. */
  private taking: Promise<unknown> = Promise.resolve();
  /**
   * Entries whose rows the shards may hold already: those queued before this server took the lease (the last holder
   * may have stopped between an insert and its delete), up to `suspectUpTo`, those of a failed insert, and those set
   * aside.
   */
  private suspectUpTo = 0;
  private readonly suspect = new Set<number>();
  /** The rows of entries this server queued while draining, by id (dropped once moved, or after KEPT_MS: rolled back). */
  private readonly kept = new Map<number, { rows: string; at: number }>();
  /** Events moved since the queue was last vacuumed (PGlite). */
  private movedSinceVacuum = 0;
  private readonly gate = new Gate();
  private readonly meter = new DrainMeter();
  private readonly drainLog = new FailureLog('storing the queued events', `Trying again every ${RETRY_MS / 1000} s`);
  private readonly recountLog = new FailureLog(
    'counting again the rollup rows of events a failed insert stored',
    `Trying again every ${RECOUNT_RETRY_MS / 1000} s; reports over those hours can be short until then`,
  );
  private readonly asideLog = new FailureLog(
    'looking up which events a failed insert stored',
    `Its batches are set aside and looked up again every ${ASIDE_RETRY_MS / 1000} s; their events are not in answers until then`,
  );
  /** When a lane next looks for stored entries whose rollup rows wait to be counted again (recountStored): at once after a start. */
  private recountAfter = 0;
  /** The recounts under way and due, one after the other. */
  private recounting: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: DrainTarget,
    /** The cluster and database the queue goes to: a SQL store may hold the queues of several. */
    private readonly name: string,
    /** How long a read waits for the queue (ms), and how many seconds of the cluster's work the queue holds. */
    private readonly limits = { readWaitMs: INGEST_QUEUE_READ_WAIT_S * 1000, backlogS: INGEST_QUEUE_BACKLOG_S },
  ) {}

  /** Queues a batch in the caller's transaction (or alone); 429 when the queue holds what the cluster stores in `backlogS`. */
  async add(db: Db, batch: Omit<QueueEntry, 'id'>): Promise<void> {
    // Fastest zlib level: the queue keeps a batch for seconds; base64, as a bytea parameter went through PGlite's
    // protocol as hex escapes many times slower.
    const packed = (await deflated(Buffer.from(batch.rows), { level: 1 })).toString('base64');
    // What waits, and what the queue takes now: the limit is read in the statement that inserts.
    const { rows } = await db.query<{ events: string; admits: string; measured: boolean; id: string | null }>(
      `WITH r AS (SELECT (SELECT events_per_s FROM log_ingest_rate WHERE target = $9) AS rate),
       q AS (
         SELECT w.events, r.rate IS NOT NULL AS measured,
                greatest($10::bigint, least($8::bigint, coalesce((r.rate * $11::double precision)::bigint, $12::bigint))) AS admits
           FROM (SELECT coalesce(sum(events), 0) AS events FROM ${waiting(9)}) w, r),
       added AS (
         INSERT INTO log_ingest_queue (target, tenant_id, log_type, batch_key, events, min_ts, max_ts, packed)
         SELECT $9, $1, $2, $3, $4::integer, $5::bigint, $6::bigint, decode($7, 'base64') FROM q
          WHERE q.events = 0 OR q.events + $4::integer <= q.admits
         RETURNING id::text)
       SELECT q.events::text, q.admits::text, q.measured, (SELECT id FROM added) AS id FROM q`,
      [
        batch.tenantId,
        batch.logType,
        batch.key,
        batch.events,
        batch.minTs,
        batch.maxTs,
        packed,
        INGEST_QUEUE_MAX_EVENTS,
        this.name,
        INGEST_MAX_LINES,
        this.limits.backlogS,
        INGEST_QUEUE_UNMEASURED_EVENTS,
      ],
    );
    const { events, admits, measured, id } = rows[0]!;
    if (id === null) {
      const count = (n: string) => Number(n).toLocaleString('en');
      const why = measured ? `what it stores in ${this.limits.backlogS} s` : 'until it has measured how fast the cluster stores';
      throw new HttpError(
        429,
        `${count(events)} events are waiting to be stored in the log store, which takes a batch only while those and ` +
          `the batch's come to ${count(admits)} at most now (${why}); ` +
          `send this batch again in ${INGEST_RETRY_AFTER_S} s.`,
        { retry_after: INGEST_RETRY_AFTER_S },
      );
    }
    // The rows kept here too while this server drains: its lanes need not read them back.
    if (this.lease?.isHeld) this.kept.set(Number(id), { rows: batch.rows, at: Date.now() });
    // Drained once committed: at once when this was its own statement, else at the drainer's next look.
    setImmediate(() => this.wake());
  }

  /** Starts draining (this server drains while it holds the queue's lease). */
  start(db: Db): void {
    this.lease = new Lease(db, `clickhouse ingest ${this.name}`, LEASE_MS);
    this.running = this.run(db, this.lease);
  }

  /** Resolves once the batches of the tenant acknowledged before the call are in the cluster; 503 after `readWaitMs` (INGEST_QUEUE_READ_WAIT_S). */
  async settled(db: Db, tenantId: string): Promise<void> {
    const { rows } = await db.query<{ last: string | null }>(`SELECT max(id)::text AS last FROM ${awaited(1)} AND tenant_id = $2`, [
      this.name,
      tenantId,
    ]);
    const last = rows[0]?.last;
    if (last == null) return;
    const deadline = Date.now() + this.limits.readWaitMs;
    for (;;) {
      this.wake();
      await this.nextPass();
      const { rows: left } = await db.query(`SELECT 1 FROM ${awaited(1)} AND tenant_id = $2 AND id <= $3 LIMIT 1`, [
        this.name,
        tenantId,
        last,
      ]);
      if (!left.length) return;
      if (Date.now() > deadline) {
        throw new HttpError(503, `Events received in the last seconds are still being stored; try again in ${READ_RETRY_AFTER_S} s.`, {
          retry_after: READ_RETRY_AFTER_S,
        });
      }
    }
  }

  /** Stops draining once the drain under way has ended (what is queued stays for the next start). */
  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.running;
    await this.lease?.release().catch(() => undefined);
  }

  private wake(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /** Resolves when the next drain ends, or after POLL_MS (another server may be the one draining). */
  private nextPass(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.passed.delete(done);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      this.passed.add(done);
    });
  }

  /** Waits `ms`, or less when woken (always by close; by a batch or a read only when `wakeable`). */
  private pause(ms: number, wakeable = true): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const wake = () => {
        if (wakeable || this.closed) end();
      };
      const timer = setTimeout(end, ms);
      this.wakers.add(wake);
    });
  }

  private async run(db: Db, lease: Lease): Promise<void> {
    while (!this.closed) {
      const held = await lease.takeIfFree().catch(() => false);
      if (!held) {
        await this.pause(2_000);
        continue;
      }
      const { rows } = await db.query<{ last: string | null }>(`SELECT max(id)::text AS last FROM ${waiting(1)}`, [this.name]);
      this.suspectUpTo = Number(rows[0]?.last ?? 0);
      this.recountAfter = 0;
      await Promise.all([...Array(LANES)].map((_, lane) => this.lane(db, lease, lane)));
      await this.recounting;
      this.kept.clear();
    }
  }

  /**
   * Drains while this server holds the lease: the next entries not taken by the other lane, and again. The first lane
   * takes whatever waits; the others only a backlog of at least half an insert, so that senders slower than the
   * cluster still have their batches gathered into one insert at a time rather than split between two.
   */
  private async lane(db: Db, lease: Lease, lane: number): Promise<void> {
    while (!this.closed && lease.isHeld) {
      let moved = 0;
      // Beside the drains, which go on between its statements; after the one under way, if any.
      if (Date.now() >= this.recountAfter) {
        this.recountAfter = Number.POSITIVE_INFINITY;
        this.recounting = this.recounting.then(() => this.recountStored(db));
      }
      try {
        moved = await this.drain(db, lane === 0 ? 1 : DRAIN_EVENTS / 2);
        if (moved) this.drainLog.succeeded();
      } catch (e) {
        if (!this.closed) await this.drainLog.failed(e, () => this.waitingEvents(db));
        await this.pause(RETRY_MS, false);
      }
      for (const done of [...this.passed]) done();
      if (moved === 0 && !this.closed) await this.pause(POLL_MS);
    }
  }

  /**
   * Counts again the rollup rows of the stored entries that wait for it (see drain), each statement alone (no insert
   * under way), and lets them go; after a failure (a shard down, a replica still fetching what a killed one stored),
   * again after RECOUNT_RETRY_MS. Never rejects.
   */
  private async recountStored(db: Db): Promise<void> {
    try {
      const { rows } = await db.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM log_ingest_queue WHERE target = $1 AND recount ORDER BY id LIMIT 1000`, [this.name]);
      const entries = rows.map((r) => entryOf(r, ''));
      for (const logType of new Set(entries.map((e) => e.logType))) {
        const mine = entries.filter((e) => e.logType === logType);
        await this.target.recount(logType, mine, (work) => this.gate.sole(work));
        await db.query('DELETE FROM log_ingest_queue WHERE id = ANY($1::bigint[])', [mine.map((e) => e.id)]);
      }
      if (rows.length === 1000) this.recountAfter = 0;
      if (rows.length) this.recountLog.succeeded();
    } catch (e) {
      if (!this.closed) await this.recountLog.failed(e);
      this.recountAfter = Math.min(this.recountAfter, Date.now() + RECOUNT_RETRY_MS);
    }
  }

  /** What waits in the queue, for a warning. */
  private async waitingEvents(db: Db): Promise<string> {
    const { rows } = await db.query<{ n: string }>(`SELECT coalesce(sum(events), 0)::text AS n FROM ${waiting(1)}`, [this.name]);
    return `${Number(rows[0]!.n).toLocaleString('en')} events wait (batches are refused with 429 past what the cluster stored in ${this.limits.backlogS} s)`;
  }

  /**
   * Takes the oldest entries no lane has (up to DRAIN_EVENTS events), when at least `least` events wait: not those set
   * aside less than ASIDE_RETRY_MS ago.
   */
  private take(db: Db, least: number): Promise<QueueEntry[]> {
    const next = this.taking.then(async () => {
      for (const [id, { at }] of this.kept) if (at < Date.now() - KEPT_MS) this.kept.delete(id);
      const kept = [...this.kept.keys()];
      const { rows } = await db.query<EntryRow & { lines: string | null; packed: string | null }>(
        `SELECT ${ENTRY_COLUMNS},
                CASE WHEN id = ANY($4::bigint[]) THEN NULL ELSE lines END AS lines,
                CASE WHEN id = ANY($4::bigint[]) THEN NULL ELSE encode(packed, 'base64') END AS packed
           FROM log_ingest_queue
          WHERE id IN (SELECT id FROM (SELECT id, sum(events) OVER (ORDER BY id) - events AS before, sum(events) OVER () AS waiting
                                         FROM ${waiting(2)} AND NOT (id = ANY($3::bigint[])) AND (aside_since IS NULL OR aside_since <= $6)) q
                        WHERE before < $1 AND waiting >= $5)
          ORDER BY id`,
        [DRAIN_EVENTS, this.name, [...this.taken], kept, least, Date.now() - ASIDE_RETRY_MS],
      );
      const entries = await Promise.all(
        rows.map(async (r) =>
          entryOf(r, r.packed !== null ? (await inflated(Buffer.from(r.packed, 'base64'))).toString() : (r.lines ?? this.kept.get(Number(r.id))!.rows)),
        ),
      );
      for (const e of entries) this.taken.add(e.id);
      for (const r of rows) if (r.aside) this.suspect.add(Number(r.id));
      return entries;
    });
    this.taking = next.catch(() => undefined);
    return next;
  }

  /** Moves the oldest entries no lane has (up to DRAIN_EVENTS events, if `least` wait) to the cluster; how many entries it moved. */
  private async drain(db: Db, least: number): Promise<number> {
    const began = performance.now();
    const entries = await this.take(db, least);
    if (!entries.length) return 0;
    const ids = entries.map((e) => e.id);
    const recount: number[] = [];
    const aside: number[] = [];
    try {
      for (const logType of new Set(entries.map((e) => e.logType))) {
        let mine = entries.filter((e) => e.logType === logType);
        let suspect = mine.filter((e) => e.id <= this.suspectUpTo || this.suspect.has(e.id));
        let held = new Set<string>();
        if (suspect.length) {
          try {
            held = await this.target.held(logType, suspect);
            this.asideLog.succeeded();
          } catch (e) {
            if (!(e instanceof ReplicaBehind)) throw e;
            await this.asideLog.failed(e, async () => `${suspect.reduce((n, s) => n + s.events, 0).toLocaleString('en')} events set aside`);
            aside.push(...suspect.map((s) => s.id));
            mine = mine.filter((m) => !suspect.includes(m));
            suspect = [];
          }
        }
        if (!mine.length) continue;
        const rows = mine.map((e) => e.rows).join('\n');
        await this.gate.shared(() => this.target.insert(logType, held.size ? rows.split('\n').filter((l) => !held.has(rowId(l))).join('\n') : rows));
        const heldKeys = new Set([...held].map((id) => id.slice(0, id.indexOf('\t'))));
        recount.push(...suspect.filter((e) => heldKeys.has(e.key)).map((e) => e.id));
      }
      // Entries some of whose rows a failed insert stored are kept, without their rows, until their rollup rows are
      // counted again (recountStored); those whose look-up could not be answered are set aside; the others leave.
      if (recount.length) await db.query('UPDATE log_ingest_queue SET recount = true, lines = NULL, packed = NULL WHERE id = ANY($1::bigint[])', [recount]);
      if (aside.length) await db.query('UPDATE log_ingest_queue SET aside_since = $2::bigint WHERE id = ANY($1::bigint[])', [aside, Date.now()]);
      await db.query('DELETE FROM log_ingest_queue WHERE id = ANY($1::bigint[]) AND NOT recount AND NOT (id = ANY($2::bigint[]))', [ids, aside]);
    } catch (e) {
      // The shards may hold some of their rows: looked up when they are taken again.
      for (const id of ids) this.suspect.add(id);
      throw e;
    } finally {
      for (const id of ids) this.taken.delete(id);
    }
    for (const id of ids) {
      this.suspect.delete(id);
      this.kept.delete(id);
    }
    if (recount.length) this.recountAfter = 0;
    const events = entries.reduce((n, e) => n + e.events, 0);
    const rate = this.meter.moved(began, events);
    if (rate !== undefined) {
      // A measurement above the kept rate replaces it; one below lowers it by RATE_DECAY at most. Small inserts (senders
      // slower than the cluster, or a low limit) cost the cluster more per event than large ones, so a window of them
      // measures less than the cluster can do: taken as it is, a low limit would make small inserts measure a lower
      // rate, and so on down. A cluster that did slow down is followed within some windows. A failure to keep the rate
      // is not the drain's.
      await db
        .query(
          `INSERT INTO log_ingest_rate (target, events_per_s) VALUES ($1, $2)
           ON CONFLICT (target) DO UPDATE
             SET events_per_s = greatest(excluded.events_per_s, log_ingest_rate.events_per_s * $3), measured_at = now()`,
          [this.name, rate, RATE_DECAY],
        )
        .catch(() => undefined);
    }
    this.movedSinceVacuum += events;
    if (!db.autovacuum && this.movedSinceVacuum >= VACUUM_EVERY_EVENTS) {
      this.movedSinceVacuum = 0;
      await db.exec('VACUUM log_ingest_queue');
    }
    return entries.length;
  }
}
