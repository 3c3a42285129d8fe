/** The hash route's query as the log and report views read and write it. */
import type { LogUrlQuery } from './logController';

/** `a=1&b=2&b=3` → `{ a: '1', b: ['2', '3'] }`. */
export function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/**
 * A route with its query: empty values left out (spec 000 §2), and the table page number too, which a log view that
 * loads by scrolling has no use for.
 */
export function routeWithQuery(route: string, query: LogUrlQuery): string {
  const search = new URLSearchParams();
  for (const [k, raw] of Object.entries(query)) {
    if (k === 'page') continue;
    for (const v of raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw) if (v !== '') search.append(k, v);
  }
  const qs = search.toString();
  return qs ? `${route}?${qs}` : route;
}
