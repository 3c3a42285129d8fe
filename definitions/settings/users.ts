import { NewUserFromScreen } from '../../schemas/areas/identity';
import { identityOps } from '../api/identity';
import { choicesFrom, defineCollection } from '../define';

/**
 * The tenant's users, each edited on its own. Design note: the spec does not show this screen; an administrator
 * expects a list with the role and status of each user, a way to add one, to change their role, name, email or
 * status, to set a new password, and to delete several at once.
 */
export const users = defineCollection({
  id: 'settings.users',
  title: 'Users',
  description:
    'Who may sign in to this portal and what each may see and change. A user’s role sets their permissions and ' +
    'applies at their next request. Disabling a user or setting a new password ends their sessions at once; a ' +
    'disabled user cannot sign in. A role can be given only when it grants nothing beyond the administrator’s own ' +
    'permissions. Administrators cannot disable or delete themselves.',
  route: '/settings/users',
  nav: { group: 'Identity & Access', order: 10 },
  operations: {
    list: identityOps.listDirectoryUsers,
    get: identityOps.getUserSettings,
    create: identityOps.createUserFromScreen,
    update: identityOps.updateUserSettings,
    batchDelete: identityOps.deleteUsersFromScreen,
  },
  items: 'users',
  itemKey: 'username',
  filters: ['search'],
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
  ],
  createSchema: NewUserFromScreen.omit({ settings: true }),
  createFields: { password: { widget: 'secret' }, role: { widget: 'select', optionsFrom: choicesFrom(identityOps.rbacV2, 'roles', 'name', 'name') } },
  schemaField: 'settings',
  stampField: 'updated_at',
  itemSchemaFrom: { operation: identityOps.userSettingsSchema, query: {} },
  read: { any: ['users:read'] },
  write: { any: ['users:write'] },
});
