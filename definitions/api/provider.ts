/**
 * The provider console's management service (spec 001 §7 "Tenant management", under /gdmanage/api). Operators are
 * accounts of the provider tenant the seed creates: `provider:write` changes tenants, `provider:read` only reads
 * (the support role). The handlers also refuse any caller outside the provider tenant (403), so a tenant
 * administrator whose roles match every area still gets 403 here, and operator roles hold no tenant permission,
 * so an operator gets 403 on the tenant API. Every answer carries `status: "Success"` (spec 001 §5).
 */
import {
  CapabilitiesAnswer,
  CapabilitiesDelete,
  CapabilitiesPatch,
  CategoryOverrideAnswer,
  CategoryOverrideInput,
  CategoryOverrideList,
  CategoryOverrideParams,
  CategoryOverrideUpdate,
  CreateTenantRequest,
  DryRunQuery,
  EditTenantRequest,
  IdpToken,
  IdpTokenRequest,
  OAuthLoginQuery,
  OperatorInfo,
  OperatorSession,
  OvaKeyAnswer,
  OvaKeyCreate,
  OvaKeyList,
  OvaKeyParams,
  OvaKeyUpdate,
  RenameTenantRequest,
  SuccessOnly,
  TenantAnswer,
  TenantCommandRequest,
  TenantList,
  TenantListQuery,
  TenantParams,
  TenantUserAnswer,
  TenantUserParams,
  TenantUsers,
} from '../../schemas/areas/provider';
import { CategoryList } from '../../schemas/logs';
import { defineOperation } from '../define';

const tag = 'provider';
const BASE = '/gdmanage/api';
export const PROVIDER_READ = { any: ['provider:read'] } as const;
export const PROVIDER_WRITE = { any: ['provider:write'] } as const;

export const idpToken = defineOperation({
  id: 'provider.idpToken',
  method: 'POST',
  path: '/gdmanage/idp/token',
  summary: 'Operator sign-in at the identity provider the service hosts; answers a single-use access token',
  description:
    'The hosted identity provider checks the operator\'s user name and password (throttled like the tenant sign-in) and ' +
    'hands out an access token valid for 60 seconds, exchanged once by GET /gdmanage/api/oauth/login. Accounts outside ' +
    'the provider tenant get the same answer as a wrong password.',
  body: IdpTokenRequest,
  response: IdpToken,
  access: 'public',
  tag,
});

export const oauthLogin = defineOperation({
  id: 'provider.oauthLogin',
  method: 'GET',
  path: `${BASE}/oauth/login`,
  summary: 'Exchange an identity-provider access token for an operator session',
  description: 'Starts a new session (HttpOnly sid cookie, user_id and _xsrf cookies). An unknown, used or expired token is 401.',
  query: OAuthLoginQuery,
  response: OperatorSession,
  access: 'public',
  tag,
});

export const me = defineOperation({
  id: 'provider.me',
  method: 'GET',
  path: `${BASE}/me`,
  summary: 'The signed-in operator; status is "authenticated"',
  description: 'Without an operator session the answer is 401 "Can not get user data." (spec 001 §8).',
  response: OperatorInfo,
  access: 'public',
  tag,
});

export const sessionCookie = defineOperation({
  id: 'provider.sessionCookie',
  method: 'GET',
  path: `${BASE}/v1/session_cookie`,
  summary: 'Refresh the operator session and its cookies',
  description: 'Without an operator session the answer is 401 "Can not set cookie." (spec 001 §8).',
  response: OperatorSession,
  access: 'public',
  tag,
});

export const sessionLogout = defineOperation({
  id: 'provider.sessionLogout',
  method: 'GET',
  path: `${BASE}/v1/session/logout`,
  summary: 'End the operator session',
  description: 'Never fails; a request a browser marks as cross-site is refused with 403 so another site cannot sign an operator out.',
  response: SuccessOnly,
  access: 'public',
  tag,
});

export const extendKey = defineOperation({
  id: 'provider.extendKey',
  method: 'POST',
  path: `${BASE}/v1/session/extendkey`,
  summary: 'Extend the operator session; answers its key id and new expiry',
  response: OperatorSession,
  access: PROVIDER_READ,
  tag,
});

export const listTenants = defineOperation({
  id: 'provider.tenants.list',
  method: 'GET',
  path: `${BASE}/v1/tenants`,
  summary: 'Tenants of the service (not the provider tenant) by name, each with its deployment and tags; search by part of the name, filter by state, deployment and tag',
  description: 'A tenant never moved runs in the default deployment and is found under it. v2 and v3 answer the same list in pages.',
  query: TenantListQuery,
  response: TenantList,
  access: PROVIDER_READ,
  tag,
});

export const getTenant = defineOperation({
  id: 'provider.tenants.get',
  apiOnly: { reason: 'script', why: 'One tenant by id for scripts; the console shows a tenant from the list and its overview.' },
  method: 'GET',
  path: `${BASE}/v1/tenants/{tid}`,
  summary: 'One tenant',
  params: TenantParams,
  response: TenantAnswer,
  access: PROVIDER_READ,
  tag,
});

export const createTenant = defineOperation({
  id: 'provider.tenants.create',
  method: 'POST',
  path: `${BASE}/v1/tenants`,
  summary: 'Create a tenant with its administrators (bulk user create)',
  description:
    'Creates the tenant in the same store as every other tenant, with a published initial policy and a working revision, ' +
    'and its users with full administrator roles; they can sign in to the tenant portal at once. Capabilities not given ' +
    'take the standard set (rbac, portal2, reports, pac, bnb, dlp, casb, email, fwaas, private_access, bandwidth_limits, ' +
    'browsing_forensics, watermarking, documents, files: all on). A name or user name already taken is 409, nothing created.',
  body: CreateTenantRequest,
  response: TenantAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const editTenant = defineOperation({
  id: 'provider.tenants.edit',
  method: 'PUT',
  path: `${BASE}/v1/tenants/{tid}`,
  summary: 'Edit a tenant (group_id is the tenant id): name and inactivity time-out in days',
  params: TenantParams,
  body: EditTenantRequest,
  response: TenantAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const reenableTenant = defineOperation({
  id: 'provider.tenants.reenable',
  method: 'POST',
  path: `${BASE}/v1/tenants/{tid}/reenable`,
  summary: 'Re-enable a disabled tenant: its users can sign in again',
  params: TenantParams,
  response: TenantAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const disableTenant = defineOperation({
  id: 'provider.commands.disableTenant',
  method: 'POST',
  path: `${BASE}/v1/commands/disabletenant`,
  summary: 'Disable a tenant: every session of its users ends and they cannot sign in until it is re-enabled',
  description: 'The tenant\'s data stays; its users\' sign-in is refused with 403 while it is disabled.',
  body: TenantCommandRequest,
  response: TenantAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const renameTenant = defineOperation({
  id: 'provider.commands.renameTenant',
  method: 'POST',
  path: `${BASE}/v1/commands/renametenant`,
  summary: 'Rename a tenant (the name must be unused)',
  body: RenameTenantRequest,
  response: TenantAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const tenantUsers = defineOperation({
  id: 'provider.tenantUsers.list',
  method: 'GET',
  path: `${BASE}/v1/tenantusers/{tid}`,
  summary: 'Users of a tenant',
  params: TenantParams,
  response: TenantUsers,
  access: PROVIDER_READ,
  tag,
});

export const disableUserMfa = defineOperation({
  id: 'provider.tenantUsers.disableMfa',
  method: 'POST',
  path: `${BASE}/v1/tenantusers/{tid}/{uid}/disablemfa`,
  summary: 'Disable multi-factor authentication for a tenant user',
  description:
    'For a user who lost their second factor: the enrolment is removed, the user signs in with the password alone and ' +
    'enrols again when the tenant asks for it. A user already without one is answered as is.',
  params: TenantUserParams,
  response: TenantUserAnswer,
  access: PROVIDER_WRITE,
  tag,
});

const dryRunNote = 'With DryRun=true the answer lists what would change (changes: name, before, after) and nothing is stored.';

export const getCapabilities = defineOperation({
  id: 'provider.capabilities.get',
  method: 'GET',
  path: `${BASE}/v1/tenants/{tid}/capabilities`,
  summary: 'Capabilities of a tenant (they drive its feature flags)',
  params: TenantParams,
  query: DryRunQuery,
  response: CapabilitiesAnswer,
  access: PROVIDER_READ,
  tag,
});

export const patchCapabilities = defineOperation({
  id: 'provider.capabilities.patch',
  method: 'PATCH',
  path: `${BASE}/v1/tenants/{tid}/capabilities`,
  summary: 'Set some capabilities of a tenant; the tenant portal follows on its next request',
  description: dryRunNote,
  params: TenantParams,
  query: DryRunQuery,
  body: CapabilitiesPatch,
  response: CapabilitiesAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const deleteCapabilities = defineOperation({
  id: 'provider.capabilities.delete',
  method: 'DELETE',
  path: `${BASE}/v1/tenants/{tid}/capabilities`,
  summary: 'Remove capabilities of a tenant (a removed switch is off)',
  description: dryRunNote,
  params: TenantParams,
  query: DryRunQuery,
  body: CapabilitiesDelete,
  response: CapabilitiesAnswer,
  access: PROVIDER_WRITE,
  tag,
});

const OVA_KEYS = `${BASE}/v1/ova-keys`;
/** The spec's name for the keys (spec 001 §7 "ova keys"), served as an alias of OVA_KEYS. */
const SPEC_OVA_KEYS = `${BASE}/v1/ova/keys`;
const ovaPathNote =
  'Spec 001 names "ova keys" without a path or method; /gdmanage/api/v1/ova/keys (list, create) and ' +
  '/gdmanage/api/v1/ova/keys/{key_id} (edit, delete) follow its name, and the earlier /gdmanage/api/v1/ova-keys paths ' +
  'are the same calls. A key\'s features (spec 001 §3 "Licence key feature") are part of the key: read and saved with it.';

export const listOvaKeys = defineOperation({
  id: 'provider.ovaKeys.list',
  method: 'GET',
  path: OVA_KEYS,
  aliases: [SPEC_OVA_KEYS],
  summary: 'Licence keys of appliances (OVA keys), by key id',
  description: ovaPathNote,
  response: OvaKeyList,
  access: PROVIDER_READ,
  tag,
});

export const createOvaKey = defineOperation({
  id: 'provider.ovaKeys.create',
  method: 'POST',
  path: OVA_KEYS,
  aliases: [SPEC_OVA_KEYS],
  summary: 'Issue a licence key for an appliance, with its features',
  description:
    `${ovaPathNote} expires_at is sent as YYYY-MM-DDTHH:mm:ssZ and is required unless does_not_expire is true (for the ` +
    'key and for each feature). A key id already issued is 409, nothing stored.',
  body: OvaKeyCreate,
  response: OvaKeyAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const updateOvaKey = defineOperation({
  id: 'provider.ovaKeys.update',
  method: 'PUT',
  path: `${OVA_KEYS}/{key_id}`,
  aliases: [`${SPEC_OVA_KEYS}/{key_id}`],
  summary: 'Replace a licence key\'s terms and features (the key id stays)',
  description:
    `${ovaPathNote} The body is the whole key without its id, with the updated_at read; fields left out take their ` +
    'defaults. A key changed since (or no updated_at) answers 409 with the stored key, nothing changed.',
  params: OvaKeyParams,
  body: OvaKeyUpdate,
  response: OvaKeyAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const expireOvaKey = defineOperation({
  id: 'provider.ovaKeys.expire',
  method: 'POST',
  path: `${OVA_KEYS}/{key_id}/expire`,
  aliases: [`${SPEC_OVA_KEYS}/{key_id}/expire`],
  summary: 'Expire a licence key now: expires_at becomes the current time and does_not_expire false',
  description: `${ovaPathNote} Its features keep their own expiry.`,
  params: OvaKeyParams,
  response: OvaKeyAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const deleteOvaKey = defineOperation({
  id: 'provider.ovaKeys.delete',
  method: 'DELETE',
  path: `${OVA_KEYS}/{key_id}`,
  aliases: [`${SPEC_OVA_KEYS}/{key_id}`],
  summary: 'Delete a licence key',
  description: ovaPathNote,
  params: OvaKeyParams,
  response: SuccessOnly,
  access: PROVIDER_WRITE,
  tag,
});

const CATEGORY_OVERRIDES = `${BASE}/v1/category-overrides`;

export const listCategories = defineOperation({
  id: 'provider.categories.list',
  method: 'GET',
  path: `${BASE}/v1/categories`,
  summary: 'The web categories an override can give a URL: each category\'s id (value) and name (label)',
  description: 'The current category list (with the extended categories 85 to 88) that tenants\' web policies use; Private Access is left out.',
  response: CategoryList,
  access: PROVIDER_READ,
  tag,
});

export const listCategoryOverrides = defineOperation({
  id: 'provider.categoryOverrides.list',
  method: 'GET',
  path: CATEGORY_OVERRIDES,
  summary: 'Category overrides: URLs given other categories than their rating, for every tenant or some',
  response: CategoryOverrideList,
  access: PROVIDER_READ,
  tag,
});

export const createCategoryOverride = defineOperation({
  id: 'provider.categoryOverrides.create',
  method: 'POST',
  path: CATEGORY_OVERRIDES,
  summary: 'Add a category override',
  description: 'tenants defaults to [] (every tenant) and submission_reference to ""; a tenant id that does not exist is 400.',
  body: CategoryOverrideInput,
  response: CategoryOverrideAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const updateCategoryOverride = defineOperation({
  id: 'provider.categoryOverrides.update',
  method: 'PUT',
  path: `${CATEGORY_OVERRIDES}/{id}`,
  summary: 'Replace a category override',
  description:
    'The body is the whole override with the updated_at read; fields left out take their defaults. An override changed ' +
    'since (or no updated_at) answers 409 with the stored override, nothing changed.',
  params: CategoryOverrideParams,
  body: CategoryOverrideUpdate,
  response: CategoryOverrideAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const deleteCategoryOverride = defineOperation({
  id: 'provider.categoryOverrides.delete',
  method: 'DELETE',
  path: `${CATEGORY_OVERRIDES}/{id}`,
  summary: 'Delete a category override',
  params: CategoryOverrideParams,
  response: SuccessOnly,
  access: PROVIDER_WRITE,
  tag,
});

/** The group server/modules/provider.ts implements. */
export const providerOps = {
  idpToken,
  oauthLogin,
  me,
  sessionCookie,
  sessionLogout,
  extendKey,
  listTenants,
  getTenant,
  createTenant,
  editTenant,
  reenableTenant,
  disableTenant,
  renameTenant,
  tenantUsers,
  disableUserMfa,
  getCapabilities,
  patchCapabilities,
  deleteCapabilities,
  listOvaKeys,
  createOvaKey,
  updateOvaKey,
  expireOvaKey,
  deleteOvaKey,
  listCategories,
  listCategoryOverrides,
  createCategoryOverride,
  updateCategoryOverride,
  deleteCategoryOverride,
} as const;
