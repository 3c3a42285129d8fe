import { CUSTOMIZATION_TOKENS, WebCustomizationDocument } from '../../schemas/areas/customization';
import { definePolicyArea } from '../define';

export const webCustomization = definePolicyArea({
  id: 'customization.web',
  title: 'Web Pages',
  // Design note: the spec names the call only; the fields are this build's design.
  description:
    'What users see when the web policy steps in: the logo (an https:// image) and primary colour, the block page, ' +
    'the warning page with its button, and an optional banner on isolated pages. Texts may use the placeholders ' +
    `${CUSTOMIZATION_TOKENS.join(', ')}.`,
  route: '/customization/web',
  nav: { order: 10 },
  endpoint: { path: '/api/policy/v1/rules/customization/web/{rev}' },
  schema: WebCustomizationDocument,
  layout: {
    kind: 'form',
    groups: ['Branding', 'Block page', 'Warning page', 'Isolation banner'],
    fields: {
      logo_url: { group: 'Branding', placeholder: 'https://www.example.com/logo.svg' },
      primary_colour: { group: 'Branding', widget: 'segmented' },
      support_email: { group: 'Branding', placeholder: 'helpdesk@example.com' },
      'block_page.title': { group: 'Block page' },
      'block_page.message': { group: 'Block page', widget: 'textarea' },
      'block_page.show_reason': { group: 'Block page' },
      'warn_page.title': { group: 'Warning page' },
      'warn_page.message': { group: 'Warning page', widget: 'textarea' },
      'warn_page.button': { group: 'Warning page' },
      'isolation_banner.enabled': { group: 'Isolation banner' },
      'isolation_banner.text': { group: 'Isolation banner', showIf: { field: 'isolation_banner.enabled', equals: [true] } },
      'isolation_banner.colour': { group: 'Isolation banner', widget: 'segmented', showIf: { field: 'isolation_banner.enabled', equals: [true] } },
    },
  },
  read: { any: ['customization:read'] },
  write: { any: ['customization:write'] },
  tag: 'customization',
});
