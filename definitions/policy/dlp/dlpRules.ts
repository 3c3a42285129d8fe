import { DlpRulesDocument } from '../../../schemas/areas/dlp';
import { casbInsightOps } from '../../api/casbInsights';
import { predefinedCcls } from '../../api/lookups';
import { choicesFrom, definePolicyArea, optionsFrom } from '../../define';
import { scopeFieldHints } from '../policyEnv';
import { analysisFacts, CONDITION_CHOICES, ruleConditionDecls } from '../evaluation';
import { dlpAuditors } from './dlpAuditors';
import { dlpGroups } from './dlpGroups';

export const dlpRules = definePolicyArea({
  id: 'dlp.rules',
  title: 'DLP Rules',
  // Design note: The spec names the call only; the fields are this build's design.
  description:
    'Ordered data-loss-prevention rules: for the traffic and channels (uploads, downloads, form submissions, ' +
    'copy-paste, print, mail) a rule applies to, the dictionary groups, predefined dictionaries and content control lists that must ' +
    'match, how many matches trigger it, the action (Skip Inspection, Block or Log), the auditors notified and ' +
    'whether the user sees the DLP notification. A rule can be limited to SaaS applications of chosen profiles or ' +
    'governed by chosen SaaS application rules.',
  route: '/policy/dlp/rules',
  nav: { group: 'DLP', order: 10 },
  endpoint: { path: '/api/policy/v1/rules/dlp/{rev}' },
  schema: DlpRulesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'channels', format: 'count' },
      { field: 'action', format: 'enumLabel', sortable: true },
      { field: 'threshold', label: 'Match threshold' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      channels: { widget: 'checkboxGroup' },
      groups: { widget: 'dualList', optionsFrom: optionsFrom(dlpGroups, 'list', 'id', 'name'), help: 'The rule matches content of these dictionary groups' },
      casb_profiles: {
        widget: 'dualList',
        optionsFrom: choicesFrom(casbInsightOps.dlpCasbProfiles, 'profiles', 'id', 'name', { detail: (p) => p.applications.join(', ') }),
        help: 'Profiles of the SaaS Profiles page',
      },
      casb_rules: {
        widget: 'dualList',
        optionsFrom: choicesFrom(casbInsightOps.dlpCasbAppRules, 'rules', 'id', 'name', { detail: (r) => r.applications.join(', ') || 'Applications by profile' }),
        help: 'Rules of the SaaS Application Rules page',
      },
      auditors: { widget: 'dualList', optionsFrom: optionsFrom(dlpAuditors, 'list', 'id', 'name'), help: 'Notified when the rule matches' },
      ccls: { widget: 'dualList', optionsFrom: choicesFrom(predefinedCcls, 'ccls', 'id', 'name') },
      action: { widget: 'segmented' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, channels: ['file_upload'], groups: [], predefined: [], ccls: [], casb_profiles: [], casb_rules: [], threshold: 1, action: 'log', auditors: [], notify_user: true, comment: '' },
    exportable: true,
  },
  read: { any: ['dlp_policy:read'] },
  write: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  tag: 'dlp policy',
  facts: analysisFacts('dlp.rules'),
  evaluation: {
    lists: [
      {
        id: 'rules',
        title: 'DLP rules',
        rows: 'list',
        enabled: 'enabled',
        order: 'listed',
        conditions: [...ruleConditionDecls('scope'), { field: 'channels', label: 'Channels', kind: 'oneOf', attribute: 'channel' }],
        action: { field: 'action' },
        decides: 'dlp',
        tier: 10,
      },
    ],
    choices: [
      ...CONDITION_CHOICES,
      'The tester decides which DLP rule applies to a request; whether its dictionaries match depends on the content, which a request does not carry.',
    ],
  },
});
