/**
 * Session hardening on a server of its own behind a trusted proxy (TRUST_PROXY): the absolute lifetime, Secure cookies
 * and HSTS over HTTPS, sign-out by POST and the refused cross-site GET, the end of a user's sessions, and the rehash
 * of an old password hash at sign-in.
 */
import { createHash, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endUserSessions } from '../../server/session';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient } from './helpers';

let server: TestServer;
const client = () => new ApiClient(server.url);
const sessionHash = (c: ApiClient) => createHash('sha256').update(c.cookies.get('sid')!).digest('hex');
const sessionCount = async (c: ApiClient) =>
  (await server.db.query('SELECT 1 FROM sessions WHERE id_hash = $1', [sessionHash(c)])).rows.length;

async function signedIn(username = 'auditor', password = 'auditor-demo'): Promise<ApiClient> {
  const c = client();
  expect((await c.login(username, password)).status).toBe(200);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', SESSION_MAX_AGE_HOURS: '12', PASSWORD_HASH_COST: '15' } });
});
afterAll(async () => {
  await server.close();
});

describe('absolute session lifetime', () => {
  it('ends a session 12 hours after sign-in however recently it was used', async () => {
    const c = await signedIn();
    await server.db.query(`UPDATE sessions SET created_at = now() - interval '11 hours 59 minutes' WHERE id_hash = $1`, [sessionHash(c)]);
    expect((await c.get('/api/userinfo')).status).toBe(200);
    await server.db.query(`UPDATE sessions SET created_at = now() - interval '12 hours 1 minute', last_seen_at = now() - interval '30 seconds' WHERE id_hash = $1`, [sessionHash(c)]);
    expect((await c.get('/api/userinfo')).status).toBe(401);
    expect(await sessionCount(c)).toBe(0);
  });
});

describe('HTTPS', () => {
  it('marks the cookies Secure and sends HSTS when the trusted proxy says the request came over HTTPS', async () => {
    const https = client();
    const config = await https.request('GET', '/api/portal/config', { headers: { 'x-forwarded-proto': 'https' } });
    expect(config.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const login = await https.request('POST', '/api/auth/v1/login', { body: { username: 'auditor', password: 'auditor-demo' }, headers: { 'x-forwarded-proto': 'https' } });
    expect(login.status).toBe(200);
    for (const name of ['sid', 'user_id', '_xsrf']) expect(login.setCookies.find((l) => l.startsWith(`${name}=`))).toMatch(/; Secure/);
  });

  it('sends neither over plain HTTP', async () => {
    const c = client();
    const res = await c.login('auditor', 'auditor-demo');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.setCookies.some((l) => /; Secure/.test(l))).toBe(false);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    // The hash cost is process-wide: this second server keeps the first one's.
    const direct = await startTestServer({ env: { PASSWORD_HASH_COST: '15' } });
    try {
      const res = await fetch(`${direct.url}/api/portal/config`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.getSetCookie().some((l) => /; Secure/.test(l))).toBe(false);
    } finally {
      await direct.close();
    }
  });
});

describe('sign-out', () => {
  it('by POST with the xsrf header ends the session', async () => {
    const c = await signedIn();
    const keep = c.copy();
    const res = await c.post('/api/auth/v1/logout');
    expect(res.status).toBe(200);
    expect(res.text).toBe('ok');
    expect(await sessionCount(keep)).toBe(0);
    expect((await keep.get('/api/userinfo')).status).toBe(401);
  });

  it('by POST without the xsrf header is refused and the session stays', async () => {
    const c = await signedIn();
    expect((await c.post('/api/auth/v1/logout', { xsrf: false })).status).toBe(403);
    expect(await sessionCount(c)).toBe(1);
  });

  it('by a cross-site GET is refused; a same-origin GET still works', async () => {
    const c = await signedIn();
    expect((await c.get('/api/auth/v1/logout', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(await sessionCount(c)).toBe(1);
    const keep = c.copy();
    expect((await c.get('/api/auth/v1/logout', { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect(await sessionCount(keep)).toBe(0);
  });
});

describe("ending a user's sessions", () => {
  it('ends every session of that user and no one else’s', async () => {
    const [a, b, other] = [await signedIn(), await signedIn(), await signedIn('webadmin', 'webadmin-demo')];
    const { uid, tid } = (await a.get('/api/userinfo')).body as { uid: string; tid: string };
    expect(await endUserSessions(server.db, tid, uid)).toBeGreaterThanOrEqual(2);
    expect((await a.get('/api/userinfo')).status).toBe(401);
    expect((await b.get('/api/userinfo')).status).toBe(401);
    expect((await other.get('/api/userinfo')).status).toBe(200);
    expect(await endUserSessions(server.db, 'no-such-tenant', uid)).toBe(0);
  });
});

describe('password hash cost', () => {
  it('replaces a hash of the old cost at the next sign-in', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('auditor-demo', salt, 64, { N: 16384 }).toString('base64')].join('$');
    await server.db.query(`UPDATE users SET password_hash = $1 WHERE username = 'auditor'`, [old]);
    await signedIn();
    const { rows } = await server.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE username = 'auditor'`);
    expect(rows[0]!.password_hash.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    await signedIn();
  });
});
