/**
 * Tenant settings and utilities of spec 002 §7 that are not a settings page: one tenant setting by name, the fixed
 * egress summary, the caller's address, the service's egress addresses, certificate decoding and the time zones of
 * rule schedules; the tenant's multi-tenant associations (read at session start) and their approval; a capability's
 * details; the SAML service provider values and request signing certificate; user authentication through v2.
 */
import {
  ApproveAssociation,
  Association,
  AssociationParam,
  AuthV2Query,
  CapabilityDetail,
  CapabilityNameParam,
  DecodeCertBody,
  DecodedCert,
  FixedEgressState,
  MultiTenantInfo,
  PublicIps,
  SamlServiceProvider,
  SamlSigningCert,
  SettingName,
  SettingValue,
  TimeZones,
  UserIp,
} from '../../schemas/areas/lookups';
import { AuthV2, AuthV2Item, TosAcceptance, TosAcceptBody, TosStatus } from '../../schemas/areas/tenantSettings';
import { defineOperation } from '../define';

const tag = 'tenant settings';
/** Tenancy exists on cloud and on management stations, not on a single appliance. */
const tenancyEnv = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;
const read = { any: ['settings:read'] } as const;

export const tenantSetting = defineOperation({
  id: 'tenantUtils.setting',
  apiOnly: { reason: 'script', why: 'One tenant-wide setting by name for scripts; each setting is edited on its settings page.' },
  method: 'GET',
  path: '/api/settings/v1/tenants/setting/{name}',
  summary: 'One tenant-wide setting by name',
  description:
    '`session_logout_days` is the inactivity time-out in days; any other name answers the value the service provider set ' +
    'for the tenant (a structured value as JSON text), or null when none is set.',
  params: SettingName,
  response: SettingValue,
  access: 'session',
  tag,
});

export const fixedEgressState = defineOperation({
  id: 'tenantUtils.fixedEgress',
  method: 'GET',
  path: '/api/settings/v1/tenants/setting/fixed_egress',
  summary: 'Whether users are pinned to egress addresses, how many, and which addresses',
  description: 'A summary of the Fixed Egress settings page (`/api/settings/v1/tenants/fixed_egress`).',
  response: FixedEgressState,
  access: read,
  tag,
});

export const userIp = defineOperation({
  id: 'tenantUtils.userIp',
  method: 'GET',
  path: '/api/settings/v1/utils/get_user_ip',
  summary: 'The address the caller\'s request came from (to add it to an allow-list)',
  response: UserIp,
  access: 'session',
  tag,
});

export const allPublicIps = defineOperation({
  id: 'tenantUtils.allPublicIps',
  method: 'GET',
  path: '/api/settings/v1/utils/all_public_ips',
  summary: 'Every address the service\'s traffic leaves from, by region',
  response: PublicIps,
  access: read,
  tag,
});

export const decodeCert = defineOperation({
  id: 'tenantUtils.decodeCert',
  method: 'POST',
  path: '/api/settings/v1/utils/decodeCert',
  summary: 'Show the subject, issuer, validity and fingerprint of a PEM certificate before it is saved',
  description: 'Nothing is stored. A block that is PEM-shaped but not a certificate is a 400 on `cert`.',
  body: DecodeCertBody,
  response: DecodedCert,
  // Certificates are chosen on settings pages and on the private access certificates page.
  access: { any: ['settings:read', 'private_access:read'] },
  tag,
});

export const timeZones = defineOperation({
  id: 'tenantUtils.timeZones',
  method: 'GET',
  path: '/api/policy/v1/rules/time_zones',
  summary: 'The time zones rule schedules can use, with their UTC offset now',
  response: TimeZones,
  access: 'session',
  tag,
});

export const multiTenant = defineOperation({
  id: 'tenantUtils.multiTenant',
  method: 'GET',
  path: '/api/settings/v1/tenants/multi_tenant/',
  summary: 'The primary and managed tenants this tenant is associated with, and the requests waiting for its approval',
  description:
    'Read at session start by every signed-in administrator (the header shows waiting requests to those who may ' +
    'approve them). A tenant is primary when it manages another; a pending association waits for the managed tenant.',
  response: MultiTenantInfo,
  access: 'session',
  env: tenancyEnv,
  tag,
});

export const approveAssociation = defineOperation({
  id: 'tenantUtils.approveAssociation',
  method: 'PATCH',
  path: '/api/settings/v1/tenants/multi_tenant/associations/{id}',
  summary: 'Approve a pending association (status `active`): the primary tenant then manages this tenant',
  description:
    'Only the managed tenant approves (409 for the primary tenant\'s own request); approving an active association ' +
    'changes nothing; an unknown id is a 404. The approval is audited.',
  params: AssociationParam,
  body: ApproveAssociation,
  response: Association,
  access: { any: ['settings:write'] },
  env: tenancyEnv,
  tag,
});

// Design note: spec 000 names "get" and "accept" terms-of-service calls without paths; they sit beside the tos
// settings document so one place holds the terms and their acceptances.
export const tosStatus = defineOperation({
  id: 'tenantUtils.tosStatus',
  method: 'GET',
  path: '/api/settings/v1/tenants/tos/status',
  summary: 'The tenant\'s current terms of service and whether the signed-in user must accept them now',
  description:
    'Read at session start by every signed-in user. `must_accept` is true while the terms are on and the user has ' +
    'not accepted the current version, or accepted it more than `accept_every_days` days ago (0: once per version). ' +
    'The path is this build\'s design: the spec names the call but not its path.',
  response: TosStatus,
  access: 'session',
  tag,
});

export const acceptTos = defineOperation({
  id: 'tenantUtils.acceptTos',
  method: 'POST',
  path: '/api/settings/v1/tenants/tos/accept',
  summary: 'Record that the signed-in user accepts the given version of the terms of service',
  description:
    'Any signed-in user accepts for themselves, read-only roles included. The acceptance (who, which version, when) ' +
    'is stored and audited. A version other than the current one is a 409 (the terms changed meanwhile: read them ' +
    'again). The path is this build\'s design: the spec names the call but not its path.',
  body: TosAcceptBody,
  response: TosAcceptance,
  access: 'session',
  tag,
});

export const capability = defineOperation({
  id: 'tenantUtils.capability',
  method: 'GET',
  path: '/api/settings/v1/tenants/capabilities/{name}',
  summary: 'One capability of the tenant: whether it is on, its value and what it gives (e.g. restricted_logs, runtime_analysis, mobileSupport)',
  description:
    'Capabilities are set by the service provider. A name the service does not know is a 404; a known capability the ' +
    'provider never set reads as off with the value null. Screens whose rules depend on one read it to say so while it ' +
    'is off (Mobile Exceptions: mobileSupport; Runtime Threat Analysis: runtime_analysis).',
  params: CapabilityNameParam,
  response: CapabilityDetail,
  access: 'session',
  tag,
});

export const samlSetting = defineOperation({
  id: 'tenantUtils.samlSetting',
  method: 'GET',
  path: '/api/settings/v1/tenants/setting/saml',
  summary: 'What the tenant\'s SAML identity provider needs of the service: entity id, assertion consumer address, request signing certificate',
  description:
    'The identity provider values come from User Authentication (`/api/settings/v1/tenants/auth`); the service values ' +
    'are derived from the address the portal is reached at and the tenant id.',
  response: SamlServiceProvider,
  access: read,
  env: tenancyEnv,
  tag,
});

export const samlSigningCert = defineOperation({
  id: 'tenantUtils.samlSigningCert',
  method: 'GET',
  path: '/api/settings/v1/utils/menloSamlSigningCert',
  summary: 'The certificate the service signs its SAML requests with, to load into the identity provider',
  description: 'The public certificate (PEM) and its details; made once per tenant, its key is kept by the service and never answered.',
  response: SamlSigningCert,
  access: read,
  env: tenancyEnv,
  tag,
});

export const authV2 = defineOperation({
  id: 'tenantUtils.authV2',
  apiOnly: { reason: 'integration', why: 'User authentication in the v2 list form for integrations; the User Authentication screen reads the same settings.' },
  method: 'GET',
  path: '/api/settings/v2/tenants/auth',
  summary: 'User authentication settings in the v2 form: a list of configurations, at most `limit` (callers ask with limit=1)',
  description:
    'The same stored settings as `/api/settings/v1/tenants/auth` (the User Authentication page): a tenant has one ' +
    'configuration, so `total` is 1. Secrets are masked as in v1.',
  query: AuthV2Query,
  response: AuthV2,
  access: read,
  tag,
});

export const saveAuthV2 = defineOperation({
  id: 'tenantUtils.saveAuthV2',
  apiOnly: { reason: 'integration', why: 'Saves user authentication in the v2 list form for integrations; the User Authentication screen saves the same settings.' },
  method: 'PUT',
  path: '/api/settings/v2/tenants/auth',
  summary: 'Save the user authentication settings through the v2 path (the same document and checks as v1)',
  description: 'A stale `updated_at` is a 409 with nothing changed; an invalid body a 400 naming the fields.',
  body: AuthV2Item,
  response: AuthV2Item,
  access: { any: ['settings:write'] },
  tag,
});

/** The group server/modules/lookups.ts implements. */
export const tenantUtilOps = {
  capability,
  samlSetting,
  samlSigningCert,
  authV2,
  saveAuthV2,
  tenantSetting,
  fixedEgressState,
  userIp,
  allPublicIps,
  decodeCert,
  timeZones,
  multiTenant,
  approveAssociation,
  tosStatus,
  acceptTos,
} as const;
