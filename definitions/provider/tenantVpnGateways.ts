import { VpnGatewayInput } from '../../schemas/areas/providerNetwork';
import { vpnGatewayOps } from '../api/providerNetwork';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantVpnGateways = defineCollection({
  id: 'provider.tenant-vpn-gateways',
  title: 'VPN gateways',
  description: 'Where the tenant\'s site-to-site tunnels end: each gateway\'s public address, and how many tunnels use it. A gateway in use cannot be deleted.',
  route: '/tenants/vpn-gateways',
  nav: { ...tenantPageNav(45, 'network'), label: 'VPN gateways' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: vpnGatewayOps.list, create: vpnGatewayOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'public_ip', label: 'Public address', sortable: true },
    { field: 'region', sortable: true },
    { field: 'tunnels', label: 'Tunnels', sortable: true, maxWidth: 110 },
  ],
  createSchema: VpnGatewayInput,
  createFields: { note: { widget: 'textarea' } },
  emptyText: 'The tenant has no VPN gateway.',
  rowActions: (action) => [
    action(vpnGatewayOps.update, { id: 'edit', label: 'Edit…', form: { fields: { updated_at: { widget: 'hidden' }, note: { widget: 'textarea' } }, submitLabel: 'Save' }, success: (g) => `${g.name} is saved.` }),
    action(vpnGatewayOps.delete, { id: 'delete', label: 'Delete', confirm: (g) => `Delete the gateway ${g.name}?`, success: (g) => `${g.name} is deleted.` }),
  ],
});
