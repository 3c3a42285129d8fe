import { AdminAccessControlDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const adminAccessControl = defineSettingsPage({
  id: 'settings.admin-access',
  title: 'Administrator Access',
  // Design note: The spec names the call (admin_access_control) only; the fields are this build's design.
  description:
    'How administrators reach this portal: only from listed addresses (at least one while the restriction is on), ' +
    'with two-factor authentication, the lock-out after failed sign-ins and the idle sign-out.',
  route: '/settings/admin-access',
  nav: { group: 'Authentication', order: 10 },
  endpoint: { path: '/api/settings/v1/tenants/admin_access_control', revision: 'none', save: 'PUT' },
  schema: AdminAccessControlDocument,
  layout: {
    kind: 'form',
    fields: {
      allowed_ips: { widget: 'tags', placeholder: '203.0.113.0/24', showIf: { field: 'restrict_by_ip', equals: [true] } },
    },
  },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
