import { describe, expect, it } from 'vitest';
import { HEAVY_GIVES_WAY_MS, HEAVY_MAX_WAITING, INTERACTIVE_TURNS, PriorityQueue, QueryAbortedError, QueueFullError } from './queue';

const tick = () => new Promise((r) => setTimeout(r, 5));
/** One turn of the event loop: a job scheduled before it has started. */
const turn = () => new Promise((r) => setImmediate(r));

describe('PriorityQueue', () => {
  it('runs one job at a time, interactive jobs before waiting heavy ones', async () => {
    const q = new PriorityQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(`start ${name}`);
      await tick();
      order.push(`end ${name}`);
      return name;
    };
    const first = q.schedule(job('heavy 1'), true);
    await turn();
    const all = [
      first,
      q.schedule(job('heavy 2'), true),
      q.schedule(job('heavy 3'), true),
      q.schedule(job('sign-in'), false),
    ];
    expect(await Promise.all(all)).toEqual(['heavy 1', 'heavy 2', 'heavy 3', 'sign-in']);
    // The sign-in waited for the heavy job already running only.
    expect(order).toEqual(['start heavy 1', 'end heavy 1', 'start sign-in', 'end sign-in', 'start heavy 2', 'end heavy 2', 'start heavy 3', 'end heavy 3']);
  });

  it('gives a waiting heavy job a turn after every INTERACTIVE_TURNS interactive jobs, so a busy portal cannot starve reports', async () => {
    const q = new PriorityQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const blocker = q.schedule(job('running'), false);
    const heavy = [q.schedule(job('report 1'), true), q.schedule(job('report 2'), true)];
    const interactive = Array.from({ length: 2 * INTERACTIVE_TURNS + 1 }, (_, i) => q.schedule(job(`read ${i + 1}`), false));
    await Promise.all([blocker, ...heavy, ...interactive]);
    const reads = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `read ${from + i}`);
    expect(order).toEqual([
      'running',
      ...reads(1, INTERACTIVE_TURNS - 1),
      'report 1',
      ...reads(INTERACTIVE_TURNS, 2 * INTERACTIVE_TURNS - 1),
      'report 2',
      ...reads(2 * INTERACTIVE_TURNS, 2 * INTERACTIVE_TURNS + 1),
    ]);
  });

  it('drops a job whose signal aborted before its turn, and refuses one aborted already', async () => {
    const q = new PriorityQueue();
    const ran: string[] = [];
    const controller = new AbortController();
    const first = q.schedule(async () => void (await tick(), ran.push('first')), true);
    const dropped = q.schedule(async () => void ran.push('dropped'), true, controller.signal);
    controller.abort();
    await first;
    await expect(dropped).rejects.toBeInstanceOf(QueryAbortedError);
    await expect(q.schedule(async () => 1, true, controller.signal)).rejects.toBeInstanceOf(QueryAbortedError);
    expect(ran).toEqual(['first']);
  });

  it('runs a call made from inside a running job at once instead of waiting for itself', async () => {
    const q = new PriorityQueue();
    const outer = q.schedule(async () => `outer(${await q.schedule(async () => 'inner', false)})`, false);
    expect(await outer).toBe('outer(inner)');
  });

  it('lets interactive jobs go before a heavy one for HEAVY_GIVES_WAY_MS only, so a saturated portal delays a log page a bounded time', async () => {
    let clock = 0;
    const q = new PriorityQueue(() => clock);
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const all = [q.schedule(job('running'), false), q.schedule(job('log page'), true)];
    // Interactive calls keep arriving; the first comes after the log page waited longer than it gives way.
    clock += HEAVY_GIVES_WAY_MS + 1;
    all.push(q.schedule(job('late read'), false));
    clock += 1;
    all.push(q.schedule(job('later read'), false));
    await Promise.all(all);
    expect(order).toEqual(['running', 'log page', 'late read', 'later read']);
  });

  it('runs identical shared reads that wait at the same time once, each caller with its own copy', async () => {
    const q = new PriorityQueue();
    let runs = 0;
    const read = () => q.schedule(async () => (runs++, await tick(), { rows: [{ n: runs }] }), true, undefined, 'SELECT n');
    const blocker = q.schedule(tick, false);
    const answers = await Promise.all([read(), read(), read()]);
    await blocker;
    expect(runs).toBe(1);
    expect(answers).toEqual([{ rows: [{ n: 1 }] }, { rows: [{ n: 1 }] }, { rows: [{ n: 1 }] }]);
    answers[0]!.rows[0]!.n = 9;
    expect(answers[1]!.rows[0]!.n).toBe(1);
    // A read that comes once the shared one started runs on its own: its answer must be as fresh as its call.
    const started = read();
    await tick();
    const later = read();
    await Promise.all([started, later]);
    expect(runs).toBe(3);
  });

  it('runs a shared job while one of its callers still wants it, and drops it when none does', async () => {
    const q = new PriorityQueue();
    let runs = 0;
    const gone = new AbortController();
    const blocker = q.schedule(tick, false);
    const left = q.schedule(async () => ++runs, true, gone.signal, 'k');
    const stays = q.schedule(async () => ++runs, true, undefined, 'k');
    gone.abort();
    await expect(left).rejects.toBeInstanceOf(QueryAbortedError);
    expect(await stays).toBe(1);
    const both = new AbortController();
    const all = [q.schedule(tick, false), q.schedule(async () => ++runs, true, both.signal, 'k'), q.schedule(async () => ++runs, true, both.signal, 'k')];
    both.abort();
    await Promise.allSettled(all);
    await blocker;
    expect(runs).toBe(1);
  });

  it('refuses a heavy read at once when HEAVY_MAX_WAITING different ones wait, and takes identical and interactive ones', async () => {
    const q = new PriorityQueue();
    const blocker = q.schedule(tick, true);
    await turn();
    const waiting = Array.from({ length: HEAVY_MAX_WAITING }, (_, i) => q.schedule(async () => i, true, undefined, `read ${i}`));
    await expect(q.schedule(async () => 'one more', true, undefined, 'another read')).rejects.toBeInstanceOf(QueueFullError);
    const joined = q.schedule(async () => -1, true, undefined, 'read 3');
    const interactive = q.schedule(async () => 'sign-in', false);
    expect(await Promise.all([blocker, ...waiting, joined, interactive])).toEqual([undefined, ...waiting.map((_, i) => i), 3, 'sign-in']);
  });

  it('lets the event loop run between two jobs that answer without waiting, as PGlite queries do', async () => {
    const q = new PriorityQueue();
    const order: string[] = [];
    // A query on PGlite: the work is synchronous, the answer a resolved promise.
    const query = (name: string) => () => {
      order.push(name);
      return Promise.resolve(name);
    };
    const jobs = [q.schedule(query('job 1'), false), q.schedule(query('job 2'), false), q.schedule(query('job 3'), false)];
    // A socket's data waiting meanwhile (a new connection's first request) is read before the next job starts.
    const socket = new Promise<void>((r) => setImmediate(() => r(void order.push('socket read'))));
    await Promise.all([...jobs, socket]);
    expect(order).toEqual(['job 1', 'socket read', 'job 2', 'job 3']);
  });
});
