import { FirewallServicesDocument } from '../../schemas/areas/firewall';
import { definePolicyArea } from '../define';

export const firewallServices = definePolicyArea({
  id: 'fwaas.services',
  title: 'Services',
  // Design note: Saved as the single key data (spec 001 §7); the fields are this build's design.
  description:
    'Named network services the firewall rules refer to: a protocol (TCP, UDP, ICMP or any) and, for TCP and UDP, ' +
    'at least one port or port range. Service names are unique.',
  route: '/fwaas/services',
  nav: { order: 20 },
  endpoint: { path: '/api/policy/v1/rules/fwaas/services/{rev}' },
  schema: FirewallServicesDocument,
  layout: {
    kind: 'table',
    rows: 'data',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'protocol', format: 'enumLabel', sortable: true },
      { field: 'ports', format: 'count' },
      { field: 'description', flex: 3 },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      protocol: { widget: 'segmented' },
      ports: { widget: 'tags', placeholder: '443 or 8000-8080', showIf: { field: 'protocol', equals: ['tcp', 'udp'] } },
      description: { widget: 'textarea' },
    },
    newRow: { name: '', protocol: 'tcp', ports: [], description: '' },
    exportable: true,
  },
  read: { any: ['fwaas:read'] },
  write: { any: ['fwaas:write'] },
  feature: 'fwaas',
  tag: 'firewall',
});
