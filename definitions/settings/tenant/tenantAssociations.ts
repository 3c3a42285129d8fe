import { tenantUtilOps } from '../../api/tenantUtils';
import { defineCollection } from '../../define';

export const tenantAssociations = defineCollection({
  id: 'settings.tenant-associations',
  title: 'Tenant Associations',
  description:
    'The tenants this tenant manages (as their primary tenant) and the tenants that manage it. A tenant that asks to ' +
    'manage this one waits until an administrator here approves the request; once approved, its administrators can ' +
    'manage this tenant.',
  route: '/settings/tenant-associations',
  nav: { group: 'General', order: 40 },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  env: [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }],
  operations: { list: tenantUtilOps.multiTenant },
  items: 'associations',
  itemKey: 'uuid',
  columns: [
    { field: 'primary_name', label: 'Primary tenant', flex: 1, sortable: true },
    { field: 'secondary_name', label: 'Managed tenant', flex: 1, sortable: true },
    { field: 'status', format: 'enumLabel', colors: { active: 'teal', pending: 'orange' }, minWidth: 200, sortable: true },
    { field: 'requested_at', label: 'Requested', format: 'datetime', sortable: true },
  ],
  rowActions: (action) => [
    action(tenantUtilOps.approveAssociation, {
      id: 'approve',
      label: 'Approve request',
      body: { status: 'active' },
      when: { field: 'can_approve', equals: [true] },
      success: (a) => `${a.primary_name} now manages ${a.secondary_name}.`,
    }),
  ],
});
