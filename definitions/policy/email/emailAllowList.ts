import { ALLOW_LIST_IMPORT_MAX, EmailAllowListDocument } from '../../../schemas/areas/emailAllowList';
import { definePolicyArea } from '../../define';
import { analysisFacts, EMAIL_CHOICES, SENDER_CONDITION } from '../evaluation';

export const emailAllowList = definePolicyArea({
  id: 'email.allow-list',
  title: 'Email Allow List',
  description:
    'Senders whose mail is delivered without link and attachment isolation: single addresses ' +
    '(name@example.com) or whole domains (example.com, *.example.com), each listed once. Import up to ' +
    `${ALLOW_LIST_IMPORT_MAX} senders at a time from CSV (columns sender, comment) and export the list as CSV or JSON.`,
  route: '/policy/email/allow-list',
  nav: { group: 'Email', order: 10 },
  endpoint: { path: '/api/policy/v1/rules/safemail/whitelist/{rev}' },
  schema: EmailAllowListDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: [
      { field: 'sender', flex: 2, sortable: true },
      { field: 'comment', flex: 3 },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: { id: { widget: 'hidden' }, comment: { widget: 'textarea' } },
    newRow: { sender: '', comment: '', enabled: true },
    bulkImport: { columns: ['sender', 'comment'], maxRows: ALLOW_LIST_IMPORT_MAX },
    exportable: true,
    pageSize: 25,
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  tag: 'email policy',
  facts: analysisFacts('email.allow-list'),
  evaluation: {
    lists: [
      {
        id: 'list',
        title: 'Allowed senders',
        rows: 'list',
        name: 'sender',
        enabled: 'enabled',
        order: 'listed',
        conditions: [{ ...SENDER_CONDITION, field: 'sender', label: 'Sender' }],
        action: { constant: 'deliver' },
        decides: 'email',
        tier: 10,
      },
    ],
    choices: [
      ...EMAIL_CHOICES,
      'An allowed sender comes before every other email rule: its mail is delivered unchanged, whatever the attachment, link and mobile rules say.',
      'Senders allowed by the allow-list feeds (or after a report of unsolicited mail) are kept by the service outside the policy revision; the tester consults only the senders listed here.',
    ],
  },
});
