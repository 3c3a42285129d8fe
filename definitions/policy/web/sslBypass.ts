import { SslBypassDocument } from '../../../schemas/areas/sslBypass';
import { sslBumpLists } from '../../api/sslBumpLists';
import { definePolicyArea, screenDownload } from '../../define';
import { analysisFacts } from '../analysisFacts';

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
  facts: analysisFacts('web.ssl-bypass'),
  // Every destination passed through uninspected, from this list and from the integrations' lists, in one file.
  downloads: [
    screenDownload(sslBumpLists, {
      id: 'not-inspected',
      label: 'Download every destination not inspected',
      download: {
        fileName: (a) => `not-inspected-rev-${a.rev_id}.csv`,
        contentType: 'text/csv',
        content: (a) => ['destination,list,source', ...a.lists.flatMap((l) => l.destinations.map((d) => `${d},"${l.name.replaceAll('"', '""')}",${l.source}`))].join('\n') + '\n',
      },
    }),
  ],
  evaluation: {
    lists: [
      {
        id: 'list',
        title: 'Bypass entries',
        rows: 'list',
        name: 'destination',
        enabled: 'enabled',
        order: 'listed',
        conditions: [{ field: 'destination', label: 'Destination', kind: 'destination', attribute: 'domain' }],
        action: { constant: 'no_inspection' },
        decides: 'tls',
        tier: 10,
      },
    ],
    choices: [
      'A domain entry matches the domain and its subdomains (*.example.com only its subdomains); an address or CIDR block matches the destination address, or the domain when it is an address.',
      'SSL bypass decides only whether TLS is inspected; the web action comes from the exceptions, categories and application rules.',
    ],
  },
});
