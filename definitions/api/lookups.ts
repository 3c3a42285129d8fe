/**
 * Lookups and shell-level calls of spec 000 §7 (and 001 §7): the lists policy and settings screens read to fill their
 * choices, the category, content and PAC versions, the contact form, the dynamic-domain-list check, the mail
 * allow-list feeds and the client profile export. Lists are the tenant's (users, groups, feeds) or the service's
 * (risks, threats, predefined lists); none of them is a policy document, so none is saved in a revision.
 */
import { z } from 'zod';
import {
  CasbDlpRules,
  CategoryExtensionMap,
  CategoryMigration,
  CategoryMigrationState,
  CategoryVersion,
  CategoryVersionQuery,
  ContactAnswer,
  ContactForm,
  ContentVersion,
  DashboardAppliances,
  EgressControl,
  ExportClientProfileQuery,
  Feeds,
  FeedsQuery,
  FilePassword,
  GroupUsers,
  HeaderBlocklist,
  MpaApplicationList,
  PacVersion,
  PacVersionBody,
  PortalVersion,
  PortalVersionBody,
  PredefinedCcls,
  RaThreats,
  RiskDetail,
  RiskParam,
  Risks,
  SmtpGroups,
  SmtpUsers,
  UceAnswer,
  UceReport,
  ValidateDdlAnswer,
  ValidateDdlBody,
} from '../../schemas/areas/lookups';
import { RevParam } from '../../schemas/policy';
import { defineOperation } from '../define';

const tag = 'lookups';
const cloudOrManagementStation = [
  { deployments: ['cloud', 'dev'] },
  { deployments: ['on_prem'], appModes: ['management_station'] },
] as const;
const WEB_READ = { any: ['web_policy:read', 'logs:read', 'dashboard:read'] } as const;
// The category migration moves rules between the category lists: the webroot_cats sub-permission (spec 000 §6), as the extended categories.
const WEB_WRITE = { any: ['web_policy:write:webroot_cats'] } as const;
const EMAIL_READ = { any: ['email_policy:read'] } as const;
const EMAIL_WRITE = { any: ['email_policy:write'] } as const;
const POLICY_READ = { any: ['web_policy:read', 'email_policy:read', 'dlp_policy:read', 'casb_policy:read', 'egress_policy:read', 'content_inspection:read'] } as const;
const PAC_READ = { any: ['settings:read'] } as const;
const PAC_WRITE = { any: ['settings:write'] } as const;

export const smtpUsers = defineOperation({
  id: 'lookups.smtpUsers',
  method: 'GET',
  path: '/api/policy/v1/smtp_users',
  summary: 'The mail users of the tenant, with their groups',
  description: 'Offered where email rules name users. Sorted by address.',
  response: SmtpUsers,
  access: EMAIL_READ,
  env: cloudOrManagementStation,
  tag,
});

export const smtpGroups = defineOperation({
  id: 'lookups.smtpGroups',
  method: 'GET',
  path: '/api/policy/v1/smtp_groups',
  summary: 'The mail groups of the tenant, with how many users each has',
  response: SmtpGroups,
  access: EMAIL_READ,
  env: cloudOrManagementStation,
  tag,
});

export const groupUsers = defineOperation({
  id: 'lookups.groupUsers',
  method: 'GET',
  path: '/api/policy/v1/ad/group_users/{rev}',
  summary: 'Members of the directory groups, as known at revision `rev`',
  description: 'Group membership comes from the directory, not from the revision; `rev` must exist (404 otherwise).',
  params: RevParam,
  response: GroupUsers,
  access: POLICY_READ,
  env: cloudOrManagementStation,
  tag,
});

export const risks = defineOperation({
  id: 'lookups.risks',
  method: 'GET',
  path: '/api/policy/v1/risks',
  summary: 'The risk types the web policy can act on, with their level',
  response: Risks,
  access: WEB_READ,
  env: cloudOrManagementStation,
  tag,
});

export const risk = defineOperation({
  id: 'lookups.risk',
  method: 'GET',
  path: '/api/policy/v1/risks/{risk}',
  summary: 'One risk type with its entries (e.g. `Vulnerable Service`: the vulnerable services)',
  description: 'The name is matched exactly (URL-encoded, e.g. `Vulnerable%20Service`); an unknown name is a 404.',
  params: RiskParam,
  response: RiskDetail,
  access: WEB_READ,
  env: cloudOrManagementStation,
  tag,
});

export const contentVersion = defineOperation({
  id: 'lookups.contentVersion',
  method: 'GET',
  path: '/api/policy/v1/content_version',
  summary: 'Version of the content inspection signatures in use',
  response: ContentVersion,
  access: { any: ['content_inspection:read', 'web_policy:read'] },
  env: cloudOrManagementStation,
  tag,
});

export const raThreats = defineOperation({
  id: 'lookups.raThreats',
  method: 'GET',
  path: '/api/policy/v1/ra_threats',
  summary: 'Threat types of runtime analysis',
  response: RaThreats,
  access: WEB_READ,
  env: cloudOrManagementStation,
  tag,
});

export const predefinedCcls = defineOperation({
  id: 'lookups.predefinedCcls',
  method: 'GET',
  path: '/api/policy/v1/predefined_ccls',
  summary: 'Predefined content control lists (data identifiers) DLP rules can use',
  response: PredefinedCcls,
  access: { any: ['dlp_policy:read', 'casb_policy:read'] },
  env: cloudOrManagementStation,
  tag,
});

export const dlpFilePassword = defineOperation({
  id: 'lookups.dlpFilePassword',
  method: 'GET',
  path: '/api/policy/v1/dlp/file_password',
  summary: 'The password of the archives in which files captured by DLP rules are kept',
  description:
    'Made once per tenant (20 random characters) on the first read and kept; only DLP administrators (dlp_policy:write) may read it, ' +
    'since it opens captured files.',
  response: FilePassword,
  access: { any: ['dlp_policy:write'] },
  env: cloudOrManagementStation,
  tag,
});

export const auditorFilePassword = defineOperation({
  ...dlpFilePassword,
  id: 'lookups.auditorFilePassword',
  path: '/api/policy/v1/auditor_profiles/file_password',
  summary: 'The password of the archives sent to the auditors of an auditor profile',
  description: `The same password as /api/policy/v1/dlp/file_password: one per tenant. ${dlpFilePassword.description}`,
});

export const egressControl = defineOperation({
  id: 'lookups.egressControl',
  method: 'GET',
  path: '/api/policy/v1/egress_policy/egress_control',
  summary: 'Whether egress header rules apply to the tenant, how many it may have, and their actions',
  response: EgressControl,
  access: { any: ['egress_policy:read'] },
  env: cloudOrManagementStation,
  tag,
});

export const headerBlocklist = defineOperation({
  id: 'lookups.headerBlocklist',
  method: 'GET',
  path: '/api/policy/v1/egress_policy/header_blocklist',
  summary: 'Header names no egress header rule may add, change or remove',
  response: HeaderBlocklist,
  access: { any: ['egress_policy:read'] },
  env: cloudOrManagementStation,
  tag,
});

export const categoryVersion = defineOperation({
  id: 'lookups.categoryVersion',
  method: 'GET',
  path: '/api/policy/v1/category_version',
  summary: 'Version of the category database; `timestamp` (a cache breaker) is echoed back',
  query: CategoryVersionQuery,
  response: CategoryVersion,
  access: WEB_READ,
  env: cloudOrManagementStation,
  tag,
});

export const categoryExtensionMap = defineOperation({
  id: 'lookups.categoryExtensionMap',
  method: 'GET',
  path: '/api/policy/v1/cats/extension/map',
  summary: 'The extended categories (85 to 88) and the former categories of their sites',
  response: CategoryExtensionMap,
  access: WEB_READ,
  env: cloudOrManagementStation,
  tag,
});

export const categoryMigrationState = defineOperation({
  id: 'lookups.categoryMigrationState',
  method: 'GET',
  path: '/api/policy/v1/category_migration',
  summary: 'Whether rules naming a former category also name the extended category that replaced it',
  response: CategoryMigrationState,
  access: WEB_READ,
  env: cloudOrManagementStation,
  tag,
});

export const categoryMigration = defineOperation({
  id: 'lookups.categoryMigration',
  method: 'PUT',
  path: '/api/policy/v1/category_migration',
  summary: 'Turn the category migration on or off',
  description: 'A tenant setting, not part of a policy revision; the change is audited.',
  body: CategoryMigration,
  response: CategoryMigrationState,
  access: WEB_WRITE,
  env: cloudOrManagementStation,
  tag,
});

const pacDescription =
  'One stored value, read and written by both paths (`/api/policy/v1/pac_version` and `/api/settings/v2/pac/version`): ' +
  'v1 serves the file generated from the PAC settings, v2 also serves an uploaded template (GET /api/settings/v1/pac/template ' +
  'answers the file served). A tenant that never chose reads v1. The change takes effect at once and is audited.';

export const pacVersion = defineOperation({
  id: 'lookups.pacVersion',
  apiOnly: { reason: 'integration', why: 'The PAC file version at its v1 path, for integrations; the PAC File Version screen reads the same choice at v2.' },
  method: 'GET',
  path: '/api/policy/v1/pac_version',
  summary: 'Which PAC file version the tenant serves',
  description: pacDescription,
  response: PacVersion,
  access: PAC_READ,
  feature: 'pac',
  tag,
});

export const savePacVersion = defineOperation({
  id: 'lookups.savePacVersion',
  apiOnly: { reason: 'integration', why: 'Saves the PAC file version at its v1 path, for integrations; the PAC File Version screen saves the same choice at v2.' },
  method: 'PUT',
  path: '/api/policy/v1/pac_version',
  summary: 'Choose the PAC file version',
  description: pacDescription,
  body: PacVersionBody,
  response: PacVersion,
  access: PAC_WRITE,
  feature: 'pac',
  tag,
});

export const settingsPacVersion = defineOperation({
  id: 'lookups.settingsPacVersion',
  method: 'GET',
  path: '/api/settings/v2/pac/version',
  summary: 'Which PAC file version the tenant serves (settings path)',
  description: pacDescription,
  response: PacVersion,
  access: PAC_READ,
  feature: 'pac',
  tag,
});

export const saveSettingsPacVersion = defineOperation({
  id: 'lookups.saveSettingsPacVersion',
  method: 'PUT',
  path: '/api/settings/v2/pac/version',
  summary: 'Choose the PAC file version (settings path)',
  description: pacDescription,
  body: PacVersionBody,
  response: PacVersion,
  access: PAC_WRITE,
  feature: 'pac',
  tag,
});

export const casbDlpRules = defineOperation({
  id: 'lookups.casbDlpRules',
  apiOnly: {
    reason: 'integration',
    why:
      'The SaaS application rules with their action, at the v3 path, for integrations that build DLP rules of their own; ' +
      'the DLP Rules screen offers the same rules, with their activities, from the v1 path (dlp/casb/app_rules).',
  },
  method: 'GET',
  path: '/api/policy/v3/casb/dlp/rules/{rev}',
  summary: 'The CASB application rules that apply DLP, at revision `rev`',
  description: 'Read from the CASB application rules of the revision: each rule with its applications and action.',
  params: RevParam,
  response: CasbDlpRules,
  access: { any: ['casb_policy:read', 'dlp_policy:read'] },
  env: cloudOrManagementStation,
  tag,
});

export const mpaApplicationList = defineOperation({
  id: 'lookups.mpaApplicationList',
  apiOnly: {
    reason: 'integration',
    why:
      'The private applications as value and label, for integrations that name them in DLP rules of their own; no DLP ' +
      'rule field of this portal names a private application, and the Application Access screen lists the same ' +
      'catalogue with clusters and access rules (application_list).',
  },
  method: 'GET',
  path: '/api/policy/v1/rules/dlp/mpa/application_list/{rev}',
  summary: 'The private access applications DLP rules can name, at revision `rev`',
  params: RevParam,
  response: MpaApplicationList,
  access: { any: ['dlp_policy:read', 'private_access:read'] },
  env: cloudOrManagementStation,
  tag,
});

export const contactForm = defineOperation({
  id: 'lookups.contactForm',
  method: 'POST',
  path: '/api/policy/contact_form',
  summary: 'Send a request to the service provider (topic, subject, message, optional reply address)',
  description: 'The request is stored with the sender\'s account and tenant and answered by the provider; it is audited.',
  body: ContactForm,
  response: ContactAnswer,
  access: 'session',
  tag,
});

export const validateDdlDomains = defineOperation({
  id: 'lookups.validateDdlDomains',
  method: 'POST',
  path: '/api/policy/v1/validate_ddl_domains/',
  summary: 'Check a dynamic domain list address (ddlUrl, isCasb, options) before a rule uses it',
  description:
    'Checks the address (http or https, a host name, not a private or loopback address) and the options. The list itself is not ' +
    'downloaded here; the message says so.',
  body: ValidateDdlBody,
  response: ValidateDdlAnswer,
  access: { any: ['web_policy:write', 'casb_policy:write', 'fwaas:write'] },
  env: cloudOrManagementStation,
  tag,
});

export const whitelistUce = defineOperation({
  id: 'lookups.whitelistUce',
  method: 'POST',
  path: '/api/policy/v1/safemail/whitelist/uce/',
  summary: 'Allow a sender whose mail was held as unsolicited (UCE)',
  description: 'The sender joins the tenant\'s allow-list feed with source `uce`; sending the same address again is a 409.',
  body: UceReport,
  response: UceAnswer,
  access: EMAIL_WRITE,
  env: cloudOrManagementStation,
  tag,
});

export const whitelistFeeds = defineOperation({
  id: 'lookups.whitelistFeeds',
  method: 'GET',
  path: '/api/policy/v1/safemail/whitelist/feeds/',
  summary: 'Entries of the mail allow-list feeds, newest first (limit, source, type)',
  query: FeedsQuery,
  response: Feeds,
  access: EMAIL_READ,
  env: cloudOrManagementStation,
  tag,
});

export const exportClientProfile = defineOperation({
  id: 'lookups.exportClientProfile',
  method: 'GET',
  path: '/api/settings/v1/tenants/export_client_profile',
  summary: 'Download a client profile (`uuid`) as a JSON file, for installing the endpoint client',
  description:
    'Only profiles marked exportable can be downloaded (403 otherwise); an unknown uuid is a 404. Without `uuid` the file ' +
    'holds every exportable profile as `{ profiles: [...] }`.',
  query: ExportClientProfileQuery,
  response: z.string(),
  responseKind: 'binary',
  access: { any: ['settings:read'] },
  tag,
});

const portalVersionDescription =
  'At session start on cloud and management stations, the portal sets the version to v2 for a tenant whose ' +
  'administrators\' `portal_v2` flag is false, so the service knows they moved to this portal; the change is audited. ' +
  'Setting it takes the permission to change settings.';

export const portalVersion = defineOperation({
  id: 'lookups.portalVersion',
  method: 'GET',
  path: '/api/policy/v1/portal_version',
  summary: 'Which administration portal the tenant uses (v1, the previous one, until set)',
  description: portalVersionDescription,
  response: PortalVersion,
  access: 'session',
  env: cloudOrManagementStation,
  tag,
});

export const savePortalVersion = defineOperation({
  id: 'lookups.savePortalVersion',
  method: 'PUT',
  path: '/api/policy/v1/portal_version',
  summary: 'Record which administration portal the tenant uses',
  description: portalVersionDescription,
  body: PortalVersionBody,
  response: PortalVersion,
  // Tenant-wide: the session start of a user who may not change settings is refused quietly.
  access: { any: ['settings:write'] },
  env: cloudOrManagementStation,
  tag,
});

export const dashboardAppliances = defineOperation({
  id: 'lookups.dashboardAppliances',
  method: 'GET',
  path: '/api/v1/dashboard/get_appliances',
  summary: 'The tenant\'s on-premises appliances with their role, version, group and status, as the dashboard lists them',
  description:
    'The appliances a management station manages (its managed systems), read-only; `online` counts those that answer. ' +
    'Managing them (updates, restarts, maintenance) is on the management station\'s Managed Systems page.',
  response: DashboardAppliances,
  access: { any: ['dashboard:read'] },
  env: cloudOrManagementStation,
  tag,
});

/** The group server/modules/lookups.ts implements. */
export const lookupOps = {
  smtpUsers,
  smtpGroups,
  groupUsers,
  risks,
  risk,
  contentVersion,
  raThreats,
  predefinedCcls,
  dlpFilePassword,
  auditorFilePassword,
  egressControl,
  headerBlocklist,
  categoryVersion,
  categoryExtensionMap,
  categoryMigrationState,
  categoryMigration,
  pacVersion,
  savePacVersion,
  settingsPacVersion,
  saveSettingsPacVersion,
  casbDlpRules,
  mpaApplicationList,
  contactForm,
  validateDdlDomains,
  whitelistUce,
  whitelistFeeds,
  exportClientProfile,
  portalVersion,
  savePortalVersion,
  dashboardAppliances,
} as const;
