import { FileRulesDocument } from '../../../schemas/areas/docsAndFiles';
import { contentTypesV4, FILES_READ, FILES_WRITE } from '../../api/docsAndFiles';
import { choicesFrom, definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';

export const fileRules = definePolicyArea({
  id: 'files.transfers',
  title: 'File Transfers',
  // Design note: /api/policy/v4/rules/content/{rev}; the v3 path /api/policy/v3/rules/content/{rev} reads and saves the
  // same document (definitions/api/policyVariants.ts). The spec names the calls only; the rule fields are this build's.
  description:
    'Ordered rules for files downloaded or uploaded through isolated browsing: by file type and direction, allow the ' +
    'file, offer it in the document viewer only (the user reads it but never gets the file), or block it, optionally ' +
    'above a size. The first enabled matching rule wins; files no rule matches are allowed.',
  route: '/policy/files/transfers',
  nav: { group: 'Documents and Files', order: 200 },
  endpoint: { path: '/api/policy/v4/rules/content/{rev}' },
  schema: FileRulesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, minWidth: 200, sortable: true },
      { field: 'content_types', label: 'Types', format: 'count', minWidth: 80, maxWidth: 90 },
      { field: 'direction', label: 'Direction', format: 'enumLabel', minWidth: 110, maxWidth: 130 },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'max_size_mb', label: 'Size limit (MB)', secondary: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      content_types: { widget: 'dualList', optionsFrom: choicesFrom(contentTypesV4, 'content_types', 'id', 'label') },
      action: { widget: 'segmented' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, content_types: [], direction: 'downloads', action: 'view_only', max_size_mb: 0, comment: '' },
    exportable: true,
  },
  read: FILES_READ,
  write: FILES_WRITE,
  feature: 'content_inspection',
  tag: 'web policy',
});
