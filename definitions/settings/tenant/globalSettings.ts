import { GlobalSettingsDocument } from '../../../schemas/areas/tenantSettings';
import { timeZones } from '../../api/tenantUtils';
import { choicesFrom, defineSettingsPage } from '../../define';

export const globalSettings = defineSettingsPage({
  id: 'settings.general',
  title: 'General',
  // Design note: The spec names the call (global_settings) only; the fields are this build's design.
  description:
    'Tenant-wide settings: the time zone of reports and schedules, the language of user-facing pages, how long ' +
    'logs are kept (7 to 365 days), whether user names are anonymised in logs and reports, the support address ' +
    'and read-only vendor support access.',
  route: '/settings/general',
  nav: { group: 'General', order: 10 },
  endpoint: { path: '/api/settings/v1/tenants/global_settings', revision: 'none', save: 'PUT' },
  schema: GlobalSettingsDocument,
  layout: {
    kind: 'form',
    fields: {
      time_zone: {
        widget: 'select',
        placeholder: 'Europe/Berlin',
        optionsFrom: choicesFrom(timeZones, 'time_zones', 'value', 'label', { detail: (z) => `UTC${z.offset} now`, labelOnly: true }),
      },
      support_contact: { placeholder: 'helpdesk@example.com' },
    },
  },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
