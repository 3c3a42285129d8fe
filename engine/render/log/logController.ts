/**
 * The headless log controller (spec 000 §4 log loading, §5 filters, §8 log load failure, §9 intervals): the request
 * a URL query stands for, and a store that accumulates pages by pagingIdentifiers, resets when the filters change,
 * and says "loading" before every result. No React; the LogView renders its state.
 */
import { MESSAGES } from '../../../schemas/constants';
import { DEFAULT_LOG_INTERVAL, intervalRange, logIntervalsFor, LogInterval } from '../../../schemas/logEnums';
import { excludeParam, filterQueryPairs } from '../../../schemas/logs';
import { createStore, type Store } from '../../core/store';

/** The URL query of a log view; repeated keys as arrays. */
export type LogUrlQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The query key holding the interval. */
export const INTERVAL_KEY = 'interval';

/** The interval a URL query asks for, when this deployment offers it (180d only on a management station); else 7d. */
export function effectiveInterval(query: LogUrlQuery, managementStation: boolean): string {
  const raw = query[INTERVAL_KEY];
  const value = typeof raw === 'string' ? raw : raw?.[0];
  if (value === undefined || !LogInterval.safeParse(value).success) return DEFAULT_LOG_INTERVAL;
  if (/^\d{4}-\d{2}$/.test(value)) return value;
  return (logIntervalsFor(managementStation) as string[]).includes(value) ? value : DEFAULT_LOG_INTERVAL;
}

/** The range of an interval in unix seconds: the named interval ending now, or the whole month of `YYYY-MM`. */
export function intervalSeconds(interval: string, nowMs: number): { start: number; end: number } {
  const { start, end } = intervalRange(interval, nowMs);
  return { start: Math.floor(start / 1000), end: Math.floor(end / 1000) };
}

/** The query keys of a view's filters: each filter `p` and its exclusion `not_p`. */
const filterKeys = (filterParams: readonly string[]) => filterParams.flatMap((p) => [p, excludeParam(p)]);

/**
 * The API query of a log view's URL query at `nowMs`: start and end fixed from the interval (so later pages page the
 * same range), and the filters and their exclusions (`not_p`) after the §5 rules (empty values and "all" dropped,
 * `+`/`,` values repeated, "isolate" as "safeview"). Keys that are not filters of this view are left out.
 */
export function logRequestQuery(
  query: LogUrlQuery,
  filterParams: readonly string[],
  options: { readonly nowMs: number; readonly managementStation: boolean },
): Record<string, string | number | string[]> {
  const out: Record<string, string | number | string[]> = {
    ...intervalSeconds(effectiveInterval(query, options.managementStation), options.nowMs),
  };
  const filters = Object.fromEntries(filterKeys(filterParams).map((p) => [p, query[p]]));
  for (const [param, value] of filterQueryPairs(filters)) {
    const prev = out[param];
    out[param] = Array.isArray(prev) ? [...prev, value] : [value];
  }
  return out;
}

/** The filter-relevant part of a URL query, as a stable key: changing it resets the data. */
export function filterKey(query: LogUrlQuery, filterParams: readonly string[], managementStation: boolean): string {
  const parts: [string, string[]][] = [[INTERVAL_KEY, [effectiveInterval(query, managementStation)]]];
  for (const p of filterKeys(filterParams).sort()) {
    const pairs = filterQueryPairs({ [p]: query[p] }).map(([, v]) => v).sort();
    if (pairs.length > 0) parts.push([p, pairs]);
  }
  return JSON.stringify(parts);
}

/** The text a failed load shows in the view; on-prem a 500 asks to enable local logs (spec 000 §8). */
export function logErrorText(error: unknown, onPrem: boolean): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  if (onPrem && status === 500) return MESSAGES.onPremLogsDisabled;
  return error instanceof Error && error.message ? error.message : String(error);
}

/** One page of a log answer. */
export interface LogPage<E> {
  readonly events: readonly { readonly event: E }[];
  readonly paginate: { readonly pagingIdentifiers: string; readonly last_iteration: boolean };
}

export interface LogFetchers<E> {
  readonly first: (query: Record<string, string | number | string[]>) => Promise<LogPage<E>>;
  readonly next: (query: Record<string, string | number | string[]>, pagingIdentifiers: string) => Promise<LogPage<E>>;
}

export interface LogState<E> {
  readonly events: readonly E[];
  readonly loading: boolean;
  readonly error: string | null;
  /** No page follows the loaded ones. */
  readonly done: boolean;
  /** Pages loaded since the last reset. */
  readonly pages: number;
}

export interface LogController<E> extends Store<LogState<E>> {
  /** Applies a URL query: a change of interval or filters drops the loaded events and loads the first page. */
  setQuery(query: LogUrlQuery): void;
  /** Loads the next page, unless one is loading, the last was loaded, or the last load failed. */
  loadMore(): void;
  /** Loads the first page again with the current query (after an error). */
  reload(): void;
  /** The API query of the loaded events (their interval fixed at the first page, the filters). */
  request(): Record<string, string | number | string[]>;
}

export interface LogControllerOptions<E> {
  readonly fetchers: LogFetchers<E>;
  readonly filterParams: readonly string[];
  readonly managementStation: boolean;
  readonly onPrem: boolean;
  readonly now?: () => number;
}

const EMPTY: LogState<never> = { events: [], loading: false, error: null, done: false, pages: 0 };

/** Creates the controller; see the module comment. */
export function createLogController<E>(options: LogControllerOptions<E>): LogController<E> {
  const { fetchers, filterParams, managementStation, onPrem } = options;
  const now = options.now ?? Date.now;
  const store = createStore<LogState<E>>(EMPTY);
  let key: string | null = null;
  let urlQuery: LogUrlQuery = {};
  let request: Record<string, string | number | string[]> = {};
  let paging = '';
  // Answers of a query the admin has left behind are dropped.
  let generation = 0;

  function run(load: () => Promise<LogPage<E>>, append: boolean) {
    const mine = ++generation;
    store.setState((s) => ({ ...(append ? s : EMPTY), loading: true, error: null }));
    load().then(
      (page) => {
        if (mine !== generation) return;
        paging = page.paginate.pagingIdentifiers;
        store.setState((s) => ({
          events: [...(append ? s.events : []), ...page.events.map((e) => e.event)],
          loading: false,
          error: null,
          done: page.paginate.last_iteration || paging === '',
          pages: (append ? s.pages : 0) + 1,
        }));
      },
      (error: unknown) => {
        if (mine !== generation) return;
        store.setState((s) => ({ ...s, loading: false, error: logErrorText(error, onPrem) }));
      },
    );
  }

  function first() {
    request = logRequestQuery(urlQuery, filterParams, { nowMs: now(), managementStation });
    paging = '';
    const q = request;
    run(() => fetchers.first(q), false);
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setQuery(query) {
      urlQuery = query;
      const next = filterKey(query, filterParams, managementStation);
      if (next === key) return;
      key = next;
      first();
    },
    loadMore() {
      const s = store.getState();
      if (s.loading || s.done || s.error !== null || paging === '') return;
      const q = request;
      const p = paging;
      run(() => fetchers.next(q, p), true);
    },
    reload() {
      first();
    },
    request: () => request,
  };
}
