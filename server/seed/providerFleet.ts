/**
 * Demo licensing and fleet of the provider console: features and the capabilities they turn on, three SKUs, the demo
 * tenants' entitlements (consistent with their seeded capabilities), appliance versions, deployments with pods and
 * nodes, two rollouts, the SKUs of a licence key, a tenant group, and Demo Corp's site-to-site VPN, log collection
 * (a logging token nobody holds, a collector network) and a custom host name. Added once, when no such record exists yet.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../types';
import { DEMO_TENANT_ID, OTHER_TENANT_ID } from './demo';

const FEATURES = [
  ['web-basics', 'Web essentials', 'PAC files and document viewing.', ['pac', 'documents']],
  ['web-advanced', 'Advanced web', 'Browser isolation, file transfers and bandwidth limits.', ['bnb', 'files', 'bandwidth_limits']],
  ['reporting', 'Reporting', 'Dashboards, report catalogue and scheduled reports.', ['reports']],
  ['dlp', 'Data loss prevention', 'DLP policies and logs.', ['dlp']],
  ['casb', 'Cloud access security', 'CASB policies.', ['casb']],
  ['email-security', 'Email security', 'Email policy and logs.', ['email']],
  ['firewall', 'Cloud firewall', 'Firewall as a service.', ['fwaas']],
  ['private-access', 'Private access', 'Private applications without a VPN.', ['private_access']],
  ['forensics', 'Browsing forensics', 'Recording of browsing sessions.', ['browsing_forensics']],
  ['watermarking', 'Watermarking', 'Watermarks on isolated pages.', ['watermarking']],
] as const;
const SKUS = [
  ['sku-standard', 'Standard', 'Web essentials, reporting, DLP and email security.', ['web-basics', 'reporting', 'dlp', 'email-security']],
  ['sku-advanced', 'Advanced', 'Standard with advanced web, CASB, forensics and watermarking.', ['web-basics', 'web-advanced', 'reporting', 'dlp', 'casb', 'email-security', 'forensics', 'watermarking']],
  ['sku-complete', 'Complete', 'Every feature.', FEATURES.map(([id]) => id)],
] as const;
const VERSIONS = [
  ['4.1.5', false, true, 'End of support: update appliances to 4.2 or later.'],
  ['4.2.0', true, true, ''],
  ['4.3.0', true, true, 'Current release.'],
  ['4.4.0', true, false, 'Early access.'],
] as const;
const DEPLOYMENTS = [
  ['eu-central', 'Europe (Frankfurt)', 'eu-central-1'],
  ['us-east', 'United States (Virginia)', 'us-east-1'],
  ['ap-south', 'Asia Pacific (Mumbai)', 'ap-south-1'],
] as const;
const node = (node_id: string, host: string, state: string) => ({ node_id, host, state });
const PODS = [
  { pod_id: 'eu-central-pod-1', deployment_id: 'eu-central', nodes: [node('n1', '10.10.1.11', 'active'), node('n2', '10.10.1.12', 'active'), node('n3', '10.10.1.13', 'draining')] },
  { pod_id: 'us-east-pod-1', deployment_id: 'us-east', nodes: [node('n1', '10.20.1.11', 'active'), node('n2', '10.20.1.12', 'maintenance')] },
  { pod_id: 'ap-south-pod-1', deployment_id: 'ap-south', nodes: [node('n1', '10.30.1.11', 'active')] },
];

export async function seedProviderFleet(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [727_015]);
    if ((await tx.query('SELECT 1 FROM provider_records LIMIT 1')).rows.length > 0) return;
    const now = new Date().toISOString();
    const add = (kind: string, id: string, body: unknown, tenantId: string | null = null) =>
      tx.query('INSERT INTO provider_records (kind, id, tenant_id, body, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $5, $6)', [
        kind,
        id,
        tenantId,
        JSON.stringify(body),
        now,
        'operator',
      ]);
    for (const [feature_id, name, description, capabilities] of FEATURES) await add('feature', feature_id, { feature_id, name, description, capabilities });
    for (const [sku_id, name, description, feature_ids] of SKUS) await add('sku', sku_id, { sku_id, name, description, feature_ids });
    await add('entitlement', 'demo-corp-complete', { sku_id: 'sku-complete', note: 'Enterprise agreement.' }, DEMO_TENANT_ID);
    await add('entitlement', 'other-corp-standard', { sku_id: 'sku-standard', expires_at: '2027-06-30T23:59:59Z', note: '' }, OTHER_TENANT_ID);
    await add('entitlement-override', 'other-corp-firewall', { feature_id: 'firewall', enabled: true, note: 'Firewall pilot.' }, OTHER_TENANT_ID);
    await add('entitlement-override', 'other-corp-watermarks', { feature_id: 'watermarking', enabled: true, note: '' }, OTHER_TENANT_ID);
    for (const [version_string, supported_version, ga_version, note] of VERSIONS) await add('version', version_string, { version_string, supported_version, ga_version, note });
    for (const [deployment_id, name, region] of DEPLOYMENTS) await add('deployment', deployment_id, { deployment_id, name, region, note: '' });
    await tx.query("INSERT INTO provider_settings (name, value) VALUES ('default_deployment', $1) ON CONFLICT (name) DO NOTHING", [JSON.stringify('eu-central')]);
    await tx.query('INSERT INTO provider_tenant_deployments (tenant_id, deployment_id) VALUES ($1, $2) ON CONFLICT (tenant_id) DO NOTHING', [OTHER_TENANT_ID, 'us-east']);
    for (const pod of PODS) await add('pod', pod.pod_id, pod);
    await add('rollout', 'rollout-4-3-eu', { version_string: '4.3.0', deployment_id: 'eu-central', note: '', state: 'completed', started_at: '2026-09-01T08:00:00.000Z' });
    await add('rollout', 'rollout-4-4-ap', { version_string: '4.4.0', deployment_id: 'ap-south', note: 'Early access in one region first.', state: 'planned' });
    await add('ova-key-skus', 'OVA-DEMO-CORP-0001', { skus: [{ sku: 'sku-complete', expires_at: '2027-12-31T23:59:59Z' }] });
    await add('tenant-group', 'group-acme-partners', { name: 'Acme Partners (reseller)', tids: [DEMO_TENANT_ID, OTHER_TENANT_ID], note: 'Customers billed through Acme Partners.' });
    await add('vpn-gateway', 'demo-gw-fra', { name: 'Frankfurt gateway', public_ip: '203.0.113.20', region: 'eu-central-1', note: '' }, DEMO_TENANT_ID);
    await add('vpn-gateway', 'demo-gw-iad', { name: 'Virginia gateway', public_ip: '203.0.113.40', region: 'us-east-1', note: '' }, DEMO_TENANT_ID);
    await add('vpn-destination', 'demo-dst-hq', { name: 'Head office LAN', cidrs: ['10.20.0.0/16'], note: '' }, DEMO_TENANT_ID);
    await add('vpn-destination', 'demo-dst-dc', { name: 'Data centre', cidrs: ['10.30.0.0/16', '10.31.0.0/16'], note: '' }, DEMO_TENANT_ID);
    await add('vpn-tunnel', 'demo-tun-berlin', { name: 'Berlin office', gateway_id: 'demo-gw-fra', peer_ip: '198.51.100.7', ike_version: 'ikev2', enabled: true, note: '' }, DEMO_TENANT_ID);
    await add(
      'network-rule',
      'demo-rule-https',
      { name: 'HTTPS to the data centre', destination_ids: ['demo-dst-dc'], protocol: 'tcp', ports: ['443'], action: 'allow', enabled: true, note: '' },
      DEMO_TENANT_ID,
    );
    await add('logging-ip-restriction', 'demo-log-net', { cidr: '192.0.2.0/24', note: 'SOC collectors' }, DEMO_TENANT_ID);
    const token = randomBytes(32).toString('base64url');
    await add('logging-token', 'demo-log-token', { name: 'SOC Splunk', hint: token.slice(-4), token_sha256: createHash('sha256').update(token).digest('hex') }, DEMO_TENANT_ID);
    await add('custom-host-name', 'demo-host-portal', { hostname: 'portal.democorp.example', purpose: 'portal', note: '' }, DEMO_TENANT_ID);
  });
}
