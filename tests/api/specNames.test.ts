/** Departures from the spec's call shapes, each fixed or kept as a documented choice (issue 30). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listApiTokens, updateApiTokens } from '../../definitions/api/identity';
import { getRevision, revisionHistory } from '../../definitions/api/policy';
import { providerOps } from '../../definitions/api/provider';
import { ApiClient, SSL_BYPASS, asResponseOf, signedIn, stagedRev } from './helpers';
import { API, newTenant, operator, unique } from './providerClient';

const revisionAt = async (c: ApiClient, query = '') => {
  const res = await c.get(`/api/policy/v1/rules${query}`);
  expect(res.status).toBe(200);
  return asResponseOf(getRevision, res.body);
};

describe('spec 000 §7: GET /api/policy/v1/rules with a revision and a timestamp', () => {
  it('answers as without them for the current revision and time, and refuses values that are no numbers', async () => {
    const admin = await signedIn('admin');
    const plain = await revisionAt(admin);
    expect(await revisionAt(admin, `?revision=${plain.rev_id}&timestamp=${Date.now()}`)).toEqual(plain);
    const bad = await admin.get('/api/policy/v1/rules?revision=latest');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: 'query.revision' }] });
  });

  it('answers the revision in force at a revision and at a time; a revision the tenant never had is 404', async () => {
    const op = await operator();
    const t = await newTenant(op, { reports: true });
    const admin = new ApiClient();
    expect((await admin.login(t.admin, t.password)).status).toBe(200);
    const publishOne = async (id: string) => {
      const doc = (await admin.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).body as { list: unknown[]; rev_id: number };
      const saved = await admin.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list: [...doc.list, { id, destination: `${id}.example.org`, comment: '', enabled: true }] } });
      expect(saved.status).toBe(200);
      expect((await admin.post(`/api/policy/v1/rules/${doc.rev_id}`, { body: { reason: `Publish ${id}` } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
      return doc.rev_id;
    };
    const first = await publishOne('first');
    const second = await publishOne('second');
    const now = await revisionAt(admin);
    expect(now).toMatchObject({ rev_id: second, staged_rev_id: second + 1 });
    const history = asResponseOf(revisionHistory, (await admin.get('/api/policy/v1/revisions')).body).revisions;
    const publishedAt = (rev: number) => Date.parse(history.find((r) => r.rev_id === rev)!.published_at!);

    // By revision: the last one published at or before it; the working revision's own fields never change.
    expect(await revisionAt(admin, `?revision=${first}`)).toEqual({ ...now, rev_id: first });
    expect(await revisionAt(admin, `?revision=${second + 1}`)).toEqual(now);
    // By time: before the second publish the first was in force; before any publish, none.
    expect(await revisionAt(admin, `?timestamp=${publishedAt(second) - 1}`)).toEqual({ ...now, rev_id: first });
    expect(await revisionAt(admin, `?timestamp=${publishedAt(second)}`)).toEqual(now);
    expect(await revisionAt(admin, '?timestamp=0')).toEqual({ ...now, rev_id: 0 });
    expect(await revisionAt(admin, `?revision=${second}&timestamp=${publishedAt(second) - 1}`)).toEqual({ ...now, rev_id: first });
    expect((await admin.get('/api/policy/v1/rules?revision=999')).status).toBe(404);
  });
});

describe('spec 002 §7: PUT /api/settings/v1/tenants/api_tokens', () => {
  const TOKENS = '/api/settings/v1/tenants/api_tokens';
  const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;

  it('renames tokens and sets their validity from now, keeps their scope, and the token still works', async () => {
    const admin = await signedIn('admin');
    const name = unique('rotate');
    const made = await admin.post(TOKENS, { body: { name, role: 'auditor', expires_in_days: 5 } });
    expect(made.status).toBe(200);
    const { token, secret } = made.body as { token: { id: string; role: string }; secret: string };

    const res = await admin.put(TOKENS, { body: { tokens: [{ id: token.id, name: `${name}-renewed`, expires_in_days: 200 }] } });
    expect(res.status).toBe(200);
    const changed = asResponseOf(updateApiTokens, res.body).tokens.find((k) => k.id === token.id)!;
    expect(changed).toMatchObject({ name: `${name}-renewed`, role: token.role, expired: false });
    expect(days(changed.expires_at)).toBeGreaterThan(199);
    expect(days(changed.expires_at)).toBeLessThanOrEqual(200);
    const listed = asResponseOf(listApiTokens, (await admin.get(TOKENS)).body).tokens.find((k) => k.id === token.id);
    expect(listed).toEqual(changed);
    const script = await fetch(`${admin.base}/api/policy/v1/rules`, { headers: { authorization: `Bearer ${secret}` } });
    expect(script.status).toBe(200);
    await admin.request('DELETE', `/api/settings/v1/tenants/api_token/${token.id}`);
  });

  it('refuses an unknown token, a scope and a reader with nothing changed', async () => {
    const admin = await signedIn('admin');
    const name = unique('keep');
    const { token } = (await admin.post(TOKENS, { body: { name, role: 'auditor', expires_in_days: 5 } })).body as { token: { id: string; expires_at: string } };
    const unknown = await admin.put(TOKENS, {
      body: { tokens: [{ id: token.id, name: 'changed', expires_in_days: 9 }, { id: '00000000-0000-4000-8000-000000000000', name: 'x', expires_in_days: 9 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'tokens.1.id', key: 'unknownToken' })]);
    const scope = await admin.put(TOKENS, { body: { tokens: [{ id: token.id, name: 'changed', expires_in_days: 9, role: 'admin' }] } });
    expect(scope.status).toBe(400);
    const auditor = await signedIn('auditor');
    expect((await auditor.put(TOKENS, { body: { tokens: [{ id: token.id, name: 'changed', expires_in_days: 9 }] } })).status).toBe(403);
    const kept = asResponseOf(listApiTokens, (await admin.get(TOKENS)).body).tokens.find((k) => k.id === token.id);
    expect(kept).toMatchObject({ name, expires_at: token.expires_at });
    await admin.request('DELETE', `/api/settings/v1/tenants/api_token/${token.id}`);
  });
});

describe('spec 001 §7: provider calls answered at the names the spec gives them', () => {
  it('serves ova/keys as the same calls as ova-keys: list, create, edit, expire and delete', async () => {
    const op = await operator();
    const key_id = unique('OVA-SPEC');
    const body = { key_id, expires_at: '2031-06-30T23:59:59Z', tenant_name: 'Demo Corp', license_type: 'poc' };
    const created = await op.post(`${API}/v1/ova/keys`, { body });
    expect(created.status).toBe(201);
    expect(asResponseOf(providerOps.createOvaKey, created.body).key).toMatchObject(body);
    const listed = asResponseOf(providerOps.listOvaKeys, (await op.get(`${API}/v1/ova/keys`)).body);
    expect(listed).toEqual(asResponseOf(providerOps.listOvaKeys, (await op.get(`${API}/v1/ova-keys`)).body));
    const stored = listed.keys.find((k) => k.key_id === key_id)!;
    const { key_id: _id, expired: _e, updated_by: _u, ...fields } = stored;
    const edited = await op.put(`${API}/v1/ova/keys/${key_id}`, { body: { ...fields, note: 'edited at the spec path' } });
    expect(edited.status).toBe(200);
    expect((await op.post(`${API}/v1/ova/keys/${key_id}/expire`)).body.key).toMatchObject({ note: 'edited at the spec path', expired: true });
    expect((await op.request('DELETE', `${API}/v1/ova/keys/${key_id}`)).status).toBe(200);
    expect((await op.get(`${API}/v1/ova-keys`)).body.keys.some((k: { key_id: string }) => k.key_id === key_id)).toBe(false);
    expect((await new ApiClient().get(`${API}/v1/ova/keys`)).status).toBe(401);
    expect((await (await operator('support')).post(`${API}/v1/ova/keys`, { body: { ...body, key_id: unique('OVA-RO') } })).status).toBe(403);
  });

  it('serves ova/versions, analytics, schema and quota at the spec names with the same answers', async () => {
    const op = await operator();
    const t = await newTenant(op);
    for (const [spec, ours] of [
      [`${API}/v1/ova/versions`, `${API}/v1/versions`],
      [`${API}/v1/analytics/${t.tid}`, `${API}/v1/tenants/${t.tid}/analytics`],
      [`${API}/v1/schema/${t.tid}`, `${API}/v1/tenants/${t.tid}/schema`],
      [`${API}/v1/quota/${t.tid}`, `${API}/v1/tenants/${t.tid}/quota`],
    ] as const) {
      const [a, b] = [await op.get(spec), await op.get(ours)];
      expect([spec, a.status]).toEqual([spec, 200]);
      expect(a.body).toEqual(b.body);
    }
    const saved = await op.put(`${API}/v1/quota/${t.tid}`, { body: { max_users: 7 } });
    expect(saved.status).toBe(200);
    expect((await op.get(`${API}/v1/tenants/${t.tid}/quota`)).body.quota).toEqual({ max_users: 7 });
    expect((await op.put(`${API}/v1/quota/${t.tid}`, { body: { max_users: 0 } })).status).toBe(400);
  });

  it('says in the OpenAPI document which path each alias repeats', () => {
    const doc = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/gdmanage/api/v1/ova/keys']!.get).toMatchObject({ 'x-alias-of': 'provider.ovaKeys.list' });
    expect(doc.paths['/gdmanage/api/v1/ova-keys']!.get).toMatchObject({ 'x-aliases': ['/gdmanage/api/v1/ova/keys'] });
    expect(doc.paths['/gdmanage/api/v1/quota/{tid}']!.put).toMatchObject({ 'x-alias-of': 'provider.tenantQuota.save' });
  });
});
