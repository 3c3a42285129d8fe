/**
 * CASB areas (spec 002 §3, §7: `/api/policy/v3/casb/{exceptions, app_rules, profiles}/{rev}`; payload keys
 * exceptions.list, appRules, profiles.list). The fields are this build's design: SaaS applications by name,
 * sanctioned / unsanctioned / unclassified profiles (the CASB profile types of schemas/logEnums.ts), the activities a
 * rule governs and tenant restrictions.
 */
import { z } from 'zod';
import { RuleAction, labelledEnum } from '../enums';
import { CASB_PROFILE_TYPE_LABELS } from '../logEnums';
import { Domain } from '../validators';
import { Comment, Enabled, RowId, RuleName, RuleScope, Token, enumFromLabels, listOf, ruleList } from './common';
import { RuleConditions } from './ruleConditions';

export const CasbProfileTypeChoice = enumFromLabels(CASB_PROFILE_TYPE_LABELS, 'Profile type');

export const SaasActivity = labelledEnum(
  ['login', 'view', 'upload', 'download', 'share', 'post', 'edit', 'delete'],
  { login: 'Log in', view: 'View', upload: 'Upload', download: 'Download', share: 'Share', post: 'Post or comment', edit: 'Edit', delete: 'Delete' },
  { title: 'Activity' },
);

const applications = (min: number) =>
  z.array(Token).min(min, { message: 'Add at least one application.' }).max(500).meta({ title: 'Applications', description: 'SaaS applications by name, such as Dropbox' });

export const CasbAppRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  applications: applications(0).default([]),
  profile_types: z.array(CasbProfileTypeChoice).max(3).default([]).meta({ title: 'Profile types', description: 'Applies to applications of these profiles; empty: only the applications named' }),
  activities: z.array(SaasActivity).min(1, { message: 'Choose at least one activity.' }).max(8).meta({ title: 'Activities' }),
  action: RuleAction,
  comment: Comment,
}).refine((r) => r.applications.length + r.profile_types.length > 0, {
  message: 'Name an application or choose a profile type.',
  path: ['applications'],
  params: { key: 'applicationRequired' },
});
export type CasbAppRule = z.infer<typeof CasbAppRule>;

export const CasbAppRulesDocument = z.strictObject({ appRules: ruleList(CasbAppRule, 'SaaS application rules') });
export type CasbAppRulesDocument = z.infer<typeof CasbAppRulesDocument>;

export const CasbProfile = z.strictObject({
  id: RowId,
  name: RuleName,
  type: CasbProfileTypeChoice,
  applications: applications(1),
  tenant_domains: listOf(Domain, 'Company tenants', 100, 'Only these tenants of the applications count as sanctioned'),
  comment: Comment,
});
export type CasbProfile = z.infer<typeof CasbProfile>;

export const CasbProfilesDocument = z.strictObject({
  profiles: z.strictObject({ list: ruleList(CasbProfile, 'Profiles', 'id', 200) }).prefault({}).meta({ title: 'SaaS profiles' }),
});
export type CasbProfilesDocument = z.infer<typeof CasbProfilesDocument>;

export const CasbException = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  applications: applications(1),
  conditions: z.strictObject(RuleConditions.shape).prefault({}).meta({ title: 'Applies to', description: 'No condition: all users' }),
  comment: Comment,
});
export type CasbException = z.infer<typeof CasbException>;

export const CasbExceptionsDocument = z.strictObject({
  exceptions: z.strictObject({ list: ruleList(CasbException, 'Exceptions') }).prefault({}).meta({ title: 'SaaS exceptions', description: 'Traffic to these applications skips the SaaS application rules' }),
});
export type CasbExceptionsDocument = z.infer<typeof CasbExceptionsDocument>;

/**
 * CASB application discovery (GET and PUT /api/policy/v3/casb/app_discovery, spec 001 §7; not bound to a revision).
 * The spec shows no fields; the design: whether discovery runs, over which traffic, how long discovered applications
 * are kept, and applications never reported.
 */
export const AppDiscoverySource = labelledEnum(
  ['web', 'firewall', 'client'],
  { web: 'Web traffic', firewall: 'Firewall traffic', client: 'Endpoint clients' },
  { title: 'Source' },
);

export const CasbAppDiscoveryDocument = z.strictObject({
  enabled: z.boolean().default(true).meta({ title: 'Discover SaaS applications' }),
  sources: z.array(AppDiscoverySource).max(3).default(['web']).meta({ title: 'Discover in' }),
  retention_days: z.number().int().min(7, { message: 'Use at least 7.' }).max(365, { message: 'Use at most 365.' }).default(90).meta({ title: 'Keep discovered applications for (days)' }),
  ignored_applications: listOf(Token, 'Never reported', 500, 'Applications left out of discovery reports'),
});
export type CasbAppDiscoveryDocument = z.infer<typeof CasbAppDiscoveryDocument>;

// ---- reputation insights and DLP's view of CASB (001 §7 app_rep_insights/{id}; 002 §7 /rules/dlp/casb/*) ----------

export const AppIdParam = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'Use the application id: lower-case letters, digits and dashes.' }).meta({ title: 'Application' }),
});

export const AppRiskLevel = labelledEnum(['low', 'medium', 'high'], { low: 'Low', medium: 'Medium', high: 'High' }, { title: 'Risk' });

export const AppRepInsights = z
  .object({
    id: z.string(),
    name: z.string().meta({ title: 'Application' }),
    category: z.string().meta({ title: 'Category' }),
    domain: z.string().meta({ title: 'Domain' }),
    profile_type: CasbProfileTypeChoice,
    score: z.number().int().min(1).max(10).meta({ title: 'Risk score', description: '1 (least) to 10 (most risky)' }),
    level: AppRiskLevel,
    insights: z.array(
      z.object({
        aspect: z.string().meta({ title: 'Aspect' }),
        finding: z.string().meta({ title: 'Finding' }),
        level: AppRiskLevel,
      }),
    ),
  })
  .meta({ title: 'Application reputation', description: 'What is known of a SaaS application\'s security practices' });
export type AppRepInsights = z.infer<typeof AppRepInsights>;

/** Answer of GET /api/policy/v1/rules/dlp/casb/app_rules/{rev}: the SaaS application rules a DLP rule can be limited to. */
export const DlpCasbAppRules = z.object({
  rev_id: z.number().int(),
  rules: z.array(
    z.object({
      id: z.string(),
      name: z.string().meta({ title: 'Rule' }),
      enabled: z.boolean(),
      applications: z.array(z.string()),
      activities: z.array(SaasActivity),
    }),
  ),
});

/** Answer of GET /api/policy/v1/rules/dlp/casb/profiles/{rev}: the SaaS profiles a DLP rule can be limited to. */
export const DlpCasbProfiles = z.object({
  rev_id: z.number().int(),
  profiles: z.array(z.object({ id: z.string(), name: z.string().meta({ title: 'Profile' }), type: CasbProfileTypeChoice, applications: z.array(z.string()) })),
});
