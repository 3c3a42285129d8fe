/**
 * Identity and access administration (spec 000 §7 "Auth" and "Users v2", 001 §6, 002 tenant settings): directory
 * users, their second factor, roles (RBAC v1 and v2) and API tokens. Server: server/modules/identity.ts.
 */
import {
  ApiTokenDeleted,
  ApiTokenIdParam,
  ApiTokenChanges,
  ApiTokenList,
  BulkCreate,
  BulkCreated,
  BulkDelete,
  BulkModified,
  BulkModify,
  DeletedUsers,
  DirectoryTenants,
  DirectoryUser,
  Domains,
  DomainsFull,
  DomainsFullParam,
  GeneratedApiToken,
  LimitOneQuery,
  MfaReset,
  MfaUserParam,
  MfaUsers,
  NewApiToken,
  NewUser,
  ResetPassword,
  ResetPasswordAnswer,
  Role,
  RoleDeleted,
  RoleInput,
  RoleList,
  RoleNameParam,
  UserIdParam,
  UserIdsBody,
  RoleSettingsItem,
  RoleSettingsUpdate,
  RoleIdParam,
  NewRoleFromScreen,
  RoleNamesBody,
  UserIdsDeleted,
  UserList,
  UserSettingsItem,
  UserSettingsUpdate,
  NewUserFromScreen,
  JsonSchemaAnswer,
  UserListQuery,
  UserPatch,
  Usernames,
} from '../../schemas/areas/identity';
import { defineOperation } from '../define';

const usersRead = { any: ['users:read'] } as const;
const usersWrite = { any: ['users:write'] } as const;
const rolesRead = { any: ['roles:read'] } as const;
const rolesWrite = { any: ['roles:write'] } as const;
const tokensRead = { any: ['settings:read'] } as const;
const tokensWrite = { any: ['settings:write'] } as const;
const v2 = '/api/udb-rest/v2';
const NO_ESCALATION =
  'A role can be given only when every area it reads or writes is one the caller may read or write, and it keeps ' +
  'every deny the caller has (403 otherwise): nobody hands out more than they hold.';

export const listDirectoryUsers = defineOperation({
  id: 'users.list',
  method: 'GET',
  path: `${v2}/users`,
  summary: 'Users of the tenant, by user name, with an optional search over name and email',
  query: UserListQuery,
  response: UserList,
  access: usersRead,
  tag: 'users',
});

export const getDirectoryUser = defineOperation({
  id: 'users.get',
  apiOnly: { reason: 'script', why: 'One user by id or name for scripts; the Users screen lists and searches users.' },
  method: 'GET',
  path: `${v2}/users/{id}`,
  summary: 'One user, by user id or user name (limit=1)',
  params: UserIdParam,
  query: LimitOneQuery,
  response: DirectoryUser,
  access: usersRead,
  tag: 'users',
});

export const createDirectoryUser = defineOperation({
  id: 'users.create',
  method: 'POST',
  path: `${v2}/users`,
  summary: 'Add a user with a role (limit=1); the password defaults to empty',
  description: `A user with an empty password cannot sign in until a password is set by reset. ${NO_ESCALATION}`,
  query: LimitOneQuery,
  body: NewUser,
  response: DirectoryUser,
  access: usersWrite,
  tag: 'users',
});

export const updateDirectoryUser = defineOperation({
  id: 'users.update',
  method: 'PATCH',
  path: `${v2}/users/{id}`,
  summary: 'Change a user’s name, email, role or whether they may sign in (limit=1)',
  description:
    'Disabling a user ends their sessions at once; a role change applies to their next request. Administrators ' +
    `cannot disable themselves. ${NO_ESCALATION}`,
  params: UserIdParam,
  query: LimitOneQuery,
  body: UserPatch,
  response: DirectoryUser,
  access: usersWrite,
  tag: 'users',
});

export const deleteDirectoryUser = defineOperation({
  id: 'users.delete',
  method: 'DELETE',
  path: `${v2}/users/{id}`,
  summary: 'Delete a user and end their sessions (limit=1); administrators cannot delete themselves',
  params: UserIdParam,
  query: LimitOneQuery,
  response: DeletedUsers,
  access: usersWrite,
  tag: 'users',
});

export const directoryTenants = defineOperation({
  id: 'users.tenants',
  method: 'GET',
  path: `${v2}/tenants`,
  summary: 'The caller’s tenant as the user directory sees it: name, user limit and user count',
  response: DirectoryTenants,
  access: usersRead,
  tag: 'users',
});

export const bulkModifyUsers = defineOperation({
  id: 'users.bulkModify',
  method: 'PUT',
  path: `${v2}/tenants/bulkusermodify`,
  summary: 'Give several users one role, or enable or disable them (uid_list)',
  description: `All or nothing: an unknown user id refuses the whole change. ${NO_ESCALATION}`,
  body: BulkModify,
  response: BulkModified,
  access: usersWrite,
  tag: 'users',
});

export const bulkDeleteUsers = defineOperation({
  id: 'users.bulkDelete',
  method: 'POST',
  path: `${v2}/tenants/bulkuserdelete`,
  summary: 'Delete several users (uid_list); unknown ids are skipped, the caller is never deleted',
  body: BulkDelete,
  response: DeletedUsers,
  access: usersWrite,
  tag: 'users',
});

export const bulkCreateUsers = defineOperation({
  id: 'users.bulkCreate',
  method: 'POST',
  path: `${v2}/tenants/bulkusercreate`,
  summary: 'Add up to 500 users at once (user_list), as the bulk import sends them',
  description: `All or nothing: a taken or repeated user name, or an unknown role, refuses the whole list. ${NO_ESCALATION}`,
  body: BulkCreate,
  response: BulkCreated,
  access: usersWrite,
  tag: 'users',
});

export const resetPassword = defineOperation({
  id: 'users.resetPassword',
  method: 'POST',
  path: `${v2}/reset_password`,
  summary: 'Set a new password for a user, or generate a temporary one; the user’s sessions end at once',
  body: ResetPassword,
  response: ResetPasswordAnswer,
  access: usersWrite,
  tag: 'users',
});

export const directoryDomains = defineOperation({
  id: 'users.domains',
  method: 'GET',
  path: '/api/udb-rest/v1/domains',
  summary: 'Email domains of the tenant’s users',
  response: Domains,
  access: usersRead,
  tag: 'users',
});

export const directoryDomainsFull = defineOperation({
  id: 'users.domainsFull',
  method: 'GET',
  path: '/api/udb-rest/v1/domains/{full}',
  summary: 'Email domains of the tenant’s users with how many users each has',
  params: DomainsFullParam,
  response: DomainsFull,
  access: usersRead,
  tag: 'users',
});

export const directoryUsernames = defineOperation({
  id: 'users.usernames',
  method: 'GET',
  path: '/api/udb-rest/v1/usernames',
  summary: 'User names of the tenant, sorted',
  response: Usernames,
  access: usersRead,
  tag: 'users',
});

export const mfaUsers = defineOperation({
  id: 'users.mfaList',
  method: 'GET',
  path: '/api/auth/v1/mfa/users',
  summary: 'Users of the tenant and whether each has enrolled a second factor',
  response: MfaUsers,
  access: usersRead,
  tag: 'users',
});

export const mfaReset = defineOperation({
  id: 'users.mfaReset',
  method: 'DELETE',
  path: '/api/auth/v1/mfa/users/{username}',
  summary: 'Reset a user’s second factor: they enrol again at their next sign-in',
  params: MfaUserParam,
  response: MfaReset,
  access: usersWrite,
  feature: 'tfa',
  tag: 'users',
});

// ---- the Users screen: each user's settings edited on their own ------------------------------------------------------

const SCREEN = `${v2}/user_settings`;
const SCREEN_NOTE = 'Used by the Users screen; scripts use the users calls above.';

export const userSettingsSchema = defineOperation({
  id: 'users.settingsSchema',
  method: 'GET',
  path: `${SCREEN}/schema`,
  summary: 'JSON Schema (draft-07) of a user’s settings, with the tenant’s role names to choose from',
  description: SCREEN_NOTE,
  response: JsonSchemaAnswer,
  access: usersRead,
  tag: 'users',
});
export const getUserSettings = defineOperation({
  id: 'users.getSettings',
  method: 'GET',
  path: `${SCREEN}/{id}`,
  summary: 'One user’s role, status, name and email',
  description: SCREEN_NOTE,
  params: UserIdParam,
  response: UserSettingsItem,
  access: usersRead,
  tag: 'users',
});
export const updateUserSettings = defineOperation({
  id: 'users.updateSettings',
  method: 'PATCH',
  path: `${SCREEN}/{id}`,
  summary: 'Change one user’s role, status, name, email or password',
  description:
    `Send the updated_at you read: a change made meanwhile answers 409. Disabling the user or setting a new password ` +
    `ends their sessions at once. ${NO_ESCALATION} ${SCREEN_NOTE}`,
  params: UserIdParam,
  body: UserSettingsUpdate,
  response: UserSettingsItem,
  access: usersWrite,
  tag: 'users',
});
export const createUserFromScreen = defineOperation({
  id: 'users.createFromScreen',
  apiOnly: { reason: 'script', why: 'The earlier call of the Users screen, kept for scripts; the screen adds users with users.create.' },
  method: 'POST',
  path: SCREEN,
  summary: 'Add a user; without a role they may see nothing until given one',
  description: NO_ESCALATION,
  body: NewUserFromScreen,
  response: UserSettingsItem,
  access: usersWrite,
  tag: 'users',
});
export const deleteUsersFromScreen = defineOperation({
  id: 'users.batchDeleteFromScreen',
  apiOnly: { reason: 'script', why: 'The earlier call of the Users screen, kept for scripts; the screen deletes selected users with users.bulkDelete.' },
  method: 'POST',
  path: `${SCREEN}/batch_delete`,
  summary: 'Delete the selected users (user ids or user names); unknown ones are skipped, the caller is never deleted',
  body: UserIdsBody,
  response: UserIdsDeleted,
  access: usersWrite,
  tag: 'users',
});
// ---- roles (v1 and v2 answer alike) ---------------------------------------------------------------------------------

const ROLE_SAVE =
  'Creates the role or replaces it (name is the key; send the updated_at you read, or a change made meanwhile ' +
  'answers 409). Areas must be ones the portal checks (or *). Users holding the role get the change at their next ' +
  `request. Built-in roles cannot be changed. ${NO_ESCALATION}`;

export const rbacV2 = defineOperation({
  id: 'rbac.list',
  method: 'GET',
  path: '/api/policy/v2/rbac',
  summary: 'Roles of the tenant, what each may do per area, and the areas the portal checks',
  response: RoleList,
  access: rolesRead,
  tag: 'roles',
});
export const saveRbacV2 = defineOperation({
  id: 'rbac.save',
  method: 'POST',
  path: '/api/policy/v2/rbac',
  summary: 'Save one role',
  description: ROLE_SAVE,
  body: RoleInput,
  response: Role,
  access: rolesWrite,
  tag: 'roles',
});
export const deleteRbacV2 = defineOperation({
  id: 'rbac.delete',
  method: 'DELETE',
  path: '/api/policy/v2/rbac/{name}',
  summary: 'Delete a custom role that no user and no API token holds',
  description: 'A role still held answers 409 naming how many users and tokens hold it; built-in roles stay.',
  params: RoleNameParam,
  response: RoleDeleted,
  access: rolesWrite,
  tag: 'roles',
});
const rbacV1Only = { reason: 'integration', why: 'The roles at their v1 path, for integrations; the Roles screen reads and saves the same roles at v2.' } as const;
export const rbacV1 = defineOperation({ ...rbacV2, id: 'rbac.listV1', path: '/api/policy/v1/rbac', summary: `${rbacV2.summary} (v1)`, apiOnly: rbacV1Only });
export const saveRbacV1 = defineOperation({ ...saveRbacV2, id: 'rbac.saveV1', path: '/api/policy/v1/rbac', summary: `${saveRbacV2.summary} (v1)`, apiOnly: rbacV1Only });

// ---- the Roles screen: each role edited on its own ---------------------------------------------------------------

const ROLES_SCREEN = '/api/policy/v2/rbac/roles';
const ROLES_NOTE = 'Used by the Roles screen; scripts use GET and POST rbac.';

export const roleSettingsSchema = defineOperation({
  id: 'rbac.settingsSchema',
  method: 'GET',
  path: `${ROLES_SCREEN}/schema`,
  summary: 'JSON Schema (draft-07) of a role’s settings, with the areas the portal checks to choose from',
  description: ROLES_NOTE,
  response: JsonSchemaAnswer,
  access: rolesRead,
  tag: 'roles',
});
export const getRoleSettings = defineOperation({
  id: 'rbac.getSettings',
  method: 'GET',
  path: `${ROLES_SCREEN}/{id}`,
  summary: 'One role’s description, area lists and denied permissions',
  description: ROLES_NOTE,
  params: RoleIdParam,
  response: RoleSettingsItem,
  access: rolesRead,
  tag: 'roles',
});
export const updateRoleSettings = defineOperation({
  id: 'rbac.updateSettings',
  method: 'PATCH',
  path: `${ROLES_SCREEN}/{id}`,
  summary: 'Change one role; its holders get the change at their next request',
  description: `${ROLE_SAVE} ${ROLES_NOTE}`,
  params: RoleIdParam,
  body: RoleSettingsUpdate,
  response: RoleSettingsItem,
  access: rolesWrite,
  tag: 'roles',
});
export const createRoleFromScreen = defineOperation({
  id: 'rbac.createFromScreen',
  method: 'POST',
  path: ROLES_SCREEN,
  summary: 'Add a role that may do nothing yet; its areas are then set in its settings',
  description: ROLES_NOTE,
  body: NewRoleFromScreen,
  response: RoleSettingsItem,
  access: rolesWrite,
  tag: 'roles',
});
export const deleteRolesFromScreen = defineOperation({
  id: 'rbac.batchDeleteFromScreen',
  method: 'POST',
  path: `${ROLES_SCREEN}/batch_delete`,
  summary: 'Delete the selected custom roles; a role still held by a user or token, or a built-in one, refuses the whole request',
  description: ROLES_NOTE,
  body: RoleNamesBody,
  response: UserIdsDeleted,
  access: rolesWrite,
  tag: 'roles',
});

// ---- API tokens -------------------------------------------------------------------------------------------------------

export const listApiTokens = defineOperation({
  id: 'apiTokens.list',
  method: 'GET',
  path: '/api/settings/v1/tenants/api_tokens',
  summary: 'API tokens of the tenant (never the tokens themselves)',
  response: ApiTokenList,
  access: tokensRead,
  tag: 'api tokens',
});
export const generateApiToken = defineOperation({
  id: 'apiTokens.generate',
  method: 'POST',
  path: '/api/settings/v1/tenants/api_tokens',
  summary: 'Generate an API token with a name, a scope (a role) and an expiry',
  description:
    'The token is answered this once and stored only as its SHA-256. A script sends it as ' +
    '`Authorization: Bearer <token>`, without cookies or X-XSRFToken, and may do exactly what the scope role ' +
    'allows at the time of the call; every call with it is written to the audit log. ' + NO_ESCALATION,
  body: NewApiToken,
  response: GeneratedApiToken,
  access: tokensWrite,
  tag: 'api tokens',
});
export const updateApiTokens = defineOperation({
  id: 'apiTokens.update',
  method: 'PUT',
  path: '/api/settings/v1/tenants/api_tokens',
  summary: 'Rename API tokens and set how long they stay valid, counted from now',
  description:
    'Each listed token gets its name and an expiry `expires_in_days` from now (a longer validity renews it, a shorter ' +
    'one cuts it). A token\'s scope never changes: a new scope is a new token. Tokens not listed are left as they are; ' +
    'an unknown token id is 400 naming it, and nothing is changed. Each change is in the audit log.',
  apiOnly: { reason: 'script', why: 'Scripts that rotate tokens renew or rename them in one call; the API Tokens screen generates and deletes them.' },
  body: ApiTokenChanges,
  response: ApiTokenList,
  access: tokensWrite,
  tag: 'api tokens',
});
export const deleteApiToken = defineOperation({
  id: 'apiTokens.delete',
  method: 'DELETE',
  path: '/api/settings/v1/tenants/api_token/{id}',
  summary: 'Delete an API token; calls with it are refused from then on',
  params: ApiTokenIdParam,
  response: ApiTokenDeleted,
  access: tokensWrite,
  tag: 'api tokens',
});

/** The group server/modules/identity.ts implements. */
export const identityOps = {
  listDirectoryUsers,
  getDirectoryUser,
  createDirectoryUser,
  updateDirectoryUser,
  deleteDirectoryUser,
  directoryTenants,
  bulkModifyUsers,
  bulkDeleteUsers,
  bulkCreateUsers,
  resetPassword,
  directoryDomains,
  directoryDomainsFull,
  directoryUsernames,
  mfaUsers,
  mfaReset,
  userSettingsSchema,
  getUserSettings,
  updateUserSettings,
  createUserFromScreen,
  deleteUsersFromScreen,
  rbacV2,
  saveRbacV2,
  deleteRbacV2,
  rbacV1,
  saveRbacV1,
  roleSettingsSchema,
  getRoleSettings,
  updateRoleSettings,
  createRoleFromScreen,
  deleteRolesFromScreen,
  listApiTokens,
  generateApiToken,
  updateApiTokens,
  deleteApiToken,
} as const;

export type IdentityOps = typeof identityOps;
