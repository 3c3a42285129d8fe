import { ALLOW_LIST_IMPORT_MAX, EmailAllowListDocument } from '../../../schemas/areas/emailAllowList';
import { definePolicyArea } from '../../define';

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
});
