import { tenantDocumentGroups } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

const { ops } = tenantDocumentGroups.globalSettings;

export const tenantGlobalSettings = defineFormScreen({
  id: 'provider.tenant-global-settings',
  title: 'Global settings',
  description:
    'The tenant\'s time zone of reports and schedules, the language of its users\' pages, how long its logs are kept ' +
    '(7 to 365 days), whether user names are anonymised, its support address and vendor support access. The tenant\'s ' +
    'administrators can change them too; a change made meanwhile is not overwritten.',
  route: '/tenants/global-settings',
  nav: { ...tenantPageNav(52, 'settings'), label: 'Global settings' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(ops.save, {
    fields: {
      tid: { widget: 'hidden' },
      updated_at: { widget: 'hidden' },
      updated_by: { widget: 'hidden' },
      time_zone: { placeholder: 'Europe/Berlin' },
      support_contact: { placeholder: 'helpdesk@example.com' },
    },
    initial: initialFrom(ops.get, { values: ({ status: _status, ...doc }) => doc }),
    submitLabel: 'Save',
    success: () => 'The global settings are saved.',
    refused: 'Not saved',
  }),
});
