import { DlpAuditorsDocument } from '../../../schemas/areas/dlp';
import { definePolicyArea } from '../../define';

export const dlpAuditors = definePolicyArea({
  id: 'dlp.auditors',
  title: 'Auditors',
  // Design note: The spec names the call only; the fields are this build's design.
  description:
    'People notified of DLP incidents: their addresses, the actions that notify them (Skip Inspection, Block, ' +
    'Log), each incident or an hourly or daily digest, and whether the offending file is attached (in an archive ' +
    'protected by the DLP file password).',
  route: '/policy/dlp/auditors',
  nav: { group: 'DLP', order: 40 },
  endpoint: { path: '/api/policy/v1/rules/dlp_auditors/{rev}' },
  schema: DlpAuditorsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'emails', label: 'Addresses', format: 'count' },
      { field: 'digest', format: 'enumLabel' },
      { field: 'attach_file', format: 'boolean', center: true },
    ],
    rowFields: { id: { widget: 'hidden' }, emails: { widget: 'tags', placeholder: 'name@example.com' }, notify_on: { widget: 'checkboxGroup' }, comment: { widget: 'textarea' } },
    newRow: { name: '', emails: [], notify_on: ['block'], attach_file: false, digest: 'immediate', comment: '' },
    exportable: true,
  },
  read: { any: ['dlp_policy:read'] },
  write: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  tag: 'dlp policy',
});
