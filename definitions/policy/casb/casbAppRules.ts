import { CasbAppRulesDocument } from '../../../schemas/areas/casb';
import { definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';
import { analysisFacts, CONDITION_CHOICES, ruleConditionDecls } from '../evaluation';
import { discoveredAppChoices } from '../../api/reportLookups';

export const casbAppRules = definePolicyArea({
  id: 'casb.app-rules',
  title: 'SaaS Application Rules',
  // Design note: Payload appRules. The spec names the key only; the fields are this build's design.
  description:
    'Ordered rules for activities in SaaS applications (log in, view, upload, download, share, post, edit, ' +
    'delete), by application name or by profile type (sanctioned, unclassified, unsanctioned): allow, isolate or ' +
    'block.',
  route: '/policy/casb/app-rules',
  nav: { group: 'CASB', order: 10 },
  endpoint: { path: '/api/policy/v3/casb/app_rules/{rev}' },
  schema: CasbAppRulesDocument,
  layout: {
    kind: 'table',
    rows: 'appRules',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'applications', format: 'count' },
      { field: 'activities', format: 'count' },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      applications: { widget: 'tags', placeholder: 'Dropbox', optionsFrom: discoveredAppChoices },
      activities: { widget: 'checkboxGroup' },
      action: { widget: 'segmented' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, applications: [], profile_types: [], activities: ['upload'], action: 'block', comment: '' },
    exportable: true,
  },
  read: { any: ['casb_policy:read'] },
  write: { any: ['casb_policy:write'] },
  feature: 'casb',
  tag: 'casb policy',
  facts: analysisFacts('casb.app-rules'),
  evaluation: {
    lists: [
      {
        id: 'rules',
        title: 'SaaS application rules',
        rows: 'appRules',
        enabled: 'enabled',
        order: 'listed',
        conditions: [
          ...ruleConditionDecls('scope'),
          { field: 'applications', label: 'Applications', kind: 'oneOf', attribute: 'application' },
          { field: 'activities', label: 'Activities', kind: 'oneOf', attribute: 'activity' },
        ],
        action: { field: 'action' },
        decides: 'web',
        tier: 30,
      },
    ],
    choices: [
      ...CONDITION_CHOICES,
      'Rules that name only profile types apply to the applications of those profiles; the tester matches the applications named.',
      'Application rules are consulted with the categories (after bypass entries and web exceptions); the stricter action of the two decides.',
    ],
  },
});
