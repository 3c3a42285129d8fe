import { FirewallRulesDocument } from '../../schemas/areas/firewall';
import { definePolicyArea, optionsFrom } from '../define';
import { firewallFeeds } from './firewallFeeds';
import { firewallServices } from './firewallServices';

export const firewallRules = definePolicyArea({
  id: 'fwaas.rules',
  title: 'Firewall Rules',
  // Design note: Saved as the single key data (spec 001 §7); the rule fields are this build's design.
  description:
    'Ordered firewall rules for internet and private-access traffic: sources, destinations (domains, addresses, ' +
    'CIDR blocks, countries), services and threat feeds; the action is allow, drop, proxy (hand to the web ' +
    'policy) or reject, and matches may be logged. The first enabled matching rule wins.',
  route: '/fwaas/rules',
  nav: { order: 10 },
  endpoint: { path: '/api/policy/v1/rules/fwaas/rules/{rev}' },
  schema: FirewallRulesDocument,
  layout: {
    kind: 'table',
    rows: 'data',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'request_type', format: 'enumLabel' },
      { field: 'destinations', format: 'count' },
      { field: 'services', format: 'count' },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      request_type: { widget: 'segmented' },
      sources: { widget: 'tags', placeholder: '10.0.0.0/8' },
      destinations: { widget: 'tags', placeholder: 'example.com, 192.0.2.10 or 198.51.100.0/24' },
      destination_countries: { widget: 'tags', placeholder: 'US' },
      services: { widget: 'dualList', optionsFrom: optionsFrom(firewallServices, 'data', 'id', 'name'), help: 'None chosen: any service' },
      feeds: { widget: 'dualList', optionsFrom: optionsFrom(firewallFeeds, 'data', 'id', 'name'), help: 'The rule matches the addresses of these feeds' },
      action: { widget: 'segmented' },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, request_type: 'internet', sources: [], destinations: [], destination_countries: [], services: [], feeds: [], action: 'drop', log: true, comment: '' },
    exportable: true,
  },
  read: { any: ['fwaas:read'] },
  write: { any: ['fwaas:write'] },
  feature: 'fwaas',
  tag: 'firewall',
});
