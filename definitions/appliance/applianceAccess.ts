import { AccessDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceAccess = defineSettingsPage({
  id: 'appliance.access',
  title: 'Access',
  // Design note: the spec names /api/v1/settings/access but not the fields.
  description:
    'Who may reach this appliance and how: the HTTPS port of the administration portal, SSH for support staff, the ' +
    'networks administration is allowed from (addresses or CIDR blocks; empty allows every network), the proxy ports and the idle ' +
    'time-out of an administration session (5 to 1440 minutes). The networks and the idle time-out hold beside ' +
    'Administrator Access: an address must be allowed by both, and the shorter idle time signs out.',
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
  effects: {
    all: { service: 'Applied by the appliance\'s operating system and services: the administration port, SSH and the proxy ports.' },
    fields: {
      allowed_networks: {
        portal: 'This portal refuses sign-ins, and every request of a signed-in session or API token, from an address outside these networks (the session is ended; each refusal is audited). A save that leaves out your own address is refused.',
      },
      session_timeout_minutes: { portal: 'This portal signs out an administrator after this many minutes without activity (the shorter of this and Administrator Access\'s idle time).' },
    },
  },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
