import { allPublicIps } from '../../api/tenantUtils';
import { defineCollection } from '../../define';

// Design note: the spec names the call (utils/all_public_ips) but no screen. Administrators need these addresses to
// allow the service's traffic at their own sites and SaaS applications.
export const egressAddresses = defineCollection({
  id: 'settings.egress-addresses',
  title: 'Service Egress Addresses',
  description:
    'Every address the service\'s traffic can leave from, in every region, shared by all its customers and kept up ' +
    'to date by the service. Allow them at sites and SaaS applications that accept traffic only from known addresses. ' +
    'Addresses of your own are on Egress IPs; pinning users to them is on Fixed Egress.',
  route: '/settings/egress-addresses',
  // The cloud service's own addresses and access: an appliance's traffic leaves from its own network.
  env: { deployments: ['cloud', 'dev'] },
  nav: { group: 'Network', order: 32 },
  read: { any: ['settings:read'] },
  operations: { list: allPublicIps },
  items: 'ips',
  itemKey: 'ip',
  itemName: 'address',
  columns: [
    { field: 'ip', label: 'Address', sortable: true },
    { field: 'region', flex: 1, sortable: true },
  ],
  emptyText: 'The service lists no egress address.',
});
