import { tenantDocumentGroups } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

const { ops } = tenantDocumentGroups.tos;

export const tenantTerms = defineFormScreen({
  id: 'provider.tenant-terms',
  title: 'Terms of service',
  description:
    'The terms the tenant\'s users accept before they browse (and its administrators before the portal opens). Raise the ' +
    'version to make every user accept them again. The tenant\'s administrators can change them too; a change made ' +
    'meanwhile is not overwritten.',
  route: '/tenants/terms',
  nav: { ...tenantPageNav(60, 'settings'), label: 'Terms of service' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(ops.save, {
    fields: {
      tid: { widget: 'hidden' },
      updated_at: { widget: 'hidden' },
      updated_by: { widget: 'hidden' },
      text: { widget: 'textarea' },
    },
    initial: initialFrom(ops.get, { values: ({ status: _status, ...doc }) => doc }),
    submitLabel: 'Save',
    success: () => 'The terms of service are saved.',
    refused: 'Not saved',
  }),
});
