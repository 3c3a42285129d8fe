/**
 * The security probe's defects stay fixed: a deeply nested body is refused before sign-in with a 400 naming the depth
 * limit, the tenant's portal version is written only with settings:write, nothing under /gdmanage or of the identity
 * provider is cached, and download names hold no bidirectional, zero-width or control characters.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, TOO_DEEP_KEY } from '../../schemas/safeText';
import { ApiClient, multipart, policyUpload, signedIn } from './helpers';
import { API, operator } from './providerClient';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('deeply nested bodies', () => {
  it('refuses a sign-in body nesting 7,000 arrays with a 400 naming the depth limit', async () => {
    const client = new ApiClient();
    await client.start();
    for (const path of ['/api/auth/v1/login', '/api/policy/contact_form']) {
      const res = await client.post(path, { raw: { data: nested(7000), type: 'application/json' } });
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ key: TOO_DEEP_KEY }));
      expect(res.body.errors[0].message).toContain(String(MAX_BODY_DEPTH));
    }
  });

  it('refuses an object nested one level past the limit and accepts the limit itself', async () => {
    const admin = await signedIn('admin');
    let deep: unknown = 'x';
    for (let i = 0; i < MAX_BODY_DEPTH; i++) deep = { a: deep };
    const over = await admin.post('/api/policy/contact_form', { body: { topic: deep } });
    expect(over.status).toBe(400);
    expect(over.body.errors).toContainEqual(expect.objectContaining({ key: TOO_DEEP_KEY }));
    let limit: unknown = [];
    for (let i = 1; i < MAX_BODY_DEPTH; i++) limit = [limit];
    const at = await admin.post('/api/policy/contact_form', { body: limit });
    expect(at.status).toBe(400);
    expect(at.body.errors.map((e: { key: string }) => e.key)).not.toContain(TOO_DEEP_KEY);
  });


  it('refuses an uploaded policy file nesting past the limit, naming the file field', async () => {
    const admin = await signedIn('admin');
    const file = `{"platform":"windows","browser":"edge","version":"121","settings":{"SmartScreenEnabled":${nested(7000)}}}`;
    const res = await admin.post('/api/brw-posture-mgmt/v1/configPolicies', { raw: await multipart({ uploadFile: { file }, name: 'Deep' }) });
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'uploadFile', key: TOO_DEEP_KEY }));
  });
});

describe('the portal version', () => {
  const PATH = '/api/policy/v1/portal_version';

  it('is refused to the auditor and to an auditor-scoped API token, and kept as it was', async () => {
    const admin = await signedIn('admin');
    const before = (await admin.get(PATH)).body;
    const auditor = await signedIn('auditor');
    const refused = await auditor.put(PATH, { body: { version: before.version === 'v1' ? 'v2' : 'v1' } });
    expect(refused.status).toBe(403);
    const { secret } = (await admin.post('/api/settings/v1/tenants/api_tokens', { body: { name: `probe-${Date.now()}`, role: 'auditor' } })).body;
    const script = new ApiClient();
    const byToken = await script.put(PATH, { body: { version: 'v1' }, headers: { authorization: `Bearer ${secret}` } });
    expect(byToken.status).toBe(403);
    expect((await admin.get(PATH)).body).toEqual(before);
    const allowed = await admin.put(PATH, { body: { version: before.version } });
    expect(allowed.status).toBe(200);
  });
});

describe('caching', () => {
  it('answers no-store under /gdmanage and from the identity provider', async () => {
    const client = new ApiClient();
    await client.start();
    const token = await client.post('/gdmanage/idp/token', { body: { username: 'operator', password: 'operator-demo' } });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    const wrong = await client.post('/gdmanage/idp/token', { body: { username: 'operator', password: 'wrong' } });
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    const op = await operator();
    for (const path of [`${API}/v1/tenants`, `${API}/v1/no-such-call`, '/gdmanage/', '/idp/authorize']) {
      const res = await op.get(path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('download names', () => {
  it('strips bidirectional, zero-width and control characters from an exported policy name', async () => {
    const admin = await signedIn('admin');
    const name = `x\u202egpj\u200b\u2066.exe`;
    const created = await admin.post('/api/brw-posture-mgmt/v1/configPolicies', {
      raw: await policyUpload(name, { platform: 'windows', browser: 'edge', version: '121', settings: { SmartScreenEnabled: true } }),
    });
    expect(created.status, created.text).toBeLessThan(300);
    const res = await admin.post(`/api/brw-posture-mgmt/v1/configPolicies/${created.body.id}/export?format=microsoftIntune`);
    expect(res.status).toBe(200);
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toContain("filename*=UTF-8''xgpj.exe.json");
    expect(decodeURIComponent(disposition)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
  });
});
