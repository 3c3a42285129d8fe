import { EmailConfigDocument } from '../../../schemas/areas/emailPolicy';
import { identityOps } from '../../api/identity';
import { definePolicyArea, stringChoicesFrom } from '../../define';

export const emailConfig = definePolicyArea({
  id: 'email.config',
  title: 'Email Settings',
  // Design note: The spec names the keys (config, quarantine_spec, safemail_url_obfuscation) only; the fields are
  // this build's design.
  description:
    'How mail is processed: links rewritten to open isolated, attachments converted to safe views, the banner on ' +
    'mail from outside the company domains, the largest message processed, the quarantine (retention 1 to 90 ' +
    'days, who may release) and URL obfuscation of rewritten links.',
  route: '/policy/email/settings',
  nav: { group: 'Email', order: 50 },
  endpoint: { path: '/api/policy/v1/rules/safemail/config/{rev}' },
  schema: EmailConfigDocument,
  layout: {
    kind: 'form',
    groups: ['Processing', 'Quarantine', 'URL obfuscation'],
    fields: {
      'config.link_isolation': { group: 'Processing' },
      'config.attachment_isolation': { group: 'Processing' },
      'config.external_banner': { group: 'Processing' },
      'config.external_banner_text': { group: 'Processing', widget: 'textarea', showIf: { field: 'config.external_banner', equals: [true] } },
      // The email domains of the tenant's users as suggestions.
      'config.internal_domains': { group: 'Processing', widget: 'tags', placeholder: 'example.com', optionsFrom: stringChoicesFrom(identityOps.directoryDomains, 'domains') },
      'config.max_message_size_mb': { group: 'Processing' },
      'config.support_contact': { group: 'Processing', placeholder: 'helpdesk@example.com' },
      'quarantine_spec.enabled': { group: 'Quarantine' },
      'quarantine_spec.retention_days': { group: 'Quarantine', showIf: { field: 'quarantine_spec.enabled', equals: [true] } },
      'quarantine_spec.release': { group: 'Quarantine', showIf: { field: 'quarantine_spec.enabled', equals: [true] } },
      'quarantine_spec.notify_recipient': { group: 'Quarantine', showIf: { field: 'quarantine_spec.enabled', equals: [true] } },
      'quarantine_spec.admin_email': { group: 'Quarantine', showIf: { field: 'quarantine_spec.enabled', equals: [true] } },
      'safemail_url_obfuscation.enabled': { group: 'URL obfuscation' },
      'safemail_url_obfuscation.show_original_on_hover': { group: 'URL obfuscation' },
      'safemail_url_obfuscation.link_expiry_days': { group: 'URL obfuscation' },
    },
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  tag: 'email policy',
});
