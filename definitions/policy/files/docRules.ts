import { DocRulesDocument } from '../../../schemas/areas/docsAndFiles';
import { contentTypesV4, FILES_READ, FILES_WRITE } from '../../api/docsAndFiles';
import { choicesFrom, definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';

export const docRules = definePolicyArea({
  id: 'files.documents',
  title: 'Document Viewing',
  // Design note: /api/policy/v4/rules/docs/{rev}. The spec names the call only; the rule fields are this build's design.
  description:
    'Ordered rules for documents opened in the isolated document viewer: by document type, whether the user may ' +
    'download the original file, a safe PDF copy or nothing, and whether the document may be printed or its text ' +
    'copied. The first enabled matching rule wins.',
  route: '/policy/files/documents',
  nav: { group: 'Documents and Files', order: 210 },
  endpoint: { path: '/api/policy/v4/rules/docs/{rev}' },
  schema: DocRulesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, minWidth: 240, sortable: true },
      { field: 'content_types', label: 'Types', format: 'count' },
      { field: 'download', label: 'Download', format: 'enumLabel' },
      { field: 'print', label: 'Print', format: 'boolean', center: true },
      { field: 'copy_text', label: 'Copy text', format: 'boolean', center: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      content_types: { widget: 'dualList', optionsFrom: choicesFrom(contentTypesV4, 'content_types', 'id', 'label') },
      download: { widget: 'segmented' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, content_types: [], download: 'pdf', print: true, copy_text: true, comment: '' },
    exportable: true,
  },
  read: FILES_READ,
  write: FILES_WRITE,
  feature: 'content_inspection',
  tag: 'web policy',
});
