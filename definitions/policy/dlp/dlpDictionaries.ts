import { DlpDictionariesDocument } from '../../../schemas/areas/dlp';
import { definePolicyArea } from '../../define';

export const dlpDictionaries = definePolicyArea({
  id: 'dlp.dictionaries',
  title: 'Dictionaries',
  // Design note: The spec names the keys (list, overrides) only; the fields are this build's design.
  description:
    'Custom DLP dictionaries: keywords and phrases, or regular expressions (each must compile), optionally ' +
    'case-sensitive. The same document holds the overrides of the predefined dictionaries (credit cards, social ' +
    'security numbers, IBANs, ...): on or off, the match threshold and values never counted.',
  route: '/policy/dlp/dictionaries',
  nav: { group: 'DLP', order: 20 },
  endpoint: { path: '/api/policy/v1/rules/dlp_dicts/{rev}' },
  schema: DlpDictionariesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'kind', format: 'enumLabel', sortable: true },
      { field: 'entries', format: 'count' },
      { field: 'comment', flex: 2 },
    ],
    rowFields: { id: { widget: 'hidden' }, kind: { widget: 'segmented' }, entries: { widget: 'tags' }, comment: { widget: 'textarea' } },
    newRow: { name: '', kind: 'keywords', entries: [], case_sensitive: false, comment: '' },
    exportable: true,
  },
  read: { any: ['dlp_policy:read'] },
  write: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  tag: 'dlp policy',
});
