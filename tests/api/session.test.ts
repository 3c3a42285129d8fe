/**
 * Idle time-out, the audit trail and a restart on the same data, on a server of their own: the tests reach into its
 * database to age a session and to read the audit events.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER } from '../../schemas/constants';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, SSL_BYPASS, signedIn, stagedRev } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-session-test-'));
let server: TestServer;
const start = () => startTestServer({ env: { DATA_DIR: dataDir } });

const sessionHash = (client: ApiClient) => createHash('sha256').update(client.cookies.get('sid')!).digest('hex');
const setLastSeen = (client: ApiClient, ago: string) =>
  server.db.query(`UPDATE sessions SET last_seen_at = now() - $2::interval WHERE id_hash = $1`, [sessionHash(client), ago]);
async function lastSeen(client: ApiClient): Promise<Date | undefined> {
  const { rows } = await server.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE id_hash = $1', [sessionHash(client)]);
  return rows[0]?.last_seen_at;
}
const setLogoutDays = (days: number | null) =>
  server.db.query(
    `UPDATE tenants SET settings = CASE WHEN $1::float8 IS NULL THEN settings - 'session_logout_days'
       ELSE jsonb_set(settings, '{session_logout_days}', to_jsonb($1::float8)) END WHERE name = 'Demo Corp'`,
    [days],
  );

beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await setLogoutDays(null);
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('idle time-out', () => {
  it("ends a session idle for longer than the tenant's idle time (Administrator Access: 30 minutes), deleting it", async () => {
    const client = await signedIn('admin', server.url);
    await setLastSeen(client, '31 minutes');
    const res = await client.get('/api/userinfo');
    expect(res.status).toBe(401);
    expect(await lastSeen(client)).toBeUndefined();
  });

  it("follows the service provider's session_logout_days when shorter, and activity refreshes the session", async () => {
    await setLogoutDays(0.01);
    const client = await signedIn('admin', server.url);
    await setLastSeen(client, '10 minutes');
    const res = await client.get('/api/userinfo');
    expect(res.status).toBe(200);
    expect(res.body.session_logout_days).toBe(0.01);
    expect(Date.now() - (await lastSeen(client))!.getTime()).toBeLessThan(60_000);
    await setLastSeen(client, '15 minutes');
    expect((await client.get('/api/userinfo')).status).toBe(401);
    await setLogoutDays(null);
  });

  it('does not count background calls (the page polling while the user is away) as activity', async () => {
    const client = await signedIn('admin', server.url);
    const background = { headers: { [BACKGROUND_HEADER]: '1' } };
    await setLastSeen(client, '29 minutes');
    const before = await lastSeen(client);
    expect((await client.request('GET', '/api/userinfo', background)).status).toBe(200);
    expect(await lastSeen(client)).toEqual(before);
    // Half an hour of polls later, the session has ended all the same.
    await setLastSeen(client, '31 minutes');
    expect((await client.request('GET', '/api/userinfo', background)).status).toBe(401);
    // The same call made by the user counts.
    const user = await signedIn('admin', server.url);
    await setLastSeen(user, '29 minutes');
    expect((await user.get('/api/userinfo')).status).toBe(200);
    expect(Date.now() - (await lastSeen(user))!.getTime()).toBeLessThan(60_000);
  });

  it('writes the activity at most once a minute', async () => {
    const client = await signedIn('admin', server.url);
    await setLastSeen(client, '30 seconds');
    const before = await lastSeen(client);
    expect((await client.get('/api/userinfo')).status).toBe(200);
    expect(await lastSeen(client)).toEqual(before);
  });
});

describe('audit trail', () => {
  it('records sign-in, save, publish and sign-out with who, where and the result', async () => {
    const t0 = Date.now();
    const client = await signedIn('webadmin', server.url);
    const rev = await stagedRev(client);
    const doc = (await client.get(`${SSL_BYPASS}/${rev}`)).body;
    expect((await client.put(`${SSL_BYPASS}/${rev}`, { body: { ...doc, list: doc.list.slice(1) } })).status).toBe(200);
    expect((await client.post(`/api/policy/v1/rules/${rev}`)).status).toBe(200);
    await client.get('/api/auth/v1/logout');

    const { rows } = await server.db.query<{ event: Record<string, unknown> }>(
      `SELECT e.event FROM log_events e JOIN tenants t ON t.id = e.tenant_id
        WHERE t.name = 'Demo Corp' AND e.log_type = 'audit' AND e.ts >= $1 AND e.event->>'user' = 'webadmin' ORDER BY e.ts, e.seq`,
      [t0],
    );
    const who = { user: 'webadmin', tenant: 'Demo Corp', result: 'success', ip: '127.0.0.1' };
    expect(rows.map((r) => r.event)).toEqual([
      { action: 'login', kind: 'sign_in', ...who },
      // A save also keeps what changed (the list the row was removed from), before and after.
      { action: 'save', kind: 'save', area: 'web.ssl-bypass', rev_id: rev, ...who, diff: { before: { list: expect.any(Array) }, after: { list: expect.any(Array) } } },
      { action: 'publish', kind: 'publish', rev_id: rev, ...who },
      { action: 'logout', kind: 'sign_out', ...who },
    ]);
  });
});

describe('restart', () => {
  it('keeps saved data and sessions, and does not seed again', async () => {
    const admin = await signedIn('admin', server.url);
    const rev = await stagedRev(admin);
    const doc = (await admin.get(`${SSL_BYPASS}/${rev}`)).body;
    const list = [...doc.list, { id: 'survives-restart', destination: 'restart.example.com', comment: '', enabled: false }];
    expect((await admin.put(`${SSL_BYPASS}/${rev}`, { body: { ...doc, list } })).status).toBe(200);
    const tenants = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants')).rows[0]!.n;

    await server.close();
    server = await start();

    const carried = new ApiClient(server.url);
    for (const [name, value] of admin.cookies) carried.cookies.set(name, value);
    expect((await carried.get(`${SSL_BYPASS}/${rev}`)).body.list).toEqual(list);
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tenants')).rows[0]!.n).toBe(tenants);
  });
});
