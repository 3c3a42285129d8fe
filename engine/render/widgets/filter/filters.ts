/**
 * Filter bar rules (spec 002 §3, §4, §9), headless. Filters live in the URL query; a change of filters resets the
 * page to 0, and the page and pageSize keys are ignored when comparing filters.
 */

/** The filter schema entry of spec 002 §3, with the query key it writes and its label. */
export interface FilterSchemaEntry {
  /** Query parameter the filter reads and writes. */
  readonly key: string;
  readonly label: string;
  /** Option value → label; an entry without options is a free-text search. */
  readonly options: Readonly<Record<string, string>>;
  /** Several options may be chosen. */
  readonly multiple?: boolean;
  /** Shown as a row of toggle buttons instead of a menu. */
  readonly toggles?: boolean;
  /** The value while the query has none. */
  readonly defaultValue?: string | readonly string[];
  /** Options listed by label instead of declaration order. */
  readonly sortable?: boolean;
  /** Show a search icon in the search box. */
  readonly searchIcon?: boolean;
  readonly searchPlaceholder?: string;
  /** Help text of the filter. */
  readonly description?: string;
}

/** The URL query as the filter bar sees it; repeated keys as arrays. */
export type FilterQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Query keys that are paging, not filtering. */
export const PAGING_KEYS = ['page', 'pageSize'] as const;

/** Option lists longer than this scroll, and their menu gets a search box (spec 002 §9). */
export const FILTER_OPTIONS_SCROLL_THRESHOLD = 5;

const asList = (v: string | readonly string[] | undefined): string[] =>
  v === undefined ? [] : (typeof v === 'string' ? [v] : [...v]).filter((s) => s !== '');

/** The filtering part of a query: paging keys and empty values dropped, lists as sorted sets. */
export function normaliseFilters(query: FilterQuery): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if ((PAGING_KEYS as readonly string[]).includes(key)) continue;
    const list = [...new Set(asList(value))].sort();
    if (list.length > 0) out[key] = list;
  }
  return out;
}

/** Whether two queries select the same rows; page and pageSize are ignored, as is the order of a list's values. */
export function filtersEqual(a: FilterQuery, b: FilterQuery): boolean {
  const x = normaliseFilters(a);
  const y = normaliseFilters(b);
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    const xs = x[k] ?? [];
    const ys = y[k] ?? [];
    if (xs.length !== ys.length || xs.some((v, i) => v !== ys[i])) return false;
  }
  return true;
}

/**
 * The query after one filter gets `value` (an empty value removes the key). When the filters changed, page goes back
 * to 0; pageSize and the other keys stay.
 */
export function withFilter(query: FilterQuery, key: string, value: string | readonly string[] | undefined): FilterQuery {
  const next: Record<string, string | readonly string[] | undefined> = { ...query };
  if (asList(value).length === 0) delete next[key];
  else next[key] = typeof value === 'string' ? value : [...asList(value)];
  if (!filtersEqual(query, next)) next.page = '0';
  return next;
}

/** Every filter of the bar back to its default (its key leaves the query); page back to 0 when that changes anything. */
export function withDefaults(query: FilterQuery, entries: readonly FilterSchemaEntry[]): FilterQuery {
  return entries.reduce<FilterQuery>((q, e) => withFilter(q, e.key, undefined), query);
}

/** Whether every filter shows its default value. */
export function atDefaults(query: FilterQuery, entries: readonly FilterSchemaEntry[]): boolean {
  return entries.every((e) => {
    const shown = [...new Set(selectedValues(query, e))].sort();
    const initial = [...new Set(asList(e.defaultValue))].sort();
    return shown.length === initial.length && shown.every((v, i) => v === initial[i]);
  });
}

/** The chosen values of a filter: the query's, else the default (so clearing a filter that has a default restores it). */
export function selectedValues(query: FilterQuery, entry: FilterSchemaEntry): string[] {
  const fromQuery = asList(query[entry.key]);
  return fromQuery.length > 0 ? fromQuery : asList(entry.defaultValue);
}

export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

/** The options of an entry, by label when it is sortable. */
export function filterOptions(entry: FilterSchemaEntry): FilterOption[] {
  const options = Object.entries(entry.options).map(([value, label]) => ({ value, label }));
  return entry.sortable ? options.sort((a, b) => a.label.localeCompare(b.label)) : options;
}

/** Options whose label or value contains the search text, ignoring case. */
export function searchFilterOptions(options: readonly FilterOption[], search: string): FilterOption[] {
  const term = search.trim().toLowerCase();
  if (term === '') return [...options];
  return options.filter((o) => o.label.toLowerCase().includes(term) || o.value.toLowerCase().includes(term));
}

/** Whether an option list scrolls and gets a search box: more than 5 options. */
export const optionsOverflow = (count: number): boolean => count > FILTER_OPTIONS_SCROLL_THRESHOLD;

/** Toggles one option: in a multiple filter it is added or removed, otherwise it replaces (or clears) the value. */
export function toggleOption(current: readonly string[], value: string, multiple: boolean): string[] {
  if (multiple) return current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return current.length === 1 && current[0] === value ? [] : [value];
}
