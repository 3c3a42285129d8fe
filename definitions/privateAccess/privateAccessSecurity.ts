import { MpaSecurityConfigDocument } from '../../schemas/areas/privateAccess';
import { defineSettingsPage } from '../define';

export const privateAccessSecurity = defineSettingsPage({
  id: 'private-access.security',
  title: 'Security Settings',
  // Design note: The spec names the call (mpa_security_config) only; the fields are this build's design.
  description:
    'Tenant-wide private access security: the oldest TLS version connectors and clients may use, a passing ' +
    'posture profile required before any access rule applies, the idle time-out of application sessions, one-time ' +
    'connector provisioning keys and countries never allowed.',
  route: '/secure-application-access/security',
  nav: { order: 40 },
  endpoint: { path: '/api/settings/v1/tenants/mpa_security_config', revision: 'none', save: 'PUT' },
  schema: MpaSecurityConfigDocument,
  layout: {
    kind: 'form',
    fields: {
      min_tls_version: { widget: 'segmented' },
      blocked_countries: { widget: 'tags', placeholder: 'KP' },
    },
  },
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
  tag: 'private access',
});
