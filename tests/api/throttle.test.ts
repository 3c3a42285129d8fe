/**
 * Failed sign-ins, on a server of their own (the address throttle would otherwise hold up every other test), behind a
 * trusted proxy so that a test can sign in from several addresses (X-Forwarded-For).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ACCOUNTS, ApiClient } from './helpers';

const INVALID = { msg: 'Invalid user name or password.' };
const THROTTLED = 'Too many failed sign-in attempts. Try again in $1 seconds.';

let server: TestServer;
const client = () => new ApiClient(server.url);
/** A client whose calls come through the proxy from `ip`. */
function from(ip: string): ApiClient {
  const c = client();
  const request = c.request.bind(c);
  c.request = (method, path, o = {}) => request(method, path, { ...o, headers: { 'x-forwarded-for': ip, ...o.headers } });
  return c;
}
const expireBlocks = () => server.db.query("UPDATE login_throttle SET blocked_until = now() - interval '1 second'");

async function fail(username = 'admin', ip = '127.0.0.1') {
  const res = await from(ip).login(username, 'wrong-password');
  expect(res.status).toBe(401);
  return res;
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  // The account lock-out of Settings → Administrator Access (any address, tested in adminAccess.test.ts) set to its
  // highest, so that these tests see the throttle alone.
  await server.db.query(
    `UPDATE settings_documents SET body = jsonb_set(body, '{max_failed_logins}', '20') WHERE screen_id = 'settings.admin-access'`,
  );
});
afterAll(async () => {
  await server.db.query('DELETE FROM login_throttle');
  await server.close();
});
beforeEach(async () => {
  await server.db.query('DELETE FROM login_throttle');
  await server.db.query('DELETE FROM login_known');
  // The account lock-out (Settings → Administrator Access) has its own tests (adminAccess.test.ts).
  await server.db.query('UPDATE users SET failed_logins = 0, locked_until = NULL');
});

describe('failed sign-in', () => {
  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    expect((await fail('admin')).body).toEqual(INVALID);
    expect((await fail('nobody-by-this-name')).body).toEqual(INVALID);
  });

  it('takes as long for an unknown user as for a wrong password (no user-name probing by timing)', async () => {
    const time = async (username: string) => {
      await server.db.query('DELETE FROM login_throttle');
      const t0 = performance.now();
      await fail(username);
      return performance.now() - t0;
    };
    const known = Math.min(await time('admin'), await time('admin'));
    const unknown = Math.min(await time('nobody-by-this-name'), await time('nobody-by-this-name'));
    expect(unknown).toBeGreaterThan(known * 0.3);
  });

  it('records failed and successful sign-ins of known users in the audit log', async () => {
    await fail('auditor');
    expect((await client().login('auditor', 'auditor-demo')).status).toBe(200);
    const { rows } = await server.db.query<{ event: Record<string, unknown> }>(
      `SELECT e.event FROM log_events e JOIN tenants t ON t.id = e.tenant_id
        WHERE t.name = 'Demo Corp' AND e.log_type = 'audit' AND e.event->>'user' = 'auditor' ORDER BY e.ts DESC, e.seq DESC LIMIT 2`,
    );
    expect(rows.map((r) => r.event).reverse()).toEqual([
      { action: 'login', kind: 'failed_sign_in', user: 'auditor', tenant: 'Demo Corp', result: 'failure', ip: '127.0.0.1' },
      { action: 'login', kind: 'sign_in', user: 'auditor', tenant: 'Demo Corp', result: 'success', ip: '127.0.0.1' },
    ]);
  });
});

describe('sign-in throttling', () => {
  it('after 3 failures of an account answers 429 with a 5-second delay and Retry-After, even for the right password', async () => {
    for (let i = 0; i < 3; i++) await fail();
    const res = await client().login('admin', 'admin-demo');
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe(THROTTLED);
    expect(res.body.delay).toBeGreaterThan(0);
    expect(res.body.delay).toBeLessThanOrEqual(5);
    expect(res.headers.get('retry-after')).toBe(String(res.body.delay));
  });

  it('doubles the delay with each further failure', async () => {
    for (let i = 0; i < 3; i++) await fail();
    await expireBlocks();
    await fail();
    const res = await client().login('admin', 'admin-demo');
    expect(res.status).toBe(429);
    expect(res.body.delay).toBeGreaterThan(5);
    expect(res.body.delay).toBeLessThanOrEqual(10);
  });

  it('caps the delay at 300 seconds', async () => {
    await server.db.query("INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ('user:admin|ip:127.0.0.1', 20, now())");
    await fail();
    const res = await client().login('admin', 'admin-demo');
    expect(res.status).toBe(429);
    expect(res.body.delay).toBeGreaterThan(290);
    expect(res.body.delay).toBeLessThanOrEqual(300);
  });

  it('lets no more than 3 guesses of a parallel burst reach the password check', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => client().login('admin', 'wrong-password')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('lets the right password in once the delay has passed, and forgets the failures', async () => {
    for (let i = 0; i < 3; i++) await fail();
    await expireBlocks();
    expect((await client().login('admin', 'admin-demo')).status).toBe(200);
    await fail();
    expect((await client().login('admin', 'admin-demo')).status).toBe(200);
  });
});

// Every sign-in here checks a password (up to a second or two each on a busy machine); attempts of one account from
// one address are checked one after another.
describe('no correct password refused', { timeout: 120_000 }, () => {
  it('10 parallel correct sign-ins of one account all get in', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => client().login('admin', 'admin-demo')));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  });

  it('8 parallel correct sign-ins by 4 users from one address all get in', async () => {
    const users = ['admin', 'auditor', 'webadmin', 'other-admin'] as const;
    const answers = await Promise.all(users.flatMap((u) => [1, 2].map(() => client().login(u, ACCOUNTS[u]))));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  });

  it("one account's failures do not refuse another account from the same address", async () => {
    for (let i = 0; i < 4; i++) await from('127.0.0.1').login('webadmin', 'wrong-password');
    expect((await client().login('webadmin', 'webadmin-demo')).status).toBe(429);
    expect((await client().login('auditor', 'auditor-demo')).status).toBe(200);
  });

  it('failures from one address do not refuse the account from another address', async () => {
    for (let i = 0; i < 4; i++) await from('203.0.113.7').login('webadmin', 'wrong-password');
    expect((await from('203.0.113.7').login('webadmin', 'webadmin-demo')).status).toBe(429);
    expect((await from('198.51.100.20').login('webadmin', 'webadmin-demo')).status).toBe(200);
  });

  it('one failure each time the block expires keeps the account locked at that address only', async () => {
    for (let round = 0; round < 6; round++) {
      await fail('webadmin', '203.0.113.7');
      await expireBlocks();
    }
    await fail('webadmin', '203.0.113.7');
    expect((await from('203.0.113.7').login('webadmin', 'webadmin-demo')).status).toBe(429);
    expect((await from('198.51.100.20').login('webadmin', 'webadmin-demo')).status).toBe(200);
  });

  it('a spray across accounts blocks the address for new accounts, not for those known there', async () => {
    expect((await from('203.0.113.9').login('auditor', 'auditor-demo')).status).toBe(200);
    for (let i = 0; i < 10; i++) await fail(`ghost-${i}`, '203.0.113.9');
    const refused = await from('203.0.113.9').login('webadmin', 'webadmin-demo');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.delay));
    expect((await from('203.0.113.9').login('auditor', 'auditor-demo')).status).toBe(200);
    expect((await from('198.51.100.20').login('webadmin', 'webadmin-demo')).status).toBe(200);
  });
});

describe('client address', { timeout: 120_000 }, () => {
  it('is taken from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const untrusting = await startTestServer();
    try {
      const c = new ApiClient(untrusting.url);
      await c.start();
      for (let i = 0; i < 3; i++) {
        await c.post('/api/auth/v1/login', { body: { username: 'admin', password: 'wrong' }, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      }
      const { rows } = await untrusting.db.query<{ key: string }>('SELECT key FROM login_throttle ORDER BY key');
      expect(rows.map((r) => r.key)).toEqual(['ip:127.0.0.1', 'user:admin|ip:127.0.0.1']);
    } finally {
      await untrusting.close();
    }
    await server.db.query('DELETE FROM login_throttle');
    await fail('admin', '203.0.113.50');
    const { rows } = await server.db.query<{ key: string }>('SELECT key FROM login_throttle ORDER BY key');
    expect(rows.map((r) => r.key)).toEqual(['ip:203.0.113.50', 'user:admin|ip:203.0.113.50']);
  });
});
