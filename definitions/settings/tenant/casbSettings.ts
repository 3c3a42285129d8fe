import { CasbSettingsDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const casbSettings = defineSettingsPage({
  id: 'settings.casb',
  title: 'CASB',
  // Design note: The spec names the call (casb) only; the fields are this build's design.
  description:
    'SaaS discovery: whether applications are discovered in web traffic, the profile newly discovered ' +
    'applications get (sanctioned, unclassified or unsanctioned), the risk score above which an alert is sent, ' +
    'and to whom.',
  route: '/settings/casb',
  nav: { group: 'General', order: 20 },
  endpoint: { path: '/api/settings/v1/tenants/casb', revision: 'none', save: 'PUT' },
  schema: CasbSettingsDocument,
  layout: {
    kind: 'form',
    fields: {
      new_app_profile: { widget: 'segmented' },
      alert_recipients: { widget: 'tags', placeholder: 'name@example.com' },
    },
  },
  effects: { all: { service: 'Applied by the isolation service: discovery in web traffic and its alerts.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
