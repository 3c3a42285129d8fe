import { SslBypassDocument } from '../../../schemas/areas/sslBypass';
import { definePolicyArea } from '../../define';

export const sslBypass = definePolicyArea({
  id: 'web.ssl-bypass',
  title: 'SSL Bypass',
  description:
    'Destinations whose TLS traffic is passed through without inspection: banking, health and pinned-certificate ' +
    'services. Each entry is a domain (wildcards such as *.example.com allowed), an IPv4 address or a CIDR block.',
  route: '/policy/web/ssl-bypass',
  nav: { group: 'Web', order: 30 },
  endpoint: { path: '/api/policy/v1/rules/sslbump_bypass/{rev}' },
  schema: SslBypassDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [{ field: 'destination', flex: 2, sortable: true }, { field: 'comment', flex: 3 }, { field: 'enabled', format: 'boolean', center: true }],
    rowFields: { id: { widget: 'hidden' }, comment: { widget: 'textarea' } },
    newRow: { destination: '', comment: '', enabled: true },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
});
