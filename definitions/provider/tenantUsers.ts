import { providerOps } from '../api/provider';
import { providerInsightOps } from '../api/providerInsights';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantUsers = defineCollection({
  id: 'provider.tenant-users',
  title: 'Tenant users',
  description:
    'The tenant\'s administrators. For one who lost their second factor, disable multi-factor authentication: they sign in ' +
    'with their password and enrol again.',
  route: '/tenants/users',
  nav: { ...tenantPageNav(30, 'access'), label: 'Users' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: providerOps.tenantUsers },
  // Administrators added from a file (CSV or JSON), all or none: each has the full administrator role at once.
  bulkImport: {
    operation: providerInsightOps.bulkCreateUsers,
    list: 'users',
    columns: ['username', 'password', 'first_name', 'last_name'],
    maxRows: 50,
    label: 'Add administrators from a file…',
  },
  items: 'users',
  itemKey: 'uid',
  itemParam: 'uid',
  columns: [
    { field: 'username', label: 'User name', flex: 2, sortable: true },
    { field: 'first_name', label: 'First name', sortable: true },
    { field: 'last_name', label: 'Last name', sortable: true },
    { field: 'mfa_enrolled', label: 'Multi-factor authentication', format: 'boolean', minWidth: 220 },
  ],
  emptyText: 'The tenant has no users.',
  rowActions: (action) => [
    action(providerOps.disableUserMfa, {
      id: 'disable-mfa',
      label: 'Disable multi-factor authentication',
      confirm: (u) => `${u.username} signs in with the password alone until they enrol a second factor again.`,
      when: { field: 'mfa_enrolled', equals: [true] },
      success: (u) => `Multi-factor authentication is disabled for ${u.username}.`,
    }),
  ],
});
