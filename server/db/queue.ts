/**
 * The turn-taking in front of PGlite's single connection: interactive work (sign-in, policy reads and saves) always
 * goes before heavy reads (reports, log pages), and at most one job runs at a time, so an interactive call waits for
 * at most the one heavy query already running. Heavy jobs whose caller gave up are dropped before they start.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The error a job rejects with when its signal aborted before it ran. */
export class QueryAbortedError extends Error {
  constructor() {
    super('The query was cancelled.');
    this.name = 'AbortError';
  }
}

interface Job {
  readonly run: () => Promise<unknown>;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly signal?: AbortSignal;
}

export class PriorityQueue {
  /** Set while a job runs: a call made from inside it (a nested call) runs at once instead of waiting for itself. */
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly interactive: Job[] = [];
  private readonly heavy: Job[] = [];
  private busy = false;

  /** Runs `run` in its turn: `heavy` jobs only when no interactive job waits. */
  schedule<T>(run: () => Promise<T>, heavy: boolean, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new QueryAbortedError());
    if (this.inside.getStore()) return run();
    return new Promise<T>((resolve, reject) => {
      (heavy ? this.heavy : this.interactive).push({ run, resolve: resolve as (v: unknown) => void, reject, signal });
      this.next();
    });
  }

  /** Jobs waiting, by kind (for tests and benches). */
  get waiting(): { interactive: number; heavy: number } {
    return { interactive: this.interactive.length, heavy: this.heavy.length };
  }

  private next(): void {
    if (this.busy) return;
    const job = this.interactive.shift() ?? this.heavy.shift();
    if (!job) return;
    if (job.signal?.aborted) {
      job.reject(new QueryAbortedError());
      this.next();
      return;
    }
    this.busy = true;
    this.inside
      .run(true, job.run)
      .then(job.resolve, job.reject)
      .finally(() => {
        this.busy = false;
        this.next();
      });
  }
}
