import { AttachmentsDocument } from '../../schemas/areas/applianceServices';
import { serviceSettingsAccess } from '../serviceSettingsAccess';
import { defineSettingsPage } from '../define';

export const mailAttachments = defineSettingsPage({
  id: 'safemail.attachments',
  title: 'Attachments',
  description:
    'What recipients get for the files attached to their mail: a view in the isolated viewer, a safe PDF copy, the ' +
    'original or nothing; what happens to password-protected files; the types always removed and the largest size.',
  route: '/safemail/attachments',
  nav: { label: 'Attachments', order: 20 },
  endpoint: { path: '/api/v1/settings/attachments', revision: 'none', save: 'PUT' },
  schema: AttachmentsDocument,
  layout: {
    kind: 'form',
    fields: {
      action: {},
      encrypted_action: {},
      keep_original_for_admins: {},
      blocked_types: { widget: 'tags', placeholder: 'exe' },
      max_attachment_mb: {},
    },
  },
  effects: { all: { service: 'Applied by the isolation service to the attachments of the mail it processes.' } },
  ...serviceSettingsAccess,
});
