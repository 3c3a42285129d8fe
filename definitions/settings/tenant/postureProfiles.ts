import { PostureProfilesDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const postureProfiles = defineSettingsPage({
  id: 'settings.posture-profiles',
  title: 'Posture Profiles',
  // Design note: Payload profiles. Posture checks of spec 002 §3.
  description:
    'Device posture a client must report: per platform, checks (antivirus, firewall, OS ' +
    'version, disk encryption, CrowdStrike, Gatekeeper, Google Safe Browsing) joined by AND or OR. Yes/no checks ' +
    'compare with Equal to and true or false; OS version and CrowdStrike ZTA score use equal, between, less than ' +
    'or greater than. Private access rules and client profiles refer to these profiles.',
  route: '/settings/posture-profiles',
  nav: { group: 'Clients', order: 20 },
  endpoint: { path: '/api/settings/v1/tenants/posture_profiles', revision: 'none', save: 'PUT' },
  schema: PostureProfilesDocument,
  layout: {
    kind: 'table',
    rows: 'profiles',
    rowKey: 'uuid',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'platform', format: 'enumLabel', sortable: true },
      { field: 'logic', format: 'enumLabel' },
      { field: 'checks', format: 'count' },
    ],
    rowFields: {
      uuid: { widget: 'hidden' },
      description: { widget: 'textarea' },
      logic: { widget: 'segmented' },
      checks: { table: { itemLabel: 'check', columns: ['check', 'comparison', 'value', 'value_to'], newRow: { check: 'firewall', comparison: 'equal', value: 'true', value_to: '' } } },
    },
    newRow: { name: '', description: '', platform: 'windows', logic: 'and', checks: [{ check: 'firewall', comparison: 'equal', value: 'true', value_to: '' }] },
    exportable: true,
  },
  effects: { all: { service: 'Applied by the isolation service: the checks clients report and rules require.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
