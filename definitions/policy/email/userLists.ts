import { EmailUsersDocument } from '../../../schemas/areas/emailUsers';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const emailUserLists = definePolicyArea({
  id: 'email.user-lists',
  title: 'Email User Lists',
  description:
    'Lists of mail users the email rules can name: identity-source lists (directory groups of Entra ID, Okta, Google ' +
    'Workspace or LDAP) and users lists (addresses kept by hand). The spec names the keys (identitySourceLists, ' +
    'usersLists, tid) only; the fields are this build\'s design. Two lists in one document, edited as JSON.',
  route: '/policy/email/user-lists',
  nav: { group: 'Email', order: 70 },
  endpoint: { path: '/api/policy/v1/rules/safemail/smtp_users/{rev}' },
  schema: EmailUsersDocument,
  layout: {
    kind: 'form',
    fields: {
      identitySourceLists: { widget: 'json', help: 'Each list: id, name, source (azure_ad, okta, google, ldap), groups, comment' },
      usersLists: { widget: 'json', help: 'Each list: id, name, users (addresses), comment' },
      tid: { readOnly: true },
    },
  },
  read: { any: ['email_policy:read'] },
  write: { any: ['email_policy:write'] },
  env: policyEnv,
  feature: 'smtp_users',
  tag: 'email policy',
});
