/**
 * The provider console's calls on one tenant's own configuration (spec 001 §7 "Tenant management"): its policy (read,
 * save, a template, tenantpolicyinit) and published revisions, roles (RBAC), configuration, terms of service, global
 * settings, PAC and safemail settings, tags and quota, and the paged tenant lists (v2, v3). They act on the tenant's
 * own store, the documents its portal reads and saves, so what an operator changes is what the tenant's
 * administrators see on their next request; every change is audited in the tenant's log as "<operator> (service
 * provider)" and in the provider's. Spec 001 names these calls without methods or payloads: the paths, methods and
 * bodies are this service's design, written in each description. Reads are open to every operator (`provider:read`,
 * the support role too); changes need `provider:write`.
 */
import { Success, TenantParams } from '../../schemas/areas/provider';
import {
  PolicyTemplateAnswer,
  PolicyTemplateRequest,
  TenantConfig,
  TenantListV2,
  TenantListV2Query,
  TenantListV3,
  TenantListV3Query,
  TenantPolicy,
  TenantPolicyInitRequest,
  TenantPolicyPublish,
  TenantPolicySave,
  TenantQuota,
  TenantQuotaSave,
  TenantRbac,
  TenantRevisions,
  TenantRevisionsQuery,
  TenantTags,
  TenantTagsSave,
} from '../../schemas/areas/providerTenant';
import type { DocumentScreen } from '../define';
import { defineOperation } from '../define';
import { documentEnvelope } from '../derive';
import { emailConfig } from '../policy/email/emailConfig';
import { pacSettings } from '../settings/pacSettings';
import { globalSettings } from '../settings/tenant/globalSettings';
import { termsOfService } from '../settings/tenant/termsOfService';
import { PROVIDER_READ, PROVIDER_WRITE } from './provider';

const tag = 'provider';
const V1 = '/gdmanage/api/v1';
const TENANT = `${V1}/tenants/{tid}`;

// ---- policy -----------------------------------------------------------------------------------------------------------

const policyStore =
  'The tenant\'s policy is the one its portal edits: every policy area\'s document in its working revision, which the ' +
  'tenant\'s administrators review and publish (or the operator with tenantpolicyinit).';

export const getPolicy = defineOperation({
  id: 'provider.tenantPolicy.get',
  apiOnly: { reason: 'script', why: 'A tenant’s whole policy as one document for scripts (export, copy between tenants); the console edits it area by area.' },
  method: 'GET',
  path: `${TENANT}/policy`,
  summary: 'A tenant\'s policy: the working revision (staged_rev_id, rev_id, state, updated_at) and every area\'s document (data)',
  description: `${policyStore} Areas are keyed by their screen id; secrets are masked. Areas never saved read as their defaults.`,
  params: TenantParams,
  response: TenantPolicy,
  access: PROVIDER_READ,
  tag,
});

export const savePolicy = defineOperation({
  id: 'provider.tenantPolicy.save',
  apiOnly: { reason: 'script', why: 'Saves a tenant’s whole policy as one document for scripts; the console saves it area by area.' },
  method: 'PUT',
  path: `${TENANT}/policy`,
  summary: 'Save areas of a tenant\'s policy in its working revision (staged, not published)',
  description:
    `${policyStore} The body names the areas to replace (data, by screen id; the others are kept) with the staged_rev_id, ` +
    'state and updated_at read. Each area is validated with its screen\'s schema: a 400 names the field as ' +
    'data.<area>.<field>, and nothing is stored. A working revision changed since it was read (a save by the tenant, a ' +
    'publish) answers 409 with the current policy, nothing stored. A secret sent back as its placeholder keeps its value.',
  params: TenantParams,
  body: TenantPolicySave,
  response: TenantPolicy,
  access: PROVIDER_WRITE,
  tag,
});

export const publishPolicy = defineOperation({
  id: 'provider.tenantPolicy.publish',
  method: 'POST',
  path: `${TENANT}/policy/publish`,
  summary: 'Publish a tenant\'s working revision with a change reason, as its portal\'s publish does',
  description:
    `${policyStore} The body names the working revision (staged_rev_id and updated_at as read, or as a save answered): ` +
    'a revision changed since (a save by the tenant) answers 409 with the current policy and publishes nothing, so ' +
    'only what the operator reviewed goes live. A working revision without unpublished changes is left as it is.',
  params: TenantParams,
  body: TenantPolicyPublish,
  response: TenantPolicy,
  access: PROVIDER_WRITE,
  apiOnly: { reason: 'script', why: 'The portal command publishes the policy files it applied to each tenant (`portal apply --tenant`).' },
  tag,
});

export const postPolicyTemplate = defineOperation({
  id: 'provider.tenantPolicy.applyTemplate',
  method: 'POST',
  path: `${TENANT}/policy`,
  summary: 'Stage a policy template (policytemplate) over a tenant\'s working revision',
  description:
    `${policyStore} Every area whose content differs from the template is saved with the template's content in the ` +
    'working revision, which then holds unpublished changes the tenant reviews and publishes (as a rollback does). ' +
    'Templates: "standard" (the service\'s reference rules, those of its demo tenant) and "blank" (every area at its defaults).',
  params: TenantParams,
  body: PolicyTemplateRequest,
  response: PolicyTemplateAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const tenantPolicyInit = defineOperation({
  id: 'provider.commands.tenantPolicyInit',
  method: 'POST',
  path: `${V1}/commands/tenantpolicyinit`,
  summary: 'Initialise a tenant\'s policy from a template and publish it (tenantpolicyinit)',
  description:
    `${policyStore} The template (policytemplate) is staged as by POST /v1/tenants/{tid}/policy and published at once ` +
    'with the reason "Policy initialised from the <template> template". Refused with 409 while the tenant\'s working ' +
    'revision holds unpublished changes, so an edit of its administrators is never overwritten.',
  body: TenantPolicyInitRequest,
  response: PolicyTemplateAnswer,
  access: PROVIDER_WRITE,
  tag,
});

export const policyRevisions = defineOperation({
  id: 'provider.tenantPolicy.revisions',
  method: 'GET',
  path: `${TENANT}/policy/revisions`,
  summary: 'A tenant\'s published policy revisions, newest first, paged (limit 25, offset 0 by default)',
  description: 'The same history the tenant\'s portal shows: who published, when, the reason and the areas each revision changed.',
  params: TenantParams,
  query: TenantRevisionsQuery,
  response: TenantRevisions,
  access: PROVIDER_READ,
  tag,
});

// ---- tenant lists v2 and v3 -----------------------------------------------------------------------------------------

export const listTenantsV2 = defineOperation({
  id: 'provider.tenants.listV2',
  apiOnly: { reason: 'script', why: 'The paged v2 list of tenants for scripts; the Tenants screen reads the v1 list with its filters.' },
  method: 'GET',
  path: '/gdmanage/api/v2/tenants',
  summary: 'Tenants by name, paged (limit 25, offset 0 by default), with the total; filters as in v1 (search, state, deployment, tag)',
  query: TenantListV2Query,
  response: TenantListV2,
  access: PROVIDER_READ,
  tag,
});

export const listTenantsV3 = defineOperation({
  id: 'provider.tenants.listV3',
  apiOnly: { reason: 'script', why: 'The paged v3 list of tenants for scripts; the Tenants screen reads the v1 list with its filters.' },
  method: 'GET',
  path: '/gdmanage/api/v3/tenants',
  summary: 'Tenants by name, paged as in v2, each with its deployment and tags as in v1',
  description: 'A tenant never moved runs in the default deployment and is found under it.',
  query: TenantListV3Query,
  response: TenantListV3,
  access: PROVIDER_READ,
  tag,
});

// ---- RBAC, config, tags, quota ----------------------------------------------------------------------------------------

export const tenantRbac = defineOperation({
  id: 'provider.tenantRbac.list',
  method: 'GET',
  path: `${TENANT}/rbac`,
  summary: 'A tenant\'s roles (RBAC list): built-in and its own, with what each may read, write or is denied, and how many users hold it',
  description: 'Read only: roles are the tenant administrators\' to change in their portal.',
  params: TenantParams,
  response: TenantRbac,
  access: PROVIDER_READ,
  tag,
});

export const tenantConfig = defineOperation({
  id: 'provider.tenantConfig.get',
  method: 'GET',
  path: `${TENANT}/config`,
  summary: 'A tenant\'s configuration as its portal runs with it: state, deployment, time-out, feature flags, limits, policy revision, users',
  description: 'Read only; each part is changed by its own call (edit, capabilities, quota, deployments).',
  params: TenantParams,
  response: TenantConfig,
  access: PROVIDER_READ,
  tag,
});

export const getTenantTags = defineOperation({
  id: 'provider.tenantTags.get',
  method: 'GET',
  path: `${TENANT}/tags`,
  summary: 'A tenant\'s tags (labels operators filter tenants by)',
  params: TenantParams,
  response: TenantTags,
  access: PROVIDER_READ,
  tag,
});

export const saveTenantTags = defineOperation({
  id: 'provider.tenantTags.save',
  method: 'PUT',
  path: `${TENANT}/tags`,
  summary: 'Replace a tenant\'s tags',
  description:
    'The body is the whole list with the updated_at read (null while the tenant has never had tags). Tags changed ' +
    'since answer 409 with the stored ones, nothing changed. Duplicates (any case) are kept once.',
  params: TenantParams,
  body: TenantTagsSave,
  response: TenantTags,
  access: PROVIDER_WRITE,
  tag,
});

export const getTenantQuota = defineOperation({
  id: 'provider.tenantQuota.get',
  method: 'GET',
  path: `${TENANT}/quota`,
  aliases: [`${V1}/quota/{tid}`],
  summary: 'A tenant\'s quota (how many users it may have) and its usage',
  params: TenantParams,
  response: TenantQuota,
  access: PROVIDER_READ,
  tag,
});

export const saveTenantQuota = defineOperation({
  id: 'provider.tenantQuota.save',
  method: 'PUT',
  path: `${TENANT}/quota`,
  aliases: [`${V1}/quota/{tid}`],
  summary: 'Set a tenant\'s quota; its portal refuses users beyond it from its next request',
  description:
    'max_users is kept as the tenant\'s max_users capability (null removes the limit). A limit below the users the ' +
    'tenant has is accepted: existing users stay, new ones are refused until it is under the limit.',
  params: TenantParams,
  body: TenantQuotaSave,
  response: TenantQuota,
  access: PROVIDER_WRITE,
  tag,
});

// ---- the tenant's settings documents: terms of service, global settings, PAC, safemail -------------------------------

/**
 * Read and replace one of the tenant's documents, the same one its portal's screen edits (schema, stamp, secrets
 * masked and kept, audit): a settings page stamped with its updated_at, a policy area with its working revision.
 */
function tenantDocumentOps<const N extends string>(name: N, path: string, screen: DocumentScreen, what: string) {
  const envelope = documentEnvelope(screen);
  const staged = screen.endpoint.revision === 'staged';
  const stamp = staged
    ? 'The body is the whole document with the rev_id, state and updated_at read; it is saved in the working revision (staged), which the tenant publishes.'
    : 'The body is the whole document with the updated_at read (none while the document was never saved).';
  const design = `The tenant's own "${screen.title}" document, the one its portal edits (spec 001 names ${path} without a payload: this is the design).`;
  return {
    get: defineOperation({
      id: `provider.tenant${name}.get`,
      method: 'GET',
      path: `${TENANT}/${path}`,
      summary: `A tenant's ${what}`,
      description: `${design} Secrets are masked.`,
      params: TenantParams,
      response: envelope.extend({ status: Success }),
      access: PROVIDER_READ,
      tag,
    }),
    save: defineOperation({
      id: `provider.tenant${name}.save`,
      method: 'PUT',
      path: `${TENANT}/${path}`,
      summary: `Replace a tenant's ${what}`,
      description:
        `${design} ${stamp} A document changed since answers 409 with the stored one, nothing changed; a 400 names the ` +
        'field, nothing changed. A secret sent back as its placeholder keeps its value.',
      params: TenantParams,
      body: envelope,
      response: envelope.extend({ status: Success }),
      access: PROVIDER_WRITE,
      tag,
    }),
  };
}

export const tenantDocumentGroups = {
  tos: { screen: termsOfService, ops: tenantDocumentOps('Tos', 'tos', termsOfService, 'terms of service (shown to its users before they use the service)') },
  globalSettings: { screen: globalSettings, ops: tenantDocumentOps('GlobalSettings', 'global_settings', globalSettings, 'global settings') },
  pac: { screen: pacSettings, ops: tenantDocumentOps('Pac', 'pac', pacSettings, 'PAC (proxy auto-configuration) settings') },
  safemail: { screen: emailConfig, ops: tenantDocumentOps('Safemail', 'safemail', emailConfig, 'safemail (email security) configuration') },
} as const;

/** The group server/modules/providerTenant.ts implements, beside the document groups. */
export const providerTenantOps = {
  getPolicy,
  savePolicy,
  publishPolicy,
  postPolicyTemplate,
  tenantPolicyInit,
  policyRevisions,
  listTenantsV2,
  listTenantsV3,
  tenantRbac,
  tenantConfig,
  getTenantTags,
  saveTenantTags,
  getTenantQuota,
  saveTenantQuota,
} as const;

export const providerTenantOperations = [
  ...Object.values(providerTenantOps),
  ...Object.values(tenantDocumentGroups).flatMap((g) => [g.ops.get, g.ops.save]),
];
