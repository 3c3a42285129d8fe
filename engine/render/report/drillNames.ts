/**
 * Names of the values a drill-down put in a filter (a category's id → "Social Networking"), kept for the page's
 * life: the drilled report's filter chip and chart title read them instead of the id.
 */
import type { ChartData } from './chartDatasets';

const names = new Map<string, string>();
const keyOf = (param: string, value: string) => `${param}\u0000${value}`;

/** Remembers the name of a filter value. */
export function rememberName(param: string, value: string, name: string): void {
  if (name !== '' && name !== value) names.set(keyOf(param, value), name);
}

/** The remembered name of a filter value, if any. */
export function drilledName(param: string, value: string): string | undefined {
  return names.get(keyOf(param, value));
}

/** The name a chart shows for a datum's drill-down value. */
export function datumName(data: ChartData, key: string): string | undefined {
  return (data.datasets as readonly { name: string; key: string }[]).find((d) => d.key === key)?.name;
}
