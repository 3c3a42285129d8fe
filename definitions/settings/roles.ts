import { NewRoleFromScreen } from '../../schemas/areas/identity';
import { identityOps } from '../api/identity';
import { defineCollection } from '../define';

/**
 * The tenant's roles, each edited on its own. Design note: the spec does not show this screen; an administrator
 * expects to see what each role may view and change (computed by the same permission check that guards every
 * call), how many users hold it, and to edit its areas and denied permissions.
 */
export const roles = defineCollection({
  id: 'settings.roles',
  title: 'Roles',
  description:
    'What each role may view and change, per area, as the permission check decides it. A role lists the areas it ' +
    'may view and those it may change (changing includes viewing; * is every area), plus denied permissions of the ' +
    'form area:action:item:id, where any part may be *; a deny beats what the lists allow. A change applies to the ' +
    'users and API tokens holding the role at their next request. Built-in roles cannot be changed or deleted, and ' +
    'a role still held cannot be deleted. A role may grant nothing beyond the administrator’s own permissions.',
  route: '/settings/roles',
  nav: { group: 'Identity & Access', order: 20 },
  operations: {
    list: identityOps.rbacV2,
    get: identityOps.getRoleSettings,
    create: identityOps.createRoleFromScreen,
    update: identityOps.updateRoleSettings,
    batchDelete: identityOps.deleteRolesFromScreen,
  },
  items: 'roles',
  itemKey: 'name',
  columns: [
    { field: 'name', sortable: true },
    { field: 'may_view', label: 'May view', flex: 2, truncate: false },
    { field: 'may_change', label: 'May change', flex: 2, truncate: false },
    { field: 'users', label: 'Users', format: 'count', sortable: true },
    { field: 'builtin', label: 'Built-in', format: 'boolean', center: true },
  ],
  rowActions: (action) => [
    action(identityOps.saveRbacV2, {
      id: 'lists',
      label: 'Edit the lists of…',
      when: { field: 'builtin', equals: [false] },
      form: {
        intro: (r) => `${r.name}: the areas it may view and change, and the permission lines it is denied, as lists. Held by ${r.users === 1 ? '1 user' : `${r.users} users`}.`,
        fields: {
          name: { widget: 'hidden' },
          updated_at: { widget: 'hidden' },
          read: { widget: 'tags', placeholder: 'web_policy', help: 'Area names, or * for every area' },
          write: { widget: 'tags', placeholder: 'web_policy', help: 'Changing includes viewing' },
          deny: { widget: 'tags', placeholder: 'web_policy:write:*:*', help: 'area:action:item:id; any part may be *' },
        },
        submitLabel: 'Save role',
      },
      success: (r) => `${r.name} is saved; its holders get the change at their next request.`,
    }),
    action(identityOps.deleteRbacV2, {
      id: 'delete',
      label: 'Delete',
      param: 'name',
      when: { field: 'builtin', equals: [false] },
      confirm: (r) =>
        r.users > 0
          ? `${r.name} is held by ${r.users === 1 ? '1 user' : `${r.users} users`}: give them another role first, or the deletion is refused.`
          : `Delete the role ${r.name}? An API token holding it refuses the deletion. This cannot be undone.`,
      success: (r) => `${r.name} is deleted.`,
    }),
  ],
  createSchema: NewRoleFromScreen.omit({ settings: true }),
  schemaField: 'settings',
  stampField: 'updated_at',
  itemSchemaFrom: { operation: identityOps.roleSettingsSchema, query: {} },
  read: { any: ['roles:read'] },
  write: { any: ['roles:write'] },
});
