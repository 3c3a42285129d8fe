import { EmailAttachmentsDocument } from '../../../schemas/areas/emailPolicy';
import { definePolicyArea } from '../../define';
import { analysisFacts, EMAIL_CHOICES, RECIPIENT_CONDITION, SENDER_CONDITION } from '../evaluation';

export const emailAttachments = definePolicyArea({
  id: 'email.attachments',
  title: 'Attachment Rules',
  // Design note: The spec names the keys only; the fields are this build's design.
  description:
    'Ordered rules for mail attachments: by sender, recipient and content-type group, isolate the attachment as a ' +
    'safe view, deliver it, remove it, quarantine or reject the message. The same document holds the content ' +
    'types (extensions, MIME types, magic names), their groups, the scanners (antivirus, sandbox, reputation, ' +
    'password-protected files) and the quarantine settings; a group or rule naming an unknown id is refused.',
  route: '/policy/email/attachments',
  nav: { group: 'Email', order: 20 },
  endpoint: { path: '/api/policy/v1/rules/smtp/attachments/{rev}' },
  schema: EmailAttachmentsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'groups', label: 'Content-type groups', format: 'count' },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      senders: { widget: 'tags', placeholder: 'name@example.com or example.com' },
      recipients: { widget: 'tags', placeholder: 'name@example.com or example.com' },
      groups: { widget: 'tags', help: 'Ids of content-type groups' },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, senders: [], recipients: [], groups: [], action: 'safeview', allow_original_download: false, comment: '' },
    exportable: true,
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  tag: 'email policy',
  facts: analysisFacts('email.attachments'),
  evaluation: {
    lists: [
      {
        id: 'list',
        title: 'Attachment rules',
        rows: 'list',
        enabled: 'enabled',
        order: 'listed',
        conditions: [
          SENDER_CONDITION,
          RECIPIENT_CONDITION,
          {
            field: 'groups',
            label: 'Content-type groups',
            kind: 'oneOf',
            attribute: 'file_type',
            required: true,
            via: [
              { rows: 'groups', name: 'name', fields: ['content_types'] },
              { rows: 'content_types', fields: ['fileExtensions', 'fileMimeTypes', 'fileMagicNames'] },
            ],
          },
        ],
        action: { field: 'action' },
        decides: 'email',
        tier: 30,
      },
    ],
    choices: [
      ...EMAIL_CHOICES,
      "An attachment rule applies only to mail with an attachment; a rule without content-type groups applies to every attachment. An attachment's type is its extension (or MIME type, or magic name), compared with those of the rule's groups' content types.",
      'The scanners (antivirus, sandbox, reputation) and password-protected files act on the content, which a request does not carry; the tester decides only which attachment rule applies.',
    ],
  },
});
