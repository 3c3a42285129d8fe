import { describe, expect, it } from 'vitest';
import { providerOps } from '../../definitions/api/provider';
import { providerInsightOps } from '../../definitions/api/providerInsights';
import { loggingTokenOps as providerNetworkOps } from '../../definitions/api/providerNetwork';
import { providerTenantOps } from '../../definitions/api/providerTenant';
import { ApiClient, asResponseOf, signedIn, SSL_BYPASS, stagedRev } from './helpers';
import { API, operator, unique } from './providerClient';

async function createTenant(op: ApiClient, capabilities: Record<string, boolean | number> = { reports: true }) {
  const name = unique('Tenant');
  const admin = unique('adm');
  const res = await op.post(`${API}/v1/tenants`, {
    body: { name, capabilities, users: [{ username: admin, password: 'Str0ng-pass-word', first_name: 'Ada', last_name: 'Byron' }] },
  });
  expect(res.status).toBe(201);
  const body = asResponseOf(providerOps.createTenant, res.body);
  return { tid: body.tenant.tid, name, admin, password: 'Str0ng-pass-word' };
}

async function tenantLogin(username: string, password: string) {
  const c = new ApiClient();
  return { client: c, res: await c.login(username, password) };
}

describe('operator sign-in (001 §7)', () => {
  it('signs in through the hosted IdP; me is "authenticated"; session_cookie and extendkey answer Success', async () => {
    const op = await operator();
    const me = await op.get(`${API}/me`);
    expect(me.status).toBe(200);
    expect(asResponseOf(providerOps.me, me.body)).toMatchObject({ status: 'authenticated', username: 'operator' });
    const cookie = await op.get(`${API}/v1/session_cookie`);
    expect(cookie.status).toBe(200);
    expect(cookie.body.status).toBe('Success');
    const ext = await op.post(`${API}/v1/session/extendkey`);
    expect(ext.status).toBe(200);
    const extended = asResponseOf(providerOps.extendKey, ext.body);
    expect(extended).toMatchObject({ status: 'Success', username: 'operator', Authorization: 'cookie' });
    expect(extended.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('refuses a wrong password, a used token and an unknown identity provider', async () => {
    const c = new ApiClient();
    await c.start();
    expect((await c.post('/gdmanage/idp/token', { body: { username: 'support', password: 'nope' } })).status).toBe(401);
    // A tenant administrator is no operator: same answer as a wrong password.
    expect((await c.post('/gdmanage/idp/token', { body: { username: 'admin', password: 'admin-demo' } })).status).toBe(401);
    const token = (await c.post('/gdmanage/idp/token', { body: { username: 'support', password: 'support-demo' } })).body.access_token;
    expect((await c.get(`${API}/oauth/login?identity_provider=google&access_token=${token}`)).status).toBe(400);
    expect((await c.get(`${API}/oauth/login?identity_provider=local&access_token=${token}`)).status).toBe(200);
    const again = new ApiClient();
    expect((await again.get(`${API}/oauth/login?identity_provider=local&access_token=${token}`)).status).toBe(401);
  });

  it('answers "Can not get user data." and "Can not set cookie." without an operator session', async () => {
    const anon = new ApiClient();
    const me = await anon.get(`${API}/me`);
    expect(me.status).toBe(401);
    expect(me.body.msg).toBe('Can not get user data.');
    const cookie = await anon.get(`${API}/v1/session_cookie`);
    expect(cookie.status).toBe(401);
    expect(cookie.body.msg).toBe('Can not set cookie.');
  });

  it('logout ends the operator session', async () => {
    const op = await operator('support');
    const out = await op.get(`${API}/v1/session/logout`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 'Success' });
    expect((await op.get(`${API}/me`)).status).toBe(401);
  });
});

describe('isolation', () => {
  it('a tenant session gets 403 on /gdmanage/api, an operator session 403 on the tenant API', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get(`${API}/v1/tenants`)).status).toBe(403);
    expect((await admin.post(`${API}/v1/tenants`, { body: { name: 'Sneaky Corp', users: [{ username: 'sneak', password: 'Str0ng-pass-word' }] } })).status).toBe(403);
    expect((await admin.get(`${API}/me`)).status).toBe(401);
    const op = await operator();
    expect((await op.get(`${SSL_BYPASS}/2`)).status).toBe(403);
    expect((await op.get('/api/rep/v1/query/audit?interval=15m')).status).toBe(403);
  });
});

describe('tenants', () => {
  it('lists and searches tenants, without the provider tenant; every answer carries Success', async () => {
    const sup = await operator('support');
    const all = await sup.get(`${API}/v1/tenants`);
    expect(all.status).toBe(200);
    const list = asResponseOf(providerOps.listTenants, all.body);
    expect(list.status).toBe('Success');
    expect(list.tenants.map((t) => t.name)).toEqual(expect.arrayContaining(['Demo Corp', 'Other Corp']));
    expect(list.tenants.some((t) => t.name === 'Service Provider')).toBe(false);
    const found = (await sup.get(`${API}/v1/tenants?search=demo`)).body.tenants;
    expect(found.map((t: { name: string }) => t.name)).toEqual(['Demo Corp']);
    expect((await sup.get(`${API}/v1/tenants?state=bogus`)).status).toBe(400);
  });

  it('creates a tenant whose administrator signs in to the tenant portal at once', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const { client, res } = await tenantLogin(t.admin, t.password);
    expect(res.status).toBe(200);
    expect(res.body.tenant_name).toBe(t.name);
    expect(await stagedRev(client)).toBeGreaterThan(0);
    const users = asResponseOf(providerOps.tenantUsers, (await op.get(`${API}/v1/tenantusers/${t.tid}`)).body);
    expect(users.users.map((u) => u.username)).toEqual([t.admin]);
  });

  it('refuses an invalid tenant with 400 and field paths, and creates nothing', async () => {
    const op = await operator();
    const before = (await op.get(`${API}/v1/tenants`)).body.tenants.length;
    const bad = await op.post(`${API}/v1/tenants`, { body: { name: 'x'.repeat(300), users: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['name', 'users']));
    expect((await op.get(`${API}/v1/tenants`)).body.tenants.length).toBe(before);
    const taken = await op.post(`${API}/v1/tenants`, {
      body: { name: 'Demo Corp', users: [{ username: unique('u'), password: 'Str0ng-pass-word' }] },
    });
    expect(taken.status).toBe(409);
  });

  it('support reads but changes nothing (403)', async () => {
    const sup = await operator('support');
    const op = await operator();
    const t = await createTenant(op);
    expect((await sup.get(`${API}/v1/tenants/${t.tid}`)).status).toBe(200);
    expect((await sup.post(`${API}/v1/tenants`, { body: { name: unique('Nope'), users: [{ username: unique('u'), password: 'Str0ng-pass-word' }] } })).status).toBe(403);
    expect((await sup.post(`${API}/v1/commands/disabletenant`, { body: { tid: t.tid } })).status).toBe(403);
    expect((await sup.post(`${API}/v1/commands/renametenant`, { body: { tid: t.tid, name: unique('Nope') } })).status).toBe(403);
    expect((await sup.request('PATCH', `${API}/v1/tenants/${t.tid}/capabilities`, { body: { capabilities: { reports: false } } })).status).toBe(403);
    expect((await op.get(`${API}/v1/tenants/${t.tid}`)).body.tenant).toMatchObject({ name: t.name, disabled: false, capabilities: { reports: true } });
  });

  it('edits and renames; group_id must be the tenant id', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const mismatch = await op.put(`${API}/v1/tenants/${t.tid}`, { body: { group_id: 'someone-else', name: unique('X') } });
    expect(mismatch.status).toBe(400);
    expect((await op.get(`${API}/v1/tenants/${t.tid}`)).body.tenant.name).toBe(t.name);
    const edited = unique('Edited');
    const res = await op.put(`${API}/v1/tenants/${t.tid}`, { body: { group_id: t.tid, name: edited } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Success', tenant: { name: edited } });
    const renamed = unique('Renamed');
    expect((await op.post(`${API}/v1/commands/renametenant`, { body: { tid: t.tid, name: renamed } })).body.tenant.name).toBe(renamed);
    expect((await op.post(`${API}/v1/commands/renametenant`, { body: { tid: t.tid, name: 'Other Corp' } })).status).toBe(409);
    const { res: login } = await tenantLogin(t.admin, t.password);
    expect(login.body.tenant_name).toBe(renamed);
    expect((await op.get(`${API}/v1/tenants/does-not-exist`)).status).toBe(404);
  });

  it('disable ends the tenant users\' sessions and refuses their sign-in; re-enable lets them in again', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const { client } = await tenantLogin(t.admin, t.password);
    expect((await client.get('/api/userinfo')).status).toBe(200);
    const off = await op.post(`${API}/v1/commands/disabletenant`, { body: { tid: t.tid } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'Success', tenant: { disabled: true } });
    expect((await client.get('/api/userinfo')).status).toBe(401);
    expect((await tenantLogin(t.admin, t.password)).res.status).toBe(403);
    expect((await op.get(`${API}/v1/tenants?state=disabled`)).body.tenants.map((x: { tid: string }) => x.tid)).toContain(t.tid);
    const on = await op.post(`${API}/v1/tenants/${t.tid}/reenable`);
    expect(on.body).toMatchObject({ status: 'Success', tenant: { disabled: false } });
    expect((await tenantLogin(t.admin, t.password)).res.status).toBe(200);
  });

  it('audits operator changes with who and what in the tenant\'s audit log', async () => {
    const op = await operator();
    const t = await createTenant(op);
    await op.post(`${API}/v1/commands/renametenant`, { body: { tid: t.tid, name: unique('Audited') } });
    const { client } = await tenantLogin(t.admin, t.password);
    const logs = await client.get('/api/rep/v1/query/audit?interval=15m');
    expect(logs.status).toBe(200);
    expect(JSON.stringify(logs.body)).toContain('operator (service provider)');
    expect(JSON.stringify(logs.body)).toContain('provider.commands.renameTenant');
  });
});

describe('capabilities', () => {
  it('DryRun answers what would change and changes nothing; the real patch reaches the tenant on its next request', async () => {
    const op = await operator();
    const t = await createTenant(op, { reports: true });
    const { client } = await tenantLogin(t.admin, t.password);
    expect((await client.get('/api/reports/v1/past_reports')).status).toBe(200);

    const dry = await op.request('PATCH', `${API}/v1/tenants/${t.tid}/capabilities?DryRun=true`, { body: { capabilities: { reports: false } } });
    expect(dry.status).toBe(200);
    expect(asResponseOf(providerOps.patchCapabilities, dry.body)).toMatchObject({
      status: 'Success',
      dry_run: true,
      changes: [{ name: 'reports', before: true, after: false }],
    });
    expect((await client.get('/api/reports/v1/past_reports')).status).toBe(200);

    const real = await op.request('PATCH', `${API}/v1/tenants/${t.tid}/capabilities`, { body: { capabilities: { reports: false } } });
    expect(real.body).toMatchObject({ status: 'Success', dry_run: false, capabilities: { reports: false } });
    expect((await client.get('/api/reports/v1/past_reports')).status).toBe(403);
    expect((await client.get('/api/userinfo')).body.capabilities.reports).toBe(false);

    const bad = await op.request('PATCH', `${API}/v1/tenants/${t.tid}/capabilities`, { body: { capabilities: { 'bad name': 'yes' } } });
    expect(bad.status).toBe(400);
    expect((await op.get(`${API}/v1/tenants/${t.tid}/capabilities`)).body.capabilities.reports).toBe(false);
  });

  it('delete removes capabilities (DryRun first)', async () => {
    const op = await operator();
    const t = await createTenant(op, { reports: true, pac: true });
    const path = `${API}/v1/tenants/${t.tid}/capabilities`;
    const dry = await op.request('DELETE', `${path}?DryRun=true`, { body: { names: ['pac'] } });
    expect(dry.body).toMatchObject({ status: 'Success', dry_run: true, changes: [{ name: 'pac', before: true, after: null }] });
    expect((await op.get(path)).body.capabilities.pac).toBe(true);
    const real = await op.request('DELETE', path, { body: { names: ['pac'] } });
    expect(real.status).toBe(200);
    expect((await op.get(path)).body.capabilities).not.toHaveProperty('pac');
    expect((await op.request('DELETE', path, { body: { names: [] } })).status).toBe(400);
  });
});

describe('tenant inactivity time-out', () => {
  it('accepts the default 0.042 day the tenants start with (the overview form sends it back), refuses less than that', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const read = asResponseOf(providerOps.getTenant, (await op.get(`${API}/v1/tenants/${t.tid}`)).body).tenant;
    expect(read.session_logout_days).toBe(0.042);
    const same = await op.put(`${API}/v1/tenants/${t.tid}`, { body: { group_id: t.tid, name: read.name, session_logout_days: read.session_logout_days } });
    expect(same.status, same.text).toBe(200);
    const tooShort = await op.put(`${API}/v1/tenants/${t.tid}`, { body: { group_id: t.tid, session_logout_days: 0.01 } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors[0].path).toBe('session_logout_days');
    expect((await op.put(`${API}/v1/tenants/${t.tid}`, { body: { group_id: t.tid, session_logout_days: 2.5 } })).body.tenant.session_logout_days).toBe(2.5);
  });
});

describe('tenant users', () => {
  it('lists users with their multi-factor state; disable-MFA answers the user without it; support and bad ids are refused', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const list = asResponseOf(providerOps.tenantUsers, (await op.get(`${API}/v1/tenantusers/${t.tid}`)).body);
    const user = list.users.find((u) => u.username === t.admin)!;
    expect(user).toMatchObject({ mfa_enrolled: false });

    const path = `${API}/v1/tenantusers/${t.tid}/${user.uid}/disablemfa`;
    const sup = await operator('support');
    expect((await sup.post(path)).status).toBe(403);
    const off = await op.post(path);
    expect(off.status).toBe(200);
    expect(asResponseOf(providerOps.disableUserMfa, off.body)).toEqual({ status: 'Success', user: { uid: user.uid, username: t.admin, mfa_enrolled: false } });
    expect((await op.post(`${API}/v1/tenantusers/${t.tid}/no-such-user/disablemfa`)).status).toBe(404);
    expect((await op.post(`${API}/v1/tenantusers/does-not-exist/${user.uid}/disablemfa`)).status).toBe(404);
  });

  it('the demo data has enrolled users: disabling a second factor turns it off, in the list too', async () => {
    const op = await operator();
    const other = (await op.get(`${API}/v1/tenants?search=Other%20Corp`)).body.tenants[0].tid;
    const users = async () => asResponseOf(providerOps.tenantUsers, (await op.get(`${API}/v1/tenantusers/${other}`)).body).users;
    const enrolled = (await users()).find((u) => u.username === 'other-admin')!;
    expect(enrolled.mfa_enrolled).toBe(true);
    expect((await (await operator('support')).post(`${API}/v1/tenantusers/${other}/${enrolled.uid}/disablemfa`)).status).toBe(403);
    expect((await users()).find((u) => u.uid === enrolled.uid)!.mfa_enrolled).toBe(true);
    expect((await op.post(`${API}/v1/tenantusers/${other}/${enrolled.uid}/disablemfa`)).body.user.mfa_enrolled).toBe(false);
    expect((await users()).find((u) => u.uid === enrolled.uid)!.mfa_enrolled).toBe(false);
  });

  it('a tenant created without capabilities gets the standard set, listed by name', async () => {
    const op = await operator();
    const t = await createTenant(op, {});
    const caps = asResponseOf(providerOps.getCapabilities, (await op.get(`${API}/v1/tenants/${t.tid}/capabilities`)).body);
    expect(caps.capabilities).toMatchObject({ rbac: true, portal2: true, reports: true, bandwidth_limits: true });
    expect(caps.entries).toContainEqual({ name: 'bandwidth_limits', value: true, kind: 'switch', description: 'Bandwidth limits per rule' });
    expect(caps.entries.map((e) => e.name)).toEqual(Object.keys(caps.capabilities).sort());
  });
});

describe('licence keys of appliances (OVA keys)', () => {
  const KEYS = `${API}/v1/ova-keys`;
  const newKey = (key_id = unique('OVA')) => ({
    key_id,
    expires_at: '2031-06-30T23:59:59Z',
    tenant_name: 'Demo Corp',
    license_type: 'poc',
    versions: ['4.2', '4.3.1'],
    features: [{ feature_name: 'ssl_inspection', expires_at: '2030-01-01T00:00:00Z' }, { feature_name: 'dlp', does_not_expire: true }],
  });
  const listed = async (c: ApiClient) => asResponseOf(providerOps.listOvaKeys, (await c.get(KEYS)).body).keys;

  it('issues, lists, edits, expires and deletes a key; every answer carries Success', async () => {
    const op = await operator();
    const body = newKey();
    const created = await op.post(KEYS, { body });
    expect(created.status).toBe(201);
    expect(asResponseOf(providerOps.createOvaKey, created.body)).toMatchObject({
      status: 'Success',
      key: { ...body, does_not_expire: false, include_ga_supported: false, note: '', expired: false, updated_by: 'operator' },
    });
    expect((await listed(op)).find((k) => k.key_id === body.key_id)?.features).toEqual([
      { feature_name: 'ssl_inspection', expires_at: '2030-01-01T00:00:00Z', does_not_expire: false },
      { feature_name: 'dlp', does_not_expire: true },
    ]);
    expect((await op.post(KEYS, { body })).status).toBe(409);

    const { key_id: _id, ...terms } = body;
    const stamp = created.body.key.updated_at;
    const edited = await op.put(`${KEYS}/${body.key_id}`, { body: { ...terms, license_type: 'customer', note: 'Renewed', does_not_expire: true, expires_at: undefined, updated_at: stamp } });
    expect(edited.status).toBe(200);
    expect(asResponseOf(providerOps.updateOvaKey, edited.body).key).toMatchObject({ license_type: 'customer', note: 'Renewed', does_not_expire: true, expired: false });

    const before = Date.now();
    const expired = asResponseOf(providerOps.expireOvaKey, (await op.post(`${KEYS}/${body.key_id}/expire`)).body);
    expect(expired).toMatchObject({ status: 'Success', key: { expired: true, does_not_expire: false } });
    expect(expired.key.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(expired.key.expires_at!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(expired.key.features).toHaveLength(2);

    const gone = await op.request('DELETE', `${KEYS}/${body.key_id}`);
    expect(gone.body).toEqual({ status: 'Success' });
    expect((await listed(op)).some((k) => k.key_id === body.key_id)).toBe(false);
    expect((await op.request('DELETE', `${KEYS}/${body.key_id}`)).status).toBe(404);
  });

  it('refuses a bad expiry form, a missing expiry and a bad licence type with 400 naming the field; nothing changes', async () => {
    const op = await operator();
    const cases: [Record<string, unknown>, string][] = [
      [{ expires_at: '2031-06-30 23:59:59' }, 'expires_at'],
      [{ expires_at: '2031-06-30T23:59:59.000Z' }, 'expires_at'],
      [{ expires_at: '2031-02-30T10:00:00Z' }, 'expires_at'],
      [{ expires_at: undefined }, 'expires_at'],
      [{ license_type: 'trial' }, 'license_type'],
      [{ features: [{ feature_name: 'dlp', expires_at: '2030-01-01' }] }, 'features.0.expires_at'],
      [{ features: [{ feature_name: 'dlp' }] }, 'features.0.expires_at'],
    ];
    for (const [change, path] of cases) {
      const body = { ...newKey(), ...change };
      const res = await op.post(KEYS, { body });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect((await listed(op)).some((k) => k.key_id === body.key_id)).toBe(false);
    }
    const key = newKey();
    const stamp = (await op.post(KEYS, { body: key })).body.key.updated_at;
    const { key_id: _id, ...terms } = key;
    const bad = await op.put(`${KEYS}/${key.key_id}`, { body: { ...terms, expires_at: '31.12.2031', updated_at: stamp } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain('expires_at');
    expect((await listed(op)).find((k) => k.key_id === key.key_id)?.expires_at).toBe(key.expires_at);
  });

  it('support reads but cannot issue, edit, expire or delete (403); a tenant session is refused', async () => {
    const op = await operator();
    const key = newKey();
    await op.post(KEYS, { body: key });
    const sup = await operator('support');
    expect((await listed(sup)).some((k) => k.key_id === key.key_id)).toBe(true);
    const { key_id: _id, ...terms } = key;
    expect((await sup.post(KEYS, { body: newKey() })).status).toBe(403);
    expect((await sup.put(`${KEYS}/${key.key_id}`, { body: { ...terms, note: 'nope' } })).status).toBe(403);
    expect((await sup.post(`${KEYS}/${key.key_id}/expire`)).status).toBe(403);
    expect((await sup.request('DELETE', `${KEYS}/${key.key_id}`)).status).toBe(403);
    expect((await listed(op)).find((k) => k.key_id === key.key_id)).toMatchObject({ note: '', expired: false });
    const admin = await signedIn('admin');
    expect((await admin.get(KEYS)).status).toBe(403);
    expect((await admin.post(KEYS, { body: newKey() })).status).toBe(403);
  });
});

describe('category overrides', () => {
  const OVERRIDES = `${API}/v1/category-overrides`;
  const listed = async (c: ApiClient) => asResponseOf(providerOps.listCategoryOverrides, (await c.get(OVERRIDES)).body).overrides;

  it('adds with defaults (tenants [], submission_reference ""), edits and deletes; every answer carries Success', async () => {
    const op = await operator();
    const url = `https://${unique('site')}.example.com/`;
    const created = await op.post(OVERRIDES, { body: { url, category_ids: [12, 40], active: true } });
    expect(created.status).toBe(201);
    const { override } = asResponseOf(providerOps.createCategoryOverride, created.body);
    expect(created.body.status).toBe('Success');
    expect(override).toMatchObject({ url, category_ids: [12, 40], tenants: [], submission_reference: '', active: true });

    const tid = (await op.get(`${API}/v1/tenants?search=demo`)).body.tenants[0].tid;
    const edited = await op.put(`${OVERRIDES}/${override.id}`, {
      body: { url, category_ids: [7], tenants: [tid], submission_reference: 'REQ-1', active: false, updated_at: override.updated_at },
    });
    expect(edited.status).toBe(200);
    expect(asResponseOf(providerOps.updateCategoryOverride, edited.body).override).toMatchObject({ category_ids: [7], tenants: [tid], active: false });
    expect((await listed(op)).find((o) => o.id === override.id)).toMatchObject({ submission_reference: 'REQ-1' });

    expect((await op.request('DELETE', `${OVERRIDES}/${override.id}`)).body).toEqual({ status: 'Success' });
    expect((await listed(op)).some((o) => o.id === override.id)).toBe(false);
    expect((await op.request('DELETE', `${OVERRIDES}/${override.id}`)).status).toBe(404);
  });

  it('refuses a bad URL, no categories or an unknown tenant with 400 naming the field; nothing changes', async () => {
    const op = await operator();
    const before = (await listed(op)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', category_ids: [1] }, 'url'],
      [{ url: 'https://ok.example.com/', category_ids: [] }, 'category_ids'],
      [{ url: 'https://ok.example.com/', category_ids: [1], tenants: ['no-such-tenant'] }, 'tenants.0'],
      [{ url: 'https://ok.example.com/', category_ids: [1], active: 'yes' }, 'active'],
    ];
    for (const [body, path] of cases) {
      const res = await op.post(OVERRIDES, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await listed(op)).toHaveLength(before);
    const { override } = (await op.post(OVERRIDES, { body: { url: 'https://kept.example.com/', category_ids: [3] } })).body;
    const bad = await op.put(`${OVERRIDES}/${override.id}`, { body: { url: 'https://kept.example.com/', category_ids: ['x'], updated_at: override.updated_at } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain('category_ids.0');
    expect((await listed(op)).find((o) => o.id === override.id)?.category_ids).toEqual([3]);
  });

  it('offers the web categories by id and name to operators (support too), not to a tenant session', async () => {
    const CATEGORIES = `${API}/v1/categories`;
    const read = async (c: ApiClient) => asResponseOf(providerOps.listCategories, (await c.get(CATEGORIES)).body).categories;
    const categories = await read(await operator('support'));
    expect(categories.length).toBeGreaterThan(50);
    // Every id an override may hold is a whole number, each with its own name; the hidden category is not offered.
    for (const c of categories) expect(Number.isInteger(Number(c.value)) && c.label !== '' && c.label !== c.value, JSON.stringify(c)).toBe(true);
    expect(new Set(categories.map((c) => c.value)).size).toBe(categories.length);
    expect(categories.map((c) => c.label)).not.toContain('Private Access');
    // The seeded override of the intranet (category 24) reads by name.
    expect(categories.find((c) => c.value === '24')?.label).toMatch(/\w/);
    const admin = await signedIn('admin');
    expect((await admin.get(CATEGORIES)).status).toBe(403);
  });

  it('support reads but cannot add, edit or delete (403); a tenant session is refused', async () => {
    const op = await operator();
    const { override } = (await op.post(OVERRIDES, { body: { url: 'https://support.example.com/', category_ids: [5] } })).body;
    const sup = await operator('support');
    expect((await listed(sup)).some((o) => o.id === override.id)).toBe(true);
    expect((await sup.post(OVERRIDES, { body: { url: 'https://x.example.com/', category_ids: [1] } })).status).toBe(403);
    expect((await sup.put(`${OVERRIDES}/${override.id}`, { body: { url: 'https://x.example.com/', category_ids: [1] } })).status).toBe(403);
    expect((await sup.request('DELETE', `${OVERRIDES}/${override.id}`)).status).toBe(403);
    expect((await listed(op)).find((o) => o.id === override.id)).toMatchObject({ url: 'https://support.example.com/', category_ids: [5] });
    const admin = await signedIn('admin');
    expect((await admin.get(OVERRIDES)).status).toBe(403);
    expect((await admin.request('DELETE', `${OVERRIDES}/${override.id}`)).status).toBe(403);
  });
});

// ---- a tenant's own configuration: policy, documents, tags, quota, RBAC, config, lists (001 §7) ---------------------

const paths = (e: { path: string }[]) => e.map((x) => x.path);

describe("a tenant's policy, on the store its portal uses", () => {
  it('reads, saves an area the tenant then sees staged; a bad area is 400 with data.<area>.<field> and nothing changes; support gets 403', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const POLICY = `${API}/v1/tenants/${t.tid}/policy`;
    const read = asResponseOf(providerTenantOps.getPolicy, (await op.get(POLICY)).body);
    expect(read).toMatchObject({ status: 'Success', state: 'published' });
    expect(read.data['web.ssl-bypass']).toEqual({ list: [] });
    const stamp = { staged_rev_id: read.staged_rev_id, state: read.state, updated_at: read.updated_at };

    const bad = await op.put(POLICY, { body: { ...stamp, data: { 'web.ssl-bypass': { list: [{ id: 'x', destination: 'not a host!' }] }, 'no.such-area': {} } } });
    expect(bad.status).toBe(400);
    expect(paths(bad.body.errors)).toEqual(expect.arrayContaining(['data.web.ssl-bypass.list.0.destination', 'data.no.such-area']));
    expect((await op.get(POLICY)).body).toEqual(read);
    const sup = await operator('support');
    // A new tenant has not allowed vendor support (General): its read-only support staff may not read its policy.
    expect((await sup.get(POLICY)).status).toBe(403);
    expect((await sup.put(POLICY, { body: { ...stamp, data: { 'web.ssl-bypass': { list: [] } } } })).status).toBe(403);

    const saved = await op.put(POLICY, { body: { ...stamp, data: { 'web.ssl-bypass': { list: [{ id: 'b1', destination: 'bank.example.com' }] } } } });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect(asResponseOf(providerTenantOps.savePolicy, saved.body)).toMatchObject({ status: 'Success', state: 'staged', staged_rev_id: read.staged_rev_id });

    const { client } = await tenantLogin(t.admin, t.password);
    const rev = await stagedRev(client);
    const area = (await client.get(`${SSL_BYPASS}/${rev}`)).body;
    expect(area.list).toEqual([{ id: 'b1', destination: 'bank.example.com', comment: '', enabled: true }]);
    expect((await client.get('/api/policy/v1/rules')).body.state).toBe('staged');
    expect(JSON.stringify((await client.get('/api/rep/v1/query/audit?interval=15m')).body)).toContain('operator (service provider)');
  });

  it('a template is staged for the tenant to publish; tenantpolicyinit publishes it, and is refused while changes are unpublished', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const POLICY = `${API}/v1/tenants/${t.tid}/policy`;
    expect((await op.post(POLICY, { body: { policytemplate: 'fancy' } })).status).toBe(400);
    expect((await op.get(POLICY)).body.state).toBe('published');

    const staged = asResponseOf(providerTenantOps.postPolicyTemplate, (await op.post(POLICY, { body: { policytemplate: 'standard' } })).body);
    expect(staged.status).toBe('Success');
    expect(staged.state).toBe('staged');
    expect(staged.areas).toContain('web.ssl-bypass');
    const { client } = await tenantLogin(t.admin, t.password);
    expect((await client.get(`${SSL_BYPASS}/${await stagedRev(client)}`)).body.list.length).toBeGreaterThan(0);

    const init = `${API}/v1/commands/tenantpolicyinit`;
    expect((await op.post(init, { body: { tid: t.tid, policytemplate: 'standard' } })).status).toBe(409);
    expect((await op.post(POLICY, { body: { policytemplate: 'blank' } })).body.state).toBe('staged');
    // The tenant publishes what the operator staged; now the operator may initialise.
    const rev = await stagedRev(client);
    expect((await client.post(`/api/policy/v1/rules/${rev}`, { body: { reason: 'Accept the blank policy' } })).status).toBe(200);
    expect((await (await operator('support')).post(init, { body: { tid: t.tid, policytemplate: 'standard' } })).status).toBe(403);
    const done = await op.post(init, { body: { tid: t.tid, policytemplate: 'standard' } });
    expect(done.status, done.text.slice(0, 300)).toBe(200);
    expect(asResponseOf(providerTenantOps.tenantPolicyInit, done.body)).toMatchObject({ status: 'Success', state: 'published', rev_id: rev + 1 });

    const history = asResponseOf(providerTenantOps.policyRevisions, (await op.get(`${POLICY}/revisions`)).body);
    expect(history).toMatchObject({ status: 'Success', limit: 25, offset: 0 });
    expect(history.revisions[0]).toMatchObject({ rev_id: rev + 1, reason: 'Policy initialised from the standard template', published_by: 'operator (service provider)' });
    expect(history.revisions[0]!.areas).toContain('web.ssl-bypass');
    // Each area also by its title, in the same order, as the revisions screen shows them.
    const first = history.revisions[0]!;
    expect(first.area_titles[first.areas.indexOf('web.ssl-bypass')]).toBe('SSL Bypass');
    const paged = (await op.get(`${POLICY}/revisions?limit=1&offset=1`)).body;
    expect(paged.revisions.map((r: { rev_id: number }) => r.rev_id)).toEqual([rev]);
    expect((await op.get(`${POLICY}/revisions?limit=0`)).status).toBe(400);
  });
});

describe("a tenant's settings documents (terms of service, global settings, PAC, safemail)", () => {
  it('an operator saves the terms of service the tenant then reads; invalid is 400 unchanged; stale is 409; support gets 403', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const TOS = `${API}/v1/tenants/${t.tid}/tos`;
    const { status, ...read } = (await op.get(TOS)).body;
    expect(status).toBe('Success');
    const bad = await op.put(TOS, { body: { ...read, no_such_field: true } });
    expect(bad.status).toBe(400);
    expect((await op.get(TOS)).body).toEqual({ status, ...read });
    expect((await (await operator('support')).put(TOS, { body: read })).status).toBe(403);
    const saved = await op.put(TOS, { body: read });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect(saved.body.status).toBe('Success');
    expect(saved.body.updated_by).toBe('operator (service provider)');
    const { client } = await tenantLogin(t.admin, t.password);
    const tenantView = (await client.get('/api/settings/v1/tenants/tos')).body;
    expect(tenantView.updated_at).toBe(saved.body.updated_at);
  });

  it('global settings: the tenant sees the operator\'s change; a bad value names the field', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const GLOBAL = `${API}/v1/tenants/${t.tid}/global_settings`;
    const { status: _s, ...read } = (await op.get(GLOBAL)).body;
    const bad = await op.put(GLOBAL, { body: { ...read, log_retention_days: 9999 } });
    expect(bad.status).toBe(400);
    expect(paths(bad.body.errors)).toContain('log_retention_days');
    const saved = await op.put(GLOBAL, { body: { ...read, log_retention_days: 30 } });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    const { client } = await tenantLogin(t.admin, t.password);
    expect((await client.get('/api/settings/v1/tenants/global_settings')).body.log_retention_days).toBe(30);
    expect((await op.get(`${API}/v1/tenants/${t.tid}/pac`)).body.status).toBe('Success');
    const mail = (await op.get(`${API}/v1/tenants/${t.tid}/safemail`)).body;
    expect(mail).toMatchObject({ status: 'Success', state: 'published' });
  });
});

describe('tenant lists v2 and v3, tags, quota, RBAC and config', () => {
  it('v2 pages with a total; v3 filters by deployment and tag; tags are stamped and 400 on a bad tag', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const page = asResponseOf(providerTenantOps.listTenantsV2, (await op.get('/gdmanage/api/v2/tenants?limit=2&offset=1')).body);
    expect(page).toMatchObject({ status: 'Success', limit: 2, offset: 1 });
    expect(page.tenants.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await op.get('/gdmanage/api/v2/tenants')).body.limit).toBe(25);

    const TAGS = `${API}/v1/tenants/${t.tid}/tags`;
    const bad = await op.put(TAGS, { body: { tags: ['ok', 'not/ok'], updated_at: null } });
    expect(bad.status).toBe(400);
    expect(paths(bad.body.errors)).toContain('tags.1');
    expect((await op.get(TAGS)).body).toEqual({ status: 'Success', tags: [], updated_at: null });
    expect((await (await operator('support')).put(TAGS, { body: { tags: ['x'], updated_at: null } })).status).toBe(403);
    const tag = unique('reseller');
    expect((await op.put(TAGS, { body: { tags: [tag, tag.toUpperCase()], updated_at: null } })).body.tags).toEqual([tag]);

    const byTag = asResponseOf(providerTenantOps.listTenantsV3, (await op.get(`/gdmanage/api/v3/tenants?tag=${tag}`)).body);
    expect(byTag.tenants.map((x) => x.tid)).toEqual([t.tid]);
    expect(byTag.tenants[0]).toMatchObject({ tags: [tag], deployment: 'eu-central', deployment_name: 'Europe (Frankfurt)' });
    const moved = await op.post(`${API}/v1/deployments/move`, { body: { tids: [t.tid], deployment: 'ap-south' } });
    expect(moved.status).toBe(200);
    expect((await op.get(`/gdmanage/api/v3/tenants?deployment=ap-south&tag=${tag}`)).body.tenants.map((x: { tid: string }) => x.tid)).toEqual([t.tid]);
    expect((await op.get(`/gdmanage/api/v3/tenants?deployment=eu-central&tag=${tag}`)).body.total).toBe(0);
    expect((await op.get(`${API}/v1/tenants/${t.tid}/config`)).body.config).toMatchObject({ deployment: 'ap-south', deployment_name: 'Asia Pacific (Mumbai)', name: t.name, disabled: false, users: 1 });
  });

  it('quota: the tenant portal refuses users beyond max_users; null lifts it; bad values are 400 unchanged; support gets 403', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const QUOTA = `${API}/v1/tenants/${t.tid}/quota`;
    expect(asResponseOf(providerTenantOps.getTenantQuota, (await op.get(QUOTA)).body)).toEqual({ status: 'Success', quota: { max_users: null }, usage: { users: 1 } });
    expect((await op.put(QUOTA, { body: { max_users: 0 } })).status).toBe(400);
    expect((await (await operator('support')).put(QUOTA, { body: { max_users: 5 } })).status).toBe(403);
    expect((await op.get(QUOTA)).body.quota.max_users).toBeNull();
    expect((await op.put(QUOTA, { body: { max_users: 1 } })).body.quota.max_users).toBe(1);
    const { client } = await tenantLogin(t.admin, t.password);
    const addUser = () => client.post('/api/udb-rest/v2/users?limit=1', { body: { username: unique('u'), password: 'Str0ng-pass-word', role: 'auditor' } });
    expect((await addUser()).status).toBe(409);
    const more = await op.post(`${API}/v1/tenantusers/${t.tid}/bulk`, { body: { users: [{ username: unique('adm'), password: 'Str0ng-pass-word' }] } });
    expect(more.status).toBe(409);
    expect((await op.get(QUOTA)).body.usage.users).toBe(1);
    expect((await op.put(QUOTA, { body: { max_users: null } })).body.quota.max_users).toBeNull();
    expect((await addUser()).status).toBe(200);
  });

  it('RBAC lists the tenant\'s roles with their holders', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const rbac = asResponseOf(providerTenantOps.tenantRbac, (await op.get(`${API}/v1/tenants/${t.tid}/rbac`)).body);
    expect(rbac.status).toBe('Success');
    expect(rbac.list.find((r) => r.name === 'admin')).toMatchObject({ builtin: true, users: 1, read: ['*'], may_view: 'All areas', may_change: 'All areas' });
    // What a role may do, by the areas' titles, as the permission check decides it (auditor: view all, change none).
    expect(rbac.list.find((r) => r.name === 'auditor')).toMatchObject({ may_view: 'All areas', may_change: 'None' });
    expect((await op.get(`${API}/v1/tenants/no-such-tenant/rbac`)).status).toBe(404);
  });
});

describe('bulk user create, policy API tokens, logging tokens', () => {
  it('adds administrators who sign in at once; a taken or repeated user name is refused and nobody is added', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const BULK = `${API}/v1/tenantusers/${t.tid}/bulk`;
    const name = unique('adm');
    const twice = await op.post(BULK, { body: { users: [{ username: name, password: 'Str0ng-pass-word' }, { username: name, password: 'Str0ng-pass-word' }] } });
    expect(twice.status).toBe(400);
    expect(paths(twice.body.errors)).toContain('users.1.username');
    expect((await op.post(BULK, { body: { users: [{ username: t.admin, password: 'Str0ng-pass-word' }] } })).status).toBe(409);
    expect((await (await operator('support')).post(BULK, { body: { users: [{ username: name, password: 'Str0ng-pass-word' }] } })).status).toBe(403);
    expect((await op.get(`${API}/v1/tenantusers/${t.tid}`)).body.users).toHaveLength(1);
    const added = await op.post(BULK, { body: { users: [{ username: name, password: 'Str0ng-pass-word' }] } });
    expect(added.status).toBe(201);
    expect(asResponseOf(providerInsightOps.bulkCreateUsers, added.body).users.map((u) => u.username)).toEqual([name]);
    expect((await tenantLogin(name, 'Str0ng-pass-word')).res.status).toBe(200);
  });

  it('lists the tenant\'s policy API tokens and revokes one: calls with it are refused from then on', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const { client } = await tenantLogin(t.admin, t.password);
    const made = await client.post('/api/settings/v1/tenants/api_tokens', { body: { name: 'CI pipeline', role: 'admin', expires_in_days: 30 } });
    expect(made.status, made.text.slice(0, 300)).toBe(200);
    const bearer = new ApiClient();
    const call = () => bearer.get('/api/policy/v1/rules', { headers: { Authorization: `Bearer ${made.body.secret}` } });
    expect((await call()).status).toBe(200);
    const TOKENS = `${API}/v1/tenants/${t.tid}/policyapitokens`;
    const listed = asResponseOf(providerInsightOps.listPolicyApiTokens, (await op.get(TOKENS)).body);
    expect(listed.items.map((i) => i.name)).toEqual(['CI pipeline']);
    expect(JSON.stringify(listed)).not.toContain(made.body.secret);
    const id = listed.items[0]!.id;
    expect((await (await operator('support')).request('DELETE', `${TOKENS}/${id}`)).status).toBe(403);
    expect((await call()).status).toBe(200);
    expect((await op.request('DELETE', `${TOKENS}/${id}`)).body).toEqual({ status: 'Success' });
    expect((await call()).status).toBe(401);
    expect((await op.request('DELETE', `${TOKENS}/not-a-uuid`)).status).toBe(400);
  });

  it('a logging token is shown once and listed by its last four characters; a bad name is 400; support gets 403', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const TOKENS = `${API}/v1/tenants/${t.tid}/logging/auth_tokens`;
    expect((await op.post(TOKENS, { body: { name: 'x' } })).status).toBe(400);
    expect((await (await operator('support')).post(TOKENS, { body: { name: 'SIEM collector' } })).status).toBe(403);
    expect((await op.get(TOKENS)).body).toEqual({ status: 'Success', items: [] });
    const made = await op.post(TOKENS, { body: { name: 'SIEM collector' } });
    expect(made.status).toBe(201);
    const { item, token } = asResponseOf(providerNetworkOps.createLoggingToken, made.body);
    expect(item.hint).toBe(token.slice(-4));
    const listed = (await op.get(TOKENS)).body;
    expect(listed.items).toEqual([item]);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect((await op.request('DELETE', `${TOKENS}/${item.id}`)).body).toEqual({ status: 'Success' });
    expect((await op.get(TOKENS)).body.items).toEqual([]);
  });
});

describe('log collection with a logging token (logs.collect)', () => {
  const COLLECT = '/api/logs/v1/collector/events';
  const collect = (query: string, authorization?: string) =>
    new ApiClient().get(`${COLLECT}?${query}`, authorization === undefined ? {} : { headers: { Authorization: authorization } });

  it('a collector reads its tenant\'s events page by page after a cursor; each call is audited; bad input is 400', async () => {
    const op = await operator();
    const t = await createTenant(op);
    await tenantLogin(t.admin, t.password);
    await tenantLogin(t.admin, t.password);
    const TOKENS = `${API}/v1/tenants/${t.tid}/logging/auth_tokens`;
    const { token } = asResponseOf(providerNetworkOps.createLoggingToken, (await op.post(TOKENS, { body: { name: 'SIEM collector' } })).body);
    const auth = `LoggingToken ${token}`;

    const first = await collect('log_type=audit&limit=1', auth);
    expect(first.status, first.text.slice(0, 200)).toBe(200);
    const page = asResponseOf(providerNetworkOps.collectLogs, first.body);
    expect(page.status).toBe('Success');
    expect(page.events).toHaveLength(1);
    expect(page.events[0]!.event).toMatchObject({ tenant: t.name });
    const rest = asResponseOf(providerNetworkOps.collectLogs, (await collect(`log_type=audit&after=${page.next}`, auth)).body);
    // Only this tenant's events, none twice, oldest first; the first call is among them as a log export.
    expect(rest.events.length).toBeGreaterThanOrEqual(2);
    expect(rest.events.every((e) => e.event.tenant === t.name)).toBe(true);
    expect(rest.events.map((e) => e.ts)).toEqual([...rest.events.map((e) => e.ts)].sort((a, b) => a - b));
    expect(rest.events[0]!.ts).toBeGreaterThanOrEqual(page.events[0]!.ts);
    expect(rest.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ action: 'log_export', user: 'logging token SIEM collector', details: 'Log collection of audit: 1 events' }),
    );
    const end = asResponseOf(providerNetworkOps.collectLogs, (await collect(`log_type=web&after=${'9'.repeat(15)}.0`, auth)).body);
    expect(end).toEqual({ status: 'Success', events: [], next: null });

    for (const [query, field] of [
      ['log_type=bogus', 'query.log_type'],
      ['log_type=audit&after=yesterday', 'query.after'],
      ['log_type=audit&limit=0', 'query.limit'],
    ] as const) {
      const refused = await collect(query, auth);
      expect(refused.status, query).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it('refuses a missing, unknown or revoked token (401) and an address outside the IP restrictions (403)', async () => {
    const op = await operator();
    const t = await createTenant(op);
    const TOKENS = `${API}/v1/tenants/${t.tid}/logging/auth_tokens`;
    const made = asResponseOf(providerNetworkOps.createLoggingToken, (await op.post(TOKENS, { body: { name: 'SIEM collector' } })).body);
    const auth = `LoggingToken ${made.token}`;
    expect((await collect('log_type=audit')).status).toBe(401);
    expect((await collect('log_type=audit', 'LoggingToken not-a-token')).status).toBe(401);
    // A logging token is no API token: as a Bearer token it is refused.
    expect((await collect('log_type=audit', `Bearer ${made.token}`)).status).toBe(401);
    // A session of the tenant's own administrator is no collector either.
    expect((await (await tenantLogin(t.admin, t.password)).client.get(`${COLLECT}?log_type=audit`)).status).toBe(401);

    const RESTRICTIONS = `${API}/v1/tenants/${t.tid}/logging/ip_restrictions`;
    expect((await op.post(RESTRICTIONS, { body: { cidr: '198.51.100.0/24' } })).status).toBe(201);
    const outside = await collect('log_type=audit', auth);
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toMatch(/outside its logging IP restrictions/);
    // The test server is reached over the IPv4 loopback.
    expect((await op.post(RESTRICTIONS, { body: { cidr: '127.0.0.0/8' } })).status).toBe(201);
    expect((await collect('log_type=audit', auth)).status).toBe(200);

    expect((await op.request('DELETE', `${TOKENS}/${made.item.id}`)).status).toBe(200);
    expect((await collect('log_type=audit', auth)).status).toBe(401);
  });
});

describe('analytics, schema states, inventory, capability validity, SKUs of licence keys', () => {
  it('analytics chart the tenant\'s activity per day; schema states list every document; validity explains each capability', async () => {
    const op = await operator();
    const t = await createTenant(op, { reports: true, bogus_switch: true, max_users: 10 });
    await tenantLogin(t.admin, t.password);
    const insights = asResponseOf(providerInsightOps.tenantAnalytics, (await op.get(`${API}/v1/tenants/${t.tid}/analytics?days=3`)).body);
    const signIns = insights.charts.find((c) => c.id === 'sign-ins')!;
    expect(signIns.points).toHaveLength(3);
    expect(signIns.points.at(-1)!.value).toBeGreaterThanOrEqual(1);
    expect(insights.charts.find((c) => c.id === 'users-by-role')).toMatchObject({ points: [{ label: 'admin', value: 1 }], summary: 'admin: 1' });
    expect(signIns.summary).toMatch(/: \d+/);
    expect((await op.get(`${API}/v1/tenants/${t.tid}/analytics?days=0`)).status).toBe(400);

    const states = asResponseOf(providerInsightOps.tenantSchemaStates, (await op.get(`${API}/v1/tenants/${t.tid}/schema`)).body);
    expect(states.items.find((i) => i.screen_id === 'web.ssl-bypass')).toMatchObject({ kind: 'policy', state: 'unsaved', stored_version: null });
    await op.post(`${API}/v1/tenants/${t.tid}/policy`, { body: { policytemplate: 'standard' } });
    const after = (await op.get(`${API}/v1/tenants/${t.tid}/schema`)).body.items.find((i: { screen_id: string }) => i.screen_id === 'web.ssl-bypass');
    expect(after.state).toBe('current');

    const validity = asResponseOf(providerInsightOps.capabilitiesValidity, (await op.get(`${API}/v1/tenants/${t.tid}/capabilities_validity`)).body);
    expect(validity.items.find((i) => i.name === 'bogus_switch')).toMatchObject({ valid: false });
    expect(validity.items.find((i) => i.name === 'reports')).toMatchObject({ valid: true, flags: ['reports'] });
    expect(validity.items.find((i) => i.name === 'max_users')).toMatchObject({ valid: true, value: 10 });
    expect(validity.flags.reports).toBe(true);
  });

  it('inventory lists the tenants\' appliances; a licence key carries SKUs that must exist', async () => {
    const op = await operator();
    const inv = asResponseOf(providerInsightOps.inventory, (await op.get(`${API}/v1/inventory-management`)).body);
    expect(inv.status).toBe('Success');
    expect(inv.items.map((i) => i.tenant)).toEqual(expect.arrayContaining(['Demo Corp', 'Other Corp']));
    expect(inv.items.some((i) => i.tenant === 'Service Provider')).toBe(false);
    const demo = (await op.get(`${API}/v1/tenants?search=Demo%20Corp`)).body.tenants[0].tid;
    const own = (await op.get(`${API}/v1/inventory-management?tid=${demo}`)).body.items;
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((i: { tenant: string }) => i.tenant))).toEqual(new Set(['Demo Corp']));

    const SKUS = `${API}/v1/ova-keys/OVA-LAB-INTERNAL-0003/skus`;
    const read = asResponseOf(providerInsightOps.getOvaKeySkus, (await op.get(SKUS)).body);
    const bad = await op.put(SKUS, { body: { skus: [{ sku: 'no-such-sku', expires_at: '2030-01-01T00:00:00Z' }, { sku: 'sku-standard', expires_at: '2030-01-01' }], updated_at: read.updated_at } });
    expect(bad.status).toBe(400);
    expect(paths(bad.body.errors)).toContain('skus.1.expires_at');
    const unknown = await op.put(SKUS, { body: { skus: [{ sku: 'no-such-sku', expires_at: '2030-01-01T00:00:00Z' }], updated_at: read.updated_at } });
    expect(unknown.status).toBe(400);
    expect(paths(unknown.body.errors)).toEqual(['skus.0.sku']);
    expect((await (await operator('support')).put(SKUS, { body: { skus: [], updated_at: read.updated_at } })).status).toBe(403);
    expect((await op.get(SKUS)).body).toEqual(read);
    expect((await op.get(`${API}/v1/ova-keys/NO-SUCH-KEY-1/skus`)).status).toBe(404);
  });
});
