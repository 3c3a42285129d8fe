/**
 * The session (spec 000 §4): uninitialized → logged_out | logged_in, composed of small state machines (sessionParts/):
 * the inactivity timer with throttled activity, the xsrf-cookie watch, the terms of service and the access stamp;
 * and logout. Time and the window are injected so tests drive it with fake timers.
 */
import type { Environment } from '../../schemas/access';
import type { SessionUser } from '../../schemas/auth';
import type { MultiTenantInfo } from '../../schemas/areas/lookups';
import { DAY_MS, MESSAGES, SESSION_LOGOUT_DAYS_DEFAULT, USER_COOKIE, XSRF_COOKIE } from '../../schemas/constants';
import type { AccessControl } from './access';
import { xsrfIdentity, type CookieJar } from './cookies';
import { isApiError } from './http';
import { createApiClient, type OperationId, type OperationInput, type OperationOutput } from '../generated/client.gen';
import type { CallFn } from './call';
import { createStore, type Store } from './store';
import { createAccessStamp } from './sessionParts/accessStamp';
import { createInactivity } from './sessionParts/inactivity';
import { realClock, type Clock, type WindowHooks } from './sessionParts/ports';
import { singleFlight } from './sessionParts/singleFlight';
import { createTerms, type TermsRead, type TermsToAccept } from './sessionParts/terms';
import { createXsrfWatch } from './sessionParts/xsrfWatch';

export { ACTIVITY_EVENTS } from './sessionParts/inactivity';
export { browserWindowHooks, realClock, type Clock, type WindowHooks } from './sessionParts/ports';
export type { TermsToAccept } from './sessionParts/terms';
export { XSRF_WATCH_MS } from './sessionParts/xsrfWatch';

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

/** Text shown when the tenant is not enabled for this portal (no `portal2` capability on cloud or a CMR). */
export const PORTAL_NOT_ENABLED = 'This tenant is not enabled for this portal version.';

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

/** Cloud and management stations need the xsrf cookie too; an on-prem appliance only the user cookie. */
const needsXsrf = (env: Environment) => env.deployment !== 'on_prem' || env.appMode === 'management_station';

/** Signed in once the tenant has portal2, or always on an on-prem appliance that is not a management station. */
const portalEnabled = (env: Environment, user: SessionUser) =>
  user.capabilities.portal2 !== undefined || (env.deployment === 'on_prem' && env.appMode !== 'management_station');

/** The session's calls, by the deployment's operation ids (the one place engine/typedCalls.test.ts allows `callById`). */
function sessionCalls({ call, ops }: SessionDeps) {
  const api = createApiClient(call);
  const skip403 = { skip403Snackbar: true } as const;
  /** A 401 is the session's to answer, not the HTTP client's. */
  const own401 = { skipUnauthorizedHandling: true, skip403Snackbar: true } as const;
  const { multiTenant, savePortalVersion, terms, acceptTerms } = ops;
  return {
    userInfo: (atInit: boolean) => api.callById(ops.userInfo, {}, atInit ? own401 : skip403),
    logout: () => api.callById(ops.logout, {}, own401),
    // A failed refresh is not fatal; a 401 already logged the user out through the HTTP client.
    cookieRefresh: () => void api.callById(ops.cookieRefresh, {}).catch(() => {}),
    multiTenant: multiTenant && (() => api.callById(multiTenant, {}, skip403)),
    savePortalVersion: savePortalVersion && (() => api.callById(savePortalVersion, { body: { version: 'v2' } }, skip403)),
    terms: terms && ((quiet: boolean) => api.callById(terms, {}, quiet ? own401 : skip403)),
    acceptTerms: acceptTerms && ((version: number) => api.callById(acceptTerms, { body: { version } })),
  };
}

/**
 * Spec 000 §4: once signed in, the multi-tenant info is loaded, and on cloud or a management station a user whose
 * portal_v2 flag is false sets the portal version. Neither holds up the session; a failure leaves them out.
 */
function sessionStart(env: Environment, calls: ReturnType<typeof sessionCalls>, user: SessionUser, keep: (info: MultiTenantInfo) => void) {
  if (!needsXsrf(env)) return;
  calls.multiTenant?.().then(keep, () => {});
  if (calls.savePortalVersion && !user.portal_v2) calls.savePortalVersion().catch(() => {});
}

export function createSession(deps: SessionDeps): Session {
  const { env, cookies, access, window: win } = deps;
  const clock = deps.clock ?? realClock;
  const calls = sessionCalls(deps);
  const store = createStore<SessionState>({ status: 'uninitialized', user: undefined, error: undefined });
  const signedIn = () => store.getState().status === 'logged_in';
  const limitMs = () => (store.getState().user?.session_logout_days ?? SESSION_LOGOUT_DAYS_DEFAULT) * DAY_MS;
  const inactivity = createInactivity({ clock, window: win, limitMs, refreshCookie: calls.cookieRefresh, onInactive: deps.onInactive });
  const xsrf = createXsrfWatch({ clock, xsrf: () => xsrfIdentity(cookies.get(XSRF_COOKIE)), userCookie: () => !!cookies.get(USER_COOKIE), reload: () => win?.reload() });
  const setTerms = (termsToAccept: TermsToAccept | undefined) => store.setState((s) => ({ ...s, termsToAccept }));
  const terms = createTerms({ read: calls.terms, accept: calls.acceptTerms, get: () => store.getState().termsToAccept, set: setTerms });
  const stamp = createAccessStamp({ signedIn, reread: rereadUser });
  const logout = singleFlight(() =>
    xsrf.own(async () => {
      inactivity.stop();
      // Logging out must succeed locally even when the server is unreachable or the session already ended.
      await calls.logout().catch(() => {});
      cookies.delete(USER_COOKIE);
      cookies.delete(XSRF_COOKIE);
      loggedOut();
    }),
  );

  function loggedOut(error?: string) {
    inactivity.stop();
    stamp.signedOut();
    access.reset();
    store.setState({ status: 'logged_out', user: undefined, error });
  }

  /** The access stamp's read: the signed-in user again, applied to access control. */
  async function rereadUser() {
    try {
      const info = await calls.userInfo(false);
      if (!signedIn()) return;
      if (!portalEnabled(env, info)) return loggedOut(PORTAL_NOT_ENABLED);
      access.setUser(info);
      store.setState((s) => ({ ...s, user: info }));
    } catch {
      // A 401 already logged the user out through the HTTP client; anything else leaves the access as it was.
    }
  }

  async function init(): Promise<SessionState> {
    xsrf.start();
    if (!cookies.get(USER_COOKIE) || (needsXsrf(env) && !cookies.get(XSRF_COOKIE))) {
      loggedOut();
      return store.getState();
    }
    // The terms are read beside the user (one round trip less before the portal shows); a 401 there is the user
    // read's to answer.
    const termsRead = terms.read(true);
    try {
      const info = await calls.userInfo(true);
      if (!portalEnabled(env, info)) {
        loggedOut(PORTAL_NOT_ENABLED);
        return store.getState();
      }
      access.setUser(info);
      // Read before the portal shows, so a user who must accept the terms never sees it first.
      const termsToAccept = await termsRead;
      store.setState({ status: 'logged_in', user: info, error: undefined, ...(termsToAccept ? { termsToAccept } : {}) });
      inactivity.start();
      sessionStart(env, calls, info, (multiTenant) => store.setState((s) => (s.user === info ? { ...s, multiTenant } : s)));
    } catch (e) {
      loggedOut(isApiError(e) && e.status === 401 ? undefined : MESSAGES.cannotGetUser);
    }
    return store.getState();
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    init,
    acceptTerms: terms.accept,
    noteAccessStamp: stamp.note,
    async whileLoggingIn(login) {
      // A sign-in started while a sign-out is in flight waits for it: the sign-out deletes the xsrf cookie that the
      // sign-in would otherwise have handed to the identity provider.
      const signingOut = logout.running();
      if (signingOut) await signingOut;
      return xsrf.own(login);
    },
    logout: logout.run,
    userAway: () => signedIn() && inactivity.away(),
    dispose() {
      inactivity.stop();
      xsrf.stop();
    },
  };
}
