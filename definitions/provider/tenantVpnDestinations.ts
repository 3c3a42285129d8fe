import { VpnDestinationInput } from '../../schemas/areas/providerNetwork';
import { vpnDestinationOps } from '../api/providerNetwork';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantVpnDestinations = defineCollection({
  id: 'provider.tenant-vpn-destinations',
  title: 'VPN destinations',
  description: 'The tenant\'s networks reachable through its tunnels. A destination a network rule names cannot be deleted.',
  route: '/tenants/vpn-destinations',
  nav: { ...tenantPageNav(47, 'network'), label: 'VPN destinations' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: vpnDestinationOps.list, create: vpnDestinationOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 1, sortable: true },
    { field: 'cidrs', label: 'Networks', flex: 2 },
  ],
  createSchema: VpnDestinationInput,
  createFields: { cidrs: { widget: 'tags', placeholder: '10.20.0.0/16' }, note: { widget: 'textarea' } },
  emptyText: 'The tenant has no VPN destination.',
  rowActions: (action) => [
    action(vpnDestinationOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { updated_at: { widget: 'hidden' }, cidrs: { widget: 'tags' }, note: { widget: 'textarea' } }, submitLabel: 'Save' },
      success: (d) => `${d.name} is saved.`,
    }),
    action(vpnDestinationOps.delete, { id: 'delete', label: 'Delete', confirm: (d) => `Delete the destination ${d.name}?`, success: (d) => `${d.name} is deleted.` }),
  ],
});
