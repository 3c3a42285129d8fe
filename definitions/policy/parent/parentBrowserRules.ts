import { parentRuleOps } from '../../api/parentRules';
import { defineCollection } from '../../define';
import { PARENT_EMPTY, PARENT_NAV, parentRuleColumns } from './parentColumns';

export const parentBrowserRules = defineCollection({
  id: 'parent.browser-rules',
  title: 'Parent Browser Rules',
  description:
    'The global browser and web-app rules of the tenant that manages this one, as it last published them, before or ' +
    'after this tenant\'s own rules. Only the managing tenant can change them.',
  route: '/policy/parent/browser-rules',
  nav: { ...PARENT_NAV, order: 320 },
  read: { any: ['web_policy:read'] },
  feature: 'bnb',
  operations: { list: parentRuleOps.parentBrowserRules },
  absentAsEmpty: true,
  items: 'rules',
  itemKey: 'id',
  columns: parentRuleColumns,
  emptyText: PARENT_EMPTY,
});
