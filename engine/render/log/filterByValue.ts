/**
 * "Filter by this value" and "Exclude this value" (headless): which filter of a log view reads an event field, the
 * values of an event's field it can filter by, and the URL query after picking one. Only values the filter accepts
 * are offered. Excluding writes the filter's exclusion `not_<param>` (this product's extension of the log queries,
 * `EXCLUDE_PREFIX` in schemas/logs.ts): the events whose field holds the value are left out, those without the field
 * stay.
 */
import type { LogViewDef } from '../../../definitions/define';
import { ACTION_FILTER_PARAMS, LOG_FILTERS, excludeParam, filterValues, isolateAsSafeview, type FilterSpec } from '../../../schemas/logs';
import { withFilter, type FilterQuery } from '../widgets/filter/filters';

export interface FilterChoice {
  /** The filter's query parameter. */
  readonly param: string;
  /** The filter's label ("Category"). */
  readonly filter: string;
  /** The value as the query holds it. */
  readonly value: string;
}

/** The view's filter parameter over an event field, if it has one. */
export function filterParamOf(screen: LogViewDef, field: string): string | undefined {
  const specs = LOG_FILTERS[screen.logType] as Readonly<Record<string, FilterSpec>>;
  return screen.filters.find((f) => specs[f.param]?.field === field)?.param;
}

/** The values of `value` (one, or each of a list) the view can filter `field` by. */
export function filterChoices(screen: LogViewDef, field: string, value: unknown): FilterChoice[] {
  const param = filterParamOf(screen, field);
  if (param === undefined) return [];
  const spec = (LOG_FILTERS[screen.logType] as Readonly<Record<string, FilterSpec>>)[param]!;
  const label = screen.filters.find((f) => f.param === param)!.label;
  const values = (Array.isArray(value) ? value : [value]).flatMap((v) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : [],
  );
  return [...new Set(values)]
    .filter((v) => v !== '' && !/[+,]/.test(v) && (!spec.values || spec.values.includes(v)))
    .map((v) => ({ param, filter: label, value: v }));
}

/**
 * The URL query after picking a value. Filter by: the filter holds that value alone. Exclude: the value joins the
 * filter's exclusion (the values excluded before stay excluded). Either way the other side no longer names the value
 * (an action's "isolate" is its "safeview"), so the two never contradict each other.
 */
export function withChoice(query: FilterQuery, choice: FilterChoice, exclude: boolean): FilterQuery {
  const { param, value } = choice;
  const same = (v: string) => (ACTION_FILTER_PARAMS.has(param) ? isolateAsSafeview(v) === isolateAsSafeview(value) : v === value);
  const notParam = excludeParam(param);
  const [target, other] = exclude ? [notParam, param] : [param, notParam];
  let next = query;
  // The other side loses the value; a side that names "all" or nothing else is left as it is.
  const others = filterValues(query[other]) ?? [];
  if (others.some(same)) {
    const left = others.filter((v) => !same(v));
    next = withFilter(next, other, left.length === 1 ? left[0] : left);
  }
  const kept = exclude ? (filterValues(query[target]) ?? []).filter((v) => !same(v)) : [];
  const values = [...kept, value];
  return withFilter(next, target, values.length === 1 ? values[0] : values);
}
