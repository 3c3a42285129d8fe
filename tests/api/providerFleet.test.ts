/**
 * The provider console's licensing and fleet calls: every record kind (valid, invalid → 400 with nothing changed,
 * support → 403, tenant session → 403, "Success" on every answer), entitlements driving the tenant's capabilities,
 * deployments (bulk move, default), pod nodes (state, diagnostics) and rollouts.
 */
import { describe, expect, it } from 'vitest';
import { providerFleetOps } from '../../definitions/api/providerFleet';
import { vpnTunnelOps } from '../../definitions/api/providerNetwork';
import { ApiClient, asResponseOf, signedIn } from './helpers';
import { API, RECORD_KINDS, RECORD_OPS, newTenant, operator, recordBody, unique } from './providerClient';

type Item = { id: string; updated_at: string } & Record<string, unknown>;
const listOf = async (c: ApiClient, path: string): Promise<Item[]> => {
  const res = await c.get(path);
  expect(res.status, res.text.slice(0, 200)).toBe(200);
  expect(res.body.status).toBe('Success');
  return res.body.items;
};

describe.each(Object.entries(RECORD_KINDS))('%s', (kind, k) => {
  const ops = RECORD_OPS[k.opGroup as keyof typeof RECORD_OPS];

  it('adds, lists, replaces with the stamp read and deletes; every answer carries Success', async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const path = k.path(tid);
    const body = await recordBody(op, tid, k);
    const created = await op.post(path, { body });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const item = asResponseOf(ops.create, created.body).item as Item;
    expect(created.body.status).toBe('Success');
    expect(item).toMatchObject({ ...body, updated_by: 'operator' });
    expect((await listOf(op, path)).map((i) => i.id)).toContain(item.id);

    const saved = await op.put(`${path}/${item.id}`, { body: { ...body, ...k.change, updated_at: item.updated_at } });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect(asResponseOf(ops.update, saved.body).item).toMatchObject(k.change);
    expect((await listOf(op, path)).find((i) => i.id === item.id)).toMatchObject(k.change);

    const gone = await op.request('DELETE', `${path}/${item.id}`);
    expect(gone.body).toEqual({ status: 'Success' });
    expect((await listOf(op, path)).some((i) => i.id === item.id)).toBe(false);
    expect((await op.request('DELETE', `${path}/${item.id}`)).status).toBe(404);
  });

  it('refuses a bad body with 400 naming the field, on add and on replace; nothing changes', async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const path = k.path(tid);
    const before = await listOf(op, path);
    const [change, field] = k.invalid;
    const refused = await op.post(path, { body: { ...(await recordBody(op, tid, k)), ...change } });
    expect(refused.status, refused.text.slice(0, 300)).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await listOf(op, path)).toEqual(before);

    const body = await recordBody(op, tid, k);
    const item = (await op.post(path, { body })).body.item as Item;
    const stored = await listOf(op, path);
    const bad = await op.put(`${path}/${item.id}`, { body: { ...body, ...change, updated_at: item.updated_at } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await listOf(op, path)).toEqual(stored);
    await op.request('DELETE', `${path}/${item.id}`);
  });

  it('support reads but cannot add, replace or delete (403); a tenant session gets 403 and nothing changes', async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const path = k.path(tid);
    const body = await recordBody(op, tid, k);
    const item = (await op.post(path, { body })).body.item as Item;
    const stored = await listOf(op, path);
    const sup = await operator('support');
    expect(await listOf(sup, path)).toEqual(stored);
    const admin = await signedIn('admin');
    for (const who of [sup, admin]) {
      expect((await who.post(path, { body })).status).toBe(403);
      expect((await who.put(`${path}/${item.id}`, { body: { ...body, ...k.change, updated_at: item.updated_at } })).status).toBe(403);
      expect((await who.request('DELETE', `${path}/${item.id}`)).status).toBe(403);
    }
    expect((await admin.get(path)).status).toBe(403);
    expect(await listOf(op, path)).toEqual(stored);
    await op.request('DELETE', `${path}/${item.id}`);
  });

  it.runIf(kind === 'features' || kind === 'deployments')('refuses to delete one still in use (409), kept as it was', async () => {
    const op = await operator();
    const [path, id] = kind === 'features' ? [`${API}/v1/features`, 'dlp'] : [`${API}/v1/deployments`, 'eu-central'];
    const before = (await listOf(op, path)).find((i) => i.id === id);
    expect((await op.request('DELETE', `${path}/${id}`)).status).toBe(409);
    expect((await listOf(op, path)).find((i) => i.id === id)).toEqual(before);
  });
});

describe('entitlements drive the tenant capabilities', () => {
  it("a SKU turns its features' capabilities on, an override off, removal off again; the tenant portal follows", async () => {
    const op = await operator();
    const t = await newTenant(op, { reports: false, dlp: false, email: false, casb: true, pac: false, documents: false });
    const tenant = new ApiClient();
    expect((await tenant.login(t.admin, t.password)).status).toBe(200);
    expect((await tenant.get('/api/reports/v1/past_reports')).status).toBe(403);
    const caps = async () => (await op.get(`${API}/v1/tenants/${t.tid}/capabilities`)).body.capabilities;

    const ent = await op.post(`${API}/v1/tenants/${t.tid}/entitlements`, { body: { sku_id: 'sku-standard' } });
    expect(ent.status, ent.text).toBe(201);
    expect(await caps()).toMatchObject({ reports: true, dlp: true, email: true, pac: true, documents: true, casb: false, fwaas: false });
    const view = asResponseOf(providerFleetOps.tenantSkus, (await op.get(`${API}/v1/tenants/${t.tid}/skus`)).body);
    expect(view.skus).toEqual([{ sku_id: 'sku-standard', name: 'Standard', expired: false }]);
    expect(view.features.map((f) => f.feature_id)).toEqual(['dlp', 'email-security', 'reporting', 'web-basics']);
    // The tenant's own session follows on its next request: reports are allowed now.
    expect((await tenant.get('/api/reports/v1/past_reports')).status).toBe(200);
    expect((await tenant.get('/api/userinfo')).body.capabilities).toMatchObject({ reports: true, dlp: true });

    const off = await op.post(`${API}/v1/tenants/${t.tid}/entitlement_overrides`, { body: { feature_id: 'dlp', enabled: false } });
    expect(off.status).toBe(201);
    expect((await caps()).dlp).toBe(false);
    const twin = await op.post(`${API}/v1/tenants/${t.tid}/entitlement_overrides`, { body: { feature_id: 'dlp', enabled: true } });
    expect(twin.status).toBe(409);
    expect((await caps()).dlp).toBe(false);
    const sourced = asResponseOf(providerFleetOps.tenantSkus, (await op.get(`${API}/v1/tenants/${t.tid}/skus`)).body).features.find((f) => f.feature_id === 'dlp');
    expect(sourced).toMatchObject({ enabled: false, source: 'override-off' });

    expect((await op.request('DELETE', `${API}/v1/tenants/${t.tid}/entitlements/${ent.body.item.id}`)).status).toBe(200);
    expect(await caps()).toMatchObject({ reports: false, email: false, pac: false });
    expect((await tenant.get('/api/reports/v1/past_reports')).status).toBe(403);
  });

  it('the sku call: a tenant is put on one SKU in one step (upgrade), stamped; the tenant portal follows; refusals change nothing', async () => {
    const op = await operator();
    const t = await newTenant(op, { reports: false, dlp: false, casb: false });
    const SKU = `${API}/v1/tenants/${t.tid}/sku`;
    const read = async (who: ApiClient = op) => {
      const res = await who.get(SKU);
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      return asResponseOf(providerFleetOps.tenantSku, res.body);
    };
    const none = await read();
    expect(none).toEqual({ status: 'Success', sku: null, others: 0, updated_at: null });

    // Standard, then an upgrade to Advanced: one entitlement afterwards, the tenant's capabilities follow.
    const standard = await op.put(SKU, { body: { sku_id: 'sku-standard', updated_at: null } });
    expect(standard.status, standard.text.slice(0, 300)).toBe(200);
    expect(asResponseOf(providerFleetOps.saveTenantSku, standard.body).sku).toMatchObject({ sku_id: 'sku-standard', name: 'Standard' });
    const tenant = new ApiClient();
    expect((await tenant.login(t.admin, t.password)).status).toBe(200);
    expect((await tenant.get('/api/reports/v1/past_reports')).status).toBe(200);
    const upgraded = await op.put(SKU, { body: { sku_id: 'sku-advanced', expires_at: '2030-01-31T23:59:59Z', updated_at: standard.body.updated_at } });
    expect(upgraded.status, upgraded.text.slice(0, 300)).toBe(200);
    expect(upgraded.body).toMatchObject({ status: 'Success', sku: { sku_id: 'sku-advanced', expires_at: '2030-01-31T23:59:59Z' }, others: 0 });
    expect(upgraded.body.sku.feature_ids.length).toBeGreaterThan(0);
    const listed = (await op.get(`${API}/v1/tenants/${t.tid}/entitlements`)).body.items;
    expect(listed.map((e: { sku_id: string }) => e.sku_id)).toEqual(['sku-advanced']);
    expect((await tenant.get('/api/userinfo')).body.capabilities).toMatchObject({ reports: true });

    // A stale stamp is 409 with the current SKU; an unknown or malformed SKU is 400 naming the field; nothing changes.
    const stale = await op.put(SKU, { body: { sku_id: 'sku-standard', updated_at: standard.body.updated_at } });
    expect(stale.status).toBe(409);
    expect(stale.body.current.sku.sku_id).toBe('sku-advanced');
    for (const [body, field] of [
      [{ sku_id: 'sku-nonexistent', updated_at: upgraded.body.updated_at }, 'sku_id'],
      [{ sku_id: 'sku-standard', expires_at: '2030-02-30T00:00:00Z', updated_at: upgraded.body.updated_at }, 'expires_at'],
      [{ sku_id: 'sku-standard', updated_at: upgraded.body.updated_at, extra: 1 }, ''],
    ] as const) {
      const refused = await op.put(SKU, { body });
      expect(refused.status, refused.text.slice(0, 200)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(await read()).toEqual(upgraded.body);

    // Support reads it and is refused a change; a tenant session may not call it at all.
    const sup = await operator('support');
    expect(await read(sup)).toEqual(upgraded.body);
    expect((await sup.put(SKU, { body: { sku_id: 'sku-standard', updated_at: upgraded.body.updated_at } })).status).toBe(403);
    const admin = await signedIn('admin');
    expect((await admin.get(SKU)).status).toBe(403);
    expect((await admin.put(SKU, { body: { sku_id: 'sku-standard', updated_at: upgraded.body.updated_at } })).status).toBe(403);
    expect(await read()).toEqual(upgraded.body);
  });

  it('an expired entitlement gives nothing', async () => {
    const op = await operator();
    const t = await newTenant(op, { reports: false });
    const added = await op.post(`${API}/v1/tenants/${t.tid}/entitlements`, { body: { sku_id: 'sku-standard', expires_at: '2020-01-01T00:00:00Z' } });
    expect(added.body.item).toMatchObject({ sku_id: 'sku-standard', sku_name: 'Standard', expired: true });
    const view = asResponseOf(providerFleetOps.tenantSkus, (await op.get(`${API}/v1/tenants/${t.tid}/skus`)).body);
    expect(view.skus[0]).toMatchObject({ sku_id: 'sku-standard', expired: true });
    expect(view.features).toEqual([]);
    expect((await op.get(`${API}/v1/tenants/${t.tid}/capabilities`)).body.capabilities.reports).toBe(false);
  });

  it('lists every capability a feature turns on', async () => {
    const op = await operator();
    const list = asResponseOf(providerFleetOps.featureCapabilities, (await op.get(`${API}/v1/feature_capabilities`)).body);
    expect(list.items).toContainEqual({ feature_id: 'forensics', capability: 'browsing_forensics' });
    expect((await (await signedIn('admin')).get(`${API}/v1/feature_capabilities`)).status).toBe(403);
  });
});

describe('deployments', () => {
  const placements = async (c: ApiClient) => asResponseOf(providerFleetOps.tenantDeployments, (await c.get(`${API}/v1/tenant_deployments`)).body).items;

  it('a new tenant runs in the default; a bulk move moves all named tenants, or none when one is unknown', async () => {
    const op = await operator();
    const a = await newTenant(op);
    const b = await newTenant(op);
    const where = async (tid: string) => (await placements(op)).find((p) => p.tid === tid)?.deployment;
    expect((await op.get(`${API}/v1/default_deployment`)).body).toEqual({ status: 'Success', default_deployment: 'eu-central' });
    expect(await where(a.tid)).toBe('eu-central');

    const refused = await op.post(`${API}/v1/deployments/move`, { body: { tids: [a.tid, 'no-such-tenant'], deployment: 'us-east' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['tids.1']);
    expect(await where(a.tid)).toBe('eu-central');
    const unknown = await op.post(`${API}/v1/deployments/move`, { body: { tids: [a.tid], deployment: 'mars-1' } });
    expect(unknown.status).toBe(400);
    expect((await op.post(`${API}/v1/deployments/move`, { body: { tids: [], deployment: 'us-east' } })).status).toBe(400);

    const moved = await op.post(`${API}/v1/deployments/move`, { body: { tids: [a.tid, b.tid], deployment: 'ap-south' } });
    expect(moved.status).toBe(200);
    expect(asResponseOf(providerFleetOps.moveTenants, moved.body).moved).toEqual([
      { tid: a.tid, from: 'eu-central', to: 'ap-south' },
      { tid: b.tid, from: 'eu-central', to: 'ap-south' },
    ]);
    expect([await where(a.tid), await where(b.tid)]).toEqual(['ap-south', 'ap-south']);
    // The list names the deployment too, as the screens show it.
    expect((await placements(op)).find((p) => p.tid === a.tid)).toMatchObject({ deployment: 'ap-south', deployment_name: 'Asia Pacific (Mumbai)' });
    const deps = (await op.get(`${API}/v1/deployments`)).body.items as { id: string; tenants: number; default: boolean }[];
    expect(deps.find((d) => d.id === 'ap-south')!.tenants).toBeGreaterThanOrEqual(2);
    expect(deps.find((d) => d.id === 'eu-central')!.default).toBe(true);

    const sup = await operator('support');
    expect((await sup.post(`${API}/v1/deployments/move`, { body: { tids: [a.tid], deployment: 'us-east' } })).status).toBe(403);
    expect((await (await signedIn('admin')).post(`${API}/v1/deployments/move`, { body: { tids: [a.tid], deployment: 'us-east' } })).status).toBe(403);
    expect(await where(a.tid)).toBe('ap-south');
  });

  it('the default deployment can be changed to a known one only; tenants never moved follow it', async () => {
    const op = await operator();
    const t = await newTenant(op);
    const dep = unique('dep').toLowerCase();
    expect((await op.post(`${API}/v1/deployments`, { body: { deployment_id: dep, name: 'Temporary default' } })).status).toBe(201);
    const bad = await op.put(`${API}/v1/default_deployment`, { body: { default_deployment: 'no-such' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('default_deployment');
    expect((await (await operator('support')).put(`${API}/v1/default_deployment`, { body: { default_deployment: dep } })).status).toBe(403);
    expect((await op.get(`${API}/v1/default_deployment`)).body.default_deployment).toBe('eu-central');
    try {
      expect((await op.put(`${API}/v1/default_deployment`, { body: { default_deployment: dep } })).body).toEqual({ status: 'Success', default_deployment: dep });
      expect((await placements(op)).find((p) => p.tid === t.tid)?.deployment).toBe(dep);
      expect((await op.request('DELETE', `${API}/v1/deployments/${dep}`)).status).toBe(409);
    } finally {
      await op.put(`${API}/v1/default_deployment`, { body: { default_deployment: 'eu-central' } });
    }
  });
});

describe('pods and their nodes', () => {
  it('posts a state to a node (stamped) and requests diagnostics; a bad state is 400; support is refused', async () => {
    const op = await operator();
    const POD = `${API}/v1/pods/eu-central-pod-1`;
    const nodes = async () => asResponseOf(providerFleetOps.podNodes, (await op.get(`${POD}/nodes`)).body).items;
    const before = await nodes();
    const n2 = before.find((n) => n.node_id === 'n2')!;
    const bad = await op.post(`${POD}/nodes/n2/state`, { body: { state: 'asleep', updated_at: n2.updated_at } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('state');
    expect((await (await operator('support')).post(`${POD}/nodes/n2/state`, { body: { state: 'offline', updated_at: n2.updated_at } })).status).toBe(403);
    expect(await nodes()).toEqual(before);

    const set = await op.post(`${POD}/nodes/n2/state`, { body: { state: 'maintenance', updated_at: n2.updated_at } });
    expect(set.status).toBe(200);
    expect(asResponseOf(providerFleetOps.setNodeState, set.body).item.nodes.find((n) => n.node_id === 'n2')!.state).toBe('maintenance');
    const stale = await op.post(`${POD}/nodes/n2/state`, { body: { state: 'active', updated_at: n2.updated_at } });
    expect(stale.status).toBe(409);
    expect((await nodes()).find((n) => n.node_id === 'n2')!.state).toBe('maintenance');

    const diag = await op.post(`${POD}/nodes/n1/diagnostics`);
    expect(diag.status).toBe(200);
    expect((await nodes()).find((n) => n.node_id === 'n1')!.diagnostics_requested_at).toMatch(/^\d{4}-/);
    expect((await op.post(`${POD}/nodes/n9/diagnostics`)).status).toBe(404);
    const fresh = (await nodes())[0]!.updated_at;
    await op.post(`${POD}/nodes/n2/state`, { body: { state: 'active', updated_at: fresh } });
  });
});

describe('rollouts', () => {
  it('plans, starts with rolloutinit, completes; only planned ones are edited; wrong steps are 409', async () => {
    const op = await operator();
    const R = `${API}/v1/ops/rollout`;
    const planned = (await op.post(R, { body: { version_string: '4.4.0', deployment_id: 'us-east' } })).body.item as Item;
    expect(planned.state).toBe('planned');
    expect(planned.deployment_name).toBe('United States (Virginia)');
    expect((await op.post(`${R}/${planned.id}/state`, { body: { state: 'completed', updated_at: planned.updated_at } })).status).toBe(409);
    expect((await (await operator('support')).post(`${API}/v1/commands/rolloutinit`, { body: { id: planned.id, updated_at: planned.updated_at } })).status).toBe(403);

    const started = await op.post(`${API}/v1/commands/rolloutinit`, { body: { id: planned.id, updated_at: planned.updated_at } });
    expect(started.status).toBe(200);
    const s = asResponseOf(providerFleetOps.rolloutInit, started.body).item;
    expect(s).toMatchObject({ state: 'started', version_string: '4.4.0' });
    expect(s.started_at).toMatch(/^\d{4}-/);
    expect((await op.put(`${R}/${planned.id}`, { body: { version_string: '4.4.0', deployment_id: 'us-east', note: 'x', updated_at: s.updated_at } })).status).toBe(409);
    expect((await op.request('DELETE', `${API}/v1/versions/4.4.0`)).status).toBe(409);

    const done = await op.post(`${R}/${planned.id}/state`, { body: { state: 'completed', updated_at: s.updated_at } });
    expect(done.status).toBe(200);
    expect(done.body.item.state).toBe('completed');
    expect((await op.post(`${API}/v1/commands/rolloutinit`, { body: { id: planned.id, updated_at: done.body.item.updated_at } })).status).toBe(409);
  });
});

describe('VPN tunnels', () => {
  it("name their gateway: the list and every answer carry the gateway's current name", async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const gateways = `${API}/v1/tenants/${tid}/vpn/gateways`;
    const tunnels = `${API}/v1/tenants/${tid}/vpn/tunnels`;
    const frankfurt = (await op.post(gateways, { body: { name: 'Frankfurt', public_ip: '203.0.113.20' } })).body.item as Item;
    const paris = (await op.post(gateways, { body: { name: 'Paris', public_ip: '203.0.113.21' } })).body.item as Item;
    const body = { name: 'Branch', gateway_id: frankfurt.id, peer_ip: '198.51.100.20' };
    const created = await op.post(tunnels, { body });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const tunnel = asResponseOf(vpnTunnelOps.create, created.body).item;
    expect(tunnel.gateway_name).toBe('Frankfurt');
    expect(asResponseOf(vpnTunnelOps.list, { status: 'Success', items: await listOf(op, tunnels) }).items).toEqual([
      expect.objectContaining({ id: tunnel.id, gateway_id: frankfurt.id, gateway_name: 'Frankfurt' }),
    ]);

    // A renamed gateway is shown by its new name.
    const renamed = await op.put(`${gateways}/${frankfurt.id}`, { body: { name: 'Frankfurt 2', public_ip: '203.0.113.20', updated_at: frankfurt.updated_at } });
    expect(renamed.status, renamed.text.slice(0, 300)).toBe(200);
    expect((await listOf(op, tunnels))[0]).toMatchObject({ gateway_id: frankfurt.id, gateway_name: 'Frankfurt 2' });

    // A tunnel moved to another gateway names that one.
    const moved = await op.put(`${tunnels}/${tunnel.id}`, { body: { ...body, gateway_id: paris.id, updated_at: tunnel.updated_at } });
    expect(moved.status, moved.text.slice(0, 300)).toBe(200);
    expect(asResponseOf(vpnTunnelOps.update, moved.body).item).toMatchObject({ gateway_id: paris.id, gateway_name: 'Paris' });
    expect((await listOf(op, tunnels))[0]).toMatchObject({ gateway_id: paris.id, gateway_name: 'Paris' });

    // The name is the server's: a body that sends one is refused, nothing changed.
    const stale = (await listOf(op, tunnels))[0]!;
    const refused = await op.put(`${tunnels}/${tunnel.id}`, { body: { ...body, gateway_name: 'Elsewhere', updated_at: stale.updated_at } });
    expect(refused.status).toBe(400);
    expect(await listOf(op, tunnels)).toEqual([stale]);
  });
});
