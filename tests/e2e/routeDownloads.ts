/**
 * JavaScript per route as a browser downloads it: each route opens in a fresh browser context (empty cache) and the
 * script responses are summed as transferred (body bytes on the wire, after compression) and decoded. Signed-in
 * routes reuse the cookies of one sign-in, so the sign-in's own downloads are not counted. Shared by the download
 * budgets (tests/e2e/downloads.test.ts) and the bundle benchmark.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface RouteDownload {
  /** Script responses. */
  readonly files: number;
  /** Body bytes as transferred (compressed when the server compresses). */
  readonly transferred: number;
  /** Body bytes after decoding. */
  readonly decoded: number;
  /** The script paths, for a report. */
  readonly urls: readonly string[];
}

/**
 * Routes measured: the signed-out ones by path, the signed-in ones by hash route, each once what it shows is there
 * (`ready`: the screen's table, form or first chart; the heading alone shows before the screen's view has loaded).
 */
export const MEASURED_ROUTES = {
  'sign-in': { path: '/login/' },
  'signed-out root': { path: '/' },
  shell: { hash: '/no-such-page' },
  table: { hash: '/policy/web/ssl-bypass', ready: '[role=grid]' },
  form: { hash: '/settings/general', ready: 'form' },
  /** The log's events are a plain table in its scroll box (not a grid). */
  'log view': { hash: '/logs/web', ready: '[data-testid=log-scroll] tbody tr' },
  /** Measured once its first chart is drawn (the chart library loads with it). */
  dashboard: { hash: '/dashboard', ready: '[data-chart-kind]' },
} as const;

/** How long no script may be under way before a route counts as loaded. */
const SCRIPTS_QUIET_MS = 1000;
export type MeasuredRoute = keyof typeof MEASURED_ROUTES;

/**
 * JavaScript budgets (issue 10), KB gzipped at level 9, per route: sign-in, the shell with a table screen, the
 * dashboard with its charts. The browser suite enforces them (all met since 2026-11-25: the dashboard 287 KB, the
 * table 242 KB, see docs/benchmarks.md); `npm run bench -- bundle` reports every route against them.
 */
export const BUDGET_KB: Readonly<Partial<Record<MeasuredRoute, number>>> = { 'sign-in': 110, table: 250, dashboard: 450 };

async function collectScripts(context: BrowserContext, open: (page: Page) => Promise<void>): Promise<RouteDownload> {
  const page = await context.newPage();
  const pending: Promise<{ url: string; transferred: number; decoded: number }>[] = [];
  let inFlight = 0;
  let lastScriptAt = Date.now();
  const settled = () => {
    inFlight--;
    lastScriptAt = Date.now();
  };
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    inFlight++;
    lastScriptAt = Date.now();
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script') settled();
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    settled();
    const url = new URL(request.url()).pathname;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const body = (await response?.body())?.length ?? 0;
        return { url, transferred: sizes.responseBodySize, decoded: body };
        // A page that navigates away (a signed-out visit to the sign-in page) leaves its bodies unreadable: the script
        // was still downloaded and counts (by its file) with unknown transferred and decoded sizes.
      })().catch(() => ({ url, transferred: 0, decoded: 0 })),
    );
  });
  await open(page);
  await page.waitForLoadState('networkidle');
  // The load state is reached once; lazy chunks a screen asks for later are waited for here.
  const giveUpAt = Date.now() + 30_000;
  while ((inFlight > 0 || Date.now() - lastScriptAt < SCRIPTS_QUIET_MS) && Date.now() < giveUpAt) await page.waitForTimeout(100);
  const scripts = await Promise.all(pending);
  await page.close();
  return {
    files: scripts.length,
    transferred: scripts.reduce((n, s) => n + s.transferred, 0),
    decoded: scripts.reduce((n, s) => n + s.decoded, 0),
    urls: scripts.map((s) => s.url),
  };
}

/** Signs in once through the login module and returns the session's cookies for fresh contexts. */
async function signedInState(browser: Browser, baseUrl: string, user: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.waitForURL((url) => url.pathname === '/login/');
  await page.getByLabel('User', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith('#/'));
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Measures every route of MEASURED_ROUTES (or those given) in a fresh context each. */
export async function measureRouteDownloads(
  browser: Browser,
  baseUrl: string,
  credentials: { user: string; password: string },
  routes: readonly MeasuredRoute[] = Object.keys(MEASURED_ROUTES) as MeasuredRoute[],
): Promise<Map<MeasuredRoute, RouteDownload>> {
  const state = await signedInState(browser, baseUrl, credentials.user, credentials.password);
  const out = new Map<MeasuredRoute, RouteDownload>();
  for (const name of routes) {
    const route: { path?: string; hash?: string; ready?: string } = MEASURED_ROUTES[name];
    const context = await browser.newContext(route.hash ? { storageState: state } : {});
    out.set(
      name,
      await collectScripts(context, async (page) => {
        await page.goto(route.hash ? `${baseUrl}/#${route.hash}` : `${baseUrl}${route.path}`);
        if (route.hash) await page.getByRole('heading', { level: 1 }).first().waitFor();
        else await page.waitForURL((url) => url.pathname === '/login/');
        // Generous: on a loaded machine a screen can take long to draw; sizes do not depend on it.
        if (route.ready) await page.locator(route.ready).first().waitFor({ timeout: 90_000 });
      }),
    );
    await context.close();
  }
  return out;
}
