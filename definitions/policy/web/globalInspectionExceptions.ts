import { InspectionGlobalExceptionsDocument } from '../../../schemas/areas/globalRules';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const globalInspectionExceptions = definePolicyArea({
  id: 'web.global-inspection-exceptions',
  title: 'Global Inspection Exceptions',
  description:
    'Inspection exceptions evaluated before (pre) and after (post) the tenant\'s own inspection exceptions: mark ' +
    'matching files clean, infected, or inspect them. Two lists in one document, edited as JSON (the table layout ' +
    'shows one list per screen).',
  route: '/policy/web/global-inspection-exceptions',
  nav: { group: 'Web', order: 57 },
  endpoint: { path: '/api/policy/v1/rules/inspection/global_exceptions/{rev}' },
  schema: InspectionGlobalExceptionsDocument,
  layout: {
    kind: 'form',
    fields: {
      pre: { widget: 'json', help: 'Each rule: id, name, enabled, conditions, action (allow, block, inspect), comment' },
      post: { widget: 'json', help: 'Same rule shape as above' },
    },
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  env: policyEnv,
  tag: 'web policy',
});
