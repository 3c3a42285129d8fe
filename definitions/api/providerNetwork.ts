/**
 * The provider console's per-tenant VPN and logging records and its tenant groups (spec 001 §7 "Tenant management":
 * vpn destinations / gateways / tunnels / network_rules, logging tokens (auth_tokens and ip_restrictions),
 * tenantgroups). Spec 001 names these without methods or payloads; the paths, methods and bodies here are this
 * service's design, written in each operation's description. Reads are open to every operator (`provider:read`);
 * changes need `provider:write`; a replace is stamped (409 when stale).
 */
import { z } from 'zod';
import { Success, TenantParams } from '../../schemas/areas/provider';
import { Name, RecordParams, TenantRecordParams } from '../../schemas/areas/providerFleet';
import {
  CollectAnswer,
  CollectQuery,
  LoggingIpRestriction,
  LoggingIpRestrictionInput,
  NetworkRule,
  NetworkRuleInput,
  TenantGroup,
  TenantGroupInput,
  VpnDestination,
  VpnDestinationInput,
  VpnGateway,
  VpnGatewayInput,
  VpnTunnel,
  VpnTunnelInput,
} from '../../schemas/areas/providerNetwork';
import { defineOperation } from '../define';
import { PROVIDER_READ, PROVIDER_WRITE } from './provider';
import { recordOps } from './providerFleet';

const tag = 'provider';
const TENANT = '/gdmanage/api/v1/tenants/{tid}';
const vpn =
  'The tenant\'s site-to-site VPN as the service runs it: gateways (where tunnels end), tunnels from its sites, ' +
  'destinations (its networks reachable through them) and network rules (which traffic to them is allowed). ' +
  'Design of this service: /v1/tenants/{tid}/vpn/<kind> and /v1/tenants/{tid}/vpn/<kind>/{id}.';

export const vpnGatewayOps = recordOps({
  name: 'vpnGateways',
  path: `${TENANT}/vpn/gateways`,
  noun: 'VPN gateway',
  plural: 'A tenant\'s VPN gateways, each with how many tunnels end at it',
  input: VpnGatewayInput,
  record: VpnGateway,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: vpn,
  deleteNote: 'A gateway tunnels still end at is 409, nothing deleted.',
});

export const vpnTunnelOps = recordOps({
  name: 'vpnTunnels',
  path: `${TENANT}/vpn/tunnels`,
  noun: 'VPN tunnel',
  plural: 'A tenant\'s VPN tunnels',
  input: VpnTunnelInput,
  record: VpnTunnel,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: `${vpn} A tunnel names one of the tenant's gateways (gateway_id; another tenant's or an unknown one is 400).`,
});

export const vpnDestinationOps = recordOps({
  name: 'vpnDestinations',
  path: `${TENANT}/vpn/destinations`,
  noun: 'VPN destination',
  plural: 'A tenant\'s VPN destinations: its networks reachable through its tunnels',
  input: VpnDestinationInput,
  record: VpnDestination,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: vpn,
  deleteNote: 'A destination a network rule names is 409, nothing deleted.',
});

export const networkRuleOps = recordOps({
  name: 'networkRules',
  path: `${TENANT}/vpn/network_rules`,
  noun: 'network rule',
  plural: 'A tenant\'s network rules: which traffic to its VPN destinations is allowed or blocked',
  input: NetworkRuleInput,
  record: NetworkRule,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: `${vpn} Every destination_ids entry must be a destination of the tenant (400 naming destination_ids.N).`,
});

export const loggingIpRestrictionOps = recordOps({
  name: 'loggingIpRestrictions',
  path: `${TENANT}/logging/ip_restrictions`,
  noun: 'logging IP restriction',
  plural: 'The networks a tenant\'s log collectors connect from',
  input: LoggingIpRestrictionInput,
  record: LoggingIpRestriction,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design:
    'Where the tenant\'s log collectors may connect from: while a tenant has any, logs.collect answers only calls from ' +
    'an address inside one of them (403 otherwise). Design of this service: /v1/tenants/{tid}/logging/ip_restrictions.',
  createNote: 'A network already listed is 409.',
});

export const tenantGroupOps = recordOps({
  name: 'tenantGroups',
  path: '/gdmanage/api/v1/tenantgroups',
  noun: 'tenant group',
  plural: 'Tenant groups: tenants an operator handles together (a reseller\'s customers, a region)',
  input: TenantGroupInput,
  record: TenantGroup,
  listParams: undefined,
  itemParams: RecordParams,
  design: 'Service-wide records (design of this service: /v1/tenantgroups, /v1/tenantgroups/{id}). Every tids entry must be a tenant (400 naming tids.N).',
});

// ---- logging auth tokens -----------------------------------------------------------------------------------------

const LoggingToken = z.object({
  id: z.string(),
  name: z.string().meta({ title: 'Name' }),
  hint: z.string().meta({ title: 'Token', description: 'The last four characters, to tell tokens apart.' }),
  updated_at: z.string().meta({ title: 'Created' }),
  updated_by: z.string().meta({ title: 'Created by' }),
  tenant_id: z.string(),
});
const tokens = `${TENANT}/logging/auth_tokens`;
const tokenDesign =
  'A logging token is the credential a tenant\'s log collector (SIEM export) is given: it reads the tenant\'s events ' +
  'with logs.collect, from the networks of the tenant\'s logging IP restrictions. Only its SHA-256 is stored; the token ' +
  'itself is answered once, when it is created. Design of this service: /v1/tenants/{tid}/logging/auth_tokens.';

/** The Authorization scheme of a logging token (`Authorization: LoggingToken <token>`), apart from API tokens' Bearer. */
export const LOGGING_TOKEN_SCHEME = 'LoggingToken';

export const listLoggingTokens = defineOperation({
  id: 'provider.loggingTokens.list',
  method: 'GET',
  path: tokens,
  summary: 'A tenant\'s logging tokens (without the tokens themselves)',
  description: tokenDesign,
  params: TenantParams,
  response: z.object({ status: Success, items: z.array(LoggingToken) }),
  access: PROVIDER_READ,
  tag,
});

export const createLoggingToken = defineOperation({
  id: 'provider.loggingTokens.create',
  method: 'POST',
  path: tokens,
  summary: 'Create a logging token for a tenant; the answer shows the token once',
  description: `${tokenDesign} At most 10 tokens per tenant (409 beyond).`,
  params: TenantParams,
  body: z.strictObject({ name: Name.meta({ title: 'Name', description: 'What the token is for, e.g. the collector\'s name.' }) }),
  response: z.object({ status: Success, item: LoggingToken, token: z.string().meta({ title: 'Token', description: 'Shown once; store it in the log collector.' }) }),
  access: PROVIDER_WRITE,
  tag,
});

export const deleteLoggingToken = defineOperation({
  id: 'provider.loggingTokens.delete',
  method: 'DELETE',
  path: `${tokens}/{id}`,
  summary: 'Revoke a tenant\'s logging token',
  description: tokenDesign,
  params: TenantRecordParams,
  response: z.object({ status: Success }),
  access: PROVIDER_WRITE,
  tag,
});

export const collectLogs = defineOperation({
  id: 'logs.collect',
  apiOnly: { reason: 'log-collector', why: 'A SIEM or log collector reads the tenant’s events with a logging token; administrators read events in the log views.' },
  method: 'GET',
  path: '/api/logs/v1/collector/events',
  summary: 'Log collection: a log collector (SIEM) ingests the tenant\'s events of one kind, oldest first, after a cursor',
  description:
    `Authenticated by a logging token in \`Authorization: ${LOGGING_TOKEN_SCHEME} <token>\`, without cookies or XSRF: the ` +
    'token names the tenant, so a collector reads that tenant\'s events only. Design of this service: the logging tokens ' +
    'are for the tenant\'s SIEM export, so the collector pulls (ingests into the SIEM) rather than pushes; it calls again ' +
    'with the answered `next` until `next` is null, and later from its last cursor. An unknown or revoked token, or a ' +
    'disabled tenant, is 401; a caller outside the tenant\'s logging IP restrictions (when it has any) is 403. Each call ' +
    'is in the tenant\'s audit log under the token\'s name.',
  query: CollectQuery,
  response: CollectAnswer,
  access: 'public',
  env: { deployments: ['cloud', 'dev'] },
  tag: 'logs',
});

export const loggingTokenOps = { listLoggingTokens, createLoggingToken, deleteLoggingToken, collectLogs } as const;

export const providerNetworkRecordOps = {
  vpnGateways: vpnGatewayOps,
  vpnTunnels: vpnTunnelOps,
  vpnDestinations: vpnDestinationOps,
  networkRules: networkRuleOps,
  loggingIpRestrictions: loggingIpRestrictionOps,
  tenantGroups: tenantGroupOps,
} as const;

export const providerNetworkOperations = [
  ...Object.values(loggingTokenOps),
  ...Object.values(providerNetworkRecordOps).flatMap((g) => Object.values(g)),
];
