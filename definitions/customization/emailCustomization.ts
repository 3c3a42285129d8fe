import { CUSTOMIZATION_TOKENS, EmailCustomizationDocument } from '../../schemas/areas/customization';
import { definePolicyArea } from '../define';

export const emailCustomization = definePolicyArea({
  id: 'customization.email',
  title: 'Email Pages',
  // Design note: the spec names the call only; the fields are this build's design.
  description:
    'What mail recipients see: the logo, the colour of the external-mail banner, the warning page of rewritten ' +
    'links, the notice on attachments converted to safe views and the text of the quarantine digest. Texts may use ' +
    `the placeholders ${CUSTOMIZATION_TOKENS.join(', ')}.`,
  route: '/customization/email',
  nav: { order: 20 },
  endpoint: { path: '/api/policy/v1/rules/customization/email/{rev}' },
  schema: EmailCustomizationDocument,
  layout: {
    kind: 'form',
    groups: ['Branding', 'Link warning page', 'Notices'],
    fields: {
      logo_url: { group: 'Branding', placeholder: 'https://www.example.com/logo.svg' },
      support_email: { group: 'Branding', placeholder: 'helpdesk@example.com' },
      external_banner_colour: { group: 'Branding', widget: 'segmented' },
      'link_warning.title': { group: 'Link warning page' },
      'link_warning.message': { group: 'Link warning page', widget: 'textarea' },
      attachment_notice: { group: 'Notices', widget: 'textarea' },
      quarantine_notice: { group: 'Notices', widget: 'textarea' },
    },
  },
  read: { any: ['customization:read'] },
  write: { any: ['customization:write'] },
  feature: 'email_policy',
  tag: 'customization',
});
