/**
 * What the policy area definitions share: the row-editor hints of a rule scope. (Their environment rule comes from the
 * policy section: a screen that sets no `env` or `feature` gets its section's.)
 */
import { categoryChoices, countryChoices } from '../lookupChoices';
import { risks } from '../api/lookups';
import { choicesFrom, type FieldHint } from '../define';

/** The risk types of the service as suggestions where rules name risks, each with its level and what it covers. */
const riskChoices = choicesFrom(risks, 'risks', 'name', 'name', {
  detail: (r) => `${r.level.charAt(0).toUpperCase()}${r.level.slice(1)} risk: ${r.description}`,
});

/** Row-editor hints of a list of text patterns (URL, user agent): a nested table of match and value. */
export const patternListHint = { table: { itemLabel: 'pattern', columns: ['match', 'value'] } } as const;
/** Row-editor hints of a users-and-groups list: a nested table of type and name. */
export const entityListHint = { table: { itemLabel: 'user or group', columns: ['type', 'name'] } } as const;

/** Row-editor hints for a `scope` (schemas/areas/common.ts RuleScope) field. */
export const scopeFieldHints = {
  'scope.domain': { widget: 'tags', group: 'Applies to', placeholder: 'example.com or *.example.com' },
  'scope.categories': { group: 'Applies to' },
  'scope.threats': { widget: 'tags', group: 'Applies to', optionsFrom: riskChoices },
  'scope.fileTypes': { widget: 'tags', group: 'Applies to', placeholder: 'zip' },
  'scope.source_ips': { widget: 'tags', group: 'Applies to', placeholder: '192.0.2.10 or 10.0.0.0/8' },
  'scope.source_ip_ranges': { widget: 'tags', group: 'Applies to', placeholder: '192.0.2.1-192.0.2.20' },
  'scope.dest_ips': { widget: 'tags', group: 'Applies to' },
  'scope.dest_ip_ranges': { widget: 'tags', group: 'Applies to' },
  'scope.geo_ip': { widget: 'dualList', group: 'Applies to', optionsFrom: countryChoices },
  'scope.browser': { widget: 'multiselect', group: 'Applies to' },
  'scope.uri': { group: 'Applies to', ...patternListHint },
  'scope.user_agent': { group: 'Applies to', ...patternListHint },
  'scope.entities': { group: 'Applies to', ...entityListHint },
} as const satisfies Record<`scope.${string}`, FieldHint<unknown, never>>;

/** Row-editor hints of the `conditions` of an exception rule (schemas/areas/common.ts RuleConditions). */
export const conditionFieldHints = {
  'conditions.domain': { widget: 'tags', placeholder: 'example.com or *.example.com' },
  'conditions.categories': { widget: 'dualList', optionsFrom: categoryChoices },
  'conditions.threats': { widget: 'tags', optionsFrom: riskChoices },
  'conditions.fileTypes': { widget: 'tags', placeholder: 'zip' },
  'conditions.source_ips': { widget: 'tags', placeholder: '192.0.2.10 or 10.0.0.0/8' },
  'conditions.source_ip_ranges': { widget: 'tags', placeholder: '192.0.2.1-192.0.2.20' },
  'conditions.dest_ips': { widget: 'tags' },
  'conditions.dest_ip_ranges': { widget: 'tags' },
  'conditions.geo_ip': { widget: 'dualList', optionsFrom: countryChoices },
  'conditions.browser': { widget: 'dualList' },
  'conditions.uri': patternListHint,
  'conditions.user_agent': patternListHint,
  'conditions.entities': entityListHint,
} as const satisfies Record<`conditions.${string}`, FieldHint<unknown, never>>;
