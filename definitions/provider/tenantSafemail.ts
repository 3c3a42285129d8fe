import { tenantDocumentGroups } from '../api/providerTenant';
import { actionForm, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

const { ops } = tenantDocumentGroups.safemail;
const whenQuarantine = { showIf: { field: 'quarantine_spec.enabled', equals: [true] } } as const;

export const tenantSafemail = defineFormScreen({
  id: 'provider.tenant-safemail',
  title: 'Safemail',
  description:
    'How the tenant\'s mail is processed: links opened isolated, attachments as safe views, the banner on outside mail, ' +
    'the quarantine and URL obfuscation. A save is staged in the tenant\'s working policy, which its administrators ' +
    'review and publish; a change they made meanwhile is not overwritten.',
  route: '/tenants/safemail',
  nav: { ...tenantPageNav(53, 'settings'), label: 'Safemail' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  form: actionForm(ops.save, {
    fields: {
      tid: { widget: 'hidden' },
      rev_id: { widget: 'hidden' },
      state: { widget: 'hidden' },
      updated_at: { widget: 'hidden' },
      'config.external_banner_text': { widget: 'textarea', showIf: { field: 'config.external_banner', equals: [true] } },
      'config.internal_domains': { widget: 'tags', placeholder: 'example.com' },
      'config.support_contact': { placeholder: 'helpdesk@example.com' },
      'quarantine_spec.retention_days': whenQuarantine,
      'quarantine_spec.release': whenQuarantine,
      'quarantine_spec.notify_recipient': whenQuarantine,
      'quarantine_spec.admin_email': whenQuarantine,
    },
    initial: initialFrom(ops.get, { values: ({ status: _status, ...doc }) => doc }),
    submitLabel: 'Stage changes',
    success: () => 'The safemail settings are staged; the tenant publishes them.',
    refused: 'Not saved',
  }),
});
