/**
 * A server that says it is restarting (an appliance's restart, shutdown, reset or update): an answer
 * `{ restarting: true, back_in_seconds }`, or a 503 `{ restarting: true, retry_after_seconds }` while it is down.
 * The HTTP core reports either here; the shell shows that the server is restarting and waits until it answers.
 */
import { createStore, type Store } from './store';

export interface RestartState {
  /** When the restart was announced (ms since the epoch). */
  readonly since: number;
  /** How long the server said it would not answer. */
  readonly backInSeconds: number;
}

const store = createStore<RestartState | null>(null);
export const serverRestart: Store<RestartState | null> = store;

/** Records an announced restart; a second report while one is shown keeps the first. */
export function reportRestart(backInSeconds: number, now = Date.now()): void {
  store.setState((prev) => prev ?? { since: now, backInSeconds: Math.max(1, backInSeconds) });
}

/** The restart a body announces, or undefined: `{ restarting: true }` with back_in_seconds or retry_after_seconds. */
export function announcedRestart(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { restarting?: unknown; back_in_seconds?: unknown; retry_after_seconds?: unknown };
  if (b.restarting !== true) return undefined;
  const seconds = typeof b.back_in_seconds === 'number' ? b.back_in_seconds : b.retry_after_seconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

/**
 * Asks `probe` every `intervalMs` until the server is back, then calls `onBack`; stops when `signal` aborts. A rejected
 * probe means the server is down. It is back when a probe resolves after one was refused, or after `backInMs` (an
 * announced restart may not have begun when the first probes go out).
 */
export function waitUntilAnswering(
  probe: () => Promise<unknown>,
  onBack: () => void,
  options: { readonly intervalMs: number; readonly backInMs: number; readonly signal: AbortSignal; readonly now?: () => number },
): void {
  const now = options.now ?? Date.now;
  const start = now();
  let seenDown = false;
  const again = () => {
    if (!options.signal.aborted) setTimeout(attempt, options.intervalMs);
  };
  const attempt = () => {
    if (options.signal.aborted) return;
    probe().then(
      () => {
        if (options.signal.aborted) return;
        if (seenDown || now() - start >= options.backInMs) onBack();
        else again();
      },
      () => {
        seenDown = true;
        again();
      },
    );
  };
  setTimeout(attempt, options.intervalMs);
}
