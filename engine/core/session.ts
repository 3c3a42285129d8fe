/**
 * The session (spec 000 §4): uninitialized → logged_out | logged_in, the inactivity timer with throttled activity,
 * the xsrf-cookie watch and logout. Time and the window are injected so tests drive it with fake timers.
 */
import type { Environment } from '../../schemas/access';
import type { SessionUser } from '../../schemas/auth';
import type { MultiTenantInfo } from '../../schemas/areas/lookups';
import {
  ACTIVITY_THROTTLE_MS,
  DAY_MS,
  MESSAGES,
  SESSION_LOGOUT_DAYS_DEFAULT,
  USER_COOKIE,
  XSRF_COOKIE,
} from '../../schemas/constants';
import type { AccessControl } from './access';
import { xsrfIdentity, type CookieJar } from './cookies';
import { isApiError } from './http';
import { createApiClient, type OperationId, type OperationInput, type OperationOutput } from '../generated/client.gen';
import type { CallFn } from './call';
import { createStore, type Store } from './store';

export type SessionStatus = 'uninitialized' | 'logged_out' | 'logged_in';

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: SessionUser | undefined;
  /** Why the user is logged out when it is not simply a missing session (e.g. user info could not be read). */
  readonly error: string | undefined;
  /** The tenant's multi-tenant associations, once read after sign-in (cloud and management stations). */
  readonly multiTenant?: MultiTenantInfo;
  /** Terms the signed-in user must accept before using the portal; absent when there is nothing to accept. */
  readonly termsToAccept?: TermsToAccept;
}

/** The part of the terms-of-service read the session keeps: what the acceptance dialog shows and accepts. */
export interface TermsToAccept {
  readonly title: string;
  readonly text: string;
  readonly version: number;
}

interface TermsRead extends TermsToAccept {
  readonly must_accept: boolean;
}

/** Text shown when the tenant is not enabled for this portal (no `portal2` capability on cloud or a CMR). */
export const PORTAL_NOT_ENABLED = 'This tenant is not enabled for this portal version.';

/** Activity events that count as the user being present. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** How often the xsrf cookie is compared with the one the page started with. */
export const XSRF_WATCH_MS = 1_000;
/** setTimeout cannot wait longer than this; longer inactivity limits re-arm. */
const MAX_TIMER_MS = 2_147_483_647;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** What the session needs of the window. */
export interface WindowHooks {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
  reload(): void;
}

/**
 * The operations (ids of the generated client) that take `In` and answer an `Out`: what a deployment may configure the
 * session with, checked at compile time (a misspelt id, or one answering something else, does not compile).
 */
type OperationFor<In, Out> = { [K in OperationId]: In extends OperationInput<K> ? (OperationOutput<K> extends Out ? K : never) : never }[OperationId];

export interface SessionDeps {
  readonly env: Environment;
  readonly call: CallFn;
  readonly cookies: CookieJar;
  readonly access: Pick<AccessControl, 'setUser' | 'reset'>;
  /**
   * Operation ids of the deployment (cloud `auth.*`, on-prem `dashboard.*`); on cloud and management stations also
   * the multi-tenant read and the portal-version save run at session start.
   */
  readonly ops: {
    readonly userInfo: OperationFor<Record<string, never>, SessionUser>;
    readonly logout: OperationFor<Record<string, never>, unknown>;
    readonly cookieRefresh: OperationFor<Record<string, never>, unknown>;
    readonly multiTenant?: OperationFor<Record<string, never>, MultiTenantInfo>;
    readonly savePortalVersion?: OperationFor<{ body: { version: 'v2' } }, unknown>;
    /** The terms-of-service read (`must_accept` and the terms) and the accept call (`{ version }`), on every deployment. */
    readonly terms?: OperationFor<Record<string, never>, TermsRead>;
    readonly acceptTerms?: OperationFor<{ body: { version: number } }, unknown>;
  };
  /** The inactivity limit ran out: the app sends the user to logout with the timeout flag. */
  readonly onInactive: () => void;
  readonly clock?: Clock;
  readonly window?: WindowHooks;
}

export interface Session extends Store<SessionState> {
  /** Reads the cookies and, when they allow, the user: uninitialized → logged_in | logged_out. */
  init(): Promise<SessionState>;
  /** Runs the sign-in call; the xsrf cookie the server sets meanwhile does not reload the page. */
  whileLoggingIn<T>(login: () => Promise<T>): Promise<T>;
  /**
   * Accepts the terms the session asks for; afterwards it asks again only if the terms changed meanwhile (a 409:
   * the newer terms are read and shown).
   */
  acceptTerms(): Promise<void>;
  /**
   * The access stamp of an answer (ACCESS_STAMP_HEADER). The first one of a session is kept; a different one later
   * means the user's role or the tenant's capabilities changed: the user is read again and access control follows,
   * so the navigation and the screens change without signing in again.
   */
  noteAccessStamp(stamp: string): void;
  /** Calls the logout API (errors ignored), deletes the cookies, clears the user and resets access control. */
  logout(): Promise<void>;
  /**
   * Whether the signed-in user has given no input (ACTIVITY_EVENTS) for ACTIVITY_THROTTLE_MS: calls made meanwhile
   * are the page's own (polls), and the HTTP client marks them so the server's idle time-out ignores them as this
   * session's inactivity timer does.
   */
  userAway(): boolean;
  /** Stops timers and listeners (tests, hot reload). */
  dispose(): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** The browser window as the session uses it. */
export function browserWindowHooks(win: Window = window): WindowHooks {
  return {
    addEventListener: (t, l, o) => win.addEventListener(t, l, o),
    removeEventListener: (t, l) => win.removeEventListener(t, l),
    reload: () => win.location.reload(),
  };
}

/** Cloud and management stations need the xsrf cookie too; an on-prem appliance only the user cookie. */
const needsXsrf = (env: Environment) => env.deployment !== 'on_prem' || env.appMode === 'management_station';

/** Signed in once the tenant has portal2, or always on an on-prem appliance that is not a management station. */
const portalEnabled = (env: Environment, user: SessionUser) =>
  user.capabilities.portal2 !== undefined || (env.deployment === 'on_prem' && env.appMode !== 'management_station');

export function createSession(deps: SessionDeps): Session {
  const api = createApiClient(deps.call);
  const clock = deps.clock ?? realClock;
  const win = deps.window;
  const store = createStore<SessionState>({ status: 'uninitialized', user: undefined, error: undefined });

  let inactivityTimer: unknown;
  let deadline = 0;
  let lastActivity = 0;
  /** The latest user input (or the start of the session on this page); lastActivity is its throttled twin. */
  let lastInput = 0;
  let watchTimer: unknown;
  let knownXsrf: string | undefined;
  let loginsRunning = 0;
  let loggingOut: Promise<void> | undefined;
  let knownStamp: string | undefined;
  let rereading: Promise<void> | undefined;

  // ---- inactivity --------------------------------------------------------------------------------------------------
  const limitMs = () => (store.getState().user?.session_logout_days ?? SESSION_LOGOUT_DAYS_DEFAULT) * DAY_MS;

  function arm() {
    clock.clearTimeout(inactivityTimer);
    const wait = Math.min(Math.max(deadline - clock.now(), 0), MAX_TIMER_MS);
    inactivityTimer = clock.setTimeout(() => {
      if (clock.now() < deadline) return arm();
      stopInactivity();
      deps.onInactive();
    }, wait);
  }

  function resetInactivity() {
    lastActivity = clock.now();
    deadline = lastActivity + limitMs();
    arm();
  }

  const onActivity = () => {
    lastInput = clock.now();
    if (clock.now() - lastActivity < ACTIVITY_THROTTLE_MS) return;
    resetInactivity();
    api.callById(deps.ops.cookieRefresh, {}).catch(() => {
      // A failed refresh is not fatal; a 401 already logged the user out through the HTTP client.
    });
  };

  function startInactivity() {
    resetInactivity();
    lastInput = clock.now();
    for (const type of ACTIVITY_EVENTS) win?.addEventListener(type, onActivity, { passive: true, capture: true });
  }

  function stopInactivity() {
    clock.clearTimeout(inactivityTimer);
    inactivityTimer = undefined;
    for (const type of ACTIVITY_EVENTS) win?.removeEventListener(type, onActivity);
  }

  // ---- xsrf watch --------------------------------------------------------------------------------------------------
  const readXsrf = () => xsrfIdentity(deps.cookies.get(XSRF_COOKIE));

  function startWatch() {
    knownXsrf = readXsrf();
    clock.clearInterval(watchTimer);
    watchTimer = clock.setInterval(() => {
      // This page's own sign-in and sign-out change the cookie themselves.
      if (loginsRunning > 0 || loggingOut) return;
      const now = readXsrf();
      if (now === knownXsrf) return;
      // A cookie that only appears without a user cookie (first call of a signed-out page) is adopted; a changed or
      // removed one, or one that appears with a user cookie, means another tab signed in or out, so this page
      // reloads to follow it.
      if (knownXsrf === undefined && !deps.cookies.get(USER_COOKIE)) {
        knownXsrf = now;
        return;
      }
      clock.clearInterval(watchTimer);
      win?.reload();
    }, XSRF_WATCH_MS);
  }

  // ---- states ------------------------------------------------------------------------------------------------------
  function loggedOut(error?: string) {
    stopInactivity();
    knownStamp = undefined;
    deps.access.reset();
    store.setState({ status: 'logged_out', user: undefined, error });
  }

  /**
   * Spec 000 §4: once signed in, the multi-tenant info is loaded, and on cloud or a management station a user whose
   * portal_v2 flag is false sets the portal version. Neither holds up the session; a failure leaves them out.
   */
  function sessionStart(user: SessionUser) {
    if (!needsXsrf(deps.env)) return;
    const quiet = { skip403Snackbar: true } as const;
    if (deps.ops.multiTenant) {
      api.callById(deps.ops.multiTenant, {}, quiet).then(
        (multiTenant) => store.setState((s) => (s.user === user ? { ...s, multiTenant } : s)),
        () => {},
      );
    }
    if (deps.ops.savePortalVersion && !user.portal_v2) api.callById(deps.ops.savePortalVersion, { body: { version: 'v2' } }, quiet).catch(() => {});
  }

  /** The terms this user must accept now; a failed read leaves them out rather than locking the user out. */
  async function termsToAccept(quiet = false): Promise<TermsToAccept | undefined> {
    if (!deps.ops.terms) return undefined;
    try {
      const t = await api.callById(deps.ops.terms, {}, { skip403Snackbar: true, ...(quiet ? { skipUnauthorizedHandling: true } : {}) });
      return t.must_accept ? { title: t.title, text: t.text, version: t.version } : undefined;
    } catch {
      return undefined;
    }
  }

  async function acceptTerms() {
    const terms = store.getState().termsToAccept;
    if (!terms || !deps.ops.acceptTerms) return;
    try {
      await api.callById(deps.ops.acceptTerms, { body: { version: terms.version } });
    } catch (e) {
      if (!(isApiError(e) && e.status === 409)) throw e;
    }
    const next = await termsToAccept();
    store.setState((s) => ({ ...s, termsToAccept: next }));
  }

  /** Reads the signed-in user again (one read at a time) and applies what it answers to access control. */
  function rereadUser(): Promise<void> {
    rereading ??= (async () => {
      try {
        const info = await api.callById(deps.ops.userInfo, {}, { skip403Snackbar: true });
        if (store.getState().status !== 'logged_in') return;
        if (!portalEnabled(deps.env, info)) return loggedOut(PORTAL_NOT_ENABLED);
        deps.access.setUser(info);
        store.setState((s) => ({ ...s, user: info }));
      } catch {
        // A 401 already logged the user out through the HTTP client; anything else leaves the access as it was.
      } finally {
        rereading = undefined;
      }
    })();
    return rereading;
  }

  function noteAccessStamp(stamp: string) {
    if (stamp === knownStamp) return;
    const changed = knownStamp !== undefined && store.getState().status === 'logged_in';
    knownStamp = stamp;
    if (changed) void rereadUser();
  }

  async function init(): Promise<SessionState> {
    startWatch();
    const user = deps.cookies.get(USER_COOKIE);
    if (!user || (needsXsrf(deps.env) && !deps.cookies.get(XSRF_COOKIE))) {
      loggedOut();
      return store.getState();
    }
    // The terms are read beside the user (one round trip less before the portal shows); a 401 there is the user
    // read's to answer.
    const termsRead = termsToAccept(true);
    try {
      const info = await api.callById(deps.ops.userInfo, {}, { skipUnauthorizedHandling: true, skip403Snackbar: true });
      if (!portalEnabled(deps.env, info)) {
        loggedOut(PORTAL_NOT_ENABLED);
        return store.getState();
      }
      deps.access.setUser(info);
      // Read before the portal shows, so a user who must accept the terms never sees it first.
      const terms = await termsRead;
      store.setState({ status: 'logged_in', user: info, error: undefined, ...(terms ? { termsToAccept: terms } : {}) });
      startInactivity();
      sessionStart(info);
    } catch (e) {
      loggedOut(isApiError(e) && e.status === 401 ? undefined : MESSAGES.cannotGetUser);
    }
    return store.getState();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    init,
    acceptTerms,
    noteAccessStamp,
    async whileLoggingIn(login) {
      // A sign-in started while a sign-out is in flight waits for it: the sign-out deletes the xsrf cookie that the
      // sign-in would otherwise have handed to the identity provider.
      if (loggingOut) await loggingOut;
      loginsRunning++;
      try {
        return await login();
      } finally {
        loginsRunning--;
        knownXsrf = readXsrf();
      }
    },
    logout() {
      loggingOut ??= (async () => {
        stopInactivity();
        await api.callById(deps.ops.logout, {}, { skipUnauthorizedHandling: true, skip403Snackbar: true }).catch(() => {
          // Logging out must succeed locally even when the server is unreachable or the session already ended.
        });
        deps.cookies.delete(USER_COOKIE);
        deps.cookies.delete(XSRF_COOKIE);
        knownXsrf = readXsrf();
        loggedOut();
      })().finally(() => {
        loggingOut = undefined;
      });
      return loggingOut;
    },
    userAway: () => store.getState().status === 'logged_in' && clock.now() - lastInput > ACTIVITY_THROTTLE_MS,
    dispose() {
      stopInactivity();
      clock.clearInterval(watchTimer);
    },
  };
}
