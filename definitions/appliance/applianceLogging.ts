import { LoggingDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceLogging = defineSettingsPage({
  id: 'appliance.logging',
  title: 'Logging',
  // Design note: the spec names /api/v1/settings/logging but not the fields.
  description:
    'How much this appliance logs, how many days it keeps its local logs (1 to 365) and up to ten remote syslog ' +
    'servers (host name or IPv4 address, port, UDP, TCP or TCP with TLS) it forwards them to.',
  route: '/settings/logging',
  nav: applianceNav(50),
  endpoint: { path: '/api/v1/settings/logging', revision: 'none', save: 'PUT' },
  schema: LoggingDocument,
  layout: {
    kind: 'form',
    fields: {
      level: {},
      retention_days: {},
      list: {
        table: {
          columns: ['host', 'port', 'protocol', 'enabled'],
          rowFields: { id: { widget: 'hidden' }, host: { placeholder: 'syslog.example.com' } },
          newRow: { host: '', port: 514, protocol: 'udp', enabled: true },
          itemLabel: 'syslog server',
        },
      },
    },
  },
  effects: { all: { service: 'Applied by the appliance: its local logs and the syslog servers it forwards to; the connectivity check tries them.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
