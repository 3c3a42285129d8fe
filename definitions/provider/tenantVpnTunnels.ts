import { vpnTunnelOps } from '../api/providerNetwork';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantVpnTunnels = defineCollection({
  id: 'provider.tenant-vpn-tunnels',
  title: 'VPN tunnels',
  description: 'The tenant\'s site-to-site tunnels: the address of each site and its key exchange version. Switch a tunnel off to stop its traffic, or delete it.',
  route: '/tenants/vpn-tunnels',
  nav: { ...tenantPageNav(46), label: 'VPN tunnels' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: vpnTunnelOps.list },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'peer_ip', label: 'Peer address', sortable: true },
    { field: 'ike_version', format: 'enumLabel', maxWidth: 130 },
    { field: 'enabled', format: 'boolean', maxWidth: 110 },
  ],
  emptyText: 'The tenant has no VPN tunnel.',
  rowActions: (action) => [
    action(vpnTunnelOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { updated_at: { widget: 'hidden' }, gateway_id: { widget: 'hidden' }, note: { widget: 'textarea' } }, submitLabel: 'Save' },
      success: (t) => `${t.name} is saved.`,
    }),
    action(vpnTunnelOps.delete, { id: 'delete', label: 'Delete', confirm: (t) => `Delete the tunnel ${t.name}? The site loses its connection.`, success: (t) => `${t.name} is deleted.` }),
  ],
});
