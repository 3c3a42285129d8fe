/**
 * The parent tenant's global rules (spec 002 §7 `GET /api/policy/v1/rules/{inspection|web}/parent_global_exceptions/`
 * and `/api/policy/v1/rules/parent_global_bnb/`): a managed tenant reads, never changes, the global exceptions and
 * browser rules of the primary tenant that manages it, as that tenant last published them.
 *
 * Design (the spec says only that the portal reads a 404 or 403 as empty): a tenant no tenant of this service
 * manages gets empty lists with `parent: null` (the screens read a 404 or 403 as empty too); the lists are the
 * parent's published revision, so unpublished changes of the parent are not seen; `rules` holds pre then post with
 * their position, in the order they are evaluated around the tenant's own rules.
 */
import { ParentGlobalBrowserRules, ParentInspectionGlobalExceptions, ParentWebGlobalExceptions } from '../../schemas/areas/globalRules';
import { defineOperation } from '../define';

const env = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;
const access = { any: ['web_policy:read'] } as const;
const tag = 'web policy';
const noParent = 'A tenant no tenant of this service manages gets empty lists and `parent: null`.';

export const parentWebExceptions = defineOperation({
  id: 'parentRules.webExceptions',
  method: 'GET',
  path: '/api/policy/v1/rules/web/parent_global_exceptions/',
  summary: 'The global web exceptions of the parent tenant, as it last published them (read only)',
  description: noParent,
  response: ParentWebGlobalExceptions,
  access,
  env,
  tag,
});

export const parentInspectionExceptions = defineOperation({
  id: 'parentRules.inspectionExceptions',
  method: 'GET',
  path: '/api/policy/v1/rules/inspection/parent_global_exceptions/',
  summary: 'The global inspection exceptions of the parent tenant, as it last published them (read only)',
  description: noParent,
  response: ParentInspectionGlobalExceptions,
  access,
  env,
  tag,
});

export const parentBrowserRules = defineOperation({
  id: 'parentRules.browserRules',
  method: 'GET',
  path: '/api/policy/v1/rules/parent_global_bnb/',
  summary: 'The global browser and web-app rules of the parent tenant, as it last published them (read only)',
  description: noParent,
  response: ParentGlobalBrowserRules,
  access,
  env,
  feature: 'bnb',
  tag,
});

/** The group server/modules/parentRules.ts implements. */
export const parentRuleOps = { parentWebExceptions, parentInspectionExceptions, parentBrowserRules } as const;
