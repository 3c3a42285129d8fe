/**
 * Settings → Administrator Access enforced by the server, on a server of its own behind a trusted proxy so that a
 * test can call from any address (X-Forwarded-For): the address allow-list (sign-in, session requests, API tokens),
 * the second factor (TOTP enrolment, codes, recovery codes), the lock-out, the idle sign-out, and the refusal of a
 * save that would shut out its maker. Each state is set in the store, then tried through the API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_NAME } from '../../schemas/constants';
import { DEMO_TFA_SECRET } from '../../server/seed/provider';
import { base32Decode, totp } from '../../server/totp';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ACCOUNTS, ApiClient, type Account } from './helpers';

const ACCESS = '/api/settings/v1/tenants/admin_access_control';
const BASELINE = { restrict_by_ip: false, allowed_ips: [] as string[], require_tfa: false, max_failed_logins: 5, lockout_minutes: 30, idle_timeout_minutes: 30 };

let server: TestServer;
let demoTenant: string;

/** A client whose calls come through the proxy from `ip`. */
function from(ip: string): ApiClient {
  const c = new ApiClient(server.url);
  const request = c.request.bind(c);
  c.request = (method, path, o = {}) => request(method, path, { ...o, headers: { 'x-forwarded-for': ip, ...o.headers } });
  return c;
}

/** Moves the client's cookies to another address (the same browser, or a stolen cookie, elsewhere). */
function moved(client: ApiClient, ip: string): ApiClient {
  const c = from(ip);
  for (const [k, v] of client.cookies) c.cookies.set(k, v);
  return c;
}

/** Stores Demo Corp's Administrator Access page as given (over the baseline), as a save would. */
async function setAccess(changes: Partial<typeof BASELINE>): Promise<void> {
  await server.db.query(
    `INSERT INTO settings_documents (tenant_id, screen_id, body, updated_at, updated_by) VALUES ($1, 'settings.admin-access', $2, now(), 'test')
     ON CONFLICT (tenant_id, screen_id) DO UPDATE SET body = $2, updated_at = now()`,
    [demoTenant, JSON.stringify({ ...BASELINE, ...changes })],
  );
}

const code = (secret: string, at = Date.now()) => totp(base32Decode(secret)!, at);

async function login(account: Account, ip = '127.0.0.1', body: Record<string, unknown> = {}) {
  const c = from(ip);
  await c.start();
  const res = await c.post('/api/auth/v1/login', { body: { username: account, password: ACCOUNTS[account], ...body } });
  return { c, res };
}

/** The audit events of Demo Corp written since `t0`, for `user`. */
async function audits(t0: number, user: string): Promise<Record<string, unknown>[]> {
  const { rows } = await server.db.query<{ event: Record<string, unknown> }>(
    `SELECT event FROM log_events WHERE tenant_id = $1 AND log_type = 'audit' AND ts >= $2 AND event->>'user' = $3 ORDER BY ts, seq`,
    [demoTenant, t0, user],
  );
  return rows.map((r) => r.event);
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' }, ownDatabase: true });
  demoTenant = (await server.db.query<{ id: string }>("SELECT id FROM tenants WHERE name = 'Demo Corp'")).rows[0]!.id;
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await setAccess({});
  await server.db.query('DELETE FROM login_throttle');
  await server.db.query('DELETE FROM tfa_challenges');
  await server.db.query('UPDATE users SET failed_logins = 0, locked_until = NULL, tfa_last_step = 0');
  await server.db.query("UPDATE users SET mfa_enrolled = false, tfa_secret = NULL, tfa_recovery = '[]' WHERE username = 'admin'");
});

describe('the demo', () => {
  it('seeds settings it honours: local sign-in allowed, two-factor off, the enrolled users with the test secret', async () => {
    const fresh = await startTestServer({ ownDatabase: true });
    try {
      const admin = new ApiClient(fresh.url);
      expect((await admin.login('admin', ACCOUNTS.admin)).status).toBe(200);
      const page = (await admin.get(ACCESS)).body;
      expect(page).toMatchObject({ restrict_by_ip: true, require_tfa: false });
      expect(page.allowed_ips).toEqual(expect.arrayContaining(['127.0.0.1', '::1']));
      const { rows } = await fresh.db.query<{ username: string }>(
        'SELECT username FROM users WHERE mfa_enrolled AND tfa_secret = $1 ORDER BY username',
        [DEMO_TFA_SECRET],
      );
      expect(rows.map((r) => r.username)).toEqual(['auditor', 'other-admin', 'webadmin']);
    } finally {
      await fresh.close();
    }
  });
});

describe('address allow-list', () => {
  const list = ['203.0.113.0/24', '198.51.100.14', '2001:db8:abcd::/48'];

  it('lets sign-ins in from inside the list only, IPv4 and IPv6, at the edges of each block, and audits each refusal', async () => {
    await setAccess({ restrict_by_ip: true, allowed_ips: list });
    const t0 = Date.now();
    for (const ip of ['203.0.113.0', '203.0.113.255', '198.51.100.14', '2001:db8:abcd::', '2001:db8:abcd:ffff:ffff:ffff:ffff:ffff']) {
      expect((await login('admin', ip)).res.status, ip).toBe(200);
    }
    for (const ip of ['203.0.112.255', '203.0.114.0', '198.51.100.15', '2001:db8:abcc:ffff:ffff:ffff:ffff:ffff', '2001:db8:abce::', '127.0.0.1']) {
      const { res, c } = await login('admin', ip);
      expect(res.status, ip).toBe(401);
      expect(res.body.msg).toBe(`Sign-in from your address (${ip}) is not allowed for this organization. Ask an administrator to add it under Settings → Administrator Access.`);
      expect(c.cookies.has('sid')).toBe(false);
    }
    const refused = (await audits(t0, 'admin')).filter((e) => e.result === 'failure');
    expect(refused).toHaveLength(6);
    expect(refused[0]).toMatchObject({ action: 'login', ip: '203.0.112.255', details: 'Refused: the address is not in the allowed addresses' });
  });

  it('is refused with the same answer whether the password is right or not', async () => {
    await setAccess({ restrict_by_ip: true, allowed_ips: list });
    const c = from('192.0.2.1');
    await c.start();
    const wrong = await c.post('/api/auth/v1/login', { body: { username: 'admin', password: 'wrong' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toContain('(192.0.2.1) is not allowed');
  });

  it('applies nothing while the restriction is off, whatever the list holds', async () => {
    await setAccess({ restrict_by_ip: false, allowed_ips: list });
    expect((await login('admin', '192.0.2.1')).res.status).toBe(200);
    expect((await login('admin', '2001:db8:ffff::1')).res.status).toBe(200);
  });

  it('ends a session used from an address outside the list, audited, and answers the reason', async () => {
    const { c } = await login('admin', '203.0.113.5');
    await setAccess({ restrict_by_ip: true, allowed_ips: list });
    expect((await c.get('/api/userinfo')).status).toBe(200);
    const t0 = Date.now();
    const elsewhere = await moved(c, '192.0.2.7').get('/api/userinfo');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.msg).toContain('(192.0.2.7) is not allowed');
    // The session is over, also for the allowed address.
    const back = await c.get('/api/userinfo');
    expect(back.status).toBe(401);
    expect(back.body.msg).toBe(MESSAGES.notAuthorized);
    expect(await audits(t0, 'admin')).toEqual([
      expect.objectContaining({ action: 'login', result: 'failure', ip: '192.0.2.7', details: 'Session ended: a request came from an address outside the allowed addresses' }),
    ]);
  });

  it('holds for API tokens, audited as a refused use', async () => {
    const { c } = await login('admin', '203.0.113.5');
    const gen = await c.post('/api/settings/v1/tenants/api_tokens', { body: { name: `allow-list ${Date.now()}`, role: 'auditor', expires_in_days: 1 } });
    expect(gen.status, gen.text).toBe(200);
    await setAccess({ restrict_by_ip: true, allowed_ips: list });
    const auth = { headers: { authorization: `Bearer ${gen.body.secret}` } };
    expect((await from('203.0.113.9').get('/api/policy/v1/rules', auth)).status).toBe(200);
    const refused = await from('192.0.2.9').get('/api/policy/v1/rules', auth);
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toContain('(192.0.2.9) is not allowed');
    const { rows } = await server.db.query<{ event: Record<string, unknown> }>(
      `SELECT event FROM log_events WHERE tenant_id = $1 AND log_type = 'audit' AND event->>'ip' = '192.0.2.9'`,
      [demoTenant],
    );
    expect(rows.map((r) => r.event)).toEqual([expect.objectContaining({ action: 'api_token_use', result: 'failure', details: 'GET /api/policy/v1/rules (address not allowed)' })]);
  });
});

describe('lock-out', () => {
  const wrong = (ip: string) => from(ip).login('admin', 'wrong-password');

  it('locks the account after max_failed_logins wrong passwords in a row from any address, for lockout_minutes, audited', async () => {
    await setAccess({ max_failed_logins: 3, lockout_minutes: 10 });
    const t0 = Date.now();
    expect((await wrong('203.0.113.1')).status).toBe(401);
    expect((await wrong('203.0.113.2')).status).toBe(401);
    const third = await wrong('203.0.113.3');
    expect(third.status).toBe(423);
    // Another address and the right password: still locked, with when to retry.
    const { res } = await login('admin', '198.51.100.7');
    expect(res.status).toBe(423);
    expect(res.body.msg).toMatch(/^This account is locked after too many failed sign-ins\. Try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC \(in 10 minutes\)\.$/);
    expect(res.body.delay).toBeGreaterThan(595);
    expect(res.body.delay).toBeLessThanOrEqual(600);
    expect(res.headers.get('retry-after')).toBe(String(res.body.delay));
    const events = await audits(t0, 'admin');
    expect(events).toContainEqual(expect.objectContaining({ action: 'login', result: 'failure', details: 'Account locked for 10 minutes after 3 failed sign-ins' }));
    expect(events.at(-1)).toMatchObject({ action: 'login', result: 'failure', ip: '198.51.100.7', details: 'Refused: the account is locked' });
  });

  it('lets the right password in once the lock-out has passed, not a moment before', async () => {
    await setAccess({ max_failed_logins: 3, lockout_minutes: 1 });
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) await wrong(ip);
    await server.db.query("UPDATE users SET locked_until = now() + interval '2 seconds' WHERE username = 'admin'");
    expect((await login('admin', '198.51.100.7')).res.status).toBe(423);
    await server.db.query("UPDATE users SET locked_until = now() - interval '1 millisecond' WHERE username = 'admin'");
    expect((await login('admin', '198.51.100.7')).res.status).toBe(200);
  });

  it('counts only failures in a row: a sign-in in between starts again, one short of the limit locks nothing, the limit does', async () => {
    await setAccess({ max_failed_logins: 3, lockout_minutes: 10 });
    await wrong('203.0.113.1');
    await wrong('203.0.113.2');
    expect((await login('admin', '203.0.113.4')).res.status).toBe(200);
    await wrong('203.0.113.5');
    await wrong('203.0.113.6');
    expect((await login('admin', '203.0.113.7')).res.status).toBe(200);
    await wrong('203.0.113.8');
    await wrong('203.0.113.9');
    expect((await wrong('203.0.113.10')).status).toBe(423);
    await server.db.query("UPDATE users SET locked_until = NULL WHERE username = 'admin'");
    await setAccess({ max_failed_logins: 20 });
    for (let i = 0; i < 19; i++) expect((await wrong(`198.51.100.${i}`)).status).toBe(401);
    expect((await login('admin', '203.0.113.8')).res.status).toBe(200);
    for (let i = 0; i < 19; i++) await wrong(`198.51.100.${i}`);
    expect((await wrong('198.51.100.19')).status).toBe(423);
  });
});

describe('two-factor authentication', () => {
  const tfa = (c: ApiClient, challenge: string, value: string) => c.post('/api/auth/v1/tfa', { body: { challenge, code: value } });

  it('is not asked while the setting is off', async () => {
    const { res, c } = await login('webadmin');
    expect(res.status).toBe(200);
    expect(c.cookies.has('sid')).toBe(true);
  });

  it('asks an enrolled user for the code after the password, and starts the session only with a right one', async () => {
    await setAccess({ require_tfa: true });
    const t0 = Date.now();
    const { res, c } = await login('webadmin');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.', tfa: 'verify', challenge: expect.any(String) });
    expect(c.cookies.has('sid')).toBe(false);
    expect((await c.get('/api/userinfo')).status).toBe(401);
    const bad = await tfa(c, res.body.challenge, code(DEMO_TFA_SECRET, Date.now() - 120_000));
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('That code is not right. Enter the current code from your authenticator app, or a recovery code.');
    const right = code(DEMO_TFA_SECRET);
    const good = await tfa(c, res.body.challenge, right);
    expect(good.status, good.text).toBe(200);
    expect(good.body.username).toBe('webadmin');
    expect(good.body.recovery_codes).toBeUndefined();
    expect((await c.get('/api/userinfo')).status).toBe(200);
    // The challenge is used up, and the same code is not taken twice.
    expect((await tfa(c, res.body.challenge, right)).body.msg).toBe('This sign-in has expired. Sign in again with your user name and password.');
    const again = await login('webadmin');
    expect((await tfa(again.c, again.res.body.challenge, right)).status).toBe(401);
    expect((await audits(t0, 'webadmin')).filter((e) => e.action === 'tfa').map((e) => [e.result, e.details])).toEqual([
      ['failure', 'Wrong code'],
      ['success', 'Authenticator code'],
      ['failure', 'Wrong code'],
    ]);
  });

  it('enrols a user without a second factor at the first sign-in, with recovery codes that each work once', async () => {
    await setAccess({ require_tfa: true });
    const t0 = Date.now();
    const first = await login('admin');
    expect(first.res.status).toBe(401);
    expect(first.res.body).toMatchObject({ tfa: 'enrol', secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    const { secret } = first.res.body as { secret: string };
    const issuer = encodeURIComponent(PRODUCT_NAME);
    expect(first.res.body.otpauth_uri).toBe(`otpauth://totp/${issuer}:admin%40Demo%20Corp?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`);
    expect((await tfa(first.c, first.res.body.challenge, '000000')).status).toBe(401);
    const enrolled = await tfa(first.c, first.res.body.challenge, code(secret));
    expect(enrolled.status, enrolled.text).toBe(200);
    const recovery = enrolled.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    // Stored hashed: no code and no list of codes in the store.
    const stored = (await server.db.query<{ tfa_recovery: string[] }>("SELECT tfa_recovery FROM users WHERE username = 'admin'")).rows[0]!.tfa_recovery;
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!.slice(0, 4));

    const second = await login('admin');
    expect(second.res.body.tfa).toBe('verify');
    const used = await tfa(second.c, second.res.body.challenge, recovery[3]!.toUpperCase());
    expect(used.status, used.text).toBe(200);
    const third = await login('admin');
    expect((await tfa(third.c, third.res.body.challenge, recovery[3]!)).status).toBe(401);
    expect((await tfa(third.c, third.res.body.challenge, recovery[4]!)).status).toBe(200);
    expect((await audits(t0, 'admin')).filter((e) => e.action === 'tfa').map((e) => [e.result, e.details])).toEqual([
      ['failure', 'Wrong code while enrolling'],
      ['success', 'Enrolled an authenticator app; recovery codes issued'],
      ['success', 'Recovery code used (9 left)'],
      ['failure', 'Wrong code'],
      ['success', 'Recovery code used (8 left)'],
    ]);
  });

  it('lets a user set up a second factor while it is not required, when asked', async () => {
    const { res } = await login('admin', '127.0.0.1', { setup_tfa: true });
    expect(res.status).toBe(401);
    expect(res.body.tfa).toBe('enrol');
    // An enrolled user asking again just signs in.
    expect((await login('webadmin', '127.0.0.1', { setup_tfa: true })).res.status).toBe(200);
  });

  it('counts wrong codes towards the lock-out, and a challenge ends after five minutes or five codes', async () => {
    await setAccess({ require_tfa: true, max_failed_logins: 3, lockout_minutes: 5 });
    const { res, c } = await login('webadmin');
    expect((await tfa(c, res.body.challenge, '111111')).status).toBe(401);
    expect((await tfa(c, res.body.challenge, '222222')).status).toBe(401);
    const locked = await tfa(c, res.body.challenge, '333333');
    expect(locked.status).toBe(423);
    expect(locked.body.msg).toContain('(in 5 minutes)');
    expect((await login('webadmin')).res.status).toBe(423);

    await server.db.query('UPDATE users SET failed_logins = 0, locked_until = NULL');
    await setAccess({ require_tfa: true, max_failed_logins: 20 });
    const late = await login('webadmin');
    await server.db.query("UPDATE tfa_challenges SET created_at = now() - interval '301 seconds'");
    expect((await tfa(late.c, late.res.body.challenge, code(DEMO_TFA_SECRET))).body.msg).toBe('This sign-in has expired. Sign in again with your user name and password.');
    const tries = await login('webadmin');
    for (let i = 0; i < 5; i++) expect((await tfa(tries.c, tries.res.body.challenge, '999999')).status).toBe(401);
    expect((await tfa(tries.c, tries.res.body.challenge, code(DEMO_TFA_SECRET))).body.msg).toContain('has expired');
  });
});

describe('idle sign-out', () => {
  const age = (c: ApiClient, ago: string) =>
    server.db.query("UPDATE sessions SET last_seen_at = now() - $2::interval WHERE id_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [c.cookies.get('sid'), ago]);

  it('ends a session idle for longer than idle_timeout_minutes, and tells the page its time', async () => {
    await setAccess({ idle_timeout_minutes: 5 });
    const { c } = await login('admin');
    const info = await c.get('/api/userinfo');
    expect(info.body.session_logout_days).toBe(5 / 1440);
    await age(c, '4 minutes 50 seconds');
    expect((await c.get('/api/userinfo')).status).toBe(200);
    await age(c, '5 minutes 10 seconds');
    expect((await c.get('/api/userinfo')).status).toBe(401);
  });

  it("keeps the service provider's shorter limit when the page's is longer", async () => {
    await setAccess({ idle_timeout_minutes: 480 });
    const { c } = await login('admin');
    expect((await c.get('/api/userinfo')).body.session_logout_days).toBe(0.042);
    await age(c, '2 hours');
    expect((await c.get('/api/userinfo')).status).toBe(401);
  });
});

describe('a change that would shut out its maker', () => {
  async function save(c: ApiClient, changes: Partial<typeof BASELINE>) {
    const current = (await c.get(ACCESS)).body;
    return c.put(ACCESS, { body: { ...current, ...changes } });
  }

  it("is refused when the caller's own address is outside the new list, naming the field, storing nothing, audited", async () => {
    const { c } = await login('admin', '203.0.113.5');
    const t0 = Date.now();
    const res = await save(c, { restrict_by_ip: true, allowed_ips: ['198.51.100.0/24', '203.0.113.6'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'allowed_ips', key: 'selfLockout', message: 'Your address (203.0.113.5) is not in the list: saving it would shut you out. Add it, or make this change from an allowed address.' },
    ]);
    expect((await c.get(ACCESS)).body.restrict_by_ip).toBe(false);
    expect(await audits(t0, 'admin')).toEqual([expect.objectContaining({ action: 'save', area: 'settings.admin-access', result: 'failure', ip: '203.0.113.5' })]);
    expect((await save(c, { restrict_by_ip: true, allowed_ips: ['198.51.100.0/24', '203.0.113.0/24'] })).status).toBe(200);
    expect((await c.get(ACCESS)).body.restrict_by_ip).toBe(true);
  });

  it('checks an IPv6 caller against IPv6 blocks', async () => {
    const { c } = await login('admin', '2001:db8::5');
    expect((await save(c, { restrict_by_ip: true, allowed_ips: ['2001:db9::/32'] })).status).toBe(400);
    expect((await save(c, { restrict_by_ip: true, allowed_ips: ['2001:db8::/32'] })).status).toBe(200);
  });

  it('is refused when two-factor authentication is turned on by a caller without a second factor', async () => {
    const { c } = await login('admin');
    const res = await save(c, { require_tfa: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'require_tfa', key: 'selfLockout' })]);
    expect((await c.get(ACCESS)).body.require_tfa).toBe(false);
    await server.db.query("UPDATE users SET mfa_enrolled = true, tfa_secret = $1 WHERE username = 'admin'", [DEMO_TFA_SECRET]);
    expect((await save(c, { require_tfa: true })).status).toBe(200);
  });
});

describe('on premises (/d/ sign-in)', () => {
  it('asks for the second factor at /api/v1/login, takes it at /api/v1/tfa, and holds the allow-list', { timeout: 120_000 }, async () => {
    const appliance = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' }, ownDatabase: true });
    try {
      const tenant = (await appliance.db.query<{ id: string }>("SELECT id FROM tenants WHERE name = 'Demo Corp'")).rows[0]!.id;
      const store = (changes: Partial<typeof BASELINE>) =>
        appliance.db.query(
          `INSERT INTO settings_documents (tenant_id, screen_id, body, updated_at, updated_by) VALUES ($1, 'settings.admin-access', $2, now(), 'test')
           ON CONFLICT (tenant_id, screen_id) DO UPDATE SET body = $2, updated_at = now()`,
          [tenant, JSON.stringify({ ...BASELINE, ...changes })],
        );
      await store({ require_tfa: true });
      const c = new ApiClient(appliance.url);
      await c.start();
      const first = await c.post('/api/v1/login', { body: { username: 'auditor', password: ACCOUNTS.auditor } });
      expect(first.status).toBe(401);
      expect(first.body.tfa).toBe('verify');
      const done = await c.post('/api/v1/tfa', { body: { challenge: first.body.challenge, code: code(DEMO_TFA_SECRET) } });
      expect(done.status, done.text).toBe(200);
      expect((await c.get('/api/v1/userinfo')).body.username).toBe('auditor');

      await store({ restrict_by_ip: true, allowed_ips: ['192.0.2.0/24'] });
      expect((await c.get('/api/v1/userinfo')).status).toBe(401);
      const refused = await c.post('/api/v1/login', { body: { username: 'auditor', password: ACCOUNTS.auditor } });
      expect(refused.status).toBe(401);
      expect(refused.body.msg).toContain('(127.0.0.1) is not allowed');
    } finally {
      await appliance.close();
    }
  });
});
