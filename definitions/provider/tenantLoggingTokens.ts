import { loggingTokenOps } from '../api/providerNetwork';
import { actionForm, defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantLoggingTokens = defineCollection({
  id: 'provider.tenant-logging-tokens',
  title: 'Logging tokens',
  description:
    'Credentials for the tenant\'s log collectors (SIEM export), at most 10: a collector with a token reads the tenant\'s ' +
    'events, and each read is in the tenant\'s audit log. A token is shown once, when it is created; only its last four ' +
    'characters are kept to tell tokens apart. Revoke a token a collector no longer uses: it is refused at once.',
  route: '/tenants/logging-tokens',
  nav: { ...tenantPageNav(50, 'logging'), label: 'Logging tokens' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: loggingTokenOps.listLoggingTokens },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'hint', label: 'Ends in', maxWidth: 120 },
    { field: 'updated_at', label: 'Created', format: 'datetime', sortable: true, minWidth: 180 },
    { field: 'updated_by', label: 'Created by' },
  ],
  emptyText: 'The tenant has no logging token.',
  rowActions: (action) => [
    action(loggingTokenOps.deleteLoggingToken, {
      id: 'revoke',
      label: 'Revoke',
      confirm: (t) => `Revoke ${t.name}? Collectors using it are refused from now on.`,
      success: (t) => `${t.name} is revoked.`,
    }),
  ],
  form: actionForm(loggingTokenOps.createLoggingToken, {
    title: 'Create a logging token',
    fields: { tid: { widget: 'hidden' }, name: { placeholder: 'SIEM collector' } },
    submitLabel: 'Create token',
    success: ({ name }) => `Token ${name} created.`,
    refused: 'The token was not created',
    reveal: { field: 'token', title: 'The new logging token', warning: 'Copy the token now: it is not shown again. Only a hash of it is kept.' },
  }),
});
