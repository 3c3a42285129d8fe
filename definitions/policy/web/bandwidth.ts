import { BandwidthDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';
import { policyEnv } from '../policyEnv';

export const webBandwidth = definePolicyArea({
  id: 'web.bandwidth',
  title: 'Bandwidth',
  description:
    'Ordered bandwidth rules (payload bandwidth.rules): for the traffic a rule applies to, a rate limit in kbit/s, ' +
    'a daily quota in MB per user, or both; the first enabled matching rule wins. The spec names the key only; the ' +
    'rule fields are this build\'s design. The rules are a list inside the bandwidth object, which the table layout ' +
    'of define.ts cannot address, so they are edited as JSON.',
  route: '/policy/web/bandwidth',
  nav: { group: 'Web', order: 40 },
  endpoint: { path: '/api/policy/v3/rules/bandwidth/{rev}' },
  schema: BandwidthDocument,
  layout: {
    kind: 'form',
    fields: {
      'bandwidth.rules': {
        widget: 'json',
        label: 'Bandwidth rules',
        help: 'Each rule: id, name, enabled, scope (conditions), direction, limit_kbps, daily_quota_mb, comment',
      },
    },
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  env: policyEnv,
  feature: 'bandwidth',
  tag: 'web policy',
});
