import { LoggingIpRestrictionInput } from '../../schemas/areas/providerNetwork';
import { loggingIpRestrictionOps } from '../api/providerNetwork';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantLoggingNetworks = defineCollection({
  id: 'provider.tenant-logging-networks',
  title: 'Logging IP restrictions',
  description:
    'The networks the tenant\'s log collectors may connect from. While there is at least one, a collector elsewhere is ' +
    'refused its logs even with a valid logging token; with none, a valid token is enough.',
  route: '/tenants/logging-networks',
  nav: { ...tenantPageNav(51, 'logging'), label: 'Logging IP restrictions' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: loggingIpRestrictionOps.list, create: loggingIpRestrictionOps.create },
  items: 'items',
  itemKey: 'id',
  itemName: 'network',
  columns: [
    { field: 'cidr', label: 'Network', flex: 1, sortable: true },
    { field: 'note', flex: 2 },
    { field: 'updated_at', format: 'datetime', sortable: true, minWidth: 180 },
  ],
  createSchema: LoggingIpRestrictionInput,
  createFields: { cidr: { placeholder: '198.51.100.0/24' } },
  emptyText: 'No network is listed.',
  rowActions: (action) => [
    action(loggingIpRestrictionOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { updated_at: { widget: 'hidden' }, cidr: { placeholder: '198.51.100.0/24' }, note: { widget: 'textarea' } }, submitLabel: 'Save' },
      success: (r, { cidr }) => `${cidr ?? r.cidr} is saved.`,
    }),
    action(loggingIpRestrictionOps.delete, { id: 'delete', label: 'Delete', confirm: (r) => `Remove ${r.cidr} from the list?`, success: (r) => `${r.cidr} is removed.` }),
  ],
});
