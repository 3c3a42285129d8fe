/** Operator sign-in for API tests of the provider console: the hosted identity provider's token, then oauth/login. */
import { randomUUID } from 'node:crypto';
import { providerRecordOps } from '../../definitions/api/providerFleet';
import { customHostNameOps } from '../../definitions/api/providerInsights';
import { providerNetworkRecordOps } from '../../definitions/api/providerNetwork';
import { ApiClient } from './helpers';

export const API = '/gdmanage/api';

/** An operator signed in to the suite's server, or to the server at `url`. */
export async function operator(username: 'operator' | 'support' = 'operator', url?: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  await client.start();
  const token = await client.post('/gdmanage/idp/token', { body: { username, password: `${username}-demo` } });
  if (token.status !== 200) throw new Error(`IdP token for ${username}: ${token.status} ${token.text}`);
  const login = await client.get(`${API}/oauth/login?identity_provider=local&access_token=${encodeURIComponent(token.body.access_token)}`);
  if (login.status !== 200) throw new Error(`oauth/login for ${username}: ${login.status} ${login.text}`);
  return client;
}

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A tenant made for one test, with its first administrator. */
export async function newTenant(op: ApiClient, capabilities: Record<string, boolean | number> = {}) {
  const name = unique('Tenant');
  const admin = unique('adm');
  const res = await op.post(`${API}/v1/tenants`, {
    body: { name, capabilities, users: [{ username: admin, password: 'Str0ng-pass-word', first_name: 'Ada', last_name: 'Byron' }] },
  });
  if (res.status !== 201) throw new Error(`create tenant: ${res.status} ${res.text}`);
  return { tid: res.body.tenant.tid as string, name, admin, password: 'Str0ng-pass-word' };
}

/**
 * The record kinds of the licensing and fleet calls: where they live (a tenant's under its tid), a valid new body, a
 * change, and a bad body with the field its 400 names.
 */
export interface RecordKindCase {
  readonly opGroup: string;
  readonly path: (tid: string) => string;
  readonly create: () => Record<string, unknown>;
  readonly change: Record<string, unknown>;
  readonly invalid: readonly [Record<string, unknown>, string];
  /** Records the new one links to, made first in the tenant; answers the linking fields. */
  readonly links?: (op: ApiClient, tid: string) => Promise<Record<string, unknown>>;
}

/** Every record group (list, create, update, delete) of the provider console, by the names RECORD_KINDS use. */
export const RECORD_OPS = { ...providerRecordOps, ...providerNetworkRecordOps, customHostNames: customHostNameOps } as const;

/** A new record's body: the kind's own fields and its links. */
export async function recordBody(op: ApiClient, tid: string, k: RecordKindCase) {
  return { ...k.create(), ...(k.links ? await k.links(op, tid) : {}) };
}

const made = async (op: ApiClient, path: string, body: Record<string, unknown>) => {
  const res = await op.post(path, { body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body.item.id as string;
};
export const RECORD_KINDS: Readonly<Record<string, RecordKindCase>> = {
  features: {
    opGroup: 'features',
    path: () => `${API}/v1/features`,
    create: () => ({ feature_id: unique('feat').toLowerCase(), name: 'Test feature', capabilities: ['test_capability'] }),
    change: { name: 'Renamed feature' },
    invalid: [{ capabilities: ['bad name!'] }, 'capabilities.0'],
  },
  skus: {
    opGroup: 'skus',
    path: () => `${API}/v1/sku-management/skus`,
    create: () => ({ sku_id: unique('sku').toLowerCase(), name: 'Test SKU', feature_ids: ['dlp', 'reporting'] }),
    change: { feature_ids: ['dlp'] },
    invalid: [{ feature_ids: ['no-such-feature'] }, 'feature_ids.0'],
  },
  entitlements: {
    opGroup: 'entitlements',
    path: (tid) => `${API}/v1/tenants/${tid}/entitlements`,
    create: () => ({ sku_id: 'sku-standard', expires_at: '2030-12-31T23:59:59Z' }),
    change: { note: 'Renewed' },
    invalid: [{ expires_at: '2030-12-31' }, 'expires_at'],
  },
  entitlementOverrides: {
    opGroup: 'entitlementOverrides',
    path: (tid) => `${API}/v1/tenants/${tid}/entitlement_overrides`,
    create: () => ({ feature_id: 'casb', enabled: true }),
    change: { enabled: false },
    invalid: [{ feature_id: 'no-such-feature' }, 'feature_id'],
  },
  versions: {
    opGroup: 'versions',
    path: () => `${API}/v1/versions`,
    create: () => ({ version_string: `9.${Math.floor(Math.random() * 1e6)}.${Math.floor(Math.random() * 1e3)}`, ga_version: true }),
    change: { supported_version: false },
    invalid: [{ version_string: 'latest' }, 'version_string'],
  },
  deployments: {
    opGroup: 'deployments',
    path: () => `${API}/v1/deployments`,
    create: () => ({ deployment_id: unique('dep').toLowerCase(), name: 'Test deployment', region: 'test-1' }),
    change: { name: 'Renamed deployment' },
    invalid: [{ name: '' }, 'name'],
  },
  pods: {
    opGroup: 'pods',
    path: () => `${API}/v1/pods`,
    create: () => ({ pod_id: unique('pod').toLowerCase(), deployment_id: 'ap-south', nodes: [{ node_id: 'n1', host: '10.0.0.1' }] }),
    change: { nodes: [{ node_id: 'n1', host: '10.0.0.1' }, { node_id: 'n2', host: '10.0.0.2', state: 'draining' }] },
    invalid: [{ nodes: [{ node_id: 'n1', host: '10.0.0.1', state: 'sleeping' }] }, 'nodes.0.state'],
  },
  vpnGateways: {
    opGroup: 'vpnGateways',
    path: (tid) => `${API}/v1/tenants/${tid}/vpn/gateways`,
    create: () => ({ name: 'Frankfurt gateway', public_ip: '203.0.113.10' }),
    change: { region: 'eu-central' },
    invalid: [{ public_ip: '300.1.1.1' }, 'public_ip'],
  },
  vpnTunnels: {
    opGroup: 'vpnTunnels',
    path: (tid) => `${API}/v1/tenants/${tid}/vpn/tunnels`,
    create: () => ({ name: 'Branch tunnel', peer_ip: '198.51.100.7' }),
    links: async (op, tid) => ({ gateway_id: await made(op, `${API}/v1/tenants/${tid}/vpn/gateways`, { name: 'Tunnel gateway', public_ip: '203.0.113.11' }) }),
    change: { enabled: false },
    invalid: [{ gateway_id: 'no-such-gateway' }, 'gateway_id'],
  },
  vpnDestinations: {
    opGroup: 'vpnDestinations',
    path: (tid) => `${API}/v1/tenants/${tid}/vpn/destinations`,
    create: () => ({ name: 'Head office', cidrs: ['10.20.0.0/16'] }),
    change: { cidrs: ['10.20.0.0/16', '10.30.0.0/16'] },
    invalid: [{ cidrs: ['10.20.0.0/33'] }, 'cidrs.0'],
  },
  networkRules: {
    opGroup: 'networkRules',
    path: (tid) => `${API}/v1/tenants/${tid}/vpn/network_rules`,
    create: () => ({ name: 'Allow HTTPS', action: 'allow', protocol: 'tcp', ports: ['443'] }),
    links: async (op, tid) => ({ destination_ids: [await made(op, `${API}/v1/tenants/${tid}/vpn/destinations`, { name: 'Servers', cidrs: ['10.40.0.0/24'] })] }),
    change: { action: 'block' },
    invalid: [{ destination_ids: ['no-such-destination'] }, 'destination_ids.0'],
  },
  loggingIpRestrictions: {
    opGroup: 'loggingIpRestrictions',
    path: (tid) => `${API}/v1/tenants/${tid}/logging/ip_restrictions`,
    create: () => ({ cidr: `198.51.${Math.floor(Math.random() * 250)}.0/24` }),
    change: { note: 'SIEM collectors' },
    invalid: [{ cidr: 'not-a-network' }, 'cidr'],
  },
  tenantGroups: {
    opGroup: 'tenantGroups',
    path: () => `${API}/v1/tenantgroups`,
    create: () => ({ name: 'Reseller customers', tids: [] }),
    change: { note: 'EU customers' },
    invalid: [{ tids: ['no-such-tenant'] }, 'tids.0'],
  },
  customHostNames: {
    opGroup: 'customHostNames',
    path: (tid) => `${API}/v1/tenants/${tid}/custom_host_names`,
    create: () => ({ hostname: `${unique('portal')}.example.com`, purpose: 'portal' }),
    change: { purpose: 'pac' },
    invalid: [{ hostname: 'not a host name' }, 'hostname'],
  },
  rollouts: {
    opGroup: 'rollouts',
    path: () => `${API}/v1/ops/rollout`,
    create: () => ({ version_string: '4.3.0', deployment_id: 'us-east' }),
    change: { note: 'After the maintenance window' },
    invalid: [{ version_string: '0.0.1' }, 'version_string'],
  },
};
