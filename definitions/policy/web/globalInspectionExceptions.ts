import { InspectionGlobalExceptionsDocument } from '../../../schemas/areas/globalRules';
import { definePolicyArea } from '../../define';
import { CONDITION_GATES } from '../webFieldGates';
import { inspectionExceptionPanels, inspectionExceptionRowFields } from './inspectionExceptions';

const exceptionTable = {
  itemLabel: 'exception',
  columns: ['name', 'action', 'enabled'],
  rowFields: inspectionExceptionRowFields,
  rowPanels: inspectionExceptionPanels,
  newRow: { name: '', enabled: true, conditions: {}, action: 'inspect', comment: '' },
} as const;

export const globalInspectionExceptions = definePolicyArea({
  id: 'web.global-inspection-exceptions',
  title: 'Global Inspection Exceptions',
  // Design note: Two lists (pre, post) in one document.
  description:
    'Inspection exceptions evaluated before and after the tenant\'s own inspection exceptions: matching files are ' +
    'marked clean or infected, or inspected.',
  route: '/policy/web/global-inspection-exceptions',
  nav: { group: 'Web', order: 57 },
  endpoint: { path: '/api/policy/v1/rules/inspection/global_exceptions/{rev}' },
  schema: InspectionGlobalExceptionsDocument,
  layout: {
    kind: 'form',
    fields: {
      pre: { table: exceptionTable },
      post: { table: exceptionTable },
    },
  },
  read: { any: ['web_policy:read'] },
  fieldGates: CONDITION_GATES,
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:exceptions.
  write: { any: ['web_policy:write:exceptions'] },
  tag: 'web policy',
});
