/**
 * "Filter by this value" (headless): which filter of a log view reads an event field, and the values of an event's
 * field it can filter by. Only values the filter accepts are offered; no log filter of the API takes an exclusion,
 * so none is offered.
 */
import type { LogViewDef } from '../../../definitions/define';
import { LOG_FILTERS, type FilterSpec } from '../../../schemas/logs';

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
