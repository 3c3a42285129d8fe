/**
 * The turn-taking in front of PGlite's single connection: interactive work (sign-in, policy reads and saves) goes
 * before heavy reads (reports, log pages), and at most one job runs at a time. So that a steady stream of interactive
 * calls cannot starve the heavy ones, a waiting heavy job gets one turn after every INTERACTIVE_TURNS interactive jobs:
 * an interactive call waits for at most one heavy query per INTERACTIVE_TURNS calls ahead of it. Heavy jobs whose
 * caller gave up are dropped before they start.
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

/** Interactive jobs run in a row while heavy ones wait, before one heavy job gets its turn. */
export const INTERACTIVE_TURNS = 4;

export class PriorityQueue {
  /** Set while a job runs: a call made from inside it (a nested call) runs at once instead of waiting for itself. */
  private readonly inside = new AsyncLocalStorage<true>();
  private readonly interactive: Job[] = [];
  private readonly heavy: Job[] = [];
  private busy = false;
  /** Interactive jobs run since the last heavy one. */
  private sinceHeavy = 0;

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
    const heavyTurn = this.heavy.length > 0 && (this.interactive.length === 0 || this.sinceHeavy >= INTERACTIVE_TURNS);
    const job = heavyTurn ? this.heavy.shift() : this.interactive.shift();
    if (!job) return;
    this.sinceHeavy = heavyTurn ? 0 : this.sinceHeavy + 1;
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
