import { GlobalSettingsDocument } from '../../../schemas/areas/tenantSettings';
import { timeZones } from '../../api/tenantUtils';
import { lookupOps } from '../../api/lookups';
import { PortalVersionValue } from '../../../schemas/areas/lookups';
import { labelOf } from '../../../schemas/enums';
import { choicesFrom, dateTimeText, defineSettingsPage, screenFacts } from '../../define';

export const globalSettings = defineSettingsPage({
  id: 'settings.general',
  title: 'General',
  // Design note: The spec names the call (global_settings) only; the fields are this build's design.
  description:
    'Tenant-wide settings: the time zone of reports and schedules, the language of user-facing pages, how long ' +
    'logs are kept (7 to 365 days), whether user names are anonymised in logs and reports, the support address ' +
    'and whether the service provider\'s read-only support staff may view this organization\'s configuration.',
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
  effects: {
    fields: {
      time_zone: {
        service:
          'Applied by the isolation service to the reports it mails and their schedules. This portal\'s report charts count days from midnight UTC.',
      },
      language: { service: 'Applied by the isolation service to the pages users see (block and warning pages).' },
      log_retention_days: { portal: 'This portal deletes events older than this every hour, and no log page, report or export shows them.' },
      anonymize_users: {
        portal:
          'This portal answers user names and mailbox addresses as a stable code (a keyed hash per organization) on every log page, export, report, insight, report file and log collector read, and refuses searches by user; turning it off shows the names again. The audit log keeps administrators\' names.',
      },
      support_contact: { service: 'Applied by the isolation service to the pages users see: the address they are told to write to.' },
      vendor_support_access: {
        portal:
          'Off: the service provider\'s read-only support staff cannot open this organization\'s policy, its revisions, roles or settings pages in the provider console; each attempt is refused and recorded in the audit log. The provider\'s operators who manage this organization are not affected.',
      },
    },
  },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  facts: screenFacts(lookupOps.portalVersion, {
    label: 'Administration portal in use',
    facts: (a) => [
      { label: 'Administration portal', value: labelOf(PortalVersionValue, a.version) },
      ...(a.updated_at ? [{ label: 'Recorded', value: `${dateTimeText(a.updated_at)}${a.updated_by ? ` by ${a.updated_by}` : ''}` }] : []),
    ],
  }),
  tag: 'tenant settings',
});
