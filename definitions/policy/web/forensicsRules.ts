import { ForensicsRulesDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';

export const forensicsRules = definePolicyArea({
  id: 'web.forensics-rules',
  title: 'Browsing Forensics',
  // Design note: The spec names the call only; the rule fields are this build's design.
  description:
    'Ordered rules that record isolated sessions with a forensic profile (what is captured and where it is stored ' +
    'is set on the Forensic Profiles settings page): the traffic a rule applies to, and the profile by its UUID.',
  route: '/policy/web/forensics',
  nav: { group: 'Web', order: 110 },
  endpoint: { path: '/api/policy/v1/rules/bf/web/{rev}' },
  schema: ForensicsRulesDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'profile_id', label: 'Forensic profile', flex: 2 },
      { field: 'comment', flex: 2 },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      profile_id: { help: 'UUID of a profile on the Forensic Profiles page' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  feature: 'browsing_forensics',
  tag: 'web policy',
});
