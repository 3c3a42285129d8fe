/** What a read-only auditor and a web-policy administrator may see and do. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertNavigationLinks,
  assertNoAccessPage,
  assertNoPageErrors,
  assertOnScreen,
  assertReadOnly,
  assertRowCount,
  goToRoute,
  goToRouteSignedIn,
  goToScreen,
  launchBrowser,
  openPage,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('roles', () => {
  it('an auditor reads the SSL bypass list with no edit controls and cannot publish', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'auditor', 'auditor-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await assertRowCount(page, 1);
    await assertReadOnly(page);
    assertNoPageErrors(page);
  });

  it('a web-policy administrator sees only the areas of the role and is refused the others', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy', 'webadmin', 'webadmin-demo');
    await assertNavigationLinks(page, {
      shown: ['Dashboard', 'Policy', 'Logs', 'SSL Bypass'],
      // Logs has children named Firewall and Secure Application Access, so those areas are named by a screen of theirs.
      hidden: ['Settings', 'Customization', 'Firewall Rules', 'Access Rules', 'Browser Posture Manager', 'Storage Profiles'],
    });
    await goToScreen(page, 'SSL Bypass');
    await assertOnScreen(page, 'SSL Bypass');
    await goToRoute(page, '/settings');
    await assertNoAccessPage(page);
    assertNoPageErrors(page);
  });
});
