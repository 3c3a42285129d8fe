/**
 * Email user lists (`safemail/smtp_users`, spec 000 §3: identitySourceLists, usersLists, tid). The spec gives the keys
 * only; the design: identity-source lists are directory groups synchronised from the identity provider, users lists
 * are lists of addresses kept by hand; attachment and isolation rules name either by id. `tid` is the tenant id,
 * read-only.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Email } from '../validators';
import { Comment, RowId, RuleName, Token, ruleList } from './common';

export const IdentitySource = labelledEnum(
  ['azure_ad', 'okta', 'google', 'ldap'],
  { azure_ad: 'Microsoft Entra ID', okta: 'Okta', google: 'Google Workspace', ldap: 'LDAP directory' },
  { title: 'Identity source' },
);

export const IdentitySourceList = z.strictObject({
  id: RowId,
  name: RuleName,
  source: IdentitySource,
  groups: z.array(Token).min(1, { message: 'Add at least one group.' }).max(100).meta({ title: 'Directory groups' }),
  comment: Comment,
});
export type IdentitySourceList = z.infer<typeof IdentitySourceList>;

export const UsersList = z.strictObject({
  id: RowId,
  name: RuleName,
  users: z.array(Email.min(3).max(254)).min(1, { message: 'Add at least one address.' }).max(5000).meta({ title: 'Addresses' }),
  comment: Comment,
});
export type UsersList = z.infer<typeof UsersList>;

export const EmailUsersDocument = z.strictObject({
  identitySourceLists: ruleList(IdentitySourceList, 'Identity-source lists', 'id', 200),
  usersLists: ruleList(UsersList, 'Users lists', 'id', 200),
  tid: z.string().max(64).default('').meta({ title: 'Tenant id', description: 'Set by the service' }),
});
export type EmailUsersDocument = z.infer<typeof EmailUsersDocument>;
