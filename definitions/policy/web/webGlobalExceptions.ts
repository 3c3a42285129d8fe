import { WebGlobalExceptionsDocument } from '../../../schemas/areas/globalRules';
import { definePolicyArea } from '../../define';
import { CONDITION_GATES } from '../webFieldGates';
import { webExceptionPanels, webExceptionRowFields } from './webExceptions';

const exceptionTable = {
  itemLabel: 'exception',
  columns: ['name', 'action', 'transferDirection', 'enabled'],
  rowFields: webExceptionRowFields,
  rowPanels: webExceptionPanels,
  newRow: { name: '', enabled: true, conditions: {}, action: 'allow', transferDirection: 'all', comment: '' },
} as const;

export const webGlobalExceptions = definePolicyArea({
  id: 'web.global-exceptions',
  title: 'Global Web Exceptions',
  // Design note: Two lists (pre, post) in one document.
  description:
    'Web exceptions evaluated before and after the tenant\'s own exceptions, with the same conditions and actions: ' +
    'the first matching exception wins.',
  route: '/policy/web/global-exceptions',
  nav: { group: 'Web', order: 25 },
  endpoint: { path: '/api/policy/v1/rules/web/global_exceptions/{rev}' },
  schema: WebGlobalExceptionsDocument,
  layout: {
    kind: 'form',
    fields: {
      pre: { table: exceptionTable },
      post: { table: exceptionTable },
    },
  },
  read: { any: ['web_policy:read'] },
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:exceptions.
  fieldGates: CONDITION_GATES,
  write: { any: ['web_policy:write:exceptions'] },
  tag: 'web policy',
});
