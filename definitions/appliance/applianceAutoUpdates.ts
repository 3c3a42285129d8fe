import { AutoUpdatesDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceAutoUpdates = defineSettingsPage({
  id: 'appliance.auto-updates',
  title: 'Automatic Updates',
  // Design note: the spec names /api/v1/settings/enable_auto_updates but not the fields.
  description:
    'Whether this appliance installs new software versions by itself, from which release channel, and in which ' +
    'weekly or daily window (hour 0 to 23 in the appliance time zone, 1 to 12 hours long). With maintenance mode the ' +
    'appliance stops serving users while an update installs.',
  route: '/settings/auto-updates',
  nav: applianceNav(88),
  endpoint: { path: '/api/v1/settings/enable_auto_updates', revision: 'none', save: 'PUT' },
  schema: AutoUpdatesDocument,
  layout: {
    kind: 'form',
    fields: {
      enabled: {},
      channel: { widget: 'segmented', showIf: { field: 'enabled', equals: [true] } },
      day: { showIf: { field: 'enabled', equals: [true] } },
      hour: { showIf: { field: 'enabled', equals: [true] } },
      window_hours: { showIf: { field: 'enabled', equals: [true] } },
      enter_maintenance_mode: { showIf: { field: 'enabled', equals: [true] } },
      notify_email: { placeholder: 'it-operations@example.com', showIf: { field: 'enabled', equals: [true] } },
    },
  },
  effects: { all: { service: 'Applied by the appliance: it installs new versions in the window; this portal shows the update jobs.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
