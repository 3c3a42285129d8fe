/**
 * The inactivity machine (spec 000 §4): a signed-in user who gives no input (ACTIVITY_EVENTS) for the session's limit
 * is sent to logout. Input moves the deadline at most once per ACTIVITY_THROTTLE_MS and then refreshes the cookie;
 * every input counts for `away` (the page's calls made meanwhile are background ones the server does not count).
 *
 *   stopped --start--> active --input--> active (a new deadline and a cookie refresh, unless within the throttle)
 *   active --timer before the deadline--> active (re-armed: a limit longer than a timer holds)
 *   active --timer at the deadline--> expired (onInactive)          active | expired --stop--> stopped
 */
import { ACTIVITY_THROTTLE_MS } from '../../../schemas/constants';
import type { Clock, WindowHooks } from './ports';

/** Activity events that count as the user being present. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** setTimeout cannot wait longer than this; longer inactivity limits re-arm. */
const MAX_TIMER_MS = 2_147_483_647;

/** Each state keeps the time of the latest input (0 before the first start): `away` reads it. */
export type InactivityState =
  /** Not watching: before the first sign-in, after a sign-out or dispose. */
  | { readonly phase: 'stopped'; readonly lastInput: number }
  /** Signed in: `lastActivity` is the throttled twin of `lastInput`, the input that set `deadline`. */
  | { readonly phase: 'active'; readonly lastInput: number; readonly lastActivity: number; readonly deadline: number }
  /** The limit ran out and the user was sent to logout; nothing is watched until the next start. */
  | { readonly phase: 'expired'; readonly lastInput: number };

export type InactivityEvent =
  /** Signed in; `limitMs` is the user's inactivity limit now (session_logout_days in ms). */
  | { readonly type: 'start'; readonly now: number; readonly limitMs: number }
  | { readonly type: 'input'; readonly now: number; readonly limitMs: number }
  | { readonly type: 'timer'; readonly now: number }
  | { readonly type: 'stop' };

export type InactivityEffect =
  /** (Re)starts the one timer. */
  | { readonly type: 'arm'; readonly ms: number }
  | { readonly type: 'disarm' }
  /** Listens to (`listen`) or stops listening to (`unlisten`) ACTIVITY_EVENTS. */
  | { readonly type: 'listen' | 'unlisten' | 'refreshCookie' | 'expired' };

export interface InactivityStep {
  readonly state: InactivityState;
  readonly effects: readonly InactivityEffect[];
}

export const initialInactivity: InactivityState = { phase: 'stopped', lastInput: 0 };

const arm = (deadline: number, now: number): InactivityEffect => ({ type: 'arm', ms: Math.min(Math.max(deadline - now, 0), MAX_TIMER_MS) });

/** The user reset the deadline at `now`. */
function activeAt(now: number, limitMs: number): InactivityState {
  return { phase: 'active', lastInput: now, lastActivity: now, deadline: now + limitMs };
}

export function inactivityTransition(state: InactivityState, event: InactivityEvent): InactivityStep {
  switch (event.type) {
    case 'start':
      return { state: activeAt(event.now, event.limitMs), effects: [arm(event.now + event.limitMs, event.now), { type: 'listen' }] };
    case 'input':
      if (state.phase !== 'active') return { state, effects: [] };
      if (event.now - state.lastActivity < ACTIVITY_THROTTLE_MS) return { state: { ...state, lastInput: event.now }, effects: [] };
      return { state: activeAt(event.now, event.limitMs), effects: [arm(event.now + event.limitMs, event.now), { type: 'refreshCookie' }] };
    case 'timer':
      if (state.phase !== 'active') return { state, effects: [] };
      if (event.now < state.deadline) return { state, effects: [arm(state.deadline, event.now)] };
      return { state: { phase: 'expired', lastInput: state.lastInput }, effects: [{ type: 'disarm' }, { type: 'unlisten' }, { type: 'expired' }] };
    case 'stop':
      return { state: { phase: 'stopped', lastInput: state.lastInput }, effects: state.phase === 'active' ? [{ type: 'disarm' }, { type: 'unlisten' }] : [] };
  }
}

/** No input for more than ACTIVITY_THROTTLE_MS. */
export const isAway = (state: InactivityState, now: number) => now - state.lastInput > ACTIVITY_THROTTLE_MS;

export interface InactivityDeps {
  readonly clock: Clock;
  readonly window: Pick<WindowHooks, 'addEventListener' | 'removeEventListener'> | undefined;
  /** The inactivity limit in ms now (it follows the user when it is read again). */
  readonly limitMs: () => number;
  readonly refreshCookie: () => void;
  readonly onInactive: () => void;
}

export interface Inactivity {
  start(): void;
  stop(): void;
  /** No input for more than ACTIVITY_THROTTLE_MS. */
  away(): boolean;
  getState(): InactivityState;
}

/** Runs the machine over the clock's timer and the window's input events. */
export function createInactivity(deps: InactivityDeps): Inactivity {
  const { clock, window: win } = deps;
  let state = initialInactivity;
  let timer: unknown;
  const onInput = () => dispatch({ type: 'input', now: clock.now(), limitMs: deps.limitMs() });

  function dispatch(event: InactivityEvent) {
    const step = inactivityTransition(state, event);
    state = step.state;
    for (const effect of step.effects) run(effect);
  }

  function run(effect: InactivityEffect) {
    switch (effect.type) {
      case 'arm':
        clock.clearTimeout(timer);
        timer = clock.setTimeout(() => dispatch({ type: 'timer', now: clock.now() }), effect.ms);
        return;
      case 'disarm':
        clock.clearTimeout(timer);
        timer = undefined;
        return;
      case 'listen':
        for (const type of ACTIVITY_EVENTS) win?.addEventListener(type, onInput, { passive: true, capture: true });
        return;
      case 'unlisten':
        for (const type of ACTIVITY_EVENTS) win?.removeEventListener(type, onInput);
        return;
      case 'refreshCookie':
        return deps.refreshCookie();
      case 'expired':
        return deps.onInactive();
    }
  }

  return {
    start: () => dispatch({ type: 'start', now: clock.now(), limitMs: deps.limitMs() }),
    stop: () => dispatch({ type: 'stop' }),
    away: () => isAway(state, clock.now()),
    getState: () => state,
  };
}
