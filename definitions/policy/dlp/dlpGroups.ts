import { DlpGroupsDocument } from '../../../schemas/areas/dlp';
import { definePolicyArea, optionsFrom } from '../../define';
import { dlpDictionaries } from './dlpDictionaries';

export const dlpGroups = definePolicyArea({
  id: 'dlp.groups',
  title: 'Dictionary Groups',
  // Design note: The spec names the call only; the fields are this build's design.
  description:
    'Groups of dictionaries a DLP rule refers to: custom dictionaries by id and predefined dictionaries, joined ' +
    'by AND (all must match) or OR (any may match). A group needs at least one dictionary.',
  route: '/policy/dlp/groups',
  nav: { group: 'DLP', order: 30 },
  endpoint: { path: '/api/policy/v1/rules/dlp_groups/{rev}' },
  schema: DlpGroupsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'logic', format: 'enumLabel' },
      { field: 'dictionaries', label: 'Custom', format: 'count' },
      { field: 'predefined', format: 'count' },
      { field: 'comment', flex: 2 },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      logic: { widget: 'segmented' },
      dictionaries: { widget: 'dualList', optionsFrom: optionsFrom(dlpDictionaries, 'list', 'id', 'name') },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', logic: 'or', dictionaries: [], predefined: [], comment: '' },
    exportable: true,
  },
  read: { any: ['dlp_policy:read'] },
  write: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  tag: 'dlp policy',
});
