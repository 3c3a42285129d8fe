import { MpaSecurityConfigDocument } from '../../schemas/areas/privateAccess';
import { countryChoices } from '../lookupChoices';
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
  nav: { order: 50 },
  endpoint: { path: '/api/settings/v1/tenants/mpa_security_config', revision: 'none', save: 'PUT' },
  schema: MpaSecurityConfigDocument,
  // Set up once per tenant, so the page guides through it; the last step saves.
  layout: {
    kind: 'wizard',
    landing: {
      title: 'Secure private access in four steps',
      text:
        'Choose how connectors and clients connect, whether devices must pass a posture check, how connector ' +
        'provisioning keys work and which countries are never allowed. Apply each step, then save on the last one.',
    },
    steps: [
      { id: 'connections', title: 'Connections', fields: ['min_tls_version', 'idle_timeout_minutes'] },
      { id: 'devices', title: 'Devices', fields: ['require_posture'] },
      { id: 'connectors', title: 'Connectors', fields: ['one_time_provisioning_keys'] },
      { id: 'countries', title: 'Countries', fields: ['blocked_countries'] },
    ],
    fields: {
      min_tls_version: { widget: 'segmented' },
      blocked_countries: { widget: 'dualList', optionsFrom: countryChoices },
    },
  },
  effects: { all: { service: 'Applied by the isolation service to private access connectors, clients and application sessions.' } },
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
  tag: 'private access',
});
