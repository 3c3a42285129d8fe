/**
 * Reachability probes from the browser (spec 001 §7 "a no-cors probe of a site with testId"): each site's address is
 * fetched in no-cors mode with the test id, all at once; any answer counts (a no-cors answer is opaque, so its status
 * is unknown), no answer within the time-out or a failed connection does not. The time is measured per site.
 */

export interface ProbeSite {
  readonly id: string;
  readonly url: string;
}

/** One site's outcome, in the form the results call takes. */
export interface ProbeResult {
  readonly site_id: string;
  readonly ok: boolean;
  readonly time_ms: number;
  readonly error?: string;
}

export interface ProbeOptions {
  readonly timeoutMs: number;
  /** The page's address, which relative site addresses are resolved against. */
  readonly base?: string;
  readonly fetchFn?: typeof fetch;
  readonly now?: () => number;
}

/** The texts of a site that did not answer. */
export const probeErrorText = (timeoutMs: number, timedOut: boolean): string =>
  timedOut ? `No answer within ${timeoutMs / 1000} seconds` : 'The connection failed';

/** Probes every site at once; resolves with one result per site, in the sites' order. Never rejects. */
export function probeSites(sites: readonly ProbeSite[], testId: string, options: ProbeOptions): Promise<ProbeResult[]> {
  const { timeoutMs, base = globalThis.location?.href, fetchFn = globalThis.fetch.bind(globalThis), now = () => performance.now() } = options;
  return Promise.all(
    sites.map(async (site): Promise<ProbeResult> => {
      const url = new URL(site.url, base);
      url.searchParams.set('testId', testId);
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const started = now();
      try {
        await fetchFn(url.href, { mode: 'no-cors', cache: 'no-store', credentials: 'include', signal: timeout.signal });
        return { site_id: site.id, ok: true, time_ms: Math.round(now() - started) };
      } catch {
        return { site_id: site.id, ok: false, time_ms: Math.round(now() - started), error: probeErrorText(timeoutMs, timeout.signal.aborted) };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}
