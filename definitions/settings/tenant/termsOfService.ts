import { TosDocument } from '../../../schemas/areas/tenantSettings';
import { defineSettingsPage } from '../../define';

export const termsOfService = defineSettingsPage({
  id: 'settings.terms-of-service',
  title: 'Terms of Service',
  // Design note: The spec names the call (tos) only; the fields are this build's design.
  description:
    'Terms of use users accept before browsing, and administrators before this portal opens: the title and text, ' +
    'the version (raising it asks every user again) and how often users accept again. The text is required while ' +
    'the terms are on.',
  route: '/settings/terms-of-service',
  nav: { group: 'General', order: 30 },
  endpoint: { path: '/api/settings/v1/tenants/tos', revision: 'none', save: 'PUT' },
  schema: TosDocument,
  layout: {
    kind: 'form',
    fields: {
      title: { showIf: { field: 'enabled', equals: [true] } },
      text: { widget: 'textarea', showIf: { field: 'enabled', equals: [true] } },
      version: { showIf: { field: 'enabled', equals: [true] } },
      accept_every_days: { showIf: { field: 'enabled', equals: [true] } },
    },
  },
  effects: { all: { portal: 'This portal asks each administrator to accept the terms after signing in, before any screen shows, and again after a new version or the set number of days; the isolation service asks users before browsing.' } },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'tenant settings',
});
