import { providerTenantOps } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantQuota = defineFormScreen({
  id: 'provider.tenant-quota',
  title: 'Quota',
  description:
    'How many users the tenant may have. Its portal refuses new users beyond the limit from its next request; users it ' +
    'already has stay. Leave it empty for no limit.',
  route: '/tenants/quota',
  nav: { ...tenantPageNav(14), label: 'Quota' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(providerTenantOps.saveTenantQuota, {
    fields: { tid: { widget: 'hidden' }, max_users: { label: 'Users at most', placeholder: 'No limit' } },
    initial: initialFrom(providerTenantOps.getTenantQuota, {
      values: ({ quota }) => quota,
      intro: ({ usage }) => `The tenant has ${usage.users} ${usage.users === 1 ? 'user' : 'users'} now.`,
    }),
    submitLabel: 'Save',
    success: ({ max_users }) => (max_users === null || max_users === undefined ? 'The tenant has no user limit.' : `The tenant may have ${max_users} users.`),
    refused: 'Not saved',
  }),
});
