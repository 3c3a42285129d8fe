/**
 * Identity and access administration (spec 000 §3, §5–§7, 001 §6, 002 tenant settings): directory users of the
 * tenant, roles over the permission model `api:action:item:id`, and API tokens scoped by a role.
 */
import { z } from 'zod';
import { areaTitle } from '../rolePreview';

// ---- users --------------------------------------------------------------------------------------------------------

export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const BULK_USERS_MAX = 500;
export const ROLE_NAME_MAX = 64;
export const PERMISSION_LINES_MAX = 100;
export const TOKEN_DAYS_MAX = 365;

export const Username = z
  .string()
  .min(1)
  .max(USERNAME_MAX)
  .refine((v) => /^[A-Za-z0-9][A-Za-z0-9._@+-]*$/.test(v), {
    message: 'Use letters, digits and . _ @ + - only, starting with a letter or digit.',
    params: { key: 'invalidUsername' },
  })
  .meta({ title: 'User name', description: 'Sign-in name, unique across the service; letters, digits and . _ @ + -' });

export const RoleName = z
  .string()
  .min(1)
  .max(ROLE_NAME_MAX)
  .refine((v) => /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/.test(v), {
    message: 'Use letters, digits, spaces and . _ - only, starting with a letter or digit.',
    params: { key: 'invalidRoleName' },
  })
  .meta({ title: 'Role', description: 'Name of a role of the tenant' });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const Email = z
  .string()
  .max(254)
  .refine((v) => v === '' || EMAIL.test(v), { message: 'Enter an email address, or leave it empty.', params: { key: 'invalidEmail' } })
  .meta({ title: 'Email', description: 'Contact address; may be empty' });
const PersonName = z.string().max(100);

/** A password as an administrator sets it: empty (the user cannot sign in until it is reset) or 8 to 128 characters. */
export const NewPassword = z
  .string()
  .max(PASSWORD_MAX)
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, {
    message: `Use at least ${PASSWORD_MIN} characters, or leave it empty.`,
    params: { key: 'passwordTooShort' },
  })
  .meta({ title: 'Password', description: `Empty, or ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` });

export const DirectoryUser = z.object({
  uid: z.string().meta({ title: 'User id' }),
  username: z.string().meta({ title: 'User name' }),
  name: z.string().meta({ title: 'Name', description: 'First and last name, or the user name when both are empty' }),
  first_name: z.string().meta({ title: 'First name' }),
  last_name: z.string().meta({ title: 'Last name' }),
  email: z.string().meta({ title: 'Email' }),
  role: z.string().nullable().meta({ title: 'Role', description: 'The role that sets what the user may see and change' }),
  enabled: z.boolean().meta({ title: 'Enabled', description: 'A disabled user cannot sign in; their sessions end at once' }),
  mfa_enrolled: z.boolean().meta({ title: 'Second factor', description: 'Whether the user has enrolled a second factor' }),
  has_password: z.boolean().meta({ title: 'Password set' }),
  created_at: z.iso.datetime().meta({ title: 'Created' }),
  updated_at: z.iso.datetime().meta({ title: 'Updated' }),
});
export type DirectoryUser = z.infer<typeof DirectoryUser>;

export const UserListQuery = z.strictObject({
  search: z.string().max(100).optional().meta({ title: 'Search users', description: 'Part of the user name, name or email' }),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});
export const UserList = z.object({ users: z.array(DirectoryUser), total: z.number().int() });

/** `{id}` is the user id or the user name. */
export const UserIdParam = z.strictObject({ id: z.string().min(1).max(USERNAME_MAX) });
export const LimitOneQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(1).optional() });

export const NewUser = z.strictObject({
  username: Username,
  password: NewPassword.default(''),
  first_name: PersonName.default('').meta({ title: 'First name' }),
  last_name: PersonName.default('').meta({ title: 'Last name' }),
  email: Email.default(''),
  role: RoleName,
  enabled: z.boolean().default(true).meta({ title: 'Enabled' }),
});
export type NewUser = z.infer<typeof NewUser>;

export const UserPatch = z.strictObject({
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  email: Email.optional(),
  role: RoleName.optional(),
  enabled: z.boolean().optional(),
});
export type UserPatch = z.infer<typeof UserPatch>;

export const DeletedUsers = z.object({ deleted: z.array(z.string()) });

export const UidList = z.array(z.string().min(1).max(200)).min(1).max(BULK_USERS_MAX).meta({ title: 'Users' });
export const BulkModify = z.strictObject({
  uid_list: UidList,
  changes: z.strictObject({ role: RoleName.optional(), enabled: z.boolean().optional() }),
});
export const BulkDelete = z.strictObject({ uid_list: UidList });
export const BulkCreate = z.strictObject({ user_list: z.array(NewUser).min(1).max(BULK_USERS_MAX) });
export const BulkModified = z.object({ modified: z.array(z.string()) });
export const BulkCreated = z.object({ created: z.array(DirectoryUser) });

export const ResetPassword = z.strictObject({
  username: Username,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional().meta({
    title: 'New password',
    description: 'Left out: a temporary password is generated and answered once',
  }),
});
export const ResetPasswordAnswer = z.object({
  username: z.string(),
  temporary_password: z.string().optional().meta({ description: 'Shown once; not stored in clear' }),
  sessions_ended: z.number().int(),
});

export const DirectoryTenants = z.object({
  tenants: z.array(z.object({ tid: z.string(), name: z.string(), max_users: z.number().int().nullable(), users: z.number().int() })),
});

export const Usernames = z.object({ usernames: z.array(z.string()) });
export const Domains = z.object({ domains: z.array(z.string()) });
export const DomainsFull = z.object({ domains: z.array(z.object({ domain: z.string(), users: z.number().int() })) });
export const DomainsFullParam = z.strictObject({ full: z.literal('full') });

export const MfaUsers = z.object({ users: z.array(z.object({ uid: z.string(), username: z.string(), mfa_enrolled: z.boolean() })) });
export const MfaUserParam = z.strictObject({ username: Username });
export const MfaReset = z.object({ uid: z.string(), username: z.string(), mfa_enrolled: z.literal(false) });

// ---- roles --------------------------------------------------------------------------------------------------------

/** An area name of the permission model (`web_policy`), or `*` for every area. */
export const AreaName = z
  .string()
  .refine((v) => /^(\*|[a-z][a-z0-9_-]*)$/.test(v), {
 message: 'Enter an area name or *.', params: { key: 'invalidArea' } });

/** A permission line `api:action:item:id`; missing trailing segments mean `*`. */
export const PermissionLine = z
  .string()
  .max(200)
  .refine((v) => /^(\*|[a-z][a-z0-9_-]*)(:(\*|[A-Za-z0-9_.-]+)){0,3}$/.test(v), {
    message: 'Enter a permission of the form api:action:item:id, where any part may be *.',
    params: { key: 'invalidPermission' },
  });

export const RoleInput = z.strictObject({
  name: RoleName,
  description: z.string().max(500).default('').meta({ title: 'Description' }),
  read: z.array(AreaName).max(PERMISSION_LINES_MAX).default([]).meta({ title: 'Read', description: 'Areas the role may view' }),
  write: z.array(AreaName).max(PERMISSION_LINES_MAX).default([]).meta({ title: 'Write', description: 'Areas the role may change (and view)' }),
  deny: z.array(PermissionLine).max(PERMISSION_LINES_MAX).default([]).meta({
    title: 'Denied permissions',
    description: 'Permission lines refused even where read or write allows them; a deny beats an allow',
  }),
  /** The updated_at the editor read; a change made meanwhile answers 409. Left out when creating. */
  updated_at: z.iso.datetime().optional(),
});
export type RoleInput = z.infer<typeof RoleInput>;

export const AreaAccess = z.object({ area: z.string(), read: z.boolean(), write: z.boolean() });
export const Role = z.object({
  name: z.string(),
  description: z.string(),
  read: z.array(z.string()),
  write: z.array(z.string()),
  deny: z.array(z.string()),
  builtin: z.boolean().meta({ description: 'Built-in roles cannot be changed or deleted' }),
  users: z.number().int().meta({ description: 'Users holding the role' }),
  updated_at: z.iso.datetime(),
  may_do: z.array(AreaAccess).meta({ description: 'Per area, whether the role may read and write it, as the permission check decides' }),
  may_view: z.string().meta({ title: 'Views', description: 'The areas the role may view, from may_do' }),
  may_change: z.string().meta({ title: 'Changes', description: 'The areas the role may change, from may_do' }),
});
export type Role = z.infer<typeof Role>;
export const RoleList = z.object({
  roles: z.array(Role),
  areas: z.array(z.string()).meta({ description: 'Every area the portal checks permissions for' }),
});
export const RoleNameParam = z.strictObject({ name: RoleName });
export const RoleDeleted = z.object({ deleted: z.string() });

// ---- API tokens ---------------------------------------------------------------------------------------------------

export const ApiToken = z.object({
  id: z.string(),
  name: z.string().meta({ title: 'Name' }),
  role: z.string().meta({ title: 'Scope', description: 'The role whose permissions the token has' }),
  created_at: z.iso.datetime(),
  created_by: z.string(),
  expires_at: z.iso.datetime().meta({ title: 'Expires' }),
  last_used_at: z.iso.datetime().nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof ApiToken>;
export const ApiTokenList = z.object({ tokens: z.array(ApiToken) });
export const NewApiToken = z.strictObject({
  name: z.string().min(1).max(100).meta({ title: 'Name' }),
  role: RoleName,
  expires_in_days: z.number().int().min(1).max(TOKEN_DAYS_MAX).default(90).meta({ title: 'Valid for (days)', description: `1 to ${TOKEN_DAYS_MAX} days` }),
});
export const GeneratedApiToken = z.object({
  token: ApiToken,
  secret: z.string().meta({ description: 'The token; shown this once, stored only as its SHA-256' }),
});
/**
 * PUT api_tokens (spec 002 §7): a new name and validity for tokens already generated. A token's scope never changes
 * (a new scope is a new token), and a token not listed is left as it is.
 */
export const ApiTokenChanges = z.strictObject({
  tokens: z
    .array(
      z.strictObject({
        id: z.uuid().meta({ title: 'Token' }),
        name: z.string().min(1).max(100).meta({ title: 'Name' }),
        expires_in_days: z.number().int().min(1).max(TOKEN_DAYS_MAX).meta({ title: 'Valid for (days)', description: `From now; 1 to ${TOKEN_DAYS_MAX} days` }),
      }),
    )
    .min(1)
    .max(100),
});
export const ApiTokenIdParam = z.strictObject({ id: z.uuid() });
export const ApiTokenDeleted = z.object({ deleted: z.string() });

// ---- the Users screen ---------------------------------------------------------------------------------------------

/** What the Users screen edits per user (its JSON Schema, with the tenant's role names, comes from the server). */
export const userSettingsSchema = (roles: readonly [string, ...string[]]) =>
  z.strictObject({
    role: z.enum(roles).meta({ title: 'Role', description: 'Sets what the user may see and change; applies at their next request' }),
    enabled: z.boolean().meta({ title: 'Enabled', description: 'A disabled user cannot sign in, and their sessions end at once' }),
    first_name: PersonName.meta({ title: 'First name' }),
    last_name: PersonName.meta({ title: 'Last name' }),
    email: Email,
    new_password: NewPassword.optional().meta({
        title: 'New password',
        description: `Leave empty to keep the password. A new one (${PASSWORD_MIN} to ${PASSWORD_MAX} characters) ends the user’s sessions at once`,
        format: 'password',
      }),
  });
export const UserSettings = z.strictObject({
  role: RoleName.nullable(),
  enabled: z.boolean(),
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  new_password: NewPassword.optional(),
});
export const UserSettingsItem = z.object({
  uid: z.string(),
  username: z.string(),
  settings: UserSettings,
  updated_at: z.iso.datetime(),
});
export const UserSettingsUpdate = z.strictObject({
  settings: UserSettings,
  updated_at: z.iso.datetime().meta({ description: 'The updated_at of the user as read; a user changed since answers 409' }),
});
export const NewUserFromScreen = NewUser.omit({ role: true, password: true, enabled: true }).extend({
  role: RoleName.optional().meta({ title: 'Role', description: 'Name of a role of the tenant; left empty, the user may see nothing until given one' }),
  password: NewPassword.default(''),
  settings: z.object({}).optional(),
});
export const UserIdsBody = z.strictObject({ ids: z.array(z.string().min(1).max(200)).min(1).max(BULK_USERS_MAX) });
export const UserIdsDeleted = z.object({ deleted: z.number().int().nonnegative() });
export const JsonSchemaAnswer = z.record(z.string(), z.unknown());

// ---- the Roles screen ---------------------------------------------------------------------------------------------

/** What the Roles screen edits per role; the area lists are the areas the portal checks (answered by the server). */
export const roleSettingsSchema = (areas: readonly [string, ...string[]]) => {
  // Each area offered by its title (a choice of constants), stored by its name.
  const area = z.union(areas.map((a) => z.literal(a).meta({ title: areaTitle(a) })) as [z.ZodLiteral<string>, ...z.ZodLiteral<string>[]]);
  return z.strictObject({
    description: z.string().max(500).meta({ title: 'Description' }),
    // uniqueItems: each area is chosen once, so the form offers one multiple choice of the areas by their titles.
    read: z.array(area).max(PERMISSION_LINES_MAX).meta({ title: 'May view', description: '* is every area', uniqueItems: true }),
    write: z
      .array(area)
      .max(PERMISSION_LINES_MAX)
      .meta({ title: 'May change', description: 'Changing an area includes viewing it; * is every area', uniqueItems: true }),
    deny: z.array(z.string().max(200)).max(PERMISSION_LINES_MAX).meta({
      title: 'Denied permissions',
      description: 'Lines of the form area:action:item:id, where any part may be *; a deny beats what the lists above allow',
    }),
  });
};
export const RoleSettings = z.strictObject({
  description: z.string().max(500),
  read: z.array(AreaName).max(PERMISSION_LINES_MAX),
  write: z.array(AreaName).max(PERMISSION_LINES_MAX),
  deny: z.array(PermissionLine).max(PERMISSION_LINES_MAX),
});
export const RoleSettingsItem = z.object({
  name: z.string(),
  builtin: z.boolean(),
  settings: RoleSettings,
  updated_at: z.iso.datetime(),
});
export const RoleSettingsUpdate = z.strictObject({
  settings: RoleSettings,
  updated_at: z.iso.datetime().meta({ description: 'The updated_at of the role as read; a role changed since answers 409' }),
});
export const RoleIdParam = z.strictObject({ id: RoleName });
export const NewRoleFromScreen = z.strictObject({
  name: RoleName,
  description: z.string().max(500).default('').meta({ title: 'Description' }),
  settings: z.object({}).optional(),
});
export const RoleNamesBody = z.strictObject({ ids: z.array(RoleName).min(1).max(PERMISSION_LINES_MAX) });
