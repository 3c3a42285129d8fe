/**
 * The visual walk: every screen of the navigation, after its data has loaded, in two passes of the tenant portal
 * (admin at 1280×800 in the light scheme, auditor at 1920×1080 in the dark one), one of the provider console (operator
 * at 1280×800) and one of the on-premises portal (admin signing in at `/d/`, dark scheme at 1280×800): every screen of a
 * web-isolation appliance, then the screens only a management station has (its appliance manager) on a station of
 * its own; the station's other screens are the appliance's or the tenant portal's, walked already. It fails on what a
 * person sees and role queries do not: a table column too narrow to read, a page wider
 * than the window, the current page's link scrolled out of the navigation, text under the contrast minimum, a JSON
 * text box, an implementation note, a console error or a failed request. Screenshots go to `.screens/<pass>/`
 * (git-ignored; not taken with WALK_SCREENSHOTS=0): open them after a change to the screens.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../definitions/index';
import { sectionRoute } from '../../engine/core/navigation';
import { envAllows, type Environment } from '../../schemas/access';
import { startTestServer, type TestServer } from '../setup/start-server';
import {
  baseUrl,
  clickLogin,
  fillLoginForm,
  goToRouteSignedIn,
  launchBrowser,
  readAccessibilityViolations,
  readLayoutFindings,
  readNavigationFinding,
  readNavigationRoutes,
  STEP_MS,
} from './helpers';

interface Pass {
  readonly name: string;
  /**
   * The application: the tenant portal (signed in through the login module), the provider console at `/provider/`,
   * or an on-premises portal (signed in at `/d/`) on a server of its own started with `server`'s environment.
   */
  readonly app: 'portal' | 'provider' | 'on_prem';
  readonly server?: Readonly<Record<string, string>>;
  /**
   * A second on-premises server of the same pass (started once the first one is walked): its screens that no other
   * pass walks (`only`: the screens its environment shows and the others' do not) are walked after the first's,
   * signed in at `/d/` with the same checks, screenshots in the same folder.
   */
  readonly also?: { readonly server: Readonly<Record<string, string>>; readonly only: Environment; readonly not: readonly Environment[] };
  readonly user: string;
  readonly password: string;
  readonly viewport: { width: number; height: number };
  readonly colorScheme: 'light' | 'dark';
  /** Every serious or critical axe rule, not only colour contrast (one pass is enough). */
  readonly fullAxe?: boolean;
}

const PASSES: readonly Pass[] = [
  { name: 'admin-1280', app: 'portal', user: 'admin', password: 'admin-demo', viewport: { width: 1280, height: 800 }, colorScheme: 'light', fullAxe: true },
  // The desktop width and the dark scheme with the auditor's read-only screens: the admin's own screens at 1920 px hold
  // wherever they hold at 1280 (the narrowest width, walked above, with every action column), and every widget an
  // admin has beyond the auditor's (enabled buttons, inputs, action menus) is walked in the dark scheme on the
  // appliance's screens below, the same widgets; one pass walks both (a pass of its own for the admin in the dark
  // scheme was a fifth of the browser suite's time).
  { name: 'auditor-1920-dark', app: 'portal', user: 'auditor', password: 'auditor-demo', viewport: { width: 1920, height: 1080 }, colorScheme: 'dark' },
  { name: 'provider-1280', app: 'provider', user: 'operator', password: 'operator-demo', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  {
    name: 'appliance-dark',
    app: 'on_prem',
    server: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' },
    // The management station shows the appliance's settings but its registration and isolation service, the tenant
    // portal's policy, and its appliance manager: only the last is walked by no other pass.
    also: {
      server: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'management_station' },
      only: { deployment: 'on_prem', appMode: 'management_station', production: false },
      not: [
        { deployment: 'on_prem', appMode: 'safeview', production: false },
        { deployment: 'cloud', appMode: 'cloud', production: true },
      ],
    },
    user: 'admin',
    password: 'admin-demo',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
  },
];

/** Where an application's hash routes live. */
const APP_PATH: Readonly<Record<Pass['app'], string>> = { portal: '/', provider: '/provider/', on_prem: '/' };

/**
 * Where a pass signs in: a screen other than the first one the walk visits, so that every visit, the first too, is an
 * arrival (which opens the navigation's entries for the screen and scrolls its link into view), never a visit to the
 * screen already open after the walk itself has opened every section to read the routes.
 */
const SIGN_IN_ROUTE: Readonly<Record<Exclude<Pass['app'], 'on_prem'>, string>> = { portal: '/policy/web/ssl-bypass', provider: '/service/category-overrides' };

/** Signs in to the pass's application (served at `base`) at its sign-in route. */
async function signIn(page: Page, pass: Pass, base: string): Promise<void> {
  if (pass.app === 'portal') return goToRouteSignedIn(page, SIGN_IN_ROUTE.portal, pass.user, pass.password);
  // The provider console signs in on its own form, and then shows the route it was opened at; an on-premises portal
  // at `/d/`, and then shows its first screen (which the walk visits last).
  await page.goto(pass.app === 'on_prem' ? `${base}/d/` : `${base}${APP_PATH[pass.app]}#${SIGN_IN_ROUTE[pass.app]}`);
  await fillLoginForm(page, pass.user, pass.password);
  await clickLogin(page);
  // Signed in once the console shows its navigation on its landing screen (as the portal's sign-in waits for).
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * How long a screen may take to finish loading: under CI's load (four runs on two cores) one took over 30 s once, where
 * the same pass alone loads every screen within a few seconds.
 */
const LOADING_LIMIT_MS = 60_000;
/**
 * Opens a screen and waits until it shows its data: its heading, then nothing in flight and nothing saying
 * "Loading…", still so a moment later (a chart's code or data is asked for only once its card has mounted).
 */
async function goToLoadedScreen(page: Page, url: string, inFlight: () => readonly string[]): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const busy = async () => inFlight().length > 0 || (await page.getByLabel(/^Loading/).count()) > 0;
  for (const started = Date.now(); Date.now() - started < LOADING_LIMIT_MS; ) {
    if (!(await busy())) {
      await page.waitForTimeout(100);
      if (!(await busy())) return;
    }
    await page.waitForTimeout(50);
  }
  const waiting = inFlight();
  const spinners = await page.getByLabel(/^Loading/).count();
  throw new Error(`still loading after ${LOADING_LIMIT_MS / 1000} s: ${waiting.length ? `waiting for ${waiting.join(', ')}` : `${spinners} loading indicators shown`}`);
}

/** The page's requests under way (method and path). */
function watchInFlight(page: Page): () => readonly string[] {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => [...open].map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
}

const SCREENS_DIR = join(import.meta.dirname, '..', '..', '.screens');
/** Screenshots for people to open; CI, where no one does, turns them off with WALK_SCREENSHOTS=0. */
const SCREENSHOTS = process.env.WALK_SCREENSHOTS !== '0';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors and failed requests of a page, labelled with the route that was open when they happened. */
function watchFaults(page: Page, current: () => string): string[] {
  const faults: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') faults.push(`${current()} console error: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => faults.push(`${current()} page error: ${e.message.slice(0, 200)}`));
  page.on('requestfailed', (r) => {
    // A request the page itself abandoned (navigation, a superseded query) is not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') faults.push(`${current()} request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) faults.push(`${current()} ${r.status()}: ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return faults;
}

/** What the walk of one application found: layout, navigation and contrast findings per route, and its faults. */
async function walk(page: Page, pass: Pass, base: string, routes: readonly string[], inFlight: () => readonly string[], at: (route: string) => void): Promise<string[]> {
  const dir = join(SCREENS_DIR, pass.name);
  mkdirSync(dir, { recursive: true });
  const found: string[] = [];
  for (const route of routes) {
    at(route);
    await goToLoadedScreen(page, `${base}${APP_PATH[pass.app]}#${route}`, inFlight).catch((e: Error) => {
      found.push(`${route} did not finish loading (${e.message})`);
    });
    if (SCREENSHOTS) await page.screenshot({ path: join(dir, `${route.slice(1).replace(/\//g, '_') || 'root'}.png`), fullPage: true });
    found.push(...(await readLayoutFindings(page)).map((f) => `${route} ${f}`));
    found.push(...(await readNavigationFinding(page)).map((f) => `${route} ${f}`));
    const violations = await readAccessibilityViolations(page, pass.fullAxe ? undefined : ['color-contrast']);
    found.push(...violations.map((v) => `${route} ${v}`));
  }
  return found;
}

/** Routes of the navigation screens `only` shows and none of `not` does (the registry's environment rules). */
function routesOnlyIn(only: Environment, not: readonly Environment[]): string[] {
  const shown = (env: Environment) =>
    registry.screens.filter(
      (s) => s.nav !== false && envAllows(s.env, env) && registry.sections.some((c) => c.route === sectionRoute(s.route) && !c.hidden && envAllows(c.env, env)),
    );
  return shown(only)
    .filter((s) => !not.some((env) => shown(env).includes(s)))
    .map((s) => s.route);
}

/** A page in a fresh context of the pass, its faults (labelled with `route`) and requests in flight watched. */
async function openWatchedPage(pass: Pass, route: () => string) {
  const context = await browser.newContext({ viewport: pass.viewport, colorScheme: pass.colorScheme });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  return { context, page, faults: watchFaults(page, route), inFlight: watchInFlight(page) };
}

// Two passes at a time: each waits on its page most of the time, and the walk is the longest file of the suite.
describe.concurrent('visual walk of every navigation screen', () => {
  for (const pass of PASSES) {
    it(`${pass.name}: readable columns, no sideways page, AA contrast, no JSON boxes or notes, no errors`, async () => {
      // An on-premises pass starts its server here, while the other pass of the pair walks; its second server once
      // the first one is walked (a server starting in this process holds up the pages of another it serves).
      const server = pass.server ? await startTestServer({ env: pass.server }) : undefined;
      let second: TestServer | undefined;
      const base = server?.url ?? baseUrl();
      let route = '(sign-in)';
      const first = await openWatchedPage(pass, () => route);
      const contexts = [first.context];
      try {
        const { page, inFlight } = first;
        const faults = [first.faults];
        await signIn(page, pass, base);
        const landing = new URL(page.url()).hash.slice(1);
        const read = await readNavigationRoutes(page);
        expect(read.length).toBeGreaterThan(pass.app === 'portal' ? 20 : 3);
        // The screen the sign-in landed on last: every visit is an arrival (see SIGN_IN_ROUTE).
        const routes = [...read.filter((r) => r !== landing), ...read.filter((r) => r === landing)];
        const found = await walk(page, pass, base, routes, inFlight, (r) => (route = r));
        if (pass.also) {
          const station = (second = await startTestServer({ env: pass.also.server }));
          route = '(sign-in)';
          const other = await openWatchedPage(pass, () => route);
          contexts.push(other.context);
          faults.push(other.faults);
          await signIn(other.page, pass, station.url);
          const stationLanding = new URL(other.page.url()).hash.slice(1);
          // Its own screens: each of them in its navigation, the one its sign-in landed on (if any) last.
          const own = routesOnlyIn(pass.also.only, pass.also.not);
          expect(own.length).toBeGreaterThan(0);
          const shown = await readNavigationRoutes(other.page);
          expect(own.filter((r) => !shown.includes(r))).toEqual([]);
          const ownRoutes = [...own.filter((r) => r !== stationLanding), ...own.filter((r) => r === stationLanding)];
          found.push(...(await walk(other.page, pass, station.url, ownRoutes, other.inFlight, (r) => (route = r))));
        }
        expect([...found, ...faults.flat()]).toEqual([]);
      } finally {
        for (const context of contexts) await context.close();
        await server?.close();
        await second?.close();
      }
    }, pass.also ? 840_000 : 600_000);
  }
});
