import { WebGlobalExceptionsDocument } from '../../../schemas/areas/globalRules';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const webGlobalExceptions = definePolicyArea({
  id: 'web.global-exceptions',
  title: 'Global Web Exceptions',
  description:
    'Web exceptions evaluated before (pre) and after (post) the tenant\'s own exceptions, with the same conditions ' +
    'and actions. Two lists in one document, which the single-table layout of define.ts cannot show side by side, ' +
    'so both are edited as JSON.',
  route: '/policy/web/global-exceptions',
  nav: { group: 'Web', order: 25 },
  endpoint: { path: '/api/policy/v1/rules/web/global_exceptions/{rev}' },
  schema: WebGlobalExceptionsDocument,
  layout: {
    kind: 'form',
    fields: {
      pre: { widget: 'json', help: 'Each rule: id, name, enabled, conditions, action (allow, safeview, block), transferDirection, comment' },
      post: { widget: 'json', help: 'Same rule shape as above' },
    },
  },
  read: { any: ['web_policy:read'] },
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:exceptions.
  write: { any: ['web_policy:write:exceptions'] },
  env: policyEnv,
  tag: 'web policy',
});
