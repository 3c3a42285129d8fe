import { networkRuleOps, vpnDestinationOps } from '../api/providerNetwork';
import { actionForm, choicesFrom, defineCollection } from '../define';

/** A rule's destinations, chosen by name among the tenant's VPN destinations. */
const destinationChoices = { destination_ids: choicesFrom(vpnDestinationOps.list, 'items', 'id', 'name', { labelOnly: true }) };
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

export const tenantNetworkRules = defineCollection({
  id: 'provider.tenant-network-rules',
  title: 'Network rules',
  description:
    'Which traffic from the tenant\'s users to its VPN destinations is allowed or blocked, by protocol and port. Add a ' +
    'rule over one or more destinations; change its action, destinations, ports or protocol, switch it off or delete it.',
  route: '/tenants/network-rules',
  nav: { ...tenantPageNav(48, 'network'), label: 'Network rules' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: networkRuleOps.list },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'action', format: 'enumLabel', colors: { allow: 'green', block: 'red' }, maxWidth: 120 },
    { field: 'protocol', format: 'enumLabel', maxWidth: 120 },
    { field: 'ports', label: 'Ports' },
    { field: 'destination_ids', label: 'Destinations', format: 'count', maxWidth: 140 },
    { field: 'enabled', format: 'boolean', maxWidth: 110 },
  ],
  emptyText: 'The tenant has no network rule.',
  rowActions: (action) => [
    action(networkRuleOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { updated_at: { widget: 'hidden' }, ports: { widget: 'tags' }, note: { widget: 'textarea' } }, choices: destinationChoices, submitLabel: 'Save' },
      success: (r) => `${r.name} is saved.`,
    }),
    action(networkRuleOps.delete, { id: 'delete', label: 'Delete', confirm: (r) => `Delete the rule ${r.name}?`, success: (r) => `${r.name} is deleted.` }),
  ],
  form: actionForm(networkRuleOps.create, {
    title: 'Add a network rule',
    fields: { tid: { widget: 'hidden' }, ports: { widget: 'tags', placeholder: '443' }, note: { widget: 'textarea' } },
    choices: destinationChoices,
    submitLabel: 'Add rule',
    success: ({ name }) => `${name} is added.`,
    refused: 'The rule was not added',
  }),
});
