import { ContentInspectionDocument } from '../../../schemas/areas/webRules';
import { contentVersion } from '../../api/lookups';
import { dateTimeText, definePolicyArea, screenFacts } from '../../define';
import { scopeFieldHints } from '../policyEnv';


export const contentInspection = definePolicyArea({
  id: 'web.content-inspection',
  title: 'Content Inspection',
  // Design note: Payload contentInspection. The spec names the key only; the rule fields are this build's design.
  description:
    'Ordered rules that say which transferred files are scanned (file scan, hash reputation, document ' +
    'sanitisation), which file types and sizes, whether unknown files run in the sandbox first, what happens to ' +
    'password-protected files and whether a failed inspection lets the file through.',
  route: '/policy/web/content-inspection',
  nav: { group: 'Web', order: 50 },
  endpoint: { path: '/api/policy/v3/rules/inspection/{rev}' },
  schema: ContentInspectionDocument,
  // The signatures these rules scan with (spec: GET content_version): the version to give when a file was judged wrongly.
  facts: screenFacts(contentVersion, {
    label: 'Signature version',
    facts: (a) => [
      { label: 'Signature version', value: a.version },
      { label: 'updated', value: dateTimeText(a.updated_at) },
    ],
  }),
  layout: {
    kind: 'table',
    rows: 'contentInspection',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'direction', format: 'enumLabel' },
      { field: 'inspection_types', label: 'Inspect', format: 'count' },
      { field: 'sandbox', format: 'boolean', center: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      inspection_types: { widget: 'checkboxGroup' },
      file_types: { widget: 'tags', placeholder: 'pdf' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: {
      name: '',
      enabled: true,
      scope: {},
      direction: 'downloads',
      inspection_types: ['file', 'hash'],
      file_types: [],
      sandbox: false,
      max_file_size_mb: 100,
      password_protected: 'prompt',
      on_failure: 'block',
      comment: '',
    },
    exportable: true,
  },
  read: { any: ['content_inspection:read'] },
  write: { any: ['content_inspection:write'] },
  feature: 'content_inspection',
  tag: 'content inspection',
});
