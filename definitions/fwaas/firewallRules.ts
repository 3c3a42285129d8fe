import { FirewallRulesDocument } from '../../schemas/areas/firewall';
import { definePolicyArea, optionsFrom } from '../define';
import { analysisFacts, CONDITION_CHOICES } from '../policy/evaluation';
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
  facts: analysisFacts('fwaas.rules'),
  evaluation: {
    lists: [
      {
        id: 'rules',
        title: 'Firewall rules',
        rows: 'data',
        enabled: 'enabled',
        order: 'listed',
        conditions: [
          { field: 'request_type', label: 'Request type', kind: 'value', attribute: 'request_type' },
          { field: 'sources', label: 'Sources', kind: 'ip', attribute: 'source_ip' },
          { field: 'destinations', label: 'Destinations', kind: 'destination', attribute: 'domain' },
          { field: 'destination_countries', label: 'Destination countries', kind: 'oneOf', attribute: 'country' },
          { field: 'services', label: 'Services', kind: 'oneOf', attribute: 'service' },
          { field: 'feeds', label: 'Threat feeds', kind: 'oneOf', attribute: 'feeds' },
        ],
        action: { field: 'action' },
        decides: 'firewall',
        tier: 10,
      },
    ],
    choices: [
      ...CONDITION_CHOICES,
      'Services are matched by the id of the service the connection was classified as (protocol and port are resolved to a service where the traffic is enforced).',
      'A rule naming threat feeds matches a connection whose destination one of those feeds lists; the request names the feeds (their addresses change with every refresh).',
      'A connection no rule matches is allowed and handed to the web policy.',
    ],
  },
});
