import { TerminalServerProfilesDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const terminalServerProfiles = defineSettingsPage({
  id: 'settings.terminal-server-profiles',
  title: 'Terminal Server Profiles',
  description:
    'Settings of the client on multi-user terminal servers (Remote Desktop, Citrix), where many users share one ' +
    'machine. Each user session gets its own range of source ports, starting at the first source port, so the ' +
    'service can tell users apart and apply their policy. A profile applies to the servers it lists; sites sent ' +
    'direct bypass the service from those servers.',
  route: '/settings/terminal-server-profiles',
  nav: { group: 'Clients', order: 30 },
  endpoint: { path: '/api/settings/v1/tenants/ts_client_profile', revision: 'none', save: 'PUT' },
  schema: TerminalServerProfilesDocument,
  layout: {
    kind: 'table',
    rows: 'profiles',
    rowKey: 'uuid',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'servers', format: 'count' },
      { field: 'first_port' },
      { field: 'ports_per_user' },
      { field: 'user_id', format: 'enumLabel' },
    ],
    rowFields: {
      uuid: { widget: 'hidden' },
      description: { widget: 'textarea' },
      servers: { widget: 'tags', placeholder: 'rds01.example.com, 10.1.2.0/24' },
      bypass_domains: { widget: 'tags', placeholder: 'example.com' },
    },
    newRow: { name: '', description: '', servers: [], first_port: 10000, ports_per_user: 500, user_id: 'windows_user', bypass_domains: [] },
    exportable: true,
  },
  effects: { all: { service: 'Applied by the isolation service through the endpoint client on terminal servers.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
