import { EgressIpsDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const egressIps = defineSettingsPage({
  id: 'settings.egress-ips',
  title: 'Egress IPs',
  // Design note: Payload list; the spec names the key only, the fields are this build's design.
  description:
    'The public IPv4 addresses traffic leaves the service from, by region, so that partner sites can allow them. ' +
    'Each address is public and listed once.',
  route: '/settings/egress-ips',
  // The cloud service's own addresses and access: an appliance's traffic leaves from its own network.
  env: { deployments: ['cloud', 'dev'] },
  nav: { group: 'Network', order: 20 },
  endpoint: { path: '/api/settings/v1/tenants/egress_ips', revision: 'none', save: 'PUT' },
  schema: EgressIpsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'region', format: 'enumLabel', sortable: true, flex: 2 },
      { field: 'ip', label: 'Address', sortable: true },
      { field: 'comment', flex: 2 },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: { id: { widget: 'hidden' }, ip: { placeholder: '198.51.100.20' }, comment: { widget: 'textarea' } },
    newRow: { region: 'eu-central-1', ip: '', enabled: true, comment: '' },
    exportable: true,
  },
  effects: { all: { service: 'Applied by the isolation service: the addresses its traffic leaves from.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
