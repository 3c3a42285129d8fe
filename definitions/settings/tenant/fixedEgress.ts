import { FixedEgressDocument } from '../../../schemas/areas/tenantSettings';
import { tenantUtilOps } from '../../api/tenantUtils';
import { defineSettingsPage, screenFacts } from '../../define';

export const fixedEgress = defineSettingsPage({
  id: 'settings.fixed-egress',
  title: 'Fixed Egress',
  // Design note: Payload fixed_egress_user.list, saved with PUT; the fields are this build's design.
  description:
    'Users and groups whose traffic always leaves from one egress address, for sites that allow known addresses ' +
    'only; each user or group is pinned once.',
  route: '/settings/fixed-egress',
  // The cloud service's own addresses and access: an appliance's traffic leaves from its own network.
  env: { deployments: ['cloud', 'dev'] },
  nav: { group: 'Network', order: 30 },
  endpoint: { path: '/api/settings/v1/tenants/fixed_egress', revision: 'none', save: 'PUT' },
  schema: FixedEgressDocument,
  layout: {
    kind: 'form',
    fields: {
      'fixed_egress_user.list': {
        label: 'Pinned users and groups',
        table: {
          itemLabel: 'user or group',
          columns: ['principal', 'type', 'egress_ip', 'comment'],
          rowFields: { id: { widget: 'hidden' }, type: { widget: 'segmented' }, egress_ip: { placeholder: '203.0.113.10' }, comment: { widget: 'textarea' } },
          newRow: { principal: '', type: 'user', egress_ip: '', comment: '' },
        },
      },
    },
  },
  effects: { all: { service: 'Applied by the isolation service: the egress address of the listed users and groups.' } },
  facts: screenFacts(tenantUtilOps.fixedEgressState, {
    label: 'Pinned egress in force',
    facts: (a) => [
      { label: 'In force', value: a.enabled ? 'Yes' : 'No' },
      { label: 'Pinned users and groups', value: String(a.pinned) },
      { label: 'Egress addresses in use', value: a.egress_ips.length > 0 ? a.egress_ips.join(', ') : 'None' },
    ],
  }),
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
