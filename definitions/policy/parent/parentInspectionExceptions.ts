import { parentRuleOps } from '../../api/parentRules';
import { defineCollection } from '../../define';
import { PARENT_EMPTY, PARENT_NAV, parentRuleColumns } from './parentColumns';

export const parentInspectionExceptions = defineCollection({
  id: 'parent.inspection-exceptions',
  title: 'Parent Inspection Exceptions',
  description:
    'The global inspection exceptions of the tenant that manages this one, as it last published them: files they ' +
    'match are marked clean, marked infected or inspected before or after this tenant\'s own exceptions. Only the ' +
    'managing tenant can change them.',
  route: '/policy/parent/inspection-exceptions',
  nav: { ...PARENT_NAV, order: 310 },
  read: { any: ['web_policy:read'] },
  operations: { list: parentRuleOps.parentInspectionExceptions },
  absentAsEmpty: true,
  items: 'rules',
  itemKey: 'id',
  columns: parentRuleColumns,
  emptyText: PARENT_EMPTY,
});
