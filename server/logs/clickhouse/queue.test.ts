/**
 * The ClickHouse store's ingest queue on a real SQL store (PGlite), with a cluster stood in for by a table of rows in
 * memory whose inserts the test can slow down or break part-way: batches are acknowledged once queued, moved in
 * fewer, larger inserts, each row stored once whatever failed, and reads wait for what was acknowledged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INGEST_MAX_LINES, INGEST_QUEUE_BACKLOG_S, INGEST_QUEUE_MAX_EVENTS, INGEST_QUEUE_READ_WAIT_S, INGEST_QUEUE_UNMEASURED_EVENTS } from '../../../schemas/areas/ingest';
import type { LogType } from '../../../schemas/logs';
import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite';
import { HttpError, type Db } from '../../types';
import { DRAIN_EVENTS, IngestQueue, ReplicaBehind, type Alone, type DrainTarget, type QueueEntry } from './queue';

/** A cluster in memory: the rows it holds (`key\trow` → times stored), and its inserts' sizes. */
class FakeCluster implements DrainTarget {
  readonly rows = new Map<string, number>();
  readonly inserts: number[] = [];
  /** Each insert waits this long first. */
  delayMs = 0;
  /** And this long per row, after. */
  msPerRow = 0;
  /** The next insert stores this many of its lines, then fails. */
  failAfter: number | undefined;
  /** The next this many inserts fail, storing nothing, with this answer (a shard down). */
  down = 0;
  downAnswer = '';
  /** Inserts wait for this before storing anything. */
  gate: Promise<void> | undefined;
  /** Inserts running at once, at most. */
  concurrent = 0;
  /** Inserts running now. */
  running = 0;
  /** Inserts with rows of these batches (by key) wait for their promise first. */
  readonly holding = new Map<string, Promise<void>>();
  /** While set, a look-up of stored rows cannot be answered (a replica that has still to fetch what another stored). */
  behind = false;
  /** Each recount: the keys of its entries, and how many inserts were under way as it began. */
  readonly recounts: { keys: string[]; inserting: number }[] = [];

  async insert(_logType: LogType, rows: string): Promise<void> {
    const lines = rows.split('\n');
    this.running++;
    this.concurrent = Math.max(this.concurrent, this.running);
    try {
      await this.gate;
      for (const [key, release] of this.holding) if (lines.some((l) => l.startsWith(`${key}\t`, l.lastIndexOf('\t', l.lastIndexOf('\t') - 1) + 1))) await release;
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      if (this.msPerRow) await new Promise((r) => setTimeout(r, this.msPerRow * lines.length));
      if (this.down > 0) {
        this.down--;
        throw new Error(this.downAnswer);
      }
      this.inserts.push(lines.length);
      const stored = this.failAfter ?? lines.length;
      for (const line of lines.slice(0, stored)) {
        const id = line.split('\t').slice(-2).join('\t');
        this.rows.set(id, (this.rows.get(id) ?? 0) + 1);
      }
      if (this.failAfter !== undefined) {
        this.failAfter = undefined;
        throw new Error('a shard did not answer');
      }
    } finally {
      this.running--;
    }
  }

  async held(_logType: LogType, entries: readonly QueueEntry[]): Promise<Set<string>> {
    if (this.behind) throw new ReplicaBehind('a replica of shard 1 is still fetching parts of log_events_local');
    const keys = new Set(entries.map((e) => e.key));
    return new Set([...this.rows.keys()].filter((id) => keys.has(id.split('\t')[0]!)));
  }

  async recount(_logType: LogType, entries: readonly QueueEntry[], alone: Alone): Promise<void> {
    await alone(async () => this.recounts.push({ keys: entries.map((e) => e.key), inserting: this.running }));
  }

  /** Every row stored once, as many as `expected`. */
  expectEachOnce(expected: number): void {
    expect([...this.rows.values()].filter((n) => n !== 1)).toEqual([]);
    expect(this.rows.size).toBe(expected);
  }
}

const T = 'tenant-q';
let next = 0;
/** A batch of n events as the store queues it: each line ends with the batch's key and the row's place. */
function batch(n: number, tenantId = T): Omit<QueueEntry, 'id'> {
  const key = `k${next++}`;
  const rows = Array.from({ length: n }, (_, i) => `${tenantId}\tweb\t${1000 + i}\t{}\t${key}\t${i}`).join('\n');
  return { tenantId, logType: 'web', key, minTs: 1000, maxTs: 1000 + n, rows, events: n };
}

const queued = async (db: Db) => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM log_ingest_queue')).rows[0]!.n);
const NAME = 'test ingest queue';
/** As if the drainer had measured the cluster at `rate` events a second. */
const measured = (db: Db, rate: number) =>
  db.query('INSERT INTO log_ingest_rate (target, events_per_s) VALUES ($1, $2) ON CONFLICT (target) DO UPDATE SET events_per_s = $2', [NAME, rate]);
/** What a refused promise rejected with, as status, Retry-After and message. */
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(() => undefined, (e: unknown) => e);
  expect(e).toBeInstanceOf(HttpError);
  return { status: (e as HttpError).status, retryAfter: (e as HttpError).extra.retry_after, message: (e as HttpError).message };
};

describe('the ClickHouse ingest queue', () => {
  let db: Db;
  const open: IngestQueue[] = [];
  const queueOf = (cluster: DrainTarget, readWaitMs = INGEST_QUEUE_READ_WAIT_S * 1000, backlogS = INGEST_QUEUE_BACKLOG_S) => {
    const q = new IngestQueue(cluster, NAME, { readWaitMs, backlogS });
    open.push(q);
    return q;
  };

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterEach(async () => {
    for (const q of open.splice(0)) await q.close();
    await db.query('DELETE FROM log_ingest_queue');
    await db.query('DELETE FROM log_ingest_rate');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('acknowledges batches sent one after another at once and moves them in fewer, larger inserts; a read waits for them', async () => {
    const cluster = new FakeCluster();
    // The cluster takes nothing until every batch is acknowledged (by the clock, a loaded machine's slower adds made
    // more inserts of fewer rows).
    let open = () => {};
    cluster.gate = new Promise((r) => (open = r));
    const q = queueOf(cluster);
    q.start(db);
    for (let i = 0; i < 30; i++) await q.add(db, batch(100));
    expect(cluster.inserts).toEqual([]);
    open();
    await q.settled(db, T);
    // Once a read of the tenant has waited, every acknowledged row is in the cluster, and the queue is empty.
    cluster.expectEachOnce(3000);
    expect(await queued(db)).toBe(0);
    expect(cluster.inserts.length).toBeLessThan(30 / 3);
    expect(Math.max(...cluster.inserts)).toBeLessThanOrEqual(DRAIN_EVENTS);
  });

  it('stores every row once after an insert that failed part-way', async () => {
    const cluster = new FakeCluster();
    cluster.failAfter = 150;
    const q = queueOf(cluster);
    for (let i = 0; i < 4; i++) await q.add(db, batch(100));
    q.start(db);
    await q.settled(db, T);
    // The first insert stored 150 of its 400 rows and failed; the next looked up what the cluster held.
    expect(cluster.inserts).toEqual([400, 250]);
    cluster.expectEachOnce(400);
    // The batches with rows the failed insert stored (all of the first, half the second) are counted again, and then
    // leave the queue.
    await vi.waitFor(async () => expect(await queued(db)).toBe(0), { timeout: 10_000, interval: 50 });
    expect(cluster.recounts.map((r) => r.keys)).toEqual([[`k${next - 4}`, `k${next - 3}`]]);
  });

  it('sets aside a batch whose stored rows cannot be looked up yet, moves the others meanwhile, and then stores it once', async () => {
    const cluster = new FakeCluster();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      // The insert stores 150 of the batch's 200 rows and fails (its replica killed); the replica that answers has
      // still to fetch them.
      cluster.failAfter = 150;
      cluster.behind = true;
      const q = queueOf(cluster, 3_000);
      q.start(db);
      const cut = batch(200);
      await q.add(db, cut);
      const aside = async () => Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM log_ingest_queue WHERE aside_since IS NOT NULL')).rows[0]!.n);
      await vi.waitFor(async () => expect(await aside()).toBe(1), { timeout: 10_000, interval: 50 });
      // A batch sent meanwhile is stored, and a read waits for it alone.
      const later = batch(100);
      await q.add(db, later);
      await q.settled(db, T);
      expect(cluster.rows.size).toBe(250);
      expect([...cluster.rows.keys()].filter((id) => id.startsWith(`${later.key}\t`))).toHaveLength(100);
      // Once the replica has caught up, the batch's other rows are stored, each once, and its rollup rows counted again.
      cluster.behind = false;
      await vi.waitFor(async () => expect(await queued(db)).toBe(0), { timeout: 15_000, interval: 100 });
      cluster.expectEachOnce(300);
      expect(cluster.recounts.map((r) => r.keys)).toEqual([[cut.key]]);
      expect(warn.mock.calls.map(([line]) => line)).toContain(
        'ClickHouse: looking up which events a failed insert stored failed: a replica of shard 1 is still fetching parts of log_events_local. ' +
          'Its batches are set aside and looked up again every 5 s; their events are not in answers until then; 200 events set aside.',
      );
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('says in one line that its inserts fail while a shard is down, and when they succeed again', async () => {
    const cluster = new FakeCluster();
    cluster.down = 3;
    // 18.16's answer to an insert through the Distributed table with a shard down.
    const refused = 'Code: 210, e.displayText() = DB::NetException: Connection refused (127.0.0.1:19001), e.what() = DB::NetException';
    cluster.downAnswer = `Code: 279, e.displayText() = DB::NetException: All connection tries failed. Log: \n\n${refused}\n${refused}\n\n, e.what() = DB::NetException\n`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const q = queueOf(cluster);
      await q.add(db, batch(120));
      q.start(db);
      await q.settled(db, T);
      cluster.expectEachOnce(120);
      // Three failed tries a second apart: one warning, with what waits meanwhile; then one line once stored.
      expect(warn.mock.calls.map(([line]) => line)).toEqual([
        'ClickHouse: storing the queued events failed: Code: 279, All connection tries failed. Log: / Code: 210, Connection refused (127.0.0.1:19001). ' +
          'Trying again every 1 s; 120 events wait (batches are refused with 429 past what the cluster stored in 5 s).',
      ]);
      expect(info.mock.calls.map(([line]) => line)).toEqual([expect.stringMatching(/^ClickHouse: storing the queued events succeeded again after \d+ s \(3 failed tries\)\.$/)]);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });

  it('counts a batch some of whose rows a stopped server stored again only once no insert is under way', async () => {
    const cluster = new FakeCluster();
    // A batch the last server inserted in part before it stopped, and another: each lane takes one.
    const [partial, other] = [batch(DRAIN_EVENTS), batch(DRAIN_EVENTS)];
    // Past what the queue takes before a rate is measured.
    await measured(db, 1e6);
    await new IngestQueue(cluster, NAME).add(db, partial);
    await new IngestQueue(cluster, NAME).add(db, other);
    await cluster.insert('web', partial.rows.split('\n').slice(0, 10).join('\n'));
    const releases = new Map<string, () => void>();
    for (const { key } of [partial, other]) cluster.holding.set(key, new Promise((r) => releases.set(key, r)));
    const q = queueOf(cluster);
    try {
      q.start(db);
      await vi.waitFor(() => expect(cluster.concurrent).toBe(2), { timeout: 10_000, interval: 50 });
      releases.get(partial.key)!();
      await vi.waitFor(() => expect(cluster.rows.size).toBe(DRAIN_EVENTS), { timeout: 10_000, interval: 50 });
      // The partial batch is stored while the other's insert runs: the recount waits for it.
      await new Promise((r) => setTimeout(r, 300));
      expect(cluster.recounts).toEqual([]);
    } finally {
      for (const release of releases.values()) release();
    }
    await vi.waitFor(async () => expect(await queued(db)).toBe(0), { timeout: 10_000, interval: 50 });
    expect(cluster.recounts).toEqual([{ keys: [partial.key], inserting: 0 }]);
    cluster.expectEachOnce(2 * DRAIN_EVENTS);
  });

  it('lets inserts through between the statements of a recount, each statement alone', async () => {
    const cluster = new FakeCluster();
    const order: string[] = [];
    const insert = cluster.insert.bind(cluster);
    cluster.insert = async (logType, rows) => {
      await insert(logType, rows);
      order.push(`insert of ${rows.split('\n').length}`);
    };
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let inFirst = () => {};
    const firstBegun = new Promise<void>((r) => (inFirst = r));
    // Two statements, as a recount of two views runs them, with a read of the shard between.
    cluster.recount = async (_logType, _entries, alone) => {
      await alone(async () => {
        order.push(`statement 1 (${cluster.running} inserting)`);
        inFirst();
        await firstHeld;
      });
      await new Promise((r) => setTimeout(r, 20));
      await alone(async () => void order.push(`statement 2 (${cluster.running} inserting)`));
    };
    // The first insert stores 50 of its 100 rows and fails: its batch is counted again once the rest is stored.
    cluster.failAfter = 50;
    const q = queueOf(cluster);
    await q.add(db, batch(100));
    q.start(db);
    await firstBegun;
    // A batch acknowledged during the first statement is stored once it ends, before the second.
    await q.add(db, batch(30));
    await new Promise((r) => setTimeout(r, 300));
    expect(order).toEqual(['insert of 50', 'statement 1 (0 inserting)']);
    releaseFirst();
    await q.settled(db, T);
    await vi.waitFor(async () => expect(await queued(db)).toBe(0), { timeout: 10_000, interval: 50 });
    expect(order).toEqual(['insert of 50', 'statement 1 (0 inserting)', 'insert of 30', 'statement 2 (0 inserting)']);
    cluster.expectEachOnce(130);
  });

  it('stores once the rows a server stopped between their insert and their delete left in the queue', async () => {
    const cluster = new FakeCluster();
    const first = batch(50);
    const second = batch(50);
    await new IngestQueue(cluster, NAME).add(db, first);
    await new IngestQueue(cluster, NAME).add(db, second);
    // The first batch reached the cluster, but its entry was never deleted.
    await cluster.insert('web', first.rows);
    const q = queueOf(cluster);
    q.start(db);
    await q.settled(db, T);
    expect(cluster.inserts).toEqual([50, 50]);
    cluster.expectEachOnce(100);
  });

  it('keeps a batch deflated, and moves its rows as they were, as well as a batch an older server queued as text', async () => {
    const cluster = new FakeCluster();
    const texts: string[] = [];
    const keeping = { insert: (logType: LogType, rows: string) => (texts.push(rows), cluster.insert(logType, rows)), held: cluster.held.bind(cluster), recount: cluster.recount.bind(cluster) };
    // Queued by a server that does not drain: the drainer reads the rows back from the SQL store.
    const sent = batch(2_000);
    await new IngestQueue(keeping, NAME).add(db, sent);
    const { rows } = await db.query<{ lines: string | null; bytes: number }>('SELECT lines, octet_length(packed) AS bytes FROM log_ingest_queue');
    expect(rows[0]!.lines).toBeNull();
    expect(rows[0]!.bytes).toBeLessThan(sent.rows.length / 4);
    const old = batch(10);
    await db.query(
      `INSERT INTO log_ingest_queue (target, tenant_id, log_type, batch_key, events, min_ts, max_ts, lines) VALUES ('test ingest queue', $1, 'web', $2, 10, 1000, 1010, $3)`,
      [T, old.key, old.rows],
    );
    const q = queueOf(keeping);
    q.start(db);
    await q.settled(db, T);
    expect(texts.join('\n')).toBe(`${sent.rows}\n${old.rows}`);
    cluster.expectEachOnce(2_010);
  });

  it('of two servers, moves the queue from one only, two inserts at a time', async () => {
    const cluster = new FakeCluster();
    // The first inserts wait until every batch is queued: a second insert then has a backlog to take, however slowly
    // the machine runs the test.
    let open!: () => void;
    cluster.gate = new Promise((resolve) => (open = resolve));
    // Each server's inserts counted apart.
    const through = () => {
      const counted = { inserts: 0, insert: (logType: LogType, rows: string) => (counted.inserts++, cluster.insert(logType, rows)), held: cluster.held.bind(cluster), recount: cluster.recount.bind(cluster) };
      return counted;
    };
    const [ta, tb] = [through(), through()];
    const [a, b] = [queueOf(ta), queueOf(tb)];
    a.start(db);
    b.start(db);
    // Batches of DRAIN_EVENTS / 2: each lane's insert takes two (past what the queue takes before a rate is measured).
    await measured(db, 1e6);
    await Promise.all([...Array(6)].map((_, i) => (i % 2 ? a : b).add(db, batch(DRAIN_EVENTS / 2, `tenant-${i % 3}`))));
    try {
      await vi.waitFor(() => expect(cluster.concurrent).toBe(2), { timeout: 10_000, interval: 50 });
    } finally {
      open();
    }
    for (const t of ['tenant-0', 'tenant-1', 'tenant-2']) await b.settled(db, t);
    expect([ta.inserts, tb.inserts].sort()).toEqual([0, expect.any(Number)]);
    cluster.expectEachOnce(3 * DRAIN_EVENTS);
  });

  it('refuses a batch with 429 once the queue holds its limit however fast the cluster, and a read that waits too long with 503', async () => {
    const cluster = new FakeCluster();
    let open_ = () => {};
    cluster.gate = new Promise((r) => (open_ = r));
    await measured(db, 1e6);
    const q = queueOf(cluster, 300);
    q.start(db);
    for (let n = 0; n < INGEST_QUEUE_MAX_EVENTS; n += 10_000) await q.add(db, batch(10_000));
    expect(await refusal(q.add(db, batch(1)))).toEqual({
      status: 429,
      retryAfter: 1,
      message: "200,000 events are waiting to be stored in the log store, which takes a batch only while those and the batch's come to 200,000 at most now (what it stores in 5 s); send this batch again in 1 s.",
    });
    expect(await queued(db)).toBe(INGEST_QUEUE_MAX_EVENTS / 10_000);
    expect(await refusal(q.settled(db, T))).toEqual({
      status: 503,
      retryAfter: 5,
      message: 'Events received in the last seconds are still being stored; try again in 5 s.',
    });
    // Another tenant's reads do not wait for this one's events.
    await q.settled(db, 'tenant-quiet');
    open_();
    // A read on another server (which does not drain) waits too, until the drainer has moved them all.
    await queueOf(cluster).settled(db, T);
    cluster.expectEachOnce(INGEST_QUEUE_MAX_EVENTS);
    // PGlite has no autovacuum: the queue vacuumed itself once that many events had left it.
    const { rows } = await db.query<{ n: number }>("SELECT vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = 'log_ingest_queue'");
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('holds what the cluster stores in 5 s at its measured rate, at least one full batch, and any batch when empty', async () => {
    const cluster = new FakeCluster();
    cluster.gate = new Promise(() => undefined);
    const q = queueOf(cluster);
    // Before any rate is measured.
    for (let n = 0; n < INGEST_QUEUE_UNMEASURED_EVENTS; n += 10_000) await q.add(db, batch(10_000));
    expect((await refusal(q.add(db, batch(1)))).message).toBe(
      "50,000 events are waiting to be stored in the log store, which takes a batch only while those and the batch's come to 50,000 at most now (until it has measured how fast the cluster stores); " +
        'send this batch again in 1 s.',
    );
    // A cluster measured at 6,000 events a second: 30,000.
    await measured(db, 6_000);
    expect((await refusal(q.add(db, batch(1)))).message).toBe(
      "50,000 events are waiting to be stored in the log store, which takes a batch only while those and the batch's come to 30,000 at most now (what it stores in 5 s); send this batch again in 1 s.",
    );
    await db.query('DELETE FROM log_ingest_queue');
    await q.add(db, batch(20_000));
    await q.add(db, batch(10_000));
    await refusal(q.add(db, batch(1)));
    // At 100 a second, 500 in 5 s: still one full batch.
    await measured(db, 100);
    await db.query('DELETE FROM log_ingest_queue');
    await q.add(db, batch(1));
    await q.add(db, batch(INGEST_MAX_LINES - 1));
    expect((await refusal(q.add(db, batch(1)))).message).toBe(
      "10,000 events are waiting to be stored in the log store, which takes a batch only while those and the batch's come to 10,000 at most now (what it stores in 5 s); send this batch again in 1 s.",
    );
    // An empty queue takes a batch past the limit.
    await db.query('DELETE FROM log_ingest_queue');
    await q.add(db, batch(INGEST_MAX_LINES + 5));
    expect(await queued(db)).toBe(1);
  });

  it('measures the rate it drains at, and refuses senders faster than the cluster so that reads are answered', { timeout: 120_000 }, async () => {
    // Two lanes of 10,000 rows a second at most; reads may wait 10 s, the queue holds 1 s of the cluster's work (at
    // least one full batch). Without the limit it fills to its cap, 10 s of the cluster's work or more.
    const cluster = new FakeCluster();
    cluster.msPerRow = 0.1;
    const q = queueOf(cluster, 10_000, 1);
    q.start(db);
    let stop = false;
    let refused = 0;
    // Two senders, each faster than the cluster alone.
    const sender = async () => {
      while (!stop) {
        await q.add(db, batch(2_000)).catch((e: unknown) => {
          if (!(e instanceof HttpError && e.status === 429)) throw e;
          refused++;
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const sending = Promise.all([sender(), sender()]);
    try {
      const waits: number[] = [];
      for (let i = 0; i < 6; i++) {
        await new Promise((r) => setTimeout(r, 1_000));
        const began = performance.now();
        await q.settled(db, T);
        waits.push(performance.now() - began);
      }
      expect(refused).toBeGreaterThan(0);
      const { rows } = await db.query<{ rate: number }>('SELECT events_per_s AS rate FROM log_ingest_rate WHERE target = $1', [NAME]);
      // Measured below the cluster's two lanes and above what one lane's inserts alone would have moved at their slowest.
      expect(rows[0]!.rate).toBeGreaterThan(2_000);
      expect(rows[0]!.rate).toBeLessThan(20_000);
      expect(waits.every((w) => w < 10_000)).toBe(true);
    } finally {
      stop = true;
      await sending;
    }
  });
});
