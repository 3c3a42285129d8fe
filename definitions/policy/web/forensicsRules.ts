import { ForensicsRulesDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea, optionsFrom } from '../../define';
import { forensicProfiles } from '../../settings/forensicProfiles';
import { scopeFieldHints } from '../policyEnv';

export const forensicsRules = definePolicyArea({
  id: 'web.forensics-rules',
  title: 'Browsing Forensics',
  // Design note: The spec names the call only; the rule fields are this build's design.
  description:
    'Ordered rules that record isolated sessions with a forensic profile (what is captured and where it is stored ' +
    'is set on the Forensic Profiles settings page): the traffic a rule applies to, and the profile it records with.',
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
      profile_id: { label: 'Forensic profile', optionsFrom: optionsFrom(forensicProfiles, 'bf_profiles', 'uuid', 'name') },
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
