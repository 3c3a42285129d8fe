/** Failed sign-ins, on a server of their own: the address throttle would otherwise hold up every other test. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient } from './helpers';

const INVALID = { msg: 'Invalid user name or password.' };
const THROTTLED = 'Too many failed sign-in attempts. Try again in $1 seconds.';

let server: TestServer;
const client = () => new ApiClient(server.url);
const expireBlocks = () => server.db.query("UPDATE login_throttle SET blocked_until = now() - interval '1 second'");

async function fail(username = 'admin') {
  const res = await client().login(username, 'wrong-password');
  expect(res.status).toBe(401);
  return res;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.db.query('DELETE FROM login_throttle');
  await server.close();
});
beforeEach(async () => {
  await server.db.query('DELETE FROM login_throttle');
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
      { action: 'login', user: 'auditor', tenant: 'Demo Corp', result: 'failure', ip: '127.0.0.1' },
      { action: 'login', user: 'auditor', tenant: 'Demo Corp', result: 'success', ip: '127.0.0.1' },
    ]);
  });
});

describe('sign-in throttling', () => {
  it('after 3 failures answers 429 with a 5-second delay, even for the right password', async () => {
    for (let i = 0; i < 3; i++) await fail();
    const res = await client().login('admin', 'admin-demo');
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe(THROTTLED);
    expect(res.body.delay).toBeGreaterThan(0);
    expect(res.body.delay).toBeLessThanOrEqual(5);
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
    await server.db.query(
      "INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ('user:admin', 20, now()), ('ip:127.0.0.1', 20, now())",
    );
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

  it('throttles per client address, across user names', async () => {
    for (const name of ['ghost-1', 'ghost-2', 'ghost-3']) await fail(name);
    expect((await client().login('webadmin', 'webadmin-demo')).status).toBe(429);
  });

  it('throttles per user name, whatever the address', async () => {
    for (let i = 0; i < 3; i++) await fail('webadmin');
    await server.db.query("DELETE FROM login_throttle WHERE key LIKE 'ip:%'");
    expect((await client().login('webadmin', 'webadmin-demo')).status).toBe(429);
    expect((await client().login('auditor', 'auditor-demo')).status).toBe(200);
  });

  it('lets the right password in once the delay has passed, and forgets the failures', async () => {
    for (let i = 0; i < 3; i++) await fail();
    await expireBlocks();
    expect((await client().login('admin', 'admin-demo')).status).toBe(200);
    await fail();
    expect((await client().login('admin', 'admin-demo')).status).toBe(200);
  });
});
