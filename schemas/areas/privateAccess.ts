/**
 * Private access (spec 002 §7: `/api/policy/v1/rules/mpa/{access_rules, app_catalogs, app_connector_clusters}/{rev}`).
 * The spec gives the access rule scopes, session kinds and time units (002 §3) but no payload fields; the design:
 * applications of the catalogue are reached through an app connector cluster in an AWS region; an access rule lets
 * (or stops) sources, platforms, users and groups reaching applications, keyed by the access rule scopes, with an
 * optional re-authentication period.
 */
import { z } from 'zod';
import { AccessRuleScope, AwsRegionCode, SessionKind, TimeUnit, labelledEnum } from '../enums';
import { CHECKS, HostnameOrIp, IpRange, PemCertificate, PortOrPortRange, URL_MAX, VALIDATOR_MESSAGES, checked, isCidr } from '../validators';
import { Comment, Description, Enabled, RULES_MAX, RowId, RuleName, Token, listOf, ruleList } from './common';
import { CountryCode, IpOrCidr } from './ruleConditions';

const scopeTitle = (key: z.infer<typeof AccessRuleScope>) => (AccessRuleScope.meta()?.['x-labels'] as Record<string, string>)[key]!;

export const AccessSource = labelledEnum(
  ['any', 'client', 'browser'],
  { any: 'Any', client: 'Client connector', browser: 'Browser (clientless portal)' },
  { title: scopeTitle('source') },
);
export const AccessPlatform = labelledEnum(
  ['windows', 'macos', 'linux', 'ios', 'android', 'chromeos'],
  { windows: 'Windows', macos: 'macOS', linux: 'Linux', ios: 'iOS', android: 'Android', chromeos: 'ChromeOS' },
  { title: 'Platform' },
);
export const AccessAction = labelledEnum(['allow', 'block'], { allow: 'Allow', block: 'Block' }, { title: 'Action' });

const Cidr = z.string().max(18).refine(isCidr, { message: VALIDATOR_MESSAGES.invalidCidr, params: { key: 'invalidCidr' } });
const Principal = z.string().min(1, { message: 'Enter a name.' }).max(256).refine(CHECKS.lineBreaks, { message: VALIDATOR_MESSAGES.lineBreaks, params: { key: 'lineBreaks' } });

/** Who and what an access rule covers, one key per access rule scope of spec 002 §3; empty lists mean "any". */
export const AccessScope = z
  .strictObject({
    source: AccessSource.default('any'),
    source_ips: listOf(IpOrCidr, scopeTitle('source_ips')),
    source_ip_ranges: listOf(IpRange, scopeTitle('source_ip_ranges')),
    source_cidr_blocks: listOf(Cidr, scopeTitle('source_cidr_blocks')),
    applications: z.array(RowId).min(1, { message: 'Choose at least one application.' }).max(500).meta({ title: scopeTitle('applications'), description: 'Ids of catalogue applications' }),
    ips: listOf(IpOrCidr, scopeTitle('ips'), 1000, 'Destination addresses inside the applications'),
    geo_locations: listOf(CountryCode, scopeTitle('geo_locations'), 250, 'Countries the user connects from'),
    platforms: z.array(AccessPlatform).max(6).default([]).meta({ title: scopeTitle('platforms') }),
    users: listOf(Principal, scopeTitle('users')),
    groups: listOf(Principal, scopeTitle('groups')),
  })
  .meta({ title: 'Scope' });
export type AccessScope = z.infer<typeof AccessScope>;

export const Reauthentication = z
  .strictObject({
    kind: SessionKind.default('session'),
    every: z.number().int().min(1, { message: 'Use at least 1.' }).max(1000, { message: 'Use at most 1000.' }).default(8).meta({ title: 'Every' }),
    unit: TimeUnit.default('hours'),
  })
  .prefault({})
  .meta({ title: 'Re-authentication', description: 'None, once per session, or after a time period' });

export const PrivateAccessRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: AccessScope,
  action: AccessAction,
  posture_profiles: listOf(z.uuid(), 'Posture profiles', 20, 'UUIDs of posture profiles the device must pass'),
  reauthentication: Reauthentication,
  comment: Comment,
});
export type PrivateAccessRule = z.infer<typeof PrivateAccessRule>;

export const AccessRulesDocument = z.strictObject({ list: ruleList(PrivateAccessRule, 'Access rules') });
export type AccessRulesDocument = z.infer<typeof AccessRulesDocument>;

// ---- application catalogue ---------------------------------------------------------------------------------------

export const AppKind = labelledEnum(
  ['web', 'tcp', 'udp'],
  { web: 'Web (browser or client)', tcp: 'TCP (client)', udp: 'UDP (client)' },
  { title: 'Kind' },
);

export const PrivateApplication = z
  .strictObject({
    id: RowId,
    name: RuleName,
    kind: AppKind,
    address: HostnameOrIp.max(253).meta({ title: 'Address', description: 'Internal host name or IPv4 address' }),
    ports: z.array(PortOrPortRange).min(1, { message: 'Add at least one port.' }).max(100).meta({ title: 'Ports' }),
    portal_url: z
      .union([z.literal(''), checked('invalidUrl', z.string().max(URL_MAX))])
      .default('')
      .meta({ title: 'Portal address', description: 'Start page shown on the user portal (web applications)' }),
    cluster_id: RowId.meta({ title: 'App connector cluster', description: 'Id of the cluster that reaches the application' }),
    portal_visible: z.boolean().default(true).meta({ title: 'Show on the user portal' }),
    tags: listOf(Token, 'Tags', 20),
    description: Description,
  })
  .refine((a) => a.kind !== 'web' || a.portal_url !== '', { message: 'A web application needs its portal address.', path: ['portal_url'], params: { key: 'portalUrlRequired' } });
export type PrivateApplication = z.infer<typeof PrivateApplication>;

export const AppCatalogDocument = z.strictObject({ list: ruleList(PrivateApplication, 'Applications', 'id', 500) });
export type AppCatalogDocument = z.infer<typeof AppCatalogDocument>;

// ---- app connector clusters --------------------------------------------------------------------------------------

export const ConnectorCluster = z.strictObject({
  id: RowId,
  name: RuleName,
  region: AwsRegionCode.meta({ title: 'Region', description: 'Service region the connectors register with' }),
  connectors: z.number().int().min(1, { message: 'Use at least 1.' }).max(10, { message: 'Use at most 10.' }).default(2).meta({ title: 'Connectors', description: 'Number of connector instances (2 or more for redundancy)' }),
  internal_networks: listOf(IpOrCidr, 'Networks reached', 100, 'Internal networks the connectors can reach'),
  description: Description,
});
export type ConnectorCluster = z.infer<typeof ConnectorCluster>;

export const ConnectorClustersDocument = z.strictObject({ list: ruleList(ConnectorCluster, 'App connector clusters', 'id', 100) });
export type ConnectorClustersDocument = z.infer<typeof ConnectorClustersDocument>;

// ---- security configuration (/api/settings/v1/tenants/mpa_security_config) ---------------------------------------

export const TlsVersion = labelledEnum(['1.2', '1.3'], { '1.2': 'TLS 1.2', '1.3': 'TLS 1.3' }, { title: 'Oldest TLS version' });

/**
 * Tenant-wide private access security settings. The spec names the call only; the design: the oldest TLS version
 * connectors and clients may use, whether a device must pass a posture profile before any access rule applies, the
 * idle time-out of application sessions, and whether connectors may be provisioned with a one-time key.
 */
export const MpaSecurityConfigDocument = z.strictObject({
  min_tls_version: TlsVersion.default('1.2'),
  require_posture: z.boolean().default(false).meta({ title: 'Require a passing posture profile for every rule' }),
  idle_timeout_minutes: z.number().int().min(5, { message: 'Use at least 5.' }).max(1440, { message: 'Use at most 1440.' }).default(60).meta({ title: 'End idle application sessions after (minutes)' }),
  one_time_provisioning_keys: z.boolean().default(true).meta({ title: 'Provisioning keys work once', description: 'A connector key is spent when a connector registers with it' }),
  blocked_countries: listOf(CountryCode, 'Countries never allowed', 250),
});
export type MpaSecurityConfigDocument = z.infer<typeof MpaSecurityConfigDocument>;

// ---- certificates (/api/settings/v1/tenants/mpa_certificates) ----------------------------------------------------

export const MpaCertificatePurpose = labelledEnum(
  ['device_ca', 'application_ca'],
  { device_ca: 'Device certificate authority', application_ca: 'Application server authority' },
  { title: 'Used for' },
);

/**
 * Certificates private access trusts. The spec names the call only; the design (as in Cloudflare Access mTLS roots
 * and Zscaler Private Access certificates): a device certificate authority lets a client connector prove the device
 * is managed (devices present a certificate it signed); an application server authority is the internal CA the
 * connectors trust when they reach HTTPS applications with private certificates. Only public certificates are
 * kept, never private keys; the portal decodes a certificate (subject, issuer, validity) before it is saved.
 */
export const MpaCertificate = z.strictObject({
  id: RowId,
  name: RuleName,
  purpose: MpaCertificatePurpose,
  certificate: PemCertificate.max(16_384, { message: 'Use at most 16384 characters.' }).meta({ title: 'Certificate (PEM)' }),
  enabled: Enabled,
  description: Description,
});
export type MpaCertificate = z.infer<typeof MpaCertificate>;

export const MpaCertificatesDocument = z.strictObject({ list: ruleList(MpaCertificate, 'Certificates', 'id', 50) });
export type MpaCertificatesDocument = z.infer<typeof MpaCertificatesDocument>;

// ---- derived lists and calls (spec 002 §7) -----------------------------------------------------------------------

/** One application of the catalogue as other screens choose it: its cluster by name and the access rules naming it. */
export const ApplicationListEntry = z.object({
  id: z.string(),
  name: z.string(),
  kind: AppKind,
  address: z.string(),
  cluster_id: z.string(),
  cluster_name: z.string().meta({ description: 'Empty when the cluster is not in the revision' }),
  access_rules: z.array(z.object({ id: z.string(), name: z.string(), action: AccessAction })),
  catalog_updated_at: z.iso.datetime().meta({ description: 'The updated_at of the application catalogue as read: what a move to another cluster sends back' }),
  access_rules_updated_at: z.iso.datetime().meta({ description: 'The updated_at of the access rules as read: what a change of the rules naming the application sends back' }),
});
export const ApplicationList = z
  .object({
    rev_id: z.number().int(),
    applications: z.array(ApplicationListEntry),
    rules: z.array(z.object({ id: z.string(), name: z.string(), action: AccessAction })).meta({ description: 'Every access rule of the revision, in order' }),
  })
  .meta({ title: 'Private applications', description: 'The catalogue of the revision with each cluster named and the access rules that name each application' });
export type ApplicationList = z.infer<typeof ApplicationList>;

export const ConnectorState = labelledEnum(
  ['awaiting_key', 'connected'],
  { awaiting_key: 'Waiting for a key', connected: 'Connected' },
  { title: 'State' },
);

export const ClusterListEntry = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  region_label: z.string(),
  applications: z.number().int().meta({ description: 'Catalogue applications reached through the cluster' }),
  connectors: z.array(z.object({ name: z.string(), state: ConnectorState })),
  state: ConnectorState.meta({ description: 'Connected once its connectors registered with a provisioning key' }),
  key_hint: z.string().meta({ description: 'The last four characters of the current provisioning key; empty before one is issued' }),
  key_issued_at: z.iso.datetime().nullable(),
  key_issued_by: z.string(),
});
export const ClusterList = z
  .object({ rev_id: z.number().int(), clusters: z.array(ClusterListEntry) })
  .meta({ title: 'App connector clusters', description: 'The clusters of the revision with their connectors, state and provisioning key (masked)' });
export type ClusterList = z.infer<typeof ClusterList>;

const Stamp = z.iso.datetime({ message: 'Send the updated_at you read.' }).meta({ title: 'Updated at', description: 'The updated_at of the document as read; a stale one is answered 409' });

/** Puts one application in exactly the listed access rules (and takes it out of the others). */
export const UpdateAccessPolicyApplication = z.strictObject({
  updated_at: Stamp,
  application_id: RowId.meta({ title: 'Application' }),
  access_rules: z.array(RowId).max(RULES_MAX).meta({ title: 'Access rules', description: 'Ids of the access rules that name the application' }),
});

/** Moves the listed applications of the catalogue to one app connector cluster. */
export const UpdateCatalogClusters = z.strictObject({
  updated_at: Stamp,
  cluster_id: RowId.meta({ title: 'App connector cluster' }),
  applications: z.array(RowId).min(1, { message: 'Choose at least one application.' }).max(500).meta({ title: 'Applications' }),
});

/** Issues a new provisioning key for a cluster of the working revision; the previous key stops working. */
export const SetProvisioningKeyLookup = z.strictObject({
  cluster_id: RowId.meta({ title: 'App connector cluster' }),
});
export const ProvisioningKeyAnswer = z.object({
  cluster_id: z.string(),
  key: z.string().meta({ description: 'The new key, answered once; only a hash is stored' }),
  hint: z.string(),
  issued_at: z.iso.datetime(),
  message: z.string(),
});

export const ConnectorRegions = z.object({
  default: AwsRegionCode,
  regions: z.array(z.object({ value: AwsRegionCode, label: z.string(), clusters: z.number().int() })),
});
export const UserPortalUrl = z.object({ url: z.string().meta({ description: 'Where users open the applications shown on the user portal' }) });
