import { FixedEgressDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const fixedEgress = defineSettingsPage({
  id: 'settings.fixed-egress',
  title: 'Fixed Egress',
  description:
    'Users and groups whose traffic always leaves from one egress address (payload fixed_egress_user.list), for ' +
    'sites that allow known addresses only; each user or group is pinned once. Saved with PUT. The list sits inside ' +
    'the fixed_egress_user object, which the table layout of define.ts cannot address, so it is edited as JSON. The ' +
    'fields are this build\'s design.',
  route: '/settings/fixed-egress',
  nav: { group: 'Network', order: 30 },
  endpoint: { path: '/api/settings/v1/tenants/fixed_egress', revision: 'none', save: 'PUT' },
  schema: FixedEgressDocument,
  layout: {
    kind: 'form',
    fields: {
      'fixed_egress_user.list': { widget: 'json', label: 'Pinned users and groups', help: 'Each entry: id, principal, type (user or group), egress_ip, comment' },
    },
  },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
