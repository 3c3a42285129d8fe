import { describe, expect, it } from 'vitest';
import { ApiClient, baseUrl, signedIn } from './helpers';

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
