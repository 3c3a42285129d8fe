import { parentRuleOps } from '../../api/parentRules';
import { defineCollection } from '../../define';
import { PARENT_EMPTY, PARENT_NAV, parentRuleColumns } from './parentColumns';

export const parentWebExceptions = defineCollection({
  id: 'parent.web-exceptions',
  title: 'Parent Web Exceptions',
  description:
    'The global web exceptions of the tenant that manages this one, as it last published them: those before this ' +
    'tenant\'s own exceptions are evaluated first, those after them last. Only the managing tenant can change them.',
  route: '/policy/parent/web-exceptions',
  nav: { ...PARENT_NAV, order: 300 },
  read: { any: ['web_policy:read'] },
  operations: { list: parentRuleOps.parentWebExceptions },
  absentAsEmpty: true,
  items: 'rules',
  itemKey: 'id',
  columns: [...parentRuleColumns, { field: 'transferDirection', format: 'enumLabel' }],
  emptyText: PARENT_EMPTY,
});
