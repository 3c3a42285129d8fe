import { TimeDocument } from '../../schemas/areas/appliance';
import { applianceOps } from '../api/appliance';
import { defineSettingsPage, stringChoicesFrom } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceTime = defineSettingsPage({
  id: 'appliance.time',
  title: 'Time',
  // Design note: the spec names /api/v1/settings/time and GET /api/dash/v1/timezones but not the fields.
  description:
    'The time zone of this appliance (used in its logs and schedules) and the NTP servers it keeps its clock with ' +
    '(up to five host names or IPv4 addresses).',
  route: '/settings/time',
  nav: applianceNav(30),
  endpoint: { path: '/api/v1/settings/time', revision: 'none', save: 'PUT' },
  schema: TimeDocument,
  layout: {
    kind: 'form',
    fields: {
      timezone: { widget: 'select', optionsFrom: stringChoicesFrom(applianceOps.timeZones, 'timezones'), help: 'The time zone names the appliance accepts, such as Europe/Berlin, America/New_York or UTC' },
      ntp_enabled: {},
      ntp_servers: { widget: 'tags', placeholder: 'pool.ntp.org', showIf: { field: 'ntp_enabled', equals: [true] } },
    },
  },
  effects: { all: { service: 'Applied by the appliance\'s operating system: its clock and time zone; the connectivity check tries the NTP servers.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
