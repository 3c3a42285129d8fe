import { AccessDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceAccess = defineSettingsPage({
  id: 'appliance.access',
  title: 'Access',
  // Design note: the spec names /api/v1/settings/access but not the fields.
  description:
    'Who may reach this appliance and how: the HTTPS port of the administration portal, SSH for support staff, the ' +
    'networks administration is allowed from (CIDR; empty allows every network), the proxy ports and the idle ' +
    'time-out of an administration session (5 to 1440 minutes).',
  route: '/settings/access',
  nav: applianceNav(60),
  endpoint: { path: '/api/v1/settings/access', revision: 'none', save: 'PUT' },
  schema: AccessDocument,
  layout: {
    kind: 'form',
    groups: ['Administration', 'SSH', 'Proxy'],
    fields: {
      https_port: { group: 'Administration' },
      allowed_networks: { group: 'Administration', widget: 'tags', placeholder: '10.0.0.0/8' },
      session_timeout_minutes: { group: 'Administration' },
      ssh_enabled: { group: 'SSH' },
      ssh_port: { group: 'SSH', showIf: { field: 'ssh_enabled', equals: [true] } },
      proxy_ports: { group: 'Proxy', widget: 'tags', placeholder: '8080' },
    },
  },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
