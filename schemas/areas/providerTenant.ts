/**
 * Payloads of the provider console's calls on one tenant's own configuration (spec 001 §3, §7 "Tenant management"):
 * its policy and revisions, roles, configuration, tags, quota, and the paged tenant lists (v2, v3). Every answer
 * carries status "Success" (spec 001 §5).
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { PublishReason, RevisionHistory, RevisionHistoryEntry, RevisionHistoryQuery, RevisionState } from '../policy';
import { Stamp, Success, TenantListItem, TenantListQuery, TenantSummary, TenantTag } from './provider';

const TenantId = z.string().min(1).max(100).meta({ title: 'Tenant id', description: 'The tenant id (group_id).' });

// ---- policy ---------------------------------------------------------------------------------------------------------

/** The areas of a tenant's policy by screen id (web.ssl-bypass, email.config, ...), each its document. */
const PolicyData = z
  .record(z.string().regex(/^[a-z0-9.-]{1,100}$/), z.record(z.string(), z.unknown()))
  .meta({ description: 'Policy areas by their screen id, each the document its screen edits (secrets masked).' });

/** A tenant's policy (spec 001 §3 "Policy revision"): the working revision's stamp and every area's document. */
export const TenantPolicy = z.object({
  status: Success,
  staged_rev_id: z.number().int().meta({ description: 'The working revision saves go to.' }),
  rev_id: z.number().int().meta({ description: 'The last published revision (0 before the first publish).' }),
  state: RevisionState,
  updated_at: z.string().meta({ description: 'When the working revision last changed; a save sends it back.' }),
  data: PolicyData,
});

/** Replaces some areas of the tenant's policy in its working revision; stamped with the working revision as read. */
export const TenantPolicySave = z.strictObject({
  staged_rev_id: z.number().int().min(1).meta({ title: 'Working revision', description: 'staged_rev_id as read.' }),
  state: RevisionState.meta({ description: 'The working revision\'s state as read.' }),
  updated_at: Stamp,
  data: PolicyData.refine((d) => Object.keys(d).length > 0, { message: 'Name at least one policy area.', params: { key: 'required' } }),
});

/** Publishes the tenant's working revision as the operator staged it: stamped with the working revision as read. */
export const TenantPolicyPublish = z.strictObject({
  staged_rev_id: z.number().int().min(1).meta({ title: 'Working revision', description: 'staged_rev_id as read (or as a save answered).' }),
  updated_at: Stamp,
  reason: PublishReason.meta({ title: 'Reason', description: 'The change reason the tenant\'s revision history shows.' }),
});

export const PolicyTemplateName = labelledEnum(
  ['standard', 'blank'],
  { standard: 'Standard (the reference rules)', blank: 'Blank (every area at its defaults)' },
  {
    title: 'Policy template',
    description:
      'standard: the service\'s reference policy (the example rules of its demo tenant, in every area); ' +
      'blank: every area at its defaults, with no rules.',
  },
);
export const PolicyTemplateRequest = z.strictObject({ policytemplate: PolicyTemplateName });
export const TenantPolicyInitRequest = z.strictObject({ tid: TenantId, policytemplate: PolicyTemplateName });
export const PolicyTemplateAnswer = z.object({
  status: Success,
  staged_rev_id: z.number().int(),
  rev_id: z.number().int(),
  state: RevisionState,
  updated_at: z.string(),
  areas: z.array(z.string()).meta({ description: 'Screen ids of the areas the template changed.' }),
});

export const TenantRevisionsQuery = RevisionHistoryQuery;
export const TenantRevisions = RevisionHistory.extend({
  status: Success,
  revisions: z.array(
    RevisionHistoryEntry.extend({
      area_titles: z.array(z.string()).meta({ title: 'Areas changed', description: 'The titles of the areas in areas, in the same order.' }),
    }),
  ),
});

// ---- tenant lists v2 and v3 -----------------------------------------------------------------------------------------

const Paging = {
  limit: z.coerce.number().int().min(1).max(500).default(25).meta({ title: 'Page size' }),
  offset: z.coerce.number().int().min(0).default(0).meta({ title: 'Offset' }),
};
export const TenantListV2Query = TenantListQuery.extend(Paging);
export const TenantListV2 = z.object({
  status: Success,
  tenants: z.array(TenantSummary),
  total: z.number().int().meta({ description: 'Tenants matching the search, on every page.' }),
  limit: z.number().int(),
  offset: z.number().int(),
});
export const TenantListV3Query = TenantListV2Query;
export const TenantListV3 = TenantListV2.extend({ tenants: z.array(TenantListItem) });

// ---- tags, quota, RBAC, config ---------------------------------------------------------------------------------------

export const TenantTags = z.object({ status: Success, tags: z.array(z.string()), updated_at: z.string().nullable() });
export const TenantTagsSave = z.strictObject({
  tags: z.array(TenantTag).max(20).meta({ title: 'Tags', description: 'Labels operators filter tenants by (e.g. a region or a reseller); up to 20.' }),
  updated_at: Stamp.nullable().meta({ description: 'The updated_at read; null while the tenant has never had tags.' }),
});

/** Limits of a tenant, kept with its capabilities (a number); null: no limit. */
export const TenantQuotaSave = z.strictObject({
  max_users: z.number().int().min(1).max(1_000_000).nullable().meta({
    title: 'Users',
    description: 'How many users the tenant may have; adding users beyond it is refused in its portal. Empty: no limit.',
  }),
});
export const TenantQuota = z.object({
  status: Success,
  quota: TenantQuotaSave,
  usage: z.object({ users: z.number().int().meta({ title: 'Users now' }) }),
});

export const TenantRbac = z.object({
  status: Success,
  list: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      builtin: z.boolean(),
      read: z.array(z.string()),
      write: z.array(z.string()),
      deny: z.array(z.string()),
      users: z.number().int().meta({ description: 'Users holding the role.' }),
      updated_at: z.string(),
      may_view: z.string().meta({ title: 'May view', description: 'The areas the role may view as the permission check decides it, by title ("All areas", "None")' }),
      may_change: z.string().meta({ title: 'May change', description: 'The areas the role may change, by title' }),
    }),
  ),
});

export const TenantConfig = z.object({
  status: Success,
  config: z.object({
    tid: z.string(),
    name: z.string(),
    disabled: z.boolean(),
    deployment: z.string().meta({ description: 'Where the tenant runs (the default deployment unless moved).' }),
    deployment_name: z.string().meta({ description: 'The name of that deployment.' }),
    session_logout_days: z.number(),
    features: z.array(z.string()).meta({ description: 'Feature flags its portal has on (capabilities switched on).' }),
    limits: z.record(z.string(), z.number()).meta({ description: 'Capabilities that are limits (numbers).' }),
    policy: z.object({ staged_rev_id: z.number().int(), rev_id: z.number().int(), state: RevisionState }),
    users: z.number().int(),
  }),
});
