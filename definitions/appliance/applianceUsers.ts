import { applianceUserOps } from '../api/applianceUsers';
import { defineCollection } from '../define';
import { applianceAuthNav, applianceEnv, applianceRead, applianceWrite } from './common';

export const applianceUsers = defineCollection({
  id: 'appliance.users',
  title: 'Appliance Accounts',
  description:
    'The accounts that sign in to this appliance itself. Set a password (at least 12 characters; it also ends a lock ' +
    'from wrong passwords), unlock an account, enable or disable it, and allow or stop remote shell (SSH) access. ' +
    'The last enabled administrator account cannot be disabled.',
  route: '/settings/appliance-accounts',
  nav: applianceAuthNav(50),
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  operations: { list: applianceUserOps.listApplianceUsers },
  items: 'users',
  itemKey: 'id',
  columns: [
    { field: 'username', label: 'Account', sortable: true },
    { field: 'role', format: 'enumLabel', sortable: true },
    { field: 'enabled', label: 'Enabled', format: 'boolean', colors: { true: 'teal', false: 'gray' }, sortable: true },
    { field: 'locked', label: 'Locked', format: 'boolean', colors: { true: 'red', false: 'gray' }, sortable: true },
    { field: 'ssh_enabled', label: 'SSH allowed', format: 'boolean', colors: { true: 'orange', false: 'gray' } },
    { field: 'password_changed_at', label: 'Password changed', format: 'datetime', sortable: true },
  ],
  rowActions: (action) => [
    action(applianceUserOps.setApplianceUserPassword, {
      id: 'password',
      label: 'Set password…',
      form: { intro: (u) => `Account: ${u.username}`, fields: { password: { widget: 'password' } }, submitLabel: 'Set password' },
      success: (u) => `The password of ${u.username} is set.`,
    }),
    action(applianceUserOps.unlockApplianceUser, {
      id: 'unlock',
      label: 'Unlock',
      when: { field: 'locked', equals: [true] },
      success: (u) => `${u.username} is unlocked.`,
    }),
    action(applianceUserOps.setApplianceUserStatus, {
      id: 'disable',
      label: 'Disable',
      body: { enabled: false },
      when: { field: 'enabled', equals: [true] },
      confirm: (u) => `Disable ${u.username}? The account cannot sign in until it is enabled again.`,
      success: (u) => `${u.username} is disabled.`,
    }),
    action(applianceUserOps.setApplianceUserStatus, {
      id: 'enable',
      label: 'Enable',
      body: { enabled: true },
      when: { field: 'enabled', equals: [false] },
      success: (u) => `${u.username} is enabled.`,
    }),
    action(applianceUserOps.setApplianceUserSsh, {
      id: 'ssh-on',
      label: 'Allow SSH',
      body: { enabled: true },
      when: { field: 'ssh_enabled', equals: [false] },
      confirm: (u) => `Allow ${u.username} to open a remote shell on this appliance?`,
      success: (u) => `${u.username} may use SSH.`,
    }),
    action(applianceUserOps.setApplianceUserSsh, {
      id: 'ssh-off',
      label: 'Stop SSH',
      body: { enabled: false },
      when: { field: 'ssh_enabled', equals: [true] },
      success: (u) => `${u.username} may no longer use SSH.`,
    }),
  ],
});
