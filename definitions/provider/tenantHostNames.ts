import { CustomHostNameInput } from '../../schemas/areas/providerInsights';
import { customHostNameOps } from '../api/providerInsights';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantHostNames = defineCollection({
  id: 'provider.tenant-host-names',
  title: 'Custom host names',
  description:
    'The tenant\'s own names for its administration portal, its block and warning pages or its PAC file, in its own ' +
    'domain (e.g. portal.example.com). A name belongs to one tenant only.',
  route: '/tenants/host-names',
  nav: { ...tenantPageNav(58, 'settings'), label: 'Custom host names' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: customHostNameOps.list, create: customHostNameOps.create },
  items: 'items',
  itemKey: 'id',
  itemName: 'custom host name',
  columns: [
    { field: 'hostname', label: 'Host name', flex: 2, sortable: true },
    { field: 'purpose', label: 'Serves', format: 'enumLabel', sortable: true, minWidth: 200 },
    { field: 'note', flex: 1, secondary: true },
    { field: 'updated_at', label: 'Changed', format: 'datetime', sortable: true, minWidth: 180, secondary: true },
  ],
  createSchema: CustomHostNameInput,
  createFields: { hostname: { placeholder: 'portal.example.com' }, note: { widget: 'textarea' } },
  emptyText: 'The tenant uses the service\'s own host names.',
  rowActions: (action) => [
    action(customHostNameOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { updated_at: { widget: 'hidden' }, note: { widget: 'textarea' } }, submitLabel: 'Save' },
      success: (h) => `${h.hostname} is saved.`,
    }),
    action(customHostNameOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (h) => `Delete ${h.hostname}? The service stops answering under this name.`,
      success: (h) => `${h.hostname} is deleted.`,
    }),
  ],
});
