import { AuditorProfilesDocument } from '../../../schemas/areas/auditorProfiles';
import { lookupOps } from '../../api/lookups';
import { defineSettingsPage, screenDownload } from '../../define';

export const auditorProfiles = defineSettingsPage({
  id: 'dlp.auditor-profiles',
  title: 'Auditor Profiles',
  // Design note: the spec names the calls (auditor_profiles list, default, file_password) but not the fields.
  description:
    'Who receives the files that DLP and forensic captures keep for review: each profile lists the auditors’ ' +
    'addresses and whether the file is attached, in an archive protected by the tenant’s file password. A tenant ' +
    'setting, not part of a policy revision: a save applies at once.',
  route: '/policy/dlp/auditor-profiles',
  nav: { group: 'DLP', order: 45 },
  endpoint: { path: '/api/policy/v1/auditor_profiles/list', revision: 'none', save: 'PUT' },
  schema: AuditorProfilesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'emails', label: 'Auditors', format: 'count' },
      { field: 'attach_file', format: 'boolean', center: true },
      { field: 'comment', flex: 2 },
    ],
    rowFields: { id: { widget: 'hidden' }, emails: { widget: 'tags', placeholder: 'name@example.com' }, comment: { widget: 'textarea' } },
    newRow: { name: '', emails: [], attach_file: true, comment: '' },
    exportable: true,
  },
  effects: { all: { service: 'Applied by the isolation service: it sends captured files to the auditors.' } },
  read: { any: ['dlp_policy:read'] },
  write: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  // The password of the archives the auditors receive (one per tenant), to give to them; DLP administrators only.
  downloads: [
    screenDownload(lookupOps.auditorFilePassword, {
      id: 'archive-password',
      label: 'Download the archive password',
      download: { fileName: () => 'captured-files-password.txt', contentType: 'text/plain', content: (a) => `${a.password}\n` },
    }),
  ],
  tag: 'dlp policy',
});
