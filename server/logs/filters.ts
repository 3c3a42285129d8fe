/** Compiles filter parameters (spec 000 §5 rules, 001 §5 isolate rule) into SQL conditions on the event. */
import { filterValues, type FilterSpec } from '../../schemas/logs';
import { reportFilterValue } from '../../schemas/reports';
import { jsonField, textField, type Params } from './sql';

/**
 * One condition per parameter that filters: a text or yes/no field equal to any of the values, or a list field
 * holding any of them. Parameters that are absent, empty or "all" add nothing.
 */
export function filterConditions(
  specs: Readonly<Record<string, FilterSpec | undefined>>,
  query: Readonly<Record<string, unknown>>,
  params: Params,
): string[] {
  const conditions: string[] = [];
  for (const [param, spec] of Object.entries(specs)) {
    if (!spec) continue;
    const values = filterValues(query[param] as string | string[] | undefined);
    if (!values) continue;
    const applied = [...new Set(values.map((v) => reportFilterValue(param, v)))];
    if (spec.kind === 'array') {
      conditions.push(`${jsonField(spec.field)} ?| ${params.add(applied)}::text[]`);
    } else if (applied.length === 1) {
      // A plain equality lets the planner walk an expression index in (ts, seq) order.
      conditions.push(`${textField(spec.field)} = ${params.add(applied[0])}`);
    } else {
      conditions.push(`${textField(spec.field)} = ANY(${params.add(applied)}::text[])`);
    }
  }
  return conditions;
}
