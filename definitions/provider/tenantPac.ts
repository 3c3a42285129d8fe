import { tenantDocumentGroups } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

const { ops } = tenantDocumentGroups.pac;

export const tenantPac = defineFormScreen({
  id: 'provider.tenant-pac',
  title: 'PAC settings',
  description:
    'How the tenant\'s proxy auto-configuration (PAC) file sends its users\' traffic. The tenant\'s administrators can ' +
    'change it too; a change made meanwhile is not overwritten.',
  route: '/tenants/pac',
  nav: { ...tenantPageNav(55, 'settings'), label: 'PAC' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(ops.save, {
    fields: {
      tid: { widget: 'hidden' },
      updated_at: { widget: 'hidden' },
      updated_by: { widget: 'hidden' },
      mode: { widget: 'segmented', help: 'An uploaded file is the tenant\'s own, uploaded in its portal; it is kept as it is here.' },
      proxy_port: { showIf: { field: 'mode', equals: ['generated'] } },
      bypass_domains: { widget: 'tags', placeholder: 'intranet.example.com' },
      bypass_ips: { widget: 'tags', placeholder: '10.0.0.0/8' },
      template: { widget: 'hidden' },
    },
    initial: initialFrom(ops.get, { values: ({ status: _status, ...doc }) => doc }),
    submitLabel: 'Save',
    success: () => 'The PAC settings are saved.',
    refused: 'Not saved',
  }),
});
