import { describe, expect, it } from 'vitest';
import { MESSAGES, USER_COOKIE_LIFETIME_MS } from '../../schemas/constants';
import { authParams, listUsers, login, portalConfig, userInfo } from '../../definitions/api/auth';
import { ApiClient, asResponseOf, baseUrl, signedIn } from './helpers';

const cookieLine = (lines: readonly string[], name: string) => lines.find((l) => l.startsWith(`${name}=`));

describe('portal config and the xsrf cookie', () => {
  it('answers the deployment and hands out a readable Tornado-style _xsrf cookie', async () => {
    const client = new ApiClient();
    const res = await client.start();
    expect(res.status).toBe(200);
    expect(asResponseOf(portalConfig, res.body)).toEqual({
      deployment: 'cloud',
      app_mode: 'cloud',
      production: false,
      product_name: 'Isolation Admin Portal',
    });
    const xsrf = cookieLine(res.setCookies, '_xsrf')!;
    expect(xsrf).toMatch(/^_xsrf=2\|[0-9a-f]{8}\|[0-9a-f]{32}\|\d+;/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
  });

  it('keeps an existing _xsrf cookie', async () => {
    const client = new ApiClient();
    await client.start();
    const again = await client.start();
    expect(cookieLine(again.setCookies, '_xsrf')).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('answers the session user and sets sid (HttpOnly), user_id and a fresh _xsrf', async () => {
    const client = new ApiClient();
    await client.start();
    const before = client.cookies.get('_xsrf');
    const res = await client.login('admin', 'admin-demo');
    expect(res.status).toBe(200);
    const user = asResponseOf(login, res.body);
    expect(user).toMatchObject({ username: 'admin', tenant_name: 'Demo Corp', first_name: 'Alex', last_name: 'Morgan' });

    const sid = cookieLine(res.setCookies, 'sid')!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(sid).toMatch(/Path=\//);
    const uid = cookieLine(res.setCookies, 'user_id')!;
    expect(uid).toContain(`user_id=${user.uid};`);
    expect(uid).toContain(`Max-Age=${Math.round(USER_COOKIE_LIFETIME_MS / 1000)}`);
    expect(uid).not.toMatch(/HttpOnly/i);
    expect(client.cookies.get('_xsrf')).not.toBe(before);
  });

  it('refuses a sign-in without the X-XSRFToken header', async () => {
    const client = new ApiClient();
    await client.start();
    const res = await client.post('/api/auth/v1/login', { body: { username: 'admin', password: 'admin-demo' }, xsrf: false });
    expect(res.status).toBe(403);
    expect(client.cookies.has('sid')).toBe(false);
  });

  it('validates the body: an empty user name is a 400 on that field', async () => {
    const client = new ApiClient();
    await client.start();
    const res = await client.post('/api/auth/v1/login', { body: { username: '', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'username', key: 'too_small' })]);
  });

  it('starts a new session on every sign-in and ends the previous one', async () => {
    const client = await signedIn('admin');
    const first = client.copy();
    const firstSid = client.cookies.get('sid');
    const again = await client.login('admin', 'admin-demo');
    expect(again.status).toBe(200);
    expect(client.cookies.get('sid')).not.toBe(firstSid);
    expect((await client.get('/api/userinfo')).status).toBe(200);
    expect((await first.get('/api/userinfo')).status).toBe(401);
  });
});

describe('user info', () => {
  it('answers 401 "User not authorized" without a session', async () => {
    const res = await new ApiClient().get('/api/userinfo');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: MESSAGES.notAuthorized });
  });

  it.each([
    ['admin', { read: ['*'], write: ['*'] }],
    ['auditor', { read: ['*'], write: [] }],
    ['webadmin', { read: ['dashboard', 'logs'], write: ['web_policy'] }],
  ] as const)('describes %s with roles, tenant capabilities and the inactivity time-out', async (account, roles) => {
    const client = await signedIn(account);
    const res = await client.get('/api/userinfo');
    expect(res.status).toBe(200);
    const user = asResponseOf(userInfo, res.body);
    expect(user.username).toBe(account);
    expect(user.roles).toEqual(roles);
    expect(user.tenant_name).toBe('Demo Corp');
    expect(user.capabilities).toMatchObject({ rbac: true, portal2: true, dlp: true });
    expect(user.portal_v2).toBe(true);
    // Settings → Administrator Access: idle administrators are signed out after 30 minutes.
    expect(user.session_logout_days).toBe(30 / 1440);
  });
});

describe('logout and cookie refresh', () => {
  it('ends the session on the server and clears the cookies', async () => {
    const client = await signedIn('webadmin');
    const replay = client.copy();
    const res = await client.get('/api/auth/v1/logout');
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(client.cookies.has('sid')).toBe(false);
    expect(client.cookies.has('user_id')).toBe(false);
    expect((await replay.get('/api/userinfo')).status).toBe(401);
  });

  it('never fails, even without a session', async () => {
    const res = await new ApiClient().get('/api/auth/v1/logout');
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok');
  });

  it('cookie_refresh renews the user cookie of a live session and needs the xsrf header', async () => {
    const client = await signedIn('auditor');
    const res = await client.post('/api/auth/v1/cookie_refresh');
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok');
    expect(cookieLine(res.setCookies, 'user_id')).toContain('Max-Age=');
    expect((await client.post('/api/auth/v1/cookie_refresh', { xsrf: false })).status).toBe(403);
    expect((await new ApiClient().post('/api/auth/v1/cookie_refresh')).status).toBe(401);
  });
});

describe('single sign-on through the embedded identity provider', () => {
  it('auth_params hands out the form to post, its csrf_token kept in an HttpOnly cookie of its own', async () => {
    const client = new ApiClient();
    const res = await client.post('/api/auth/v1/auth_params', { body: { force_udb: 'true' } });
    expect(res.status).toBe(200);
    const params = asResponseOf(authParams, res.body);
    expect(params).toEqual({
      login_url: '/idp/authorize',
      redirect_uri: `${baseUrl()}/`,
      client_id: 'portal',
      csrf_token: client.cookies.get('sso_state'),
      scope: 'openid profile',
      force_udb: 'true',
    });
    expect(cookieLine(res.setCookies, 'sso_state')).toContain('HttpOnly');
    // Two sign-ins started at once in one browser share it.
    expect((await client.post('/api/auth/v1/auth_params')).body.csrf_token).toBe(params.csrf_token);
  });

  const form = (fields: Record<string, string>) => ({
    raw: { data: new URLSearchParams(fields).toString(), type: 'application/x-www-form-urlencoded' },
  });

  it('sends a checked form on to the login module with its returnUrl', async () => {
    const client = new ApiClient();
    const { body: params } = await client.post('/api/auth/v1/auth_params');
    const res = await client.post(
      '/idp/authorize',
      form({ ...params, redirect_uri: `${params.redirect_uri}?returnUrl=${encodeURIComponent('/policy/web/ssl-bypass')}` }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login/?returnUrl=${encodeURIComponent('/policy/web/ssl-bypass')}`);
  });

  it('returns to / when redirect_uri carries no returnUrl or names another site', async () => {
    const client = new ApiClient();
    const { body: params } = await client.post('/api/auth/v1/auth_params');
    expect((await client.post('/idp/authorize', form(params))).headers.get('location')).toBe('/login/?returnUrl=%2F');
    const elsewhere = await client.post('/idp/authorize', form({ ...params, redirect_uri: 'https://evil.example/?returnUrl=/x' }));
    expect(elsewhere.headers.get('location')).toBe('/login/?returnUrl=%2F');
  });

  it('refuses a form whose csrf_token does not match the cookie, or from another client', async () => {
    const client = new ApiClient();
    const { body: params } = await client.post('/api/auth/v1/auth_params');
    const forged = await client.post('/idp/authorize', form({ ...params, csrf_token: '0'.repeat(32) }));
    expect(forged.status).toBe(403);
    expect(forged.headers.get('content-type')).toMatch(/^text\/html/);
    // Another site's page posting the form: the browser sends no cookie with it.
    expect((await new ApiClient().post('/idp/authorize', form(params))).status).toBe(403);
    const stranger = await client.post('/idp/authorize', form({ ...params, client_id: 'someone-else' }));
    expect(stranger.status).toBe(400);
  });

  it('a sign-out answering meanwhile does not void a sign-in already started (the xsrf cookie goes, the form stays good)', async () => {
    const client = await signedIn('admin');
    const { body: params } = await client.post('/api/auth/v1/auth_params');
    expect((await client.post('/api/auth/v1/logout')).status).toBe(200);
    expect(client.cookies.get('_xsrf')).toBeUndefined();
    const res = await client.post('/idp/authorize', form(params));
    expect(res.status).toBe(303);
  });
});

describe('environment rules', () => {
  it('does not mount the on-prem twins in the cloud', async () => {
    const client = new ApiClient();
    await client.start();
    expect((await client.post('/api/v1/login', { body: { username: 'admin', password: 'admin-demo' } })).status).toBe(404);
    expect((await client.get('/api/v1/userinfo')).status).toBe(404);
  });
});

describe('administrators of the tenant', () => {
  it('lists the users of the caller tenant only', async () => {
    const res = await (await signedIn('admin')).get('/api/auth/v1/list_users');
    expect(res.status).toBe(200);
    const names = asResponseOf(listUsers, res.body).users.map((u) => u.username);
    // Other suites add users to Demo Corp on the shared test store, so the list is checked for what it must and
    // must not hold rather than for its exact length.
    expect(names).toEqual(expect.arrayContaining(['admin', 'auditor', 'webadmin']));
    expect(names).not.toContain('other-admin');
  });
});
