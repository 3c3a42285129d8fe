import { TenantGroupInput } from '../../schemas/areas/providerNetwork';
import { providerOps } from '../api/provider';
import { tenantGroupOps } from '../api/providerNetwork';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

const tenantChoices = choicesFrom(providerOps.listTenants, 'tenants', 'tid', 'name');
const fields = {
  tids: { label: 'Tenants', widget: 'multiselect', optionsFrom: tenantChoices, help: 'The tenants in the group, e.g. a reseller\'s customers.' },
  note: { widget: 'textarea' },
} as const;

export const tenantGroups = defineCollection({
  id: 'provider.tenant-groups',
  title: 'Tenant groups',
  description: 'Tenants grouped for operators, such as a reseller\'s customers or a region. A tenant may be in several groups; its users do not see them.',
  route: '/tenants/groups',
  nav: { label: 'Tenant groups', order: 30 },
  read: providerRead,
  write: providerWrite,
  operations: { list: tenantGroupOps.list, create: tenantGroupOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 1, sortable: true },
    { field: 'tids', label: 'Tenants', flex: 3, truncate: false, whenEmpty: 'None yet' },
    { field: 'note', flex: 1, secondary: true },
    { field: 'updated_at', label: 'Changed', format: 'datetime', sortable: true, minWidth: 180, secondary: true },
  ],
  createSchema: TenantGroupInput,
  createFields: fields,
  emptyText: 'No tenant group is defined. Add one to keep a reseller\'s or a region\'s tenants together.',
  rowActions: (action) => [
    action(tenantGroupOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { tids: { widget: 'hidden' }, updated_at: { widget: 'hidden' }, note: { widget: 'textarea' } }, submitLabel: 'Save' },
      success: (g) => `${g.name} is saved.`,
    }),
    action(tenantGroupOps.delete, { id: 'delete', label: 'Delete', confirm: (g) => `Delete the group ${g.name}? Its tenants stay as they are.`, success: (g) => `${g.name} is deleted.` }),
  ],
});
