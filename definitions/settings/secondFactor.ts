import { identityOps } from '../api/identity';
import { actionForm, defineCollection, stringChoicesFrom } from '../define';

/**
 * Users and their second factor. Design note: the spec names the calls (the MFA user list and its reset) but no
 * screen; an administrator resets the second factor of a user who lost their device from such a list.
 */
export const secondFactor = defineCollection({
  id: 'settings.second-factor',
  title: 'Second Factor',
  description:
    'Which users have enrolled a second factor for sign-in. Reset the second factor of a user who lost their device: ' +
    'they enrol a new one at their next sign-in, and until then sign in with their password alone.',
  route: '/settings/second-factor',
  nav: { group: 'Identity & Access', order: 12 },
  operations: { list: identityOps.mfaUsers },
  items: 'users',
  itemKey: 'username',
  itemParam: 'username',
  columns: [
    { field: 'username', label: 'User name', sortable: true, flex: 1 },
    { field: 'mfa_enrolled', label: 'Enrolled', format: 'boolean', center: true, minWidth: 110 },
  ],
  emptyText: 'No users yet.',
  rowActions: (action) => [
    action(identityOps.mfaReset, {
      id: 'reset',
      label: 'Reset second factor',
      bulk: true,
      when: { field: 'mfa_enrolled', equals: [true] },
      confirm: (u) => `Reset the second factor of ${u.username}? They enrol a new one at their next sign-in.`,
      success: (u) => `${u.username} enrols a new second factor at their next sign-in.`,
    }),
  ],
  form: actionForm(identityOps.mfaReset, {
    title: 'Reset a user’s second factor',
    choices: { username: stringChoicesFrom(identityOps.directoryUsernames, 'usernames', { startEmpty: true }) },
    fields: { username: { widget: 'select', label: 'User', placeholder: 'Choose a user', help: 'Any user of the tenant, by name; they enrol a new second factor at their next sign-in' } },
    submitLabel: 'Reset second factor',
    success: ({ username }) => `${String(username)} enrols a new second factor at their next sign-in.`,
    refused: 'The second factor was not reset',
  }),
  read: { any: ['users:read'] },
  write: { any: ['users:write'] },
  feature: 'tfa',
});
