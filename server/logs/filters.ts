/**
 * Compiles filter parameters (spec 000 §5 rules, 001 §5 isolate rule) and their exclusions (`not_p`, this product's
 * extension) into SQL conditions on the event.
 */
import { excludeParam, filterValues, type FilterSpec } from '../../schemas/logs';
import { reportFilterValue } from '../../schemas/reports';
import { jsonField, textField, type Params } from './sql';

/**
 * One condition per parameter that filters: a text or yes/no field equal to any of the values, or a list field
 * holding any of them. Parameters that are absent, empty or "all" add nothing. An exclusion `not_p` (same rules)
 * adds the negation, an event without the field kept: `clickhouse/store.ts` compiles the same conditions.
 */
export function filterConditions(
  specs: Readonly<Record<string, FilterSpec | undefined>>,
  query: Readonly<Record<string, unknown>>,
  params: Params,
): string[] {
  const conditions: string[] = [];
  for (const [param, spec] of Object.entries(specs)) {
    if (!spec) continue;
    const values = appliedValues(param, query[param]);
    if (values) conditions.push(matches(spec, values, params));
    const excluded = appliedValues(param, query[excludeParam(param)]);
    // The match is null for an event without the field (and false for a list field): such an event stays.
    if (excluded) conditions.push(`NOT coalesce(${matches(spec, excluded, params)}, false)`);
  }
  return conditions;
}

/** The values a parameter applies after the §5 rules, "isolate" as "safeview"; null when it filters nothing. */
export function appliedValues(param: string, raw: unknown): string[] | null {
  const values = filterValues(raw as string | string[] | undefined);
  return values && [...new Set(values.map((v) => reportFilterValue(param, v)))];
}

/** The event's field equals any of the values (a list field: holds any of them). */
function matches(spec: FilterSpec, values: readonly string[], params: Params): string {
  if (spec.kind === 'array') return `${jsonField(spec.field)} ?| ${params.add(values)}::text[]`;
  // A plain equality lets the planner walk an expression index in (ts, seq) order.
  if (values.length === 1) return `${textField(spec.field)} = ${params.add(values[0])}`;
  return `${textField(spec.field)} = ANY(${params.add(values)}::text[])`;
}
