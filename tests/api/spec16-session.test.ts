/**
 * Session-start calls of 000 §3–§4: the tenant's multi-tenant associations (read at sign-in, pending → active
 * approval by the managed tenant), the portal version set when portal_v2 is false, and the tenant capability details.
 */
import { describe, expect, it } from 'vitest';
import { lookupOps } from '../../definitions/api/lookups';
import { tenantUtilOps } from '../../definitions/api/tenantUtils';
import { ApiClient, asResponseOf, signedIn } from './helpers';
import { API, newTenant, operator } from './providerClient';

const MULTI_TENANT = '/api/settings/v1/tenants/multi_tenant/';
const association = (id: string) => `/api/settings/v1/tenants/multi_tenant/associations/${id}`;
const PORTAL_VERSION = '/api/policy/v1/portal_version';

describe('multi-tenant associations', { timeout: 180_000 }, () => {
  it('lists the associations to every signed-in administrator; 401 without a session', async () => {
    const info = asResponseOf(tenantUtilOps.multiTenant, (await (await signedIn('webadmin')).get(MULTI_TENANT)).body);
    expect(info.role).toBe('primary');
    expect(info.associations.map((a) => a.secondary_name)).toEqual(expect.arrayContaining(['Demo Corp EMEA', 'Demo Corp APAC', 'Demo Corp LATAM']));
    expect((await new ApiClient().get(MULTI_TENANT)).status).toBe(401);
  });

  it('approves a request this tenant is asked to accept; a bad body is a 400 on status and changes nothing', async () => {
    const admin = await signedIn('admin');
    const before = asResponseOf(tenantUtilOps.multiTenant, (await admin.get(MULTI_TENANT)).body).associations.find((a) => a.uuid === 'mt-3');
    expect(before?.secondary_name).toBe('Demo Corp');

    const bad = await admin.request('PATCH', association('mt-3'), { body: { status: 'pending' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['status']);
    const unchanged = asResponseOf(tenantUtilOps.multiTenant, (await admin.get(MULTI_TENANT)).body).associations.find((a) => a.uuid === 'mt-3');
    expect(unchanged).toEqual(before);

    const ok = await admin.request('PATCH', association('mt-3'), { body: { status: 'active' } });
    expect(ok.status).toBe(200);
    expect(asResponseOf(tenantUtilOps.approveAssociation, ok.body)).toMatchObject({ uuid: 'mt-3', status: 'active', primary_name: 'Northwind Partners' });
    const after = asResponseOf(tenantUtilOps.multiTenant, (await admin.get(MULTI_TENANT)).body);
    expect(after.associations.find((a) => a.uuid === 'mt-3')?.status).toBe('active');
    expect(after.pending_approvals).toBe(0);
  });

  it('refuses to approve its own request (409), an unknown id (404) and a role without settings:write (403)', async () => {
    const admin = await signedIn('admin');
    expect((await admin.request('PATCH', association('mt-4'), { body: { status: 'active' } })).status).toBe(409);
    expect((await admin.request('PATCH', association('mt-none'), { body: { status: 'active' } })).status).toBe(404);
    expect((await (await signedIn('webadmin')).request('PATCH', association('mt-4'), { body: { status: 'active' } })).status).toBe(403);
    const info = asResponseOf(tenantUtilOps.multiTenant, (await admin.get(MULTI_TENANT)).body);
    expect(info.associations.find((a) => a.uuid === 'mt-4')?.status).toBe('pending');
  });
});

describe('portal version', { timeout: 180_000 }, () => {
  it('is set to v2 by an administrator who may change settings and read back with who set it; other values are a 400 on version', async () => {
    const admin = await signedIn('admin');
    const bad = await admin.put(PORTAL_VERSION, { body: { version: 'v3' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['version']);
    const before = asResponseOf(lookupOps.portalVersion, (await admin.get(PORTAL_VERSION)).body);
    expect(['v1', 'v2']).toContain(before.version);

    // A web policy writer may not change settings: the tenant-wide value is not theirs to set.
    expect((await (await signedIn('webadmin')).put(PORTAL_VERSION, { body: { version: 'v2' } })).status).toBe(403);
    const saved = await admin.put(PORTAL_VERSION, { body: { version: 'v2' } });
    expect(saved.status).toBe(200);
    const read = asResponseOf(lookupOps.portalVersion, (await admin.get(PORTAL_VERSION)).body);
    expect(read).toMatchObject({ version: 'v2', updated_by: 'admin' });
    expect((await new ApiClient().put(PORTAL_VERSION, { body: { version: 'v2' } })).status).toBe(401);
  });
});


describe('tenant capability details', { timeout: 180_000 }, () => {
  const detail = (name: string) => `/api/settings/v1/tenants/capabilities/${name}`;
  const enabled = async (client: ApiClient, name: string) => asResponseOf(tenantUtilOps.capability, (await client.get(detail(name))).body).enabled;

  it('reads restricted_logs, runtime_analysis and mobileSupport as the provider set them, following a change at the next call', async () => {
    const auditor = await signedIn('auditor');
    expect(await enabled(auditor, 'restricted_logs')).toBe(false);
    expect(await enabled(auditor, 'runtime_analysis')).toBe(true);
    expect(await enabled(auditor, 'mobileSupport')).toBe(true);
    expect((await new ApiClient().get(detail('restricted_logs'))).status).toBe(401);

    // A tenant whose provider set none of them reads them off; the operator turns one on and the next call has it.
    const op = await operator();
    const t = await newTenant(op);
    const tenant = new ApiClient();
    expect((await tenant.login(t.admin, t.password)).status).toBe(200);
    expect(await enabled(tenant, 'restricted_logs')).toBe(false);
    const patched = await op.request('PATCH', `${API}/v1/tenants/${t.tid}/capabilities`, { body: { capabilities: { restricted_logs: true } } });
    expect(patched.status, patched.text.slice(0, 200)).toBe(200);
    expect(await enabled(tenant, 'restricted_logs')).toBe(true);
    // The provider console counts it among the capabilities the portal reads.
    const validity = (await op.get(`${API}/v1/tenants/${t.tid}/capabilities_validity`)).body.items.find((i: { name: string }) => i.name === 'restricted_logs');
    expect(validity).toMatchObject({ valid: true });
  });
});
