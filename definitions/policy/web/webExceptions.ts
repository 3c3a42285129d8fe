import { WebExceptionsDocument, type WebException } from '../../../schemas/areas/webExceptions';
import { definePolicyArea, type AccordionPanel } from '../../define';
import { CONDITION_GATES } from '../webFieldGates';
import { conditionFieldHints } from '../policyEnv';
import { analysisFacts, CONDITION_CHOICES, ruleConditionDecls } from '../evaluation';

/** The rule accordion of a web exception (also of the global web exceptions). */
export const webExceptionPanels = [
  { id: 'general', title: 'General', fields: ['name'], summary: 'Name the rule' },
  {
    id: 'conditions',
    title: 'Match conditions',
    summary: 'Choose the traffic the rule applies to',
    fields: [
      'conditions.domain',
      'conditions.uri',
      'conditions.categories',
      'conditions.threats',
      'conditions.fileTypes',
      'conditions.source_ips',
      'conditions.source_ip_ranges',
      'conditions.dest_ips',
      'conditions.dest_ip_ranges',
      'conditions.geo_ip',
      'conditions.browser',
      'conditions.user_agent',
      'conditions.entities',
    ],
  },
  { id: 'action', title: 'Action', fields: ['action', 'transferDirection'], summary: 'Allow, isolate or block' },
  { id: 'review', title: 'Review', review: true, fields: ['enabled', 'expires', 'comment'], summary: 'Check the rule and save it' },
] as const satisfies readonly AccordionPanel<WebException>[];

/** Field hints of the bypass entry form. */
const bypassRowFields = { id: { widget: 'hidden' }, comment: { widget: 'textarea' }, ...conditionFieldHints } as const;

/** The table of traffic that skips the rules (web exceptions, inspection exceptions). */
export const bypassTable = {
  kind: 'table',
  title: 'Bypass',
  rows: 'bypass',
  rowKey: 'id',
  orderable: true,
  columns: [{ field: 'name', flex: 2, sortable: true }, { field: 'comment', flex: 2 }, { field: 'enabled', format: 'boolean', center: true }],
  rowFields: bypassRowFields,
  newRow: { name: '', enabled: true, conditions: {}, comment: '' },
  exportable: true,
} as const;

/** Field hints of the web exception form. */
export const webExceptionRowFields = { ...bypassRowFields, action: { widget: 'segmented' } } as const;

export const webExceptions = definePolicyArea({
  id: 'web.exceptions',
  title: 'Web Exceptions',
  description:
    'Ordered rules that override the web policy for matching traffic: allow it, isolate it or block it. A rule ' +
    'matches on any of source and destination addresses, domains, URLs, categories, threats, countries, browsers, ' +
    'user agents, file types and users or groups (all given conditions must hold), optionally only for uploads or ' +
    'downloads; the first enabled matching rule wins. Traffic matching a bypass entry goes straight to the site, ' +
    'neither isolated nor inspected.',
  route: '/policy/web/exceptions',
  nav: { group: 'Web', order: 20 },
  endpoint: { path: '/api/policy/v3/rules/web/exceptions/{rev}' },
  schema: WebExceptionsDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'transferDirection', label: 'Direction', format: 'enumLabel' },
      { field: 'comment', flex: 2 },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowPanels: webExceptionPanels,
    rowFields: webExceptionRowFields,
    newRow: { name: '', enabled: true, conditions: {}, action: 'allow', transferDirection: 'all', comment: '' },
    exportable: true,
    tables: [bypassTable],
  },
  read: { any: ['web_policy:read'] },
  fieldGates: CONDITION_GATES,
  // Sub-permission of spec 000 §6: met by web_policy:write, refused by a deny of web_policy:write:exceptions.
  write: { any: ['web_policy:write:exceptions'] },
  tag: 'web policy',
  facts: analysisFacts('web.exceptions'),
  evaluation: {
    lists: [
      {
        id: 'bypass',
        title: 'Bypass',
        rows: 'bypass',
        enabled: 'enabled',
        order: 'listed',
        conditions: ruleConditionDecls('conditions'),
        action: { constant: 'bypass' },
        decides: 'web',
        tier: 10,
      },
      {
        id: 'list',
        title: 'Exceptions',
        rows: 'list',
        enabled: 'enabled',
        expires: 'expires',
        order: 'listed',
        conditions: [...ruleConditionDecls('conditions'), { field: 'transferDirection', label: 'Transfer direction', kind: 'direction', attribute: 'direction', any: 'all' }],
        action: { field: 'action' },
        decides: 'web',
        tier: 20,
      },
    ],
    choices: [
      ...CONDITION_CHOICES,
      'Bypass entries are consulted before the exceptions, and exceptions before categories and application rules; the first enabled matching row of the first list that has one decides.',
      'A transfer direction other than All applies only to requests that upload or download a file; browsing without a transfer matches only rules for all traffic.',
      'An exception with an expiry date no longer applies from that day on (00:00 UTC).',
    ],
  },
});
