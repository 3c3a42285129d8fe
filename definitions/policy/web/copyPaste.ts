import { CopyPasteDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';

export const copyPaste = definePolicyArea({
  id: 'web.copy-paste',
  title: 'Copy and Paste',
  // Design note: The spec names the call only; the rule fields are this build's design.
  description:
    'Ordered rules for the clipboard of isolated pages: pasting into them, copying out of them or both may be ' +
    'allowed, limited to a number of characters, or blocked, optionally only on generative-AI sites. The first ' +
    'enabled matching rule wins.',
  route: '/policy/web/copy-paste',
  nav: { group: 'Web', order: 90 },
  endpoint: { path: '/api/policy/v1/rules/copy_paste/{rev}' },
  schema: CopyPasteDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'direction', format: 'enumLabel' },
      { field: 'action', format: 'enumLabel' },
      { field: 'max_characters', label: 'Limit' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      action: { widget: 'segmented' },
      max_characters: { showIf: { field: 'action', equals: ['limit'] } },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, direction: 'both', action: 'limit', max_characters: 1000, genai_only: false, comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
});
