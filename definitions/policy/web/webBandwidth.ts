import { BandwidthDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';

export const webBandwidth = definePolicyArea({
  id: 'web.bandwidth',
  title: 'Bandwidth',
  // Design note: Payload bandwidth.rules. The spec names the key only; the rule fields are this build's design.
  description:
    'Ordered bandwidth rules: for the traffic a rule applies to, a rate limit in kbit/s, a daily quota in MB per ' +
    'user, or both; the first enabled matching rule wins.',
  route: '/policy/web/bandwidth',
  nav: { group: 'Web', order: 40 },
  endpoint: { path: '/api/policy/v3/rules/bandwidth/{rev}' },
  schema: BandwidthDocument,
  layout: {
    kind: 'form',
    fields: {
      'bandwidth.rules': {
        label: 'Bandwidth rules',
        table: {
          itemLabel: 'rule',
          columns: ['name', 'direction', 'limit_kbps', 'daily_quota_mb', 'enabled'],
          rowFields: { id: { widget: 'hidden' }, direction: { widget: 'segmented' }, comment: { widget: 'textarea' }, ...scopeFieldHints },
          newRow: { name: '', enabled: true, scope: {}, direction: 'all', limit_kbps: 0, daily_quota_mb: 0, comment: '' },
        },
      },
    },
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  feature: 'bandwidth',
  tag: 'web policy',
});
