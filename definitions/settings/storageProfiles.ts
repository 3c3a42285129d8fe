import { StorageProfilesDocument, type StorageProfile } from '../../schemas/areas/storageProfiles';
import { settingsOps } from '../api/settings';
import { defineSettingsPage, type Path, type ShowIf } from '../define';

const aws: ShowIf<Path<StorageProfile>> = { field: 'storage_platform', equals: ['Amazon AWS'] };
const azure: ShowIf<Path<StorageProfile>> = { field: 'storage_platform', equals: ['Microsoft Azure'] };

export const storageProfiles = defineSettingsPage({
  id: 'settings.storage-profiles',
  title: 'Storage Profiles',
  // Design note: The reference server does not connect to AWS or Azure, so Validate checks the form of the fields
  // only.
  description:
    'Where browser-forensics recordings and exported files are written: an Amazon S3 bucket or a Microsoft Azure ' +
    'file share or blob container, 1 to 50 profiles. Keys are write-only: once saved they show as ******** and ' +
    'stay unchanged unless retyped; changing the platform, access key id or storage account needs the key ' +
    'retyped. Validate checks that the fields are well-formed; it does not test the connection to the storage.',
  route: '/settings/storage-profiles',
  capabilityNotice: {
    operation: settingsOps.storageCapability,
    capability: 'browsing_forensics',
    when: false,
    text: 'Browser forensics is off for this tenant: recordings are written to these profiles once your service provider turns it on.',
  },
  nav: { group: 'Storage & Forensics', order: 10 },
  endpoint: { path: '/api/settings/v1/storage/profiles', revision: 'none', save: 'POST' },
  schema: StorageProfilesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'uuid',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'storage_platform', label: 'Platform', format: 'enumLabel', sortable: true },
      { field: 'description', flex: 3 },
      { field: 'access_type', label: 'Access', format: 'enumLabel' },
      { field: 'validated', format: 'boolean', center: true },
    ],
    rowFields: {
      uuid: { widget: 'hidden' },
      name: { group: 'General' },
      description: { widget: 'textarea', group: 'General' },
      storage_platform: { widget: 'segmented', group: 'General' },
      s3_bucket: { group: 'Connection', showIf: aws, placeholder: 'my-company-forensics' },
      key_id: { group: 'Connection', showIf: aws, placeholder: 'AKIA…' },
      account: { group: 'Connection', showIf: azure },
      share: { group: 'Connection', showIf: azure },
      storage_mode: { group: 'Connection', showIf: azure, widget: 'segmented' },
      secret_key: { group: 'Connection', widget: 'secret', writeOnly: true },
      path: { group: 'Connection', placeholder: '/recordings' },
      'assume_role.external_aws_ac_id': { group: 'Assume role (optional)', showIf: aws },
      'assume_role.iam_role_name': { group: 'Assume role (optional)', showIf: aws },
      'assume_role.external_id': { group: 'Assume role (optional)', showIf: aws },
      assume_role_key: { group: 'Assume role (optional)', showIf: aws, widget: 'secret', writeOnly: true },
      access_type: { group: 'Limits', widget: 'segmented' },
      'limit_size.enabled': { group: 'Limits' },
      'limit_size.max_size': { group: 'Limits', showIf: { field: 'limit_size.enabled', equals: [true] } },
      'limit_size.units': { group: 'Limits', showIf: { field: 'limit_size.enabled', equals: [true] }, widget: 'segmented' },
      validated: { group: 'Limits', readOnly: true, help: 'Set by Validate; saved with the profile' },
    },
    newRow: {
      storage_platform: 'Amazon AWS',
      validated: false,
      access_type: 'readwrite',
      limit_size: { enabled: false, max_size: 100, units: 'GB' },
    },
    rowActions: [{ id: 'validate', label: 'Validate', operation: settingsOps.validateStorage }],
  },
  effects: { all: { service: 'Applied by the isolation service: where it writes recordings and exported files.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'storage',
});
