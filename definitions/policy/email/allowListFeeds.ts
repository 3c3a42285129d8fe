import { whitelistFeeds, whitelistUce } from '../../api/lookups';
import { actionForm, defineCollection } from '../../define';

// Design note: the spec names the calls (safemail/whitelist/feeds/ with limit, source and type; safemail/whitelist/uce/)
// but no screen. The allowed senders of the allow-list feeds are read-only here; the form adds a sender a user
// reported as unsolicited (UCE) mail that the administrator finds legitimate.
export const allowListFeeds = defineCollection({
  id: 'email.allow-list-feeds',
  title: 'Allow-List Feeds',
  description:
    'Senders and domains whose mail is let through without isolation because a subscribed allow-list feed lists them ' +
    'or an administrator allowed them after a user reported their mail as unsolicited. The newest 100 are shown; ' +
    'senders you add yourself are on the Email Allow List page.',
  route: '/policy/email/allow-list-feeds',
  nav: { group: 'Email', order: 12 },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'email_policy',
  operations: { list: whitelistFeeds },
  items: 'feeds',
  itemKey: 'value',
  itemName: 'allowed sender',
  columns: [
    { field: 'value', label: 'Sender or domain', flex: 2, sortable: true },
    { field: 'type', format: 'enumLabel', sortable: true },
    { field: 'source', format: 'enumLabel', colors: { uce: 'violet', feed: 'blue' }, sortable: true },
    { field: 'added_at', label: 'Added', format: 'datetime', sortable: true },
    { field: 'comment', flex: 1, secondary: true },
  ],
  filters: ['source', 'type'],
  emptyText: 'No allow-list feed lists a sender yet.',
  form: actionForm(whitelistUce, {
    title: 'Allow a sender reported as unsolicited mail',
    fields: {
      sender: { placeholder: 'news@example.com', help: 'Mail from this address is no longer treated as unsolicited' },
      comment: { placeholder: 'Why the sender is allowed' },
    },
    submitLabel: 'Allow sender',
    success: (v) => `${v.sender} is allowed.`,
    refused: 'The sender was not allowed',
  }),
});
