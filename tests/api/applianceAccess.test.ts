/**
 * The appliance's own access settings enforced when this server runs on premises: Appliance → Access "Administration
 * allowed from" (sign-in, every session request, API tokens) and "Idle time-out", and Administrator Sign-in's
 * lock-out, beside Settings → Administrator Access (an address must pass both; the stricter number holds). One
 * appliance of its own behind a trusted proxy, so that a call can come from any address (X-Forwarded-For).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ACCOUNTS, ApiClient } from './helpers';

const ACCESS = '/api/v1/settings/access';
const APPLIANCE_ACCESS = { https_port: 443, ssh_enabled: false, ssh_port: 22, allowed_networks: [] as string[], proxy_ports: ['8080'], session_timeout_minutes: 30 };
const ADMIN_AUTH = { method: 'local', admin_group: '', auditor_group: '', local_fallback: true, lockout_attempts: 10, lockout_minutes: 1 };
const CLOUD_ACCESS = { restrict_by_ip: false, allowed_ips: [] as string[], require_tfa: false, max_failed_logins: 20, lockout_minutes: 1, idle_timeout_minutes: 480 };

let server: TestServer;
let tenant: string;
/** What the seeded appliance answered before any test changed it. */
const seeded = { signIn: 0, networks: [] as unknown };

async function store(screen: string, body: object): Promise<void> {
  await server.db.query(
    `INSERT INTO settings_documents (tenant_id, screen_id, body, updated_at, updated_by) VALUES ($1, $2, $3, now(), 'test')
     ON CONFLICT (tenant_id, screen_id) DO UPDATE SET body = $3, updated_at = now()`,
    [tenant, screen, JSON.stringify(body)],
  );
}
const setAccess = (changes: Partial<typeof APPLIANCE_ACCESS>) => store('appliance.access', { ...APPLIANCE_ACCESS, ...changes });
const setAdminAuth = (changes: Partial<typeof ADMIN_AUTH>) => store('appliance.admin-auth', { ...ADMIN_AUTH, ...changes });
const setCloud = (changes: Partial<typeof CLOUD_ACCESS>) => store('settings.admin-access', { ...CLOUD_ACCESS, ...changes });

/** A client whose calls come through the proxy from `ip`. */
function from(ip: string): ApiClient {
  const c = new ApiClient(server.url);
  const request = c.request.bind(c);
  c.request = (method, path, o = {}) => request(method, path, { ...o, headers: { 'x-forwarded-for': ip, ...o.headers } });
  return c;
}

async function login(ip = '127.0.0.1', password: string = ACCOUNTS.admin) {
  const c = from(ip);
  await c.start();
  const res = await c.post('/api/v1/login', { body: { username: 'admin', password } });
  return { c, res };
}

async function audits(t0: number): Promise<Record<string, unknown>[]> {
  const { rows } = await server.db.query<{ event: Record<string, unknown> }>(
    `SELECT event FROM log_events WHERE tenant_id = $1 AND log_type = 'audit' AND ts >= $2 AND event->>'user' = 'admin' ORDER BY ts, seq`,
    [tenant, t0],
  );
  return rows.map((r) => r.event);
}

beforeAll(async () => {
  server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview', TRUST_PROXY: 'true' }, ownDatabase: true });
  tenant = (await server.db.query<{ tenant_id: string }>("SELECT tenant_id FROM users WHERE username = 'admin'")).rows[0]!.tenant_id;
  const { c, res } = await login();
  seeded.signIn = res.status;
  seeded.networks = (await c.get(ACCESS)).body?.allowed_networks;
}, 600_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await setAccess({});
  await setAdminAuth({});
  await setCloud({});
  await server.db.query('DELETE FROM login_throttle');
  await server.db.query('UPDATE users SET failed_logins = 0, locked_until = NULL');
});

describe('the demo appliance', () => {
  it('seeds networks that cover local sign-in', () => {
    expect(seeded.signIn).toBe(200);
    expect(seeded.networks).toEqual(expect.arrayContaining(['127.0.0.1', '::1']));
  });
});

describe('administration allowed from', () => {
  const networks = ['203.0.113.0/24', '2001:db8:abcd::/48'];

  it('lets sign-ins in from inside the networks only, at the edges of each, and audits each refusal', async () => {
    await setAccess({ allowed_networks: networks });
    const t0 = Date.now();
    for (const ip of ['203.0.113.0', '203.0.113.255', '2001:db8:abcd::', '2001:db8:abcd:ffff:ffff:ffff:ffff:ffff']) {
      expect((await login(ip)).res.status, ip).toBe(200);
    }
    for (const ip of ['203.0.112.255', '203.0.114.0', '2001:db8:abce::', '127.0.0.1']) {
      const { res, c } = await login(ip);
      expect(res.status, ip).toBe(401);
      expect(res.body.msg).toBe(`Sign-in from your address (${ip}) is not allowed for this organization. Ask an administrator to add it under Settings → Access.`);
      expect(c.cookies.has('sid')).toBe(false);
    }
    const refused = (await audits(t0)).filter((e) => e.result === 'failure');
    expect(refused.map((e) => [e.ip, e.details])).toEqual(
      ['203.0.112.255', '203.0.114.0', '2001:db8:abce::', '127.0.0.1'].map((ip) => [ip, 'Refused: the address is not in the allowed addresses']),
    );
  });

  it('allows every network while the list is empty', async () => {
    expect((await login('192.0.2.1')).res.status).toBe(200);
    expect((await login('2001:db8:ffff::1')).res.status).toBe(200);
  });

  it('holds beside Administrator Access: an address must be in both lists', async () => {
    await setAccess({ allowed_networks: ['203.0.113.0/24'] });
    await setCloud({ restrict_by_ip: true, allowed_ips: ['203.0.113.0/25'] });
    expect((await login('203.0.113.1')).res.status).toBe(200);
    const outsideCloud = await login('203.0.113.200');
    expect(outsideCloud.res.status).toBe(401);
    expect(outsideCloud.res.body.msg).toContain('under Settings → Administrator Access.');
  });

  it('ends a session used from another network, audited, and answers the reason', async () => {
    const { c } = await login('203.0.113.5');
    await setAccess({ allowed_networks: networks });
    expect((await c.get('/api/v1/userinfo')).status).toBe(200);
    const moved = from('198.51.100.7');
    for (const [k, v] of c.cookies) moved.cookies.set(k, v);
    const t0 = Date.now();
    const elsewhere = await moved.get('/api/v1/userinfo');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.msg).toContain('(198.51.100.7) is not allowed');
    expect((await c.get('/api/v1/userinfo')).status).toBe(401);
    expect(await audits(t0)).toEqual([
      expect.objectContaining({ action: 'login', result: 'failure', ip: '198.51.100.7', details: 'Session ended: a request came from an address outside the allowed addresses' }),
    ]);
  });

  it('refuses a save that leaves out the address of the administrator making it, storing nothing, audited', async () => {
    const { c } = await login('203.0.113.5');
    const current = (await c.get(ACCESS)).body;
    const t0 = Date.now();
    const res = await c.put(ACCESS, { body: { ...current, allowed_networks: ['198.51.100.0/24'] } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'allowed_networks', key: 'selfLockout', message: 'Your address (203.0.113.5) is not in the list: saving it would shut you out. Add it, or make this change from an allowed address.' },
    ]);
    expect((await c.get(ACCESS)).body.allowed_networks).toEqual([]);
    expect(await audits(t0)).toEqual([expect.objectContaining({ action: 'save', area: 'appliance.access', result: 'failure', ip: '203.0.113.5' })]);
    const ok = await c.put(ACCESS, { body: { ...current, allowed_networks: ['198.51.100.0/24', '203.0.113.0/24'] } });
    expect(ok.status, ok.text).toBe(200);
    expect((await c.get(ACCESS)).body.allowed_networks).toEqual(['198.51.100.0/24', '203.0.113.0/24']);
  });
});

describe('idle time-out', () => {
  const age = (c: ApiClient, ago: string) =>
    server.db.query("UPDATE sessions SET last_seen_at = now() - $2::interval WHERE id_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", [c.cookies.get('sid'), ago]);

  it('signs out a session idle for longer than the appliance time-out, and tells the page its time', async () => {
    await setAccess({ session_timeout_minutes: 7 });
    const { c } = await login();
    expect((await c.get('/api/v1/userinfo')).body.session_logout_days).toBe(7 / 1440);
    await age(c, '6 minutes 50 seconds');
    expect((await c.get('/api/v1/userinfo')).status).toBe(200);
    await age(c, '7 minutes 10 seconds');
    expect((await c.get('/api/v1/userinfo')).status).toBe(401);
  });

  it('keeps the shorter time when Administrator Access sets one', async () => {
    await setAccess({ session_timeout_minutes: 120 });
    await setCloud({ idle_timeout_minutes: 10 });
    const { c } = await login();
    expect((await c.get('/api/v1/userinfo')).body.session_logout_days).toBe(10 / 1440);
  });
});

describe('lock-out after failed appliance sign-ins', () => {
  it('locks the account after the configured wrong passwords in a row, for the configured minutes, audited', async () => {
    await setAdminAuth({ lockout_attempts: 3, lockout_minutes: 7 });
    const t0 = Date.now();
    // Each wrong password from another address, so that the per-address throttle stays out of the way.
    expect((await login('203.0.113.1', 'wrong')).res.status).toBe(401);
    expect((await login('203.0.113.2', 'wrong')).res.status).toBe(401);
    const third = await login('203.0.113.3', 'wrong');
    expect(third.res.status).toBe(423);
    expect(third.res.body.msg).toContain('(in 7 minutes)');
    const right = await login('203.0.113.4');
    expect(right.res.status).toBe(423);
    expect(right.c.cookies.has('sid')).toBe(false);
    expect(await audits(t0)).toContainEqual(expect.objectContaining({ action: 'login', result: 'failure', details: 'Account locked for 7 minutes after 3 failed sign-ins' }));
  });

  it('does not lock before the configured number', async () => {
    await setAdminAuth({ lockout_attempts: 4 });
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await login(ip, 'wrong')).res.status).toBe(401);
    expect((await login('203.0.113.4')).res.status).toBe(200);
  });
});
