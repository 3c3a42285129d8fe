import { AccessRulesDocument } from '../../schemas/areas/privateAccess';
import { privateAccessOps } from '../api/privateAccess';
import { choicesFrom, definePolicyArea, optionsFrom } from '../define';
import { postureProfiles } from '../settings/tenant/postureProfiles';
import { analysisFacts, CONDITION_CHOICES } from '../policy/evaluation';
import { groupChoices } from '../api/reportLookups';

export const accessRules = definePolicyArea({
  id: 'private-access.access-rules',
  title: 'Access Rules',
  // Design note: Scopes, session kinds and time units of spec 002 §3; the payload fields are this build's design.
  description:
    'Ordered rules that allow or block access to private applications. A rule applies to a source (any, client ' +
    'connector, clientless browser), source IPs, ranges and CIDR blocks, applications (at least one), destination ' +
    'IPs, countries, platforms, users and groups; an empty list means any. A rule may require posture profiles ' +
    'and re-authentication once per session or after a period.',
  route: '/secure-application-access/access-rules',
  nav: { order: 10 },
  endpoint: { path: '/api/policy/v1/rules/mpa/access_rules/{rev}' },
  schema: AccessRulesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'posture_profiles', label: 'Posture profiles', format: 'count' },
      { field: 'comment', flex: 2 },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowPanels: [
      { id: 'general', title: 'General', fields: ['name', 'action'], summary: 'Name the rule and choose allow or block' },
      { id: 'applications', title: 'Applications', fields: ['scope.applications', 'scope.ips'], summary: 'What the rule reaches' },
      {
        id: 'who',
        title: 'Users and sources',
        fields: ['scope.users', 'scope.groups', 'scope.source', 'scope.source_ips', 'scope.source_ip_ranges', 'scope.source_cidr_blocks', 'scope.geo_locations', 'scope.platforms'],
        summary: 'Who the rule applies to',
      },
      { id: 'device', title: 'Device and session', fields: ['posture_profiles', 'reauthentication.kind', 'reauthentication.every', 'reauthentication.unit'], optional: true, summary: 'Posture and re-authentication' },
      { id: 'review', title: 'Review', review: true, fields: ['enabled', 'comment'], summary: 'Check the rule and save it' },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      action: { widget: 'segmented' },
      // The catalogue as the revision holds it, each application with its address and the cluster that reaches it.
      'scope.applications': {
        widget: 'dualList',
        optionsFrom: choicesFrom(privateAccessOps.applicationList, 'applications', 'id', 'name', {
          detail: (a) => `${a.kind.toUpperCase()} ${a.address}${a.cluster_name ? ` via ${a.cluster_name}` : ''}`,
        }),
        help: 'Applications of the Applications page',
      },
      'scope.ips': { widget: 'tags', placeholder: '10.50.8.0/24' },
      'scope.users': { widget: 'tags', placeholder: 'name@example.com' },
      'scope.groups': { widget: 'tags', optionsFrom: groupChoices },
      'scope.source': { widget: 'segmented' },
      'scope.source_ips': { widget: 'tags', placeholder: '192.0.2.10 or 10.0.0.0/8' },
      'scope.source_ip_ranges': { widget: 'tags', placeholder: '192.0.2.1-192.0.2.20' },
      'scope.source_cidr_blocks': { widget: 'tags', placeholder: '10.0.0.0/8' },
      'scope.geo_locations': { widget: 'tags', placeholder: 'US' },
      'scope.platforms': { widget: 'checkboxGroup' },
      posture_profiles: { widget: 'dualList', optionsFrom: optionsFrom(postureProfiles, 'profiles', 'uuid', 'name'), help: 'The device must pass each of these posture profiles' },
      'reauthentication.kind': { widget: 'segmented' },
      'reauthentication.every': { showIf: { field: 'reauthentication.kind', equals: ['time'] } },
      'reauthentication.unit': { showIf: { field: 'reauthentication.kind', equals: ['time'] } },
      comment: { widget: 'textarea' },
    },
    newRow: {
      name: '',
      enabled: true,
      action: 'allow',
      scope: {
        source: 'any',
        source_ips: [],
        source_ip_ranges: [],
        source_cidr_blocks: [],
        applications: [],
        ips: [],
        geo_locations: [],
        platforms: [],
        users: [],
        groups: [],
      },
      posture_profiles: [],
      reauthentication: { kind: 'session', every: 8, unit: 'hours' },
      comment: '',
    },
    exportable: true,
  },
  read: { any: ['private_access:read'] },
  write: { any: ['private_access:write'] },
  feature: 'private_access',
  tag: 'private access',
  facts: analysisFacts('private-access.access-rules'),
  evaluation: {
    lists: [
      {
        id: 'rules',
        title: 'Access rules',
        rows: 'list',
        enabled: 'enabled',
        order: 'listed',
        conditions: [
          { field: 'scope.source', label: 'Connected through', kind: 'value', attribute: 'access_source', any: 'any' },
          { field: 'scope.source_ips', label: 'Source IPs', kind: 'ip', attribute: 'source_ip' },
          { field: 'scope.source_ip_ranges', label: 'Source IP ranges', kind: 'ipRange', attribute: 'source_ip' },
          { field: 'scope.source_cidr_blocks', label: 'Source CIDR blocks', kind: 'ip', attribute: 'source_ip' },
          { field: 'scope.applications', label: 'Applications', kind: 'oneOf', attribute: 'application' },
          { field: 'scope.ips', label: 'Destination addresses', kind: 'ip', attribute: 'dest_ip' },
          { field: 'scope.geo_locations', label: 'Source countries', kind: 'oneOf', attribute: 'source_country' },
          { field: 'scope.platforms', label: 'Platforms', kind: 'oneOf', attribute: 'platform' },
          { field: 'scope.users', label: 'Users', kind: 'oneOf', attribute: 'user' },
          { field: 'scope.groups', label: 'Groups', kind: 'oneOf', attribute: 'groups' },
        ],
        action: { field: 'action' },
        decides: 'private_access',
        tier: 10,
      },
    ],
    choices: [...CONDITION_CHOICES, 'Applications are matched by catalogue id. A request no access rule allows is blocked.'],
  },
});
