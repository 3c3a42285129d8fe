import { CreateTenantRequest } from '../../schemas/areas/provider';
import { providerOps } from '../api/provider';
import { deploymentOps } from '../api/providerFleet';
import { providerTenantOps } from '../api/providerTenant';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite, TENANT_OVERVIEW_ROUTE } from './common';

export const tenants = defineCollection({
  id: 'provider.tenants',
  title: 'Tenants',
  description:
    'Every tenant of the service. Create a tenant with its first administrator, who can sign in to the tenant portal at ' +
    'once; rename it; disable it (its users are signed out and cannot sign in, its data stays) and enable it again. ' +
    'Find tenants by name, state, deployment or tag. Open a tenant to see its capabilities, users, policy and settings.',
  route: '/tenants',
  nav: { label: 'All tenants', order: 10 },
  read: providerRead,
  write: providerWrite,
  operations: { list: providerOps.listTenants, create: providerOps.createTenant },
  items: 'tenants',
  itemKey: 'tid',
  itemParam: 'tid',
  filters: ['search', 'state', 'deployment', 'tag'],
  filterChoices: { deployment: choicesFrom(deploymentOps.list, 'items', 'deployment_id', 'name') },
  columns: [
    { field: 'name', label: 'Tenant', flex: 2, sortable: true, link: { route: TENANT_OVERVIEW_ROUTE, param: 'tid' } },
    // The state in words ("Disabled: No" read as a double negative).
    { field: 'disabled', label: 'State', format: 'enumLabel', labels: { false: 'Enabled', true: 'Disabled' }, colors: { false: 'green', true: 'gray' }, sortable: true },
    { field: 'users', label: 'Users', format: 'count', sortable: true },
    { field: 'deployment_name', label: 'Deployment', sortable: true },
    { field: 'tags', label: 'Tags', flex: 1, secondary: true },
    // The inactivity time-out (a fraction of a day for an hour, 0.042) is shown and changed on the tenant's overview.
  ],
  createSchema: CreateTenantRequest.omit({ capabilities: true }),
  createFields: {
    users: {
      label: 'Administrators',
      help: 'The first is the tenant\'s first administrator; each can sign in to the tenant portal with this user name and password.',
      // The password is typed masked, with a button to show it.
      table: { columns: ['username', 'first_name', 'last_name'], rowFields: { password: { widget: 'password' } }, itemLabel: 'administrator' },
    },
  },
  emptyText: 'No tenant matches.',
  rowActions: (action) => [
    action(providerOps.renameTenant, {
      id: 'rename',
      label: 'Rename…',
      form: { fields: { tid: { widget: 'hidden' }, name: { label: 'New name' } }, submitLabel: 'Rename' },
      success: (t, { name }) => `${t.name} is now ${name}.`,
    }),
    action(providerTenantOps.tenantPolicyInit, {
      id: 'policy-init',
      label: 'Initialise policy…',
      form: {
        intro: (t) => `${t.name}'s policy is replaced by the template and published at once. Refused while its administrators have unpublished changes.`,
        fields: { tid: { widget: 'hidden' }, policytemplate: { label: 'Template', help: 'Standard: the service’s reference rules. Blank: every area at its defaults.' } },
        submitLabel: 'Initialise and publish',
      },
      success: (t, { policytemplate }) => `${t.name}'s policy is initialised from the ${policytemplate} template and published.`,
    }),
    action(providerOps.disableTenant, {
      id: 'disable',
      label: 'Disable',
      body: (t) => ({ tid: t.tid }),
      confirm: (t) =>
        `${t.name}: ${t.users === 1 ? 'its one user is' : `its ${t.users} users are`} signed out and cannot sign in until it is enabled again.`,
      when: { field: 'disabled', equals: [false] },
      bulk: true,
      success: (t) => `${t.name} is disabled.`,
    }),
    action(providerOps.reenableTenant, {
      id: 'reenable',
      label: 'Enable',
      confirm: (t) => `${t.name}: its users can sign in again.`,
      when: { field: 'disabled', equals: [true] },
      bulk: true,
      success: (t) => `${t.name} is enabled.`,
    }),
  ],
});
