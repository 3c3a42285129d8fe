/** What the policy area definitions share: the environment rule of spec 000 §2 and the row-editor hints of a rule scope. */
import type { FieldHint } from '../define';

/** Policy areas: cloud, or an on-premises management station (spec 000 §2). */
export const policyEnv = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;

const json = (help: string): FieldHint => ({ widget: 'json', group: 'Applies to', help });

/** Row-editor hints for a `scope` (schemas/areas/common.ts RuleScope) field. */
export const scopeFieldHints = {
  'scope.domain': { widget: 'tags', group: 'Applies to', placeholder: 'example.com or *.example.com' },
  'scope.categories': { widget: 'tags', group: 'Applies to' },
  'scope.threats': { widget: 'tags', group: 'Applies to' },
  'scope.fileTypes': { widget: 'tags', group: 'Applies to', placeholder: 'zip' },
  'scope.source_ips': { widget: 'tags', group: 'Applies to', placeholder: '192.0.2.10 or 10.0.0.0/8' },
  'scope.source_ip_ranges': { widget: 'tags', group: 'Applies to', placeholder: '192.0.2.1-192.0.2.20' },
  'scope.dest_ips': { widget: 'tags', group: 'Applies to' },
  'scope.dest_ip_ranges': { widget: 'tags', group: 'Applies to' },
  'scope.geo_ip': { widget: 'tags', group: 'Applies to', placeholder: 'US' },
  'scope.browser': { widget: 'multiselect', group: 'Applies to' },
  'scope.uri': json('Each entry: a match (starts_with, ends_with, contains, equal, regex) and a value'),
  'scope.user_agent': json('Each entry: a match (starts_with, ends_with, contains, equal, regex) and a value'),
  'scope.entities': json('Each entry: type user or group, and its name'),
} as const satisfies Record<`scope.${string}`, FieldHint>;
