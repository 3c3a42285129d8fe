import { TOKEN_DAYS_MAX } from '../../schemas/areas/identity';
import { identityOps } from '../api/identity';
import { actionForm, choicesFrom, defineCollection } from '../define';

/**
 * The tenant's API tokens. Design note: the spec names the calls only; an administrator expects the tokens listed
 * with their scope, expiry and last use, a form to generate one whose token is shown once to copy, and a delete
 * that asks first because scripts using the token stop working at once.
 */
export const apiTokens = defineCollection({
  id: 'settings.api-tokens',
  title: 'API Tokens',
  description:
    'Tokens that let scripts call the portal’s API without signing in, each with a name, a scope (a role whose ' +
    `permissions it has at the time of each call) and an expiry of 1 to ${TOKEN_DAYS_MAX} days. A script sends the token as ` +
    '“Authorization: Bearer <token>”. The token is shown once, when it is generated; the portal keeps only a hash ' +
    'of it. Every call with a token is written to the audit log. A deleted or expired token is refused at once.',
  route: '/settings/api-tokens',
  nav: { group: 'Identity & Access', order: 30 },
  operations: { list: identityOps.listApiTokens },
  items: 'tokens',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'role', label: 'Scope', sortable: true },
    { field: 'expires_at', label: 'Expires', format: 'datetime', sortable: true },
    { field: 'expired', label: 'Expired', format: 'boolean', center: true },
    { field: 'last_used_at', label: 'Last used', format: 'datetime', sortable: true },
    { field: 'created_by', label: 'Created by' },
  ],
  emptyText: 'No API tokens yet.',
  rowActions: (action) => [
    action(identityOps.deleteApiToken, {
      id: 'delete',
      label: 'Delete',
      confirm: (t) => `Delete the token ${t.name}? Scripts using it are refused from now on. This cannot be undone.`,
      success: (t) => `Token ${t.name} deleted.`,
    }),
  ],
  form: actionForm(identityOps.generateApiToken, {
    title: 'Generate a token',
    fields: {
      name: { help: 'What the token is for, such as nightly-export', placeholder: 'nightly-export' },
      role: { label: 'Scope', help: 'The token may do what this role may do; only a role within your own permissions. It starts with the least privileged role: choose more only if the script needs it' },
    },
    // Least privilege first: a new token starts with the role that may change the fewest areas, then view the fewest.
    choices: {
      role: choicesFrom(identityOps.rbacV2, 'roles', 'name', 'description', {
        preferred: (roles) => {
          const reach = (r: (typeof roles)[number], how: 'read' | 'write') => r.may_do.filter((a) => a[how]).length;
          return [...roles].sort((a, b) => reach(a, 'write') - reach(b, 'write') || reach(a, 'read') - reach(b, 'read'))[0];
        },
      }),
    },
    submitLabel: 'Generate token',
    success: ({ name }) => `Token ${name} generated.`,
    refused: 'The token was not generated',
    reveal: {
      field: 'secret',
      title: 'The new token',
      warning: 'Copy the token now and keep it safe: you will not see it again. Only a hash of it is stored.',
    },
  }),
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
});
