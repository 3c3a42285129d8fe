import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Environment } from '../../schemas/access';
import type { SessionUser } from '../../schemas/auth';
import { ACTIVITY_THROTTLE_MS, DAY_MS, MESSAGES, SESSION_LOGOUT_DAYS_DEFAULT } from '../../schemas/constants';
import { createAccessControl } from './access';
import type { CookieJar } from './cookies';
import { ApiError, type CallInput } from './http';
import { createSession, PORTAL_NOT_ENABLED, XSRF_WATCH_MS, type SessionDeps, type WindowHooks } from './session';
import type { CallFn } from './revision';

const cloud: Environment = { deployment: 'cloud', appMode: 'cloud', production: true };
const appliance: Environment = { deployment: 'on_prem', appMode: 'safeview', production: true };
const ops = { userInfo: 'auth.userInfo', logout: 'auth.logout', cookieRefresh: 'auth.cookieRefresh' } as const;

const user = (extra: Partial<SessionUser> = {}): SessionUser => ({
  uid: 'u1',
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  tenant_name: 'Demo Corp',
  tid: 't1',
  roles: { read: ['web_policy'], write: [] },
  capabilities: { portal2: true, rbac: true },
  show_change_password: false,
  status_ui_v2: true,
  appliance_manager_ui_v2: true,
  portal_v2: true,
  session_logout_days: SESSION_LOGOUT_DAYS_DEFAULT,
  ...extra,
});

function setup(
  opts: {
    cookies?: Record<string, string>;
    env?: Environment;
    userInfo?: () => Promise<SessionUser>;
    logout?: () => Promise<unknown>;
  } = {},
) {
  const values: Record<string, string> = { ...(opts.cookies ?? { user_id: 'u1', _xsrf: '2|m|t|1' }) };
  const cookies: CookieJar = { get: (n) => values[n], delete: (n) => void delete values[n] };
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === ops.userInfo) return (opts.userInfo ?? (async () => user()))();
    if (id === ops.logout) return opts.logout ? opts.logout() : Promise.reject(new ApiError(500, 'logout broke'));
    return 'OK';
  }) as unknown as CallFn;
  const listeners = new Map<string, () => void>();
  const win: WindowHooks = {
    addEventListener: (t, l) => listeners.set(t, l),
    removeEventListener: (t) => listeners.delete(t),
    reload: vi.fn(),
  };
  const access = createAccessControl(opts.env ?? cloud);
  const onInactive = vi.fn();
  const deps: SessionDeps = { env: opts.env ?? cloud, call, cookies, access, ops, onInactive, window: win };
  const session = createSession(deps);
  const fire = (type: string) => listeners.get(type)?.();
  return { session, values, calls, win, access, onInactive, fire };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('session states', () => {
  it('starts uninitialized and is logged out without the user cookie', async () => {
    const { session, calls } = setup({ cookies: { _xsrf: '2|m|t|1' } });
    expect(session.getState().status).toBe('uninitialized');
    await session.init();
    expect(session.getState().status).toBe('logged_out');
    expect(calls).toEqual([]);
  });

  it('in cloud is logged out without the xsrf cookie; an on-prem appliance needs only the user cookie', async () => {
    const a = setup({ cookies: { user_id: 'u1' } });
    await a.session.init();
    expect(a.session.getState().status).toBe('logged_out');
    const b = setup({ cookies: { user_id: 'u1' }, env: appliance, userInfo: async () => user({ capabilities: {} }) });
    await b.session.init();
    expect(b.session.getState().status).toBe('logged_in');
  });

  it('loads the user and is logged in once portal2 is present; access control gets the roles', async () => {
    const { session, access } = setup();
    await session.init();
    expect(session.getState()).toMatchObject({ status: 'logged_in', user: { username: 'admin' } });
    expect(access.can({ any: ['web_policy:read'] })).toBe(true);
    expect(access.can({ any: ['web_policy:write'] })).toBe(false);
  });

  it('is not logged in on cloud when the tenant lacks portal2', async () => {
    const { session } = setup({ userInfo: async () => user({ capabilities: { rbac: true } }) });
    await session.init();
    expect(session.getState()).toMatchObject({ status: 'logged_out', error: PORTAL_NOT_ENABLED });
  });

  it('is logged out when the user info call fails, with the spec text unless it was a 401', async () => {
    const a = setup({ userInfo: async () => Promise.reject(new ApiError(401, MESSAGES.notAuthorized)) });
    await a.session.init();
    expect(a.session.getState()).toMatchObject({ status: 'logged_out', error: undefined });
    const b = setup({ userInfo: async () => Promise.reject(new ApiError(500, 'boom')) });
    await b.session.init();
    expect(b.session.getState()).toMatchObject({ status: 'logged_out', error: MESSAGES.cannotGetUser });
  });
});

describe('inactivity', () => {
  it('sends the user to logout after session_logout_days without activity', async () => {
    const { session, onInactive } = setup({ userInfo: async () => user({ session_logout_days: 0.5 }) });
    await session.init();
    await vi.advanceTimersByTimeAsync(0.5 * DAY_MS - 1);
    expect(onInactive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('uses the default of 0.042 day', async () => {
    const { session, onInactive } = setup({ userInfo: async () => user({ session_logout_days: undefined as never }) });
    await session.init();
    await vi.advanceTimersByTimeAsync(SESSION_LOGOUT_DAYS_DEFAULT * DAY_MS);
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('activity resets the timer and refreshes the cookie, at most once per 60 s', async () => {
    const { session, onInactive, fire, calls } = setup();
    await session.init();
    const limit = SESSION_LOGOUT_DAYS_DEFAULT * DAY_MS;
    fire('keydown');
    expect(calls.filter(([id]) => id === ops.cookieRefresh)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS);
    fire('keydown');
    fire('pointermove');
    expect(calls.filter(([id]) => id === ops.cookieRefresh)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(limit - 1);
    expect(onInactive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('counts the user away after a minute without input, so the calls made meanwhile are background ones', async () => {
    const { session, fire } = setup();
    expect(session.userAway()).toBe(false);
    await session.init();
    expect(session.userAway()).toBe(false);
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS + 1);
    expect(session.userAway()).toBe(true);
    // Every input counts, also those the timer's throttle passes over.
    fire('pointerdown');
    expect(session.userAway()).toBe(false);
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS - 1);
    fire('keydown');
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS - 1);
    expect(session.userAway()).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(session.userAway()).toBe(true);
  });

  // Limits longer than a timer can hold: sessionParts/inactivity.test.ts.
});

describe('xsrf watch', () => {
  it('reloads when the value changes, ignoring the last |-part', async () => {
    const { session, values, win } = setup();
    await session.init();
    values._xsrf = '2|m|t|999';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS);
    expect(win.reload).not.toHaveBeenCalled();
    values._xsrf = '2|m|other|999';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS);
    expect(win.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for the cookie the login call sets', async () => {
    const { session, values, win } = setup();
    await session.init();
    await session.whileLoggingIn(async () => {
      values._xsrf = '2|new|token|1';
      await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    });
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    expect(win.reload).not.toHaveBeenCalled();
  });

  it('adopts a cookie that appears on a signed-out page', async () => {
    const { session, values, win } = setup({ cookies: {} });
    await session.init();
    values._xsrf = '2|fresh|token|1';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 2);
    expect(win.reload).not.toHaveBeenCalled();
  });

  it('follows a sign-in in another tab: a cookie that appears with a user cookie reloads a signed-out page', async () => {
    const { session, values, win } = setup({ cookies: {} });
    await session.init();
    values._xsrf = '2|fresh|token|1';
    values.user_id = 'u1';
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 2);
    expect(win.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while its own sign-out is deleting the cookie', async () => {
    let answer!: () => void;
    const { session, values, win } = setup({ logout: () => new Promise((resolve) => (answer = () => resolve('ok'))) });
    await session.init();
    const loggingOut = session.logout();
    // The sign-out's answer deletes the cookies before the page has read it.
    delete values._xsrf;
    delete values.user_id;
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    answer();
    await loggingOut;
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 3);
    expect(win.reload).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('logged_out');
  });
});

describe('logout', () => {
  it('lets a sign-in started during a sign-out wait until the sign-out has deleted the old cookies', async () => {
    const { session, values } = setup();
    await session.init();
    const loggingOut = session.logout();
    const seen: (string | undefined)[] = [];
    const signingIn = session.whileLoggingIn(async () => {
      seen.push(values._xsrf);
      values._xsrf = '2|fresh|token|1';
      return 'params';
    });
    await loggingOut;
    await expect(signingIn).resolves.toBe('params');
    // The sign-in ran after the sign-out: it saw no old cookie, and the cookie it set survives.
    expect(seen).toEqual([undefined]);
    expect(values._xsrf).toBe('2|fresh|token|1');
  });

  it('calls the logout API ignoring its error, deletes the cookies, clears the user and resets access', async () => {
    const { session, values, calls, access, win } = setup();
    await session.init();
    await session.logout();
    expect(calls.map(([id]) => id)).toContain(ops.logout);
    expect(values).toEqual({});
    expect(session.getState()).toMatchObject({ status: 'logged_out', user: undefined });
    expect(access.getState().signedIn).toBe(false);
    await vi.advanceTimersByTimeAsync(XSRF_WATCH_MS * 2);
    expect(win.reload).not.toHaveBeenCalled();
  });

  it('stops the inactivity timer', async () => {
    const { session, onInactive } = setup();
    await session.init();
    await session.logout();
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(onInactive).not.toHaveBeenCalled();
  });

  it('runs once for concurrent callers (several 401s at once)', async () => {
    const { session, calls } = setup();
    await session.init();
    await Promise.all([session.logout(), session.logout()]);
    expect(calls.filter(([id]) => id === ops.logout)).toHaveLength(1);
  });
});

describe('session start (spec 000 §4)', () => {
  const startOps = { ...ops, multiTenant: 'tenantUtils.multiTenant', savePortalVersion: 'lookups.savePortalVersion' } as const;
  const info = { role: 'primary', associations: [], pending_approvals: 2 };

  function start(env: Environment, signedIn: SessionUser) {
    const calls: [string, CallInput | undefined][] = [];
    const call = vi.fn(async (id: string, input?: CallInput) => {
      calls.push([id, input]);
      if (id === ops.userInfo) return signedIn;
      if (id === startOps.multiTenant) return info;
      return { version: 'v2' };
    }) as unknown as CallFn;
    const values: Record<string, string> = { user_id: 'u1', _xsrf: '2|m|t|1' };
    const cookies: CookieJar = { get: (n) => values[n], delete: (n) => void delete values[n] };
    const session = createSession({ env, call, cookies, access: createAccessControl(env), ops: startOps, onInactive: vi.fn() });
    return { session, calls };
  }

  it('loads the multi-tenant info once signed in and keeps it in the session', async () => {
    const { session, calls } = start(cloud, user());
    await session.init();
    await vi.waitFor(() => expect(session.getState().multiTenant).toEqual(info));
    expect(calls.map(([id]) => id)).toEqual([ops.userInfo, startOps.multiTenant]);
  });

  it('sets the portal version to v2 when portal_v2 is false, and only then', async () => {
    const a = start(cloud, user({ portal_v2: false }));
    await a.session.init();
    await vi.waitFor(() => expect(a.calls).toContainEqual([startOps.savePortalVersion, { body: { version: 'v2' } }]));
    const b = start(cloud, user());
    await b.session.init();
    await vi.waitFor(() => expect(b.session.getState().multiTenant).toEqual(info));
    expect(b.calls.map(([id]) => id)).not.toContain(startOps.savePortalVersion);
  });

  it('an appliance that is not a management station does neither', async () => {
    const { session, calls } = start(appliance, user({ portal_v2: false, capabilities: {} }));
    await session.init();
    expect(session.getState().status).toBe('logged_in');
    expect(calls.map(([id]) => id)).toEqual([ops.userInfo]);
  });
});

describe('terms of service at session start', () => {
  const termsOps = { ...ops, terms: 'tenantUtils.tosStatus', acceptTerms: 'tenantUtils.acceptTos' } as const;

  /** A server with the tenant's current terms and the version this user accepted last. */
  function server() {
    const state = { version: 1, accepted: 0, enabled: true };
    const call = vi.fn(async (id: string, input?: CallInput) => {
      if (id === ops.userInfo) return user();
      if (id === termsOps.terms) {
        return { title: 'Use policy', text: `Terms v${state.version}`, version: state.version, must_accept: state.enabled && state.accepted !== state.version };
      }
      if (id === termsOps.acceptTerms) {
        const { version } = (input?.body ?? {}) as { version: number };
        if (version !== state.version) throw new ApiError(409, 'Not the current version.');
        state.accepted = version;
        return { version, accepted_at: '2026-01-01T00:00:00.000Z', accepted_by: 'u' };
      }
      throw new Error(`unexpected ${id}`);
    }) as unknown as CallFn;
    const values: Record<string, string> = { user_id: 'u1', _xsrf: '2|m|t|1' };
    const cookies: CookieJar = { get: (n) => values[n], delete: (n) => void delete values[n] };
    const session = () => createSession({ env: cloud, call, cookies, access: createAccessControl(cloud), ops: termsOps, onInactive: vi.fn() });
    return { state, session };
  }

  it('asks before the portal shows; accepting clears it and the next session does not ask until the version changes', async () => {
    const { state, session } = server();
    const first = session();
    expect(await first.init()).toMatchObject({ status: 'logged_in', termsToAccept: { version: 1, text: 'Terms v1' } });
    await first.acceptTerms();
    expect(first.getState().termsToAccept).toBeUndefined();
    expect((await session().init()).termsToAccept).toBeUndefined();
    state.version = 2;
    expect((await session().init()).termsToAccept).toMatchObject({ version: 2, text: 'Terms v2' });
  });

  it('shows the newer terms when they changed while the dialog was open (409)', async () => {
    const { state, session } = server();
    const s = session();
    await s.init();
    state.version = 3;
    await s.acceptTerms();
    expect(s.getState().termsToAccept).toMatchObject({ version: 3, text: 'Terms v3' });
    expect(state.accepted).toBe(0);
  });

  it('does not ask when the terms are off', async () => {
    const { state, session } = server();
    state.enabled = false;
    expect((await session().init()).termsToAccept).toBeUndefined();
  });
});

describe('access changes during a session', () => {
  it('reads the user again when an answer carries another access stamp, and access control follows', async () => {
    let roles: SessionUser['roles'] = { read: ['web_policy'], write: ['web_policy'] };
    const { session, calls, access } = setup({ userInfo: async () => user({ roles }) });
    await session.init();
    session.noteAccessStamp('a');
    expect(access.can({ any: ['web_policy:write'] })).toBe(true);
    const reads = () => calls.filter(([id]) => id === ops.userInfo).length;
    expect(reads()).toBe(1);

    // The same stamp again changes nothing; a new one (the role lost its write) reads the user once more.
    session.noteAccessStamp('a');
    expect(reads()).toBe(1);
    roles = { read: ['web_policy'], write: [] };
    session.noteAccessStamp('b');
    await vi.waitFor(() => expect(access.can({ any: ['web_policy:write'] })).toBe(false));
    expect(reads()).toBe(2);
    expect(session.getState().user?.roles.write).toEqual([]);
  });

  it('keeps the first stamp after signing in again without reading the user twice', async () => {
    const { session, calls, values } = setup();
    await session.init();
    session.noteAccessStamp('a');
    await session.logout();
    values.user_id = 'u1';
    values._xsrf = '2|m|t|2';
    await session.init();
    session.noteAccessStamp('b');
    expect(calls.filter(([id]) => id === ops.userInfo)).toHaveLength(2);
  });
});

describe('dispose', () => {
  it('stops the inactivity timer, its listeners and the xsrf watch', async () => {
    const { session, values, win, onInactive, fire, calls } = setup();
    await session.init();
    session.dispose();
    values._xsrf = '2|m|other|1';
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS);
    fire('keydown');
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(win.reload).not.toHaveBeenCalled();
    expect(onInactive).not.toHaveBeenCalled();
    expect(calls.filter(([id]) => id === ops.cookieRefresh)).toHaveLength(0);
  });
});
