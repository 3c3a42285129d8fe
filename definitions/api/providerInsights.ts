/**
 * The provider console's views into tenants and the fleet, and the last tenant-management calls of spec 001 §7:
 * analytics (tenant insights), schema states, inventory-management, capabilities_validity, SKU assignments of licence
 * keys, policyapitokens, custom_host_names and bulk user create. Spec 001 names these without methods or payloads;
 * the paths, methods and bodies here are this service's design, written in each description. Reads are open to every
 * operator (`provider:read`); changes need `provider:write`.
 */
import { z } from 'zod';
import { OvaKeyParams, Success, TenantParams } from '../../schemas/areas/provider';
import { TenantRecordParams } from '../../schemas/areas/providerFleet';
import {
  AnalyticsQuery,
  BulkUsersAnswer,
  BulkUsersRequest,
  CapabilitiesValidity,
  CustomHostName,
  CustomHostNameInput,
  Inventory,
  InventoryQuery,
  OvaKeySkus,
  OvaKeySkusSave,
  TenantAnalytics,
  TenantApiTokenParams,
  TenantApiTokens,
  TenantSchemaStates,
} from '../../schemas/areas/providerInsights';
import { defineOperation } from '../define';
import { PROVIDER_READ, PROVIDER_WRITE } from './provider';
import { recordOps } from './providerFleet';

const tag = 'provider';
const V1 = '/gdmanage/api/v1';
const TENANT = `${V1}/tenants/{tid}`;

export const tenantAnalytics = defineOperation({
  id: 'provider.analytics.get',
  method: 'GET',
  path: `${TENANT}/analytics`,
  aliases: [`${V1}/analytics/{tid}`],
  summary: 'Tenant insights (analytics): charts of its activity and its reports',
  description:
    'Charts over the last `days` days (default 7): administrator activity per day (audit events), sign-ins per day, ' +
    'users per role. Reports: the tenant\'s 20 newest past reports (instant and scheduled). Design of this service: ' +
    '/v1/tenants/{tid}/analytics.',
  params: TenantParams,
  query: AnalyticsQuery,
  response: TenantAnalytics,
  access: PROVIDER_READ,
  tag,
});

export const tenantSchemaStates = defineOperation({
  id: 'provider.schema.states',
  method: 'GET',
  path: `${TENANT}/schema`,
  aliases: [`${V1}/schema/{tid}`],
  summary: 'Schema states of a tenant\'s stored documents: each policy area and settings page, its stored version and this service\'s',
  description:
    'A document stored at an older version is brought up to date when it is read and stored so when saved; one at a ' +
    'newer version cannot be read by this service (its screen answers an error) until the service is updated. ' +
    'Design of this service: /v1/tenants/{tid}/schema.',
  params: TenantParams,
  response: TenantSchemaStates,
  access: PROVIDER_READ,
  tag,
});

export const inventory = defineOperation({
  id: 'provider.inventory.list',
  method: 'GET',
  path: `${V1}/inventory-management`,
  summary: 'Inventory of the tenants\' appliances: name, address, mode, version (and whether it is supported), reachability, maintenance',
  description: 'Every appliance the tenants\' managers hold, by tenant and name; `tid` narrows it to one tenant. Read only.',
  query: InventoryQuery,
  response: Inventory,
  access: PROVIDER_READ,
  tag,
});

export const capabilitiesValidity = defineOperation({
  id: 'provider.capabilities.validity',
  method: 'GET',
  path: `${TENANT}/capabilities_validity`,
  summary: 'Whether each capability of a tenant is valid: what it switches in its portal now, and whether it agrees with its entitlements',
  description:
    'A capability is invalid when the portal reads no such name (it has no effect), when a switch holds a number or a ' +
    'limit a switch, or, for a tenant licensed through entitlements (a SKU or an override), when it disagrees with what ' +
    'its features decide (the next entitlement change sets it back).',
  params: TenantParams,
  response: CapabilitiesValidity,
  access: PROVIDER_READ,
  tag,
});

const ovaSkus = `${V1}/ova-keys/{key_id}/skus`;
export const getOvaKeySkus = defineOperation({
  id: 'provider.ovaKeys.skus',
  method: 'GET',
  path: ovaSkus,
  summary: 'The SKUs a licence key carries (OVA SKU assignment: sku, expires_at)',
  params: OvaKeyParams,
  response: OvaKeySkus,
  access: PROVIDER_READ,
  tag,
});

export const saveOvaKeySkus = defineOperation({
  id: 'provider.ovaKeys.saveSkus',
  method: 'PUT',
  path: ovaSkus,
  summary: 'Replace the SKUs a licence key carries',
  description:
    'Every sku must be a SKU of sku-management (400 naming skus.N.sku) and appear once; expires_at is sent as ' +
    'YYYY-MM-DDTHH:mm:ssZ. The body is the whole list with the updated_at read (null while the key has never had SKUs); ' +
    'changed since answers 409 with the stored list. Design of this service: /v1/ova-keys/{key_id}/skus.',
  params: OvaKeyParams,
  body: OvaKeySkusSave,
  response: OvaKeySkus,
  access: PROVIDER_WRITE,
  tag,
});

const tokens = `${TENANT}/policyapitokens`;
const tokenDesign =
  'The tenant\'s API tokens (policy API tokens), as its administrators generate them in its portal. An operator lists and ' +
  'revokes them (a leaked token) but cannot create one: a token is a credential into the tenant, for its own administrators.';
export const listPolicyApiTokens = defineOperation({
  id: 'provider.policyApiTokens.list',
  method: 'GET',
  path: tokens,
  summary: 'A tenant\'s policy API tokens (never the tokens themselves)',
  description: tokenDesign,
  params: TenantParams,
  response: TenantApiTokens,
  access: PROVIDER_READ,
  tag,
});
export const revokePolicyApiToken = defineOperation({
  id: 'provider.policyApiTokens.revoke',
  method: 'DELETE',
  path: `${tokens}/{id}`,
  summary: 'Revoke a tenant\'s policy API token; calls with it are refused from then on',
  description: tokenDesign,
  params: TenantApiTokenParams,
  response: z.object({ status: Success }),
  access: PROVIDER_WRITE,
  tag,
});

export const bulkCreateUsers = defineOperation({
  id: 'provider.tenantUsers.bulkCreate',
  method: 'POST',
  path: `${V1}/tenantusers/{tid}/bulk`,
  summary: 'Add administrators to a tenant (bulk user create), all or none',
  description:
    'Each user gets the full administrator role and can sign in to the tenant portal at once. A user name taken anywhere ' +
    'in the service, or more users than the tenant\'s quota allows, is 409 and nobody is added. Design of this service.',
  params: TenantParams,
  body: BulkUsersRequest,
  response: BulkUsersAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const customHostNameOps = recordOps({
  name: 'customHostNames',
  path: `${TENANT}/custom_host_names`,
  noun: 'custom host name',
  plural: 'A tenant\'s custom host names: its own names for the portal, block pages or PAC file',
  input: CustomHostNameInput,
  record: CustomHostName,
  listParams: TenantParams,
  itemParams: TenantRecordParams,
  design: 'Design of this service: /v1/tenants/{tid}/custom_host_names. A host name is unique across the service (409 when another tenant or entry has it).',
});

export const providerInsightOps = {
  tenantAnalytics,
  tenantSchemaStates,
  inventory,
  capabilitiesValidity,
  getOvaKeySkus,
  saveOvaKeySkus,
  listPolicyApiTokens,
  revokePolicyApiToken,
  bulkCreateUsers,
} as const;

export const providerInsightOperations = [...Object.values(providerInsightOps), ...Object.values(customHostNameOps)];
