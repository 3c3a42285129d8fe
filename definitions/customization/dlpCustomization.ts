import { CUSTOMIZATION_TOKENS, DlpCustomizationDocument } from '../../schemas/areas/customization';
import { definePolicyArea } from '../define';

export const dlpCustomization = definePolicyArea({
  id: 'customization.dlp',
  title: 'DLP Notifications',
  // Design note: the spec names the call only; the fields are this build's design.
  description:
    'What users see when a DLP rule blocks or logs their content: the notification colour, the block notification ' +
    'and the optional notification of logged content. Texts may use the placeholders ' +
    `${CUSTOMIZATION_TOKENS.join(', ')}.`,
  route: '/customization/dlp',
  nav: { order: 30 },
  endpoint: { path: '/api/policy/v1/rules/customization/dlp/{rev}' },
  schema: DlpCustomizationDocument,
  layout: {
    kind: 'form',
    groups: ['General', 'Block notification', 'Log notification'],
    fields: {
      colour: { group: 'General', widget: 'segmented' },
      support_email: { group: 'General', placeholder: 'helpdesk@example.com' },
      'block.title': { group: 'Block notification' },
      'block.message': { group: 'Block notification', widget: 'textarea' },
      'log.enabled': { group: 'Log notification' },
      'log.message': { group: 'Log notification', widget: 'textarea', showIf: { field: 'log.enabled', equals: [true] } },
    },
  },
  read: { any: ['customization:read'] },
  write: { any: ['customization:write'] },
  feature: 'dlp',
  tag: 'customization',
});
