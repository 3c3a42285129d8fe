import { providerTenantOps } from '../api/providerTenant';
import { defineCollection } from '../define';
import { providerRead, tenantPageNav, tenantScope } from './common';

export const tenantRoles = defineCollection({
  id: 'provider.tenant-roles',
  title: 'Tenant roles',
  description:
    'The tenant\'s roles, built-in and its own: what each may view and change as the permission check decides it, the ' +
    'permissions it denies, and how many of the tenant\'s users hold it. Roles are changed by the tenant\'s administrators in their portal.',
  route: '/tenants/roles',
  nav: { ...tenantPageNav(32, 'access'), label: 'Roles' },
  read: providerRead,
  scope: tenantScope,
  operations: { list: providerTenantOps.tenantRbac },
  items: 'list',
  itemKey: 'name',
  columns: [
    { field: 'name', sortable: true, minWidth: 140 },
    { field: 'description', flex: 1, secondary: true },
    { field: 'may_view', label: 'May view', flex: 2, truncate: false },
    { field: 'may_change', label: 'May change', flex: 2, truncate: false },
    { field: 'deny', label: 'Denied', whenEmpty: 'Nothing', secondary: true },
    { field: 'users', label: 'Users', format: 'count', sortable: true, maxWidth: 100 },
    { field: 'builtin', label: 'Built-in', format: 'boolean', maxWidth: 110 },
  ],
  emptyText: 'The tenant has no roles.',
});
