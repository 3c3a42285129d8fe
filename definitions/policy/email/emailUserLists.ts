import { EmailUsersDocument } from '../../../schemas/areas/emailUsers';
import { groupUsers } from '../../api/lookups';
import { choicesFrom, definePolicyArea } from '../../define';

export const emailUserLists = definePolicyArea({
  id: 'email.user-lists',
  title: 'Email User Lists',
  // Design note: The spec names the keys (identitySourceLists, usersLists, tid) only; the fields are this build's
  // design.
  description:
    'Lists of mail users the email rules can name: identity-source lists (directory groups of Entra ID, Okta, ' +
    'Google Workspace or LDAP) and user lists (addresses kept by hand).',
  route: '/policy/email/user-lists',
  nav: { group: 'Email', order: 70 },
  endpoint: { path: '/api/policy/v1/rules/safemail/smtp_users/{rev}' },
  schema: EmailUsersDocument,
  layout: {
    kind: 'form',
    fields: {
      identitySourceLists: {
        table: {
          itemLabel: 'list',
          columns: ['name', 'source', 'groups', 'comment'],
          rowFields: {
            id: { widget: 'hidden' },
            // The directory groups the identity provider synchronises (ad/group_users at the staged revision).
            groups: { widget: 'dualList', optionsFrom: choicesFrom(groupUsers, 'groups', 'group', 'group') },
            comment: { widget: 'textarea' },
          },
        },
      },
      usersLists: {
        label: 'User lists',
        table: {
          itemLabel: 'list',
          columns: ['name', 'users', 'comment'],
          rowFields: { id: { widget: 'hidden' }, users: { widget: 'tags', placeholder: 'user@example.com' }, comment: { widget: 'textarea' } },
        },
      },
      // The tenant's id, set by the service: nothing an administrator reads or changes.
      tid: { widget: 'hidden' },
    },
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  feature: 'smtp_users',
  tag: 'email policy',
});
