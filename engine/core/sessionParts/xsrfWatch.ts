/**
 * The xsrf-cookie watch (spec 000 §4): every XSRF_WATCH_MS the xsrf cookie's identity (`xsrfIdentity`: without its
 * timestamp) is compared with the one the page knows. A change means another tab signed in or out, and the page
 * reloads to follow it. This page's own sign-ins and sign-out change the cookie themselves: while one runs the watch
 * looks away, and its end adopts the cookie it left.
 *
 *   off --start--> watching(the cookie now) --tick, the same cookie--> watching
 *   watching(none) --tick, a cookie without a user cookie (a signed-out page's first call)--> watching(that cookie)
 *   watching --tick, changed, removed, or appeared with a user cookie--> followed (reload)
 *   any --own change begins / ends--> the same phase (ticks ignored meanwhile; its end adopts the cookie)
 *   any --stop--> off
 */
import type { Clock } from './ports';

/** How often the xsrf cookie is compared with the one the page started with. */
export const XSRF_WATCH_MS = 1_000;

/** `ownChanges`: sign-ins and the sign-out of this page running now. */
export type XsrfWatchState =
  | { readonly phase: 'off'; readonly ownChanges: number }
  | { readonly phase: 'watching'; readonly known: string | undefined; readonly ownChanges: number }
  /** Another tab changed the cookie: the page reloads, and the watch stops. */
  | { readonly phase: 'followed'; readonly ownChanges: number };

/** `cookie`: the xsrf cookie's identity now; `userCookie`: whether the user cookie is set. */
export type XsrfWatchEvent =
  | { readonly type: 'start'; readonly cookie: string | undefined }
  | { readonly type: 'tick'; readonly cookie: string | undefined; readonly userCookie: boolean }
  | { readonly type: 'ownChangeBegan' }
  | { readonly type: 'ownChangeEnded'; readonly cookie: string | undefined }
  | { readonly type: 'stop' };

/** `watch`: (re)start the interval; `unwatch`: stop it. */
export type XsrfWatchEffect = 'watch' | 'unwatch' | 'reload';

export interface XsrfWatchStep {
  readonly state: XsrfWatchState;
  readonly effects: readonly XsrfWatchEffect[];
}

export const initialXsrfWatch: XsrfWatchState = { phase: 'off', ownChanges: 0 };

export function xsrfWatchTransition(state: XsrfWatchState, event: XsrfWatchEvent): XsrfWatchStep {
  const { ownChanges } = state;
  switch (event.type) {
    case 'start':
      return { state: { phase: 'watching', known: event.cookie, ownChanges }, effects: ['watch'] };
    case 'tick':
      if (state.phase !== 'watching' || ownChanges > 0 || event.cookie === state.known) return { state, effects: [] };
      if (state.known === undefined && !event.userCookie) return { state: { ...state, known: event.cookie }, effects: [] };
      return { state: { phase: 'followed', ownChanges }, effects: ['unwatch', 'reload'] };
    case 'ownChangeBegan':
      return { state: { ...state, ownChanges: ownChanges + 1 }, effects: [] };
    case 'ownChangeEnded':
      return { state: state.phase === 'watching' ? { ...state, known: event.cookie, ownChanges: ownChanges - 1 } : { ...state, ownChanges: ownChanges - 1 }, effects: [] };
    case 'stop':
      return { state: { phase: 'off', ownChanges }, effects: state.phase === 'watching' ? ['unwatch'] : [] };
  }
}

export interface XsrfWatchDeps {
  readonly clock: Clock;
  /** The xsrf cookie's identity now, undefined without one. */
  readonly xsrf: () => string | undefined;
  readonly userCookie: () => boolean;
  readonly reload: () => void;
}

export interface XsrfWatch {
  start(): void;
  /** Runs a change of the cookie by this page (its sign-in, its sign-out): the cookie it leaves is adopted, not followed. */
  own<T>(change: () => Promise<T>): Promise<T>;
  stop(): void;
  getState(): XsrfWatchState;
}

/** Runs the machine over the clock's interval. */
export function createXsrfWatch(deps: XsrfWatchDeps): XsrfWatch {
  const { clock } = deps;
  let state = initialXsrfWatch;
  let interval: unknown;

  const tick = () => dispatch({ type: 'tick', cookie: deps.xsrf(), userCookie: deps.userCookie() });

  function dispatch(event: XsrfWatchEvent) {
    const step = xsrfWatchTransition(state, event);
    state = step.state;
    for (const effect of step.effects) {
      if (effect === 'reload') {
        deps.reload();
        continue;
      }
      clock.clearInterval(interval);
      interval = effect === 'watch' ? clock.setInterval(tick, XSRF_WATCH_MS) : undefined;
    }
  }

  return {
    start: () => dispatch({ type: 'start', cookie: deps.xsrf() }),
    async own(change) {
      dispatch({ type: 'ownChangeBegan' });
      try {
        return await change();
      } finally {
        dispatch({ type: 'ownChangeEnded', cookie: deps.xsrf() });
      }
    },
    stop: () => dispatch({ type: 'stop' }),
    getState: () => state,
  };
}
