/** Every screen of the registry, reached through the navigation as an administrator, has no serious or critical axe violation. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goToLoadedRoute, goToRouteSignedIn, launchBrowser, openPage, readAccessibilityViolations, readNavigationRoutes } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility of every screen', () => {
  it('walks the navigation as admin: zero serious or critical violations', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    const routes = await readNavigationRoutes(page);
    expect(routes.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const route of routes) {
      const loaded = await goToLoadedRoute(page, route).then(
        () => true,
        () => false,
      );
      if (!loaded) found.push(`${route} did not finish loading`);
      found.push(...(await readAccessibilityViolations(page)).map((v) => `${route} ${v}`));
    }
    expect(found).toEqual([]);
  }, 300_000);
});
