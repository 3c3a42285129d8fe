import { NotificationEmailsDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceNotifications = defineSettingsPage({
  id: 'appliance.notifications',
  title: 'Notification E-mails',
  // Design note: the spec names /api/v1/settings/emails but not its fields (schemas/areas/applianceAuth.ts).
  description:
    'Who is told by e-mail when something needs attention on this appliance. Messages leave through the relay set on SMTP.',
  route: '/settings/notifications',
  nav: applianceNav(45),
  endpoint: { path: '/api/v1/settings/emails', revision: 'none', save: 'PUT' },
  schema: NotificationEmailsDocument,
  layout: {
    kind: 'form',
    fields: { recipients: { widget: 'tags', placeholder: 'security-team@example.com' }, events: { widget: 'multiselect' }, daily_summary: {} },
  },
  effects: { all: { service: 'Applied by the appliance: it mails the recipients through the relay set on SMTP.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
