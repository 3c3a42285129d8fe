import { providerTenantOps } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantTags = defineFormScreen({
  id: 'provider.tenant-tags',
  title: 'Tags',
  description: 'Labels operators find and filter tenants by, such as a region or a reseller (up to 20). The tenant does not see them.',
  route: '/tenants/tags',
  nav: { ...tenantPageNav(12), label: 'Tags' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(providerTenantOps.saveTenantTags, {
    fields: { tid: { widget: 'hidden' }, updated_at: { widget: 'hidden' }, tags: { widget: 'tags', placeholder: 'emea' } },
    initial: initialFrom(providerTenantOps.getTenantTags, { values: ({ tags, updated_at }) => ({ tags, updated_at }) }),
    submitLabel: 'Save',
    success: () => 'The tags are saved.',
    refused: 'Not saved',
  }),
});
