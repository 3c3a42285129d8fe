import { InspectionExceptionsDocument, type InspectionException } from '../../../schemas/areas/webRules';
import { fileLookup } from '../../api/reportLookups';
import { definePolicyArea, type AccordionPanel } from '../../define';
import { CONDITION_GATES } from '../webFieldGates';
import { conditionFieldHints } from '../policyEnv';
import { analysisFacts, CONDITION_CHOICES, ruleConditionDecls } from '../evaluation';
import { bypassTable } from './webExceptions';

/** The rule accordion of an inspection exception (also of the global inspection exceptions). */
export const inspectionExceptionPanels = [
  { id: 'general', title: 'General', fields: ['name'], summary: 'Name the rule' },
  {
    id: 'conditions',
    title: 'Match conditions',
    summary: 'Choose the files the rule applies to',
    fields: [
      'conditions.sha256',
      'conditions.domain',
      'conditions.uri',
      'conditions.categories',
      'conditions.fileTypes',
      'conditions.source_ips',
      'conditions.entities',
    ],
  },
  { id: 'action', title: 'Action', fields: ['action'], summary: 'Mark as clean, mark as infected or inspect' },
  { id: 'review', title: 'Review', review: true, fields: ['enabled', 'comment'], summary: 'Check the rule and save it' },
] as const satisfies readonly AccordionPanel<InspectionException>[];

/** Field hints of the inspection exception form. */
export const inspectionExceptionRowFields = {
  id: { widget: 'hidden' },
  action: { widget: 'segmented' },
  comment: { widget: 'textarea' },
  ...conditionFieldHints,
  // What the file server knows of each hash is shown under them as they are typed.
  'conditions.sha256': { widget: 'tags', placeholder: '64 hexadecimal characters', preview: { operation: fileLookup, field: 'sha256' } },
} as const;

export const inspectionExceptions = definePolicyArea({
  id: 'web.inspection-exceptions',
  title: 'Inspection Exceptions',
  description:
    'Ordered rules that override content inspection for matching files: mark them clean, mark them infected, or ' +
    'inspect them whatever the other rules say. A rule matches on the web exception conditions or on the files\' ' +
    'SHA-256 hashes (all given must hold). ' +
    'Traffic matching a "Not inspected" entry is never inspected; that list is saved with the same document.',
  route: '/policy/web/inspection-exceptions',
  nav: { group: 'Web', order: 55 },
  endpoint: { path: '/api/policy/v3/rules/inspection/exceptions/{rev}' },
  schema: InspectionExceptionsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'comment', flex: 2 },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowPanels: inspectionExceptionPanels,
    rowFields: inspectionExceptionRowFields,
    newRow: { name: '', enabled: true, conditions: {}, action: 'inspect', comment: '' },
    exportable: true,
    tables: [{ ...bypassTable, title: 'Not inspected' }],
  },
  read: { any: ['web_policy:read'] },
  fieldGates: CONDITION_GATES,
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:exceptions.
  write: { any: ['web_policy:write:exceptions'] },
  tag: 'web policy',
  facts: analysisFacts('web.inspection-exceptions'),
  evaluation: {
    lists: [
      {
        id: 'bypass',
        title: 'Not inspected',
        rows: 'bypass',
        enabled: 'enabled',
        order: 'listed',
        conditions: ruleConditionDecls('conditions'),
        action: { constant: 'not_inspected' },
        decides: 'file',
        tier: 10,
      },
      {
        id: 'list',
        title: 'Inspection exceptions',
        rows: 'list',
        enabled: 'enabled',
        order: 'listed',
        conditions: [...ruleConditionDecls('conditions'), { field: 'conditions.sha256', label: 'File hashes', kind: 'oneOf', attribute: 'sha256' }],
        action: { field: 'action' },
        decides: 'file',
        tier: 20,
      },
    ],
    choices: [...CONDITION_CHOICES, '"Not inspected" entries are consulted before the inspection exceptions; the first enabled matching row decides.'],
  },
});
