import { vpnGatewayOps, vpnTunnelOps } from '../api/providerNetwork';
import { actionForm, choicesFrom, defineCollection } from '../define';

/** A tunnel's gateway, chosen by name among the tenant's gateways. */
const gatewayChoices = { gateway_id: choicesFrom(vpnGatewayOps.list, 'items', 'id', 'name', { labelOnly: true }) };
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantVpnTunnels = defineCollection({
  id: 'provider.tenant-vpn-tunnels',
  title: 'VPN tunnels',
  description:
    'The tenant\'s site-to-site tunnels: the gateway each ends at, the address of its site and its key exchange version. ' +
    'Add a tunnel to one of the tenant\'s VPN gateways; switch a tunnel off to stop its traffic, or delete it.',
  route: '/tenants/vpn-tunnels',
  nav: { ...tenantPageNav(46, 'network'), label: 'VPN tunnels' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: vpnTunnelOps.list },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'gateway_name', label: 'Gateway', flex: 1, sortable: true },
    { field: 'peer_ip', label: 'Peer address', sortable: true },
    { field: 'ike_version', label: 'IKE version', format: 'enumLabel', maxWidth: 130 },
    { field: 'enabled', format: 'boolean', maxWidth: 110 },
  ],
  emptyText: 'The tenant has no VPN tunnel.',
  rowActions: (action) => [
    action(vpnTunnelOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { updated_at: { widget: 'hidden' }, note: { widget: 'textarea' } }, choices: gatewayChoices, submitLabel: 'Save' },
      success: (t) => `${t.name} is saved.`,
    }),
    action(vpnTunnelOps.delete, { id: 'delete', label: 'Delete', confirm: (t) => `Delete the tunnel ${t.name}? The site loses its connection.`, success: (t) => `${t.name} is deleted.` }),
  ],
  form: actionForm(vpnTunnelOps.create, {
    title: 'Add a VPN tunnel',
    fields: { tid: { widget: 'hidden' }, peer_ip: { placeholder: '203.0.113.10' }, note: { widget: 'textarea' } },
    choices: gatewayChoices,
    submitLabel: 'Add tunnel',
    success: ({ name }) => `${name} is added.`,
    refused: 'The tunnel was not added',
  }),
});
