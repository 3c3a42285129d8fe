import { BULK_USERS_MAX, NewUser } from '../../schemas/areas/identity';
import { authOps } from '../api/auth';
import { identityOps } from '../api/identity';
import { actionForm, choicesFrom, collectionSummary, defineCollection } from '../define';

/**
 * The tenant's users. Design note: the spec names the calls (Users v2) but shows no screen; an administrator expects
 * a list with the role and status of each user, a way to add one or many (from a file), to change the role or status
 * of one or of the selected ones, to set a new password, and to delete one or the selected ones after seeing who they
 * are. Adding, changing and deleting go through the spec's users calls; a user's own settings are edited with a stamp.
 */
const plural = (n: number) => (n === 1 ? '1 user' : `${n} users`);

export const users = defineCollection({
  id: 'settings.users',
  title: 'Users',
  description:
    'Who may sign in to this portal and what each may see and change. A user’s role sets their permissions and ' +
    'applies at their next request. Disabling a user or setting a new password ends their sessions at once; a ' +
    'disabled user cannot sign in. A role can be given only when it grants nothing beyond the administrator’s own ' +
    'permissions. Administrators cannot disable or delete themselves. Select users to change the role or status of ' +
    'all of them at once, or to delete them.',
  route: '/settings/users',
  nav: { group: 'Identity & Access', order: 10 },
  operations: {
    list: identityOps.listDirectoryUsers,
    get: identityOps.getUserSettings,
    create: identityOps.createDirectoryUser,
    update: identityOps.updateUserSettings,
  },
  items: 'users',
  itemKey: 'username',
  filters: ['search'],
  bulkImport: {
    operation: identityOps.bulkCreateUsers,
    list: 'user_list',
    columns: ['username', 'first_name', 'last_name', 'email', 'role'],
    maxRows: BULK_USERS_MAX,
    label: 'Import users…',
  },
  summary: collectionSummary(identityOps.directoryTenants, {
    label: 'number of users',
    line: (a) => {
      const t = a.tenants[0];
      if (!t) return 'No users yet.';
      return t.max_users === null ? `${t.users} users.` : `${t.users} of at most ${t.max_users} users.`;
    },
  }),
  form: actionForm(identityOps.resetPassword, {
    title: 'Reset a password',
    choices: { username: choicesFrom(authOps.listUsers, 'users', 'username', 'username', { startEmpty: true }) },
    fields: {
      username: { widget: 'select', label: 'User', placeholder: 'Choose a user', help: 'Whose password is reset; their sessions end at once' },
      password: { widget: 'secret', help: 'Leave it empty to generate a temporary password, shown once' },
    },
    reveal: {
      field: 'temporary_password',
      title: 'Temporary password',
      warning: 'Give it to the user now: it is not shown again. Their sessions have ended.',
    },
    submitLabel: 'Reset password',
    success: ({ username }) => `The password of ${String(username)} is reset and their sessions have ended.`,
    refused: 'The password was not reset',
  }),
  columns: [
    { field: 'username', label: 'User name', sortable: true },
    { field: 'name', sortable: true },
    { field: 'email' },
    { field: 'role', sortable: true },
    { field: 'enabled', format: 'boolean', center: true },
    { field: 'mfa_enrolled', label: 'Second factor', format: 'boolean', center: true },
  ],
  rowActions: (action) => [
    action(identityOps.updateDirectoryUser, {
      id: 'role',
      label: 'Change role…',
      form: {
        intro: (u) => `Current role: ${u.role ?? 'none'}. The new role applies at the user’s next request.`,
        choices: { role: choicesFrom(identityOps.rbacV2, 'roles', 'name', 'description') },
        fields: { role: { label: 'New role' }, first_name: { widget: 'hidden' }, last_name: { widget: 'hidden' }, email: { widget: 'hidden' }, enabled: { widget: 'hidden' } },
        submitLabel: 'Change role',
      },
      success: (u, { role }) => `${u.username} now has the role ${role}.`,
    }),
    action(identityOps.updateDirectoryUser, {
      id: 'disable',
      label: 'Disable',
      body: { enabled: false },
      when: { field: 'enabled', equals: [true] },
      confirm: (u) => `Disable ${u.username}? Their sessions end at once and they cannot sign in until enabled again.`,
      success: (u) => `${u.username} is disabled.`,
    }),
    action(identityOps.updateDirectoryUser, {
      id: 'enable',
      label: 'Enable',
      body: { enabled: true },
      when: { field: 'enabled', equals: [false] },
      success: (u) => `${u.username} may sign in again.`,
    }),
    action(identityOps.deleteDirectoryUser, {
      id: 'delete',
      label: 'Delete',
      confirm: (u) => `Delete ${u.username}${u.name !== u.username ? ` (${u.name})` : ''}? Their sessions end at once. This cannot be undone.`,
      success: (u) => `${u.username} is deleted.`,
    }),
  ],
  selectionActions: (action) => [
    action(identityOps.bulkModifyUsers, {
      id: 'role',
      label: 'Change role…',
      list: 'uid_list',
      value: 'uid',
      form: {
        fields: {
          'changes.role': { label: 'New role', widget: 'select', optionsFrom: choicesFrom(identityOps.rbacV2, 'roles', 'name', 'name') },
          'changes.enabled': { widget: 'hidden' },
        },
        required: ['changes.role'],
        submitLabel: 'Change role',
      },
      warning: 'The new role applies at each user’s next request.',
      success: (rows, { changes }) => `${plural(rows.length)} now ${rows.length === 1 ? 'has' : 'have'} the role ${changes.role ?? ''}.`,
    }),
    action(identityOps.bulkModifyUsers, {
      id: 'disable',
      label: 'Disable',
      list: 'uid_list',
      value: 'uid',
      body: { changes: { enabled: false } },
      when: { field: 'enabled', equals: [true] },
      warning: 'Their sessions end at once and they cannot sign in until enabled again. You cannot disable yourself.',
      success: (rows) => `${plural(rows.length)} disabled.`,
    }),
    action(identityOps.bulkModifyUsers, {
      id: 'enable',
      label: 'Enable',
      list: 'uid_list',
      value: 'uid',
      body: { changes: { enabled: true } },
      when: { field: 'enabled', equals: [false] },
      success: (rows) => `${plural(rows.length)} may sign in again.`,
    }),
    action(identityOps.bulkDeleteUsers, {
      id: 'delete',
      label: 'Delete',
      list: 'uid_list',
      value: 'uid',
      danger: true,
      warning: 'These users are deleted and their sessions end at once. Your own account is never deleted. This cannot be undone.',
      success: (_rows, _body, { deleted }) => `${plural(deleted.length)} deleted.`,
    }),
  ],
  createSchema: NewUser,
  createFields: {
    password: { widget: 'secret', help: 'Leave it empty to set one later with Reset a password; until then the user cannot sign in' },
    role: { widget: 'select', optionsFrom: choicesFrom(identityOps.rbacV2, 'roles', 'name', 'name') },
  },
  schemaField: 'settings',
  stampField: 'updated_at',
  itemSchemaFrom: { operation: identityOps.userSettingsSchema, query: {} },
  read: { any: ['users:read'] },
  write: { any: ['users:write'] },
});
