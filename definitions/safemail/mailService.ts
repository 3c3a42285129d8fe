import { SafemailDocument } from '../../schemas/areas/applianceServices';
import { serviceSettingsAccess } from '../serviceSettingsAccess';
import { defineSettingsPage } from '../define';

export const mailService = defineSettingsPage({
  id: 'safemail.service',
  title: 'Mail Isolation Service',
  description:
    'Which mail domains this appliance protects, where it delivers the processed mail, how links in messages open ' +
    'and the banner shown on mail from outside senders. Mail for a domain not listed is refused.',
  route: '/safemail/service',
  nav: { label: 'Isolation service', order: 10 },
  endpoint: { path: '/api/v1/settings/safemail', revision: 'none', save: 'PUT' },
  schema: SafemailDocument,
  layout: {
    kind: 'form',
    groups: ['Mail flow', 'Messages'],
    fields: {
      protected_domains: { group: 'Mail flow', widget: 'tags', placeholder: 'example.com' },
      downstream_host: { group: 'Mail flow', placeholder: 'mail.example.com' },
      downstream_port: { group: 'Mail flow' },
      max_message_mb: { group: 'Mail flow' },
      link_action: { group: 'Messages' },
      banner: { group: 'Messages', placeholder: 'This message comes from outside the company.' },
    },
  },
  effects: { all: { service: 'Applied by the isolation service to the mail it receives and delivers.' } },
  ...serviceSettingsAccess,
});
