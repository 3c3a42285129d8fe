import { GlobalBrowserRulesDocument } from '../../../schemas/areas/globalRules';
import type { BrowserRule } from '../../../schemas/areas/webRules';
import { definePolicyArea, type NestedTableHint } from '../../define';
import { BROWSER_RULE_GATES } from '../webFieldGates';
import { browserRuleRowFields } from './browserRules';

/** Replaces the schema's note on the action's stored value with what the setting does. */
const UNSUPPORTED_HELP = 'What happens to browsers no rule allows and to clients that are not browsers';

const browserRuleTable: NestedTableHint<BrowserRule> = {
  itemLabel: 'rule',
  columns: ['name', 'browsers', 'min_version', 'action', 'enabled'],
  rowFields: browserRuleRowFields,
  newRow: { name: '', enabled: true, browsers: [], min_version: '', user_agent: [], action: 'allow', comment: '' },
};

export const globalBrowserRules = definePolicyArea({
  id: 'web.global-browser-rules',
  title: 'Global Browser Rules',
  // Design note: Rule lists pre.list and post.list with their unsupported_or_non_browsers actions (spec 002 §3).
  description:
    'Browser and web-app rules evaluated before and after the tenant\'s own browser rules, each list with the ' +
    'action for unsupported browsers and non-browser clients.',
  route: '/policy/web/global-browsers',
  nav: { group: 'Web', order: 65 },
  endpoint: { path: '/api/policy/v1/rules/global_bnb/{rev}' },
  schema: GlobalBrowserRulesDocument,
  layout: {
    kind: 'form',
    groups: ['Before the tenant rules', 'After the tenant rules'],
    fields: {
      'pre.list': { group: 'Before the tenant rules', table: browserRuleTable },
      'pre.unsupported_or_non_browsers.action': { group: 'Before the tenant rules', widget: 'segmented', help: UNSUPPORTED_HELP },
      'pre.unsupported_or_non_browsers.comment': { group: 'Before the tenant rules' },
      'post.list': { group: 'After the tenant rules', table: browserRuleTable },
      'post.unsupported_or_non_browsers.action': { group: 'After the tenant rules', widget: 'segmented', help: UNSUPPORTED_HELP },
      'post.unsupported_or_non_browsers.comment': { group: 'After the tenant rules' },
    },
  },
  read: { any: ['web_policy:read'] },
  fieldGates: BROWSER_RULE_GATES,
  write: { any: ['web_policy:write:bnb'] },
  feature: 'bnb',
  tag: 'web policy',
});
