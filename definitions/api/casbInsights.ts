/**
 * CASB calls that are not a document (spec 001 §7 `app_rep_insights/{id}`; 002 §7 the CASB DLP reads
 * `/api/policy/v1/rules/dlp/casb/{app_rules,profiles}/{rev}`): a SaaS application's reputation, and the SaaS
 * application rules and profiles of a revision as DLP rules choose them.
 */
import { AppIdParam, AppRepInsights, DlpCasbAppRules, DlpCasbProfiles } from '../../schemas/areas/casb';
import { RevParam } from '../../schemas/policy';
import { defineOperation } from '../define';

const env = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;
const dlpOrCasb = { any: ['dlp_policy:read', 'casb_policy:read'] } as const;

export const appRepInsights = defineOperation({
  id: 'casbInsights.appRepInsights',
  method: 'GET',
  path: '/api/policy/v3/casb/app_rep_insights/{id}',
  summary: 'What is known of a SaaS application\'s security: its risk score and findings (certifications, data residency, breaches, sign-in)',
  description:
    'The id is the one the discovered-applications report answers (e.g. `dropbox`); an unknown id is a 404. The findings ' +
    'are the service\'s, the same for every tenant; `profile_type` is the service\'s default classification.',
  params: AppIdParam,
  response: AppRepInsights,
  access: { any: ['casb_policy:read'] },
  env,
  feature: 'casb',
  tag: 'casb policy',
});

export const dlpCasbAppRules = defineOperation({
  id: 'casbInsights.dlpAppRules',
  method: 'GET',
  path: '/api/policy/v1/rules/dlp/casb/app_rules/{rev}',
  summary: 'The SaaS application rules of revision `rev` a DLP rule can be limited to',
  description: 'Read from the SaaS Application Rules document of the revision (404 for a revision that does not exist).',
  params: RevParam,
  response: DlpCasbAppRules,
  access: dlpOrCasb,
  env,
  feature: 'dlp',
  tag: 'dlp policy',
});

export const dlpCasbProfiles = defineOperation({
  id: 'casbInsights.dlpProfiles',
  method: 'GET',
  path: '/api/policy/v1/rules/dlp/casb/profiles/{rev}',
  summary: 'The SaaS profiles of revision `rev` a DLP rule can be limited to',
  description: 'Read from the SaaS Profiles document of the revision (404 for a revision that does not exist).',
  params: RevParam,
  response: DlpCasbProfiles,
  access: dlpOrCasb,
  env,
  feature: 'dlp',
  tag: 'dlp policy',
});

/** The group server/modules/casbInsights.ts implements. */
export const casbInsightOps = { appRepInsights, dlpCasbAppRules, dlpCasbProfiles } as const;
