import { EGRESS_RULES_MAX, EgressHeaderDocument, PROTECTED_HEADERS } from '../../../schemas/areas/webRules';
import { egressControl, headerBlocklist } from '../../api/lookups';
import { definePolicyArea, screenFacts } from '../../define';

export const egressHeaders = definePolicyArea({
  id: 'web.egress-headers',
  title: 'Egress Header Rules',
  // Design note: Payload egress_policy. The spec names the key only; the rule fields are this build's design.
  description:
    'HTTP request headers added, replaced or removed on requests to given sites as they leave the service, for ' +
    'example a tenant-restriction header that keeps users on the company\'s own SaaS tenants. A value is required ' +
    `unless the header is removed; header values cannot contain line breaks. At most ${EGRESS_RULES_MAX} rules; headers ` +
    'the service sets itself cannot be changed.',
  // egress_control's `enabled`: whether header rules apply to the tenant's traffic at all.
  capabilityNotice: {
    operation: egressControl,
    capability: 'egress_policy',
    when: false,
    text: 'Egress header rules are off for this tenant: these rules apply once your service provider turns them on.',
  },
  route: '/policy/web/egress-headers',
  facts: screenFacts(headerBlocklist, { label: 'Protected headers', facts: (a) => [{ label: 'Headers no rule may change', value: a.headers.join(', ') }] }),
  nav: { group: 'Web', order: 120 },
  endpoint: { path: '/api/policy/v1/egress_policy/rules/{rev}' },
  schema: EgressHeaderDocument,
  layout: {
    kind: 'table',
    rows: 'egress_policy',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'header', flex: 2 },
      { field: 'operation', format: 'enumLabel' },
      { field: 'domains', format: 'count' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      domains: { widget: 'tags', placeholder: 'login.microsoftonline.com' },
      header: { placeholder: 'Restrict-Access-To-Tenants', help: `Not one of the headers the service sets itself: ${PROTECTED_HEADERS.join(', ')}` },
      operation: { widget: 'segmented' },
      value: { showIf: { field: 'operation', equals: ['add', 'replace'] } },
      comment: { widget: 'textarea' },
    },
    newRow: { name: '', enabled: true, domains: [], header: '', operation: 'replace', value: '', comment: '' },
    exportable: true,
  },
  read: { any: ['egress_policy:read'] },
  write: { any: ['egress_policy:write'] },
  tag: 'egress policy',
});
