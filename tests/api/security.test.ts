import { describe, expect, it } from 'vitest';
import { XSRF_COOKIE, XSRF_HEADER } from '../../schemas/constants';
import { INVALID_CHARACTERS_KEY } from '../../schemas/safeText';
import { ApiClient, SSL_BYPASS, baseUrl, signedIn, stagedRev } from './helpers';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
  "font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toBe(CSP);
  expect(headers.get('content-security-policy')).not.toContain('unsafe-eval');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('same-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it('are on API answers, which are also never cached', async () => {
    const admin = await signedIn('admin');
    for (const res of [await admin.get('/api/userinfo'), await new ApiClient().get('/api/userinfo'), await admin.get('/api/nothing-here')]) {
      expectSecurityHeaders(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are on pages too', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expectSecurityHeaders(res.headers);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('health and unknown routes', () => {
  it('GET /healthz answers ok once the server is ready', async () => {
    const res = await fetch(`${baseUrl()}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await new ApiClient().get('/api/policy/v1/no-such-area/1');
    expect(res.status).toBe(404);
    expect(res.body.msg).toEqual(expect.any(String));
  });
});

describe('bodies that are not UTF-8', () => {
  it('are refused with a 400 naming the character rule, and change nothing (not stored as U+FFFD)', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const before = (await admin.get(`${SSL_BYPASS}/${rev}`)).body;
    const json = JSON.stringify({ ...before, list: [{ id: 'utf8', destination: 'utf8.example.com', comment: 'MARK', enabled: true }] });
    const [head, tail] = json.split('MARK') as [string, string];
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The CESU-8 form of an unpaired surrogate, a byte no UTF-8 text holds, and an overlong NUL.
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xc0, 0x80]]) {
      const res = await fetch(`${baseUrl()}${SSL_BYPASS}/${rev}`, {
        method: 'PUT',
        headers: { cookie, [XSRF_HEADER]: admin.cookies.get(XSRF_COOKIE)!, 'content-type': 'application/json' },
        body: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([expect.objectContaining({ key: INVALID_CHARACTERS_KEY })]);
    }
    expect((await admin.get(`${SSL_BYPASS}/${rev}`)).body.updated_at).toBe(before.updated_at);
    // The same body in UTF-8 is taken.
    expect((await admin.put(`${SSL_BYPASS}/${rev}`, { body: JSON.parse(`${head}é${tail}`) })).status).toBe(200);
  });
});
