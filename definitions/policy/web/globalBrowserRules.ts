import { GlobalBrowserRulesDocument } from '../../../schemas/areas/globalRules';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const globalBrowserRules = definePolicyArea({
  id: 'web.global-browser-rules',
  title: 'Global Browser Rules',
  description:
    'Browser and web-app rules evaluated before (pre) and after (post) the tenant\'s own, each with the action for ' +
    'unsupported browsers and non-browser clients (spec 002 §3). The rule lists are edited as JSON; the actions as ' +
    'fields.',
  route: '/policy/web/global-browsers',
  nav: { group: 'Web', order: 65 },
  endpoint: { path: '/api/policy/v1/rules/global_bnb/{rev}' },
  schema: GlobalBrowserRulesDocument,
  layout: {
    kind: 'form',
    groups: ['Before the tenant rules', 'After the tenant rules'],
    fields: {
      'pre.list': { group: 'Before the tenant rules', widget: 'json', help: 'Each rule: id, name, enabled, browsers, min_version, user_agent, action, comment' },
      'pre.unsupported_or_non_browsers.action': { group: 'Before the tenant rules', widget: 'segmented' },
      'pre.unsupported_or_non_browsers.comment': { group: 'Before the tenant rules' },
      'post.list': { group: 'After the tenant rules', widget: 'json', help: 'Same rule shape as above' },
      'post.unsupported_or_non_browsers.action': { group: 'After the tenant rules', widget: 'segmented' },
      'post.unsupported_or_non_browsers.comment': { group: 'After the tenant rules' },
    },
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write:bnb'] },
  env: policyEnv,
  feature: 'bnb',
  tag: 'web policy',
});
