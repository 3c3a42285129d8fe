/**
 * The access stamp (ACCESS_STAMP_HEADER, answered with every call): a digest of the caller's permissions and the
 * tenant's capabilities. The first stamp of a session is kept; a different one while signed in means the user's role
 * or the tenant's capabilities changed, and the user is read again (one read at a time), so the navigation and the
 * screens follow without signing in again.
 *
 *   unknown --stamp s--> known(s)                (the first of a session: no read)
 *   known(s) --stamp s--> known(s)
 *   known(s) --stamp t--> known(t), and the user is read again when signed in
 *   any --signedOut--> unknown
 */
import { singleFlight } from './singleFlight';

export type AccessStampState = { readonly phase: 'unknown' } | { readonly phase: 'known'; readonly stamp: string };

export type AccessStampEvent = { readonly type: 'stamp'; readonly stamp: string; readonly signedIn: boolean } | { readonly type: 'signedOut' };

export interface AccessStampStep {
  readonly state: AccessStampState;
  /** Read the user again. */
  readonly reread: boolean;
}

export const initialAccessStamp: AccessStampState = { phase: 'unknown' };

export function accessStampTransition(state: AccessStampState, event: AccessStampEvent): AccessStampStep {
  if (event.type === 'signedOut') return { state: initialAccessStamp, reread: false };
  if (state.phase === 'known' && state.stamp === event.stamp) return { state, reread: false };
  return { state: { phase: 'known', stamp: event.stamp }, reread: state.phase === 'known' && event.signedIn };
}

export interface AccessStampDeps {
  readonly signedIn: () => boolean;
  /** Reads the user again and applies it; answers no error (one that fails leaves the access as it was). */
  readonly reread: () => Promise<void>;
}

export interface AccessStamp {
  /** The stamp of an answer. */
  note(stamp: string): void;
  signedOut(): void;
  getState(): AccessStampState;
}

export function createAccessStamp(deps: AccessStampDeps): AccessStamp {
  let state = initialAccessStamp;
  const reread = singleFlight(deps.reread);
  return {
    note(stamp) {
      const step = accessStampTransition(state, { type: 'stamp', stamp, signedIn: deps.signedIn() });
      state = step.state;
      if (step.reread) void reread.run();
    },
    signedOut() {
      state = accessStampTransition(state, { type: 'signedOut' }).state;
    },
    getState: () => state,
  };
}
