import { ClientProfilesDocument, type ClientProfile } from '../../../schemas/areas/tenantSettings';
import { exportClientProfile } from '../../api/lookups';
import { defineSettingsPage, optionsFrom, rowDownload } from '../../define';
import { postureProfiles } from './postureProfiles';

export const clientProfiles = defineSettingsPage({
  id: 'settings.client-profiles',
  title: 'Client Profiles',
  // Design note: Payload profiles, each with uuid and exportable (spec); the other fields are this build's design.
  description:
    'Profiles of the endpoint client: platforms, whether web traffic or all traffic goes to the service, ' +
    'automatic connection, whether users may turn it off, trusted networks, sites sent direct and the posture ' +
    'profile the device reports against.',
  route: '/settings/client-profiles',
  nav: { group: 'Clients', order: 10 },
  endpoint: { path: '/api/settings/v1/tenants/client_profiles', revision: 'none', save: 'PUT' },
  schema: ClientProfilesDocument,
  layout: {
    kind: 'table',
    rows: 'profiles',
    rowKey: 'uuid',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'mode', format: 'enumLabel' },
      { field: 'platforms', format: 'count' },
      { field: 'exportable', format: 'boolean', center: true },
    ],
    rowFields: {
      uuid: { widget: 'hidden' },
      description: { widget: 'textarea' },
      platforms: { widget: 'checkboxGroup' },
      mode: { widget: 'segmented' },
      trusted_networks: { widget: 'tags', placeholder: '10.0.0.0/8' },
      bypass_domains: { widget: 'tags', placeholder: 'example.com' },
      posture_profile: {
        widget: 'select',
        optionsFrom: optionsFrom(postureProfiles, 'profiles', 'uuid', 'name'),
        help: 'A profile of the Posture Profiles page; empty: none',
      },
    },
    newRow: { name: '', description: '', exportable: true, platforms: ['windows', 'macos'], mode: 'proxy', auto_connect: true, allow_user_disable: false, trusted_networks: [], bypass_domains: [], posture_profile: '' },
    exportable: true,
    // The file the endpoint client is installed with, as the service keeps the profile.
    rowActions: [
      rowDownload(exportClientProfile, {
        id: 'export',
        label: 'Export',
        query: (profile: ClientProfile) => ({ uuid: profile.uuid }),
        when: { field: 'exportable', equals: [true] },
        download: { file: true, fileName: (profile) => `${profile.name}.json` },
      }),
    ],
  },
  effects: { all: { service: 'Applied by the isolation service through the endpoint client; this portal offers the exportable profiles for download.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
