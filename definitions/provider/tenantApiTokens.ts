import { providerInsightOps } from '../api/providerInsights';
import { defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantApiTokens = defineCollection({
  id: 'provider.tenant-api-tokens',
  title: 'Tenant API tokens',
  description:
    'The API tokens the tenant\'s administrators generated for their scripts: name, scope (the role whose permissions ' +
    'it has), expiry and last use. Revoke a token that leaked; calls with it are refused at once. Tokens are created in the tenant\'s portal.',
  route: '/tenants/api-tokens',
  nav: { ...tenantPageNav(34, 'access'), label: 'API tokens' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: providerInsightOps.listPolicyApiTokens },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'role', label: 'Scope', sortable: true },
    { field: 'created_by', label: 'Created by', secondary: true },
    { field: 'created_at', label: 'Created', format: 'datetime', sortable: true, minWidth: 180, secondary: true },
    { field: 'expires_at', label: 'Expires', format: 'datetime', sortable: true, minWidth: 180 },
    { field: 'last_used_at', label: 'Last used', format: 'datetime', whenEmpty: 'Never', minWidth: 180 },
    { field: 'expired', label: 'Expired', format: 'boolean', maxWidth: 110 },
  ],
  emptyText: 'The tenant has no API token.',
  rowActions: (action) => [
    action(providerInsightOps.revokePolicyApiToken, {
      id: 'revoke',
      label: 'Revoke',
      confirm: (t) => `Revoke ${t.name}? Scripts using it are refused from their next call.`,
      success: (t) => `${t.name} is revoked.`,
    }),
  ],
});
