/**
 * Signing in again while the sign-out is still in flight (issue: open #/logout, then at once a screen): the sign-in
 * waits for the sign-out and completes, instead of ending on the identity provider's "Sign-in request refused".
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { assertLoginModule, assertNoPageErrors, assertOnScreen, goToRoute, goToRouteSignedIn, launchBrowser, openPage, signInThroughLoginModule } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-out then sign-in at once', () => {
  it('opening a screen while the sign-out is in flight leads to the sign-in, and back to that screen', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    // A slow network: the sign-out call takes a second and a half to answer.
    await page.route('**/api/auth/v1/logout', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await goToRoute(page, '/logout');
    await page.evaluate(() => {
      window.location.hash = '#/policy/web/ssl-bypass';
    });
    await assertLoginModule(page);
    await page.unroute('**/api/auth/v1/logout');
    await signInThroughLoginModule(page, 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    assertNoPageErrors(page);
  });
});
