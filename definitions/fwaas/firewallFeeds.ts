import { FirewallFeedsDocument } from '../../schemas/areas/firewall';
import { validateDdlDomains } from '../api/lookups';
import { definePolicyArea } from '../define';

export const firewallFeeds = definePolicyArea({
  id: 'fwaas.feeds',
  title: 'Threat Feeds',
  // Design note: Saved as the single key data (spec 001 §7); the fields are this build's design.
  description:
    'Lists of hostile addresses the service downloads from an http:// or https:// address every 15 minutes to ' +
    'once a day (plain list, CSV or STIX 2.1); firewall rules match them by feed id.',
  route: '/fwaas/feeds',
  nav: { order: 30 },
  endpoint: { path: '/api/policy/v1/rules/fwaas/feeds/{rev}' },
  schema: FirewallFeedsDocument,
  layout: {
    kind: 'table',
    rows: 'data',
    rowKey: 'id',
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'url', flex: 3 },
      { field: 'format', format: 'enumLabel' },
      { field: 'refresh_minutes', label: 'Refresh (min)' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      // The dynamic list check of spec 001 §7 (validate_ddl_domains), run on the address as it is typed.
      url: { widget: 'text', placeholder: 'https://feeds.example.com/blocklist.txt', preview: { operation: validateDdlDomains, field: 'ddlUrl' } },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, url: '', format: 'plain', refresh_minutes: 60, comment: '' },
    exportable: true,
  },
  read: { any: ['fwaas:read'] },
  write: { any: ['fwaas:write'] },
  feature: 'fwaas',
  tag: 'firewall',
});
