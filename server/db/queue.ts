/**
 * The turn-taking in front of PGlite's single connection: interactive work (sign-in, policy reads and saves) goes
 * before heavy reads (reports, log pages), and at most one job runs at a time. A heavy job gives way to interactive
 * jobs for a bounded time only: to those that arrived less than HEAVY_GIVES_WAY_MS after it, and to at most
 * INTERACTIVE_TURNS in a row. So a busy portal delays a log page by a bounded amount instead of starving it (100 readers
 * kept the log page waiting 6–10 s behind a never-empty interactive queue), while a sign-in still waits for at most
 * the one heavy query already running when the portal is not saturated. At most HEAVY_MAX_WAITING different heavy
 * reads wait; the next is refused at once with 503 and Retry-After instead of timing out.
 *
 * Identical reads that wait at the same time run once: a SELECT scheduled with a `share` key joins a waiting job of
 * the same key (same text, same parameters), and each caller gets its own copy of the rows. A joined job had not
 * started when the caller came, so the answer is as fresh as one of its own. Jobs whose callers all gave up are
 * dropped before they start. A job starts from the event loop, not from the callback that scheduled it (see wake).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The error a job rejects with when its signal aborted before it ran. */
export class QueryAbortedError extends Error {
  constructor() {
    super('The query was cancelled.');
    this.name = 'AbortError';
  }
}

/** The error a heavy job rejects with at once when HEAVY_MAX_WAITING others wait already (answered 503, Retry-After). */
export class QueueFullError extends Error {
  constructor() {
    super('The server is busy with other reports and log pages. Try again in a few seconds.');
    this.name = 'QueueFullError';
  }
}

interface Waiter {
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly signal?: AbortSignal;
}

interface Job {
  readonly run: () => Promise<unknown>;
  readonly waiters: Waiter[];
  /** When it takes its turn at the latest, other things equal: interactive jobs at once, heavy ones later. */
  readonly due: number;
  readonly share?: string;
}

/** Interactive jobs run in a row while heavy ones wait, before one heavy job gets its turn. */
export const INTERACTIVE_TURNS = 4;
/** How long a heavy job lets interactive jobs that came after it go first. */
export const HEAVY_GIVES_WAY_MS = 250;
/**
 * Different heavy reads that may wait at once: one more is refused at once (QueueFullError) rather than left to wait
 * behind them until its caller gives up. Identical reads join a waiting one and do not count.
 */
export const HEAVY_MAX_WAITING = 32;

export class PriorityQueue {
  /** Set while a job runs: a call made from inside it (a nested call) runs at once instead of waiting for itself. */
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly interactive: Job[] = [];
  private readonly heavy: Job[] = [];
  /** Waiting jobs that others may join, by share key. */
  private readonly shared = new Map<string, Job>();
  private busy = false;
  /** Interactive jobs run since the last heavy one. */
  private sinceHeavy = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * Runs `run` in its turn: `heavy` jobs after the interactive ones that came before them or within
   * HEAVY_GIVES_WAY_MS. With `share` (a read's text and parameters), joins a waiting job of the same key instead.
   */
  schedule<T>(run: () => Promise<T>, heavy: boolean, signal?: AbortSignal, share?: string): Promise<T> {
    if (signal?.aborted) return Promise.reject(new QueryAbortedError());
    if (this.inside.getStore()) return run();
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = { resolve: resolve as (v: unknown) => void, reject, signal };
      const key = share === undefined ? undefined : `${heavy ? 'h' : 'i'}:${share}`;
      const same = key === undefined ? undefined : this.shared.get(key);
      if (same) {
        same.waiters.push(waiter);
        return;
      }
      if (heavy && this.heavy.length >= HEAVY_MAX_WAITING) {
        reject(new QueueFullError());
        return;
      }
      const job: Job = { run, waiters: [waiter], due: this.now() + (heavy ? HEAVY_GIVES_WAY_MS : 0), share: key };
      (heavy ? this.heavy : this.interactive).push(job);
      if (key !== undefined) this.shared.set(key, job);
      this.wake();
    });
  }

  /** Jobs waiting, by kind (for tests and benches). */
  get waiting(): { interactive: number; heavy: number } {
    return { interactive: this.interactive.length, heavy: this.heavy.length };
  }

  private waking = false;
  /**
   * Starts the next job from the event loop's check phase, never from the microtasks of whatever callback scheduled
   * it or finished the last one. PGlite runs a query synchronously on this thread and answers through promises only,
   * so jobs chained in microtasks ran back to back without the loop reading a socket in between: under 100 readers each
   * new connection waited for a whole chain (one first answer every 0.3–0.4 s, up to 17 s for the last), and fewer
   * identical reads were waiting together to share one job. Now sockets are read between any two jobs.
   */
  private wake(): void {
    if (this.waking) return;
    this.waking = true;
    setImmediate(() => {
      this.waking = false;
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    const [firstHeavy, firstInteractive] = [this.heavy[0], this.interactive[0]];
    const heavyTurn =
      firstHeavy !== undefined && (firstInteractive === undefined || this.sinceHeavy >= INTERACTIVE_TURNS || firstHeavy.due <= firstInteractive.due);
    const job = heavyTurn ? this.heavy.shift() : this.interactive.shift();
    if (!job) return;
    this.sinceHeavy = heavyTurn ? 0 : this.sinceHeavy + 1;
    if (job.share !== undefined) this.shared.delete(job.share);
    const wanted = job.waiters.filter((w) => {
      if (!w.signal?.aborted) return true;
      w.reject(new QueryAbortedError());
      return false;
    });
    if (wanted.length === 0) {
      this.next();
      return;
    }
    this.busy = true;
    this.inside
      .run(true, job.run)
      .then(
        // Each caller may change what it gets: the first one the result, the others copies.
        (value) => wanted.forEach((w, i) => w.resolve(i === 0 ? value : structuredClone(value))),
        (error: unknown) => wanted.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        this.busy = false;
        this.wake();
      });
  }
}
