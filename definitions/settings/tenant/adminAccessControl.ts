import { AdminAccessControlDocument } from '../../../schemas/areas/tenantSettings';
import { tenantUtilOps } from '../../api/tenantUtils';
import { defineSettingsPage, screenFacts } from '../../define';

export const adminAccessControl = defineSettingsPage({
  id: 'settings.admin-access',
  title: 'Administrator Access',
  // Design note: The spec names the call (admin_access_control) only; the fields are this build's design.
  description:
    'How administrators reach this portal, enforced at every sign-in (portal and appliance) and on every request: ' +
    'only from the listed addresses (sessions and API tokens used from elsewhere are refused), with a code from an ' +
    'authenticator app after the password when two-factor authentication is required, a lock-out of the account ' +
    'after the set number of failed sign-ins, and the sign-out after the idle time. A change that would shut you out ' +
    'yourself is refused, and every refusal is in the audit log.',
  route: '/settings/admin-access',
  facts: screenFacts(tenantUtilOps.userIp, { label: 'Your address', facts: (a) => [{ label: 'Your address now', value: a.ip }] }),
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
  effects: { all: { portal: 'This portal enforces it at every sign-in and on every request of a session or API token.' } },
  tag: 'tenant settings',
});
