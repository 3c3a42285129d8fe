import { SmtpDocument } from '../../schemas/areas/appliance';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

export const applianceSmtp = defineSettingsPage({
  id: 'appliance.smtp',
  title: 'SMTP',
  // Design note: the spec names /api/v1/settings/smtp but not the fields.
  description:
    'The mail relay this appliance sends alerts and reports through: server, port (1 to 65535), connection ' +
    'security, an optional sign-in (the password is never shown again), the sender and the administrator address.',
  route: '/settings/smtp',
  nav: applianceNav(40),
  endpoint: { path: '/api/v1/settings/smtp', revision: 'none', save: 'PUT' },
  schema: SmtpDocument,
  layout: {
    kind: 'form',
    groups: ['Relay', 'Sign-in', 'Addresses'],
    fields: {
      enabled: { group: 'Relay' },
      server: { group: 'Relay', placeholder: 'smtp.example.com' },
      port: { group: 'Relay' },
      security: { group: 'Relay', widget: 'segmented' },
      username: { group: 'Sign-in' },
      password: { group: 'Sign-in', widget: 'password', writeOnly: true },
      sender: { group: 'Addresses', placeholder: 'appliance@example.com' },
      admin_email: { group: 'Addresses', placeholder: 'security-team@example.com' },
    },
  },
  effects: { all: { service: 'Applied by the appliance: the relay its alerts and reports leave through; the connectivity check tries it.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
