/** An administrator signs in through the cloud flow, edits SSL bypass, publishes, reloads and signs out. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { VALIDATOR_MESSAGES } from '../../schemas/validators';
import {
  assertAccessible,
  assertDialogClosed,
  assertDialogFieldError,
  assertLoginModule,
  assertNoDialogFieldError,
  assertNoPageErrors,
  assertNotFoundPage,
  assertOnScreen,
  assertRevisionState,
  assertRow,
  assertRowCount,
  assertSignedOut,
  clickAddEntry,
  clickDialogButton,
  clickPublishWithReason,
  clickSave,
  clickSignOut,
  fillDialogField,
  goToRoute,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  signInThroughLoginModule,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('administrator', () => {
  it('signs in through single sign-on, edits SSL bypass with validation, publishes, reloads and signs out', async () => {
    const page = await openPage(browser);
    const destination = `*.e2e-${Date.now().toString(36)}.example.com`;

    await goToRoute(page, '/policy/web/ssl-bypass');
    await assertLoginModule(page);
    await assertAccessible(page);
    await signInThroughLoginModule(page, 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await assertRowCount(page, 1);
    await assertAccessible(page);

    await clickAddEntry(page);
    await assertAccessible(page);
    await fillDialogField(page, 'Destination', 'not a destination!');
    await assertDialogFieldError(page, VALIDATOR_MESSAGES.invalidDomainIpOrCidr);
    await fillDialogField(page, 'Destination', destination);
    await assertNoDialogFieldError(page, VALIDATOR_MESSAGES.invalidDomainIpOrCidr);
    await fillDialogField(page, 'Comment', 'Added by the browser test');
    await clickDialogButton(page, 'Add');
    await assertDialogClosed(page);
    await assertRow(page, destination);

    await clickSave(page);
    await assertRevisionState(page, 'Unpublished changes');
    await clickPublishWithReason(page, 'Browser test: new bypass destination');
    await assertRevisionState(page, 'Published');

    await page.reload();
    await assertOnScreen(page, 'SSL Bypass');
    await assertRow(page, destination);
    await assertRevisionState(page, 'Published');

    await clickSignOut(page);
    await assertSignedOut(page);
    await goToRoute(page, '/policy/web/ssl-bypass');
    await assertLoginModule(page);
    assertNoPageErrors(page);
  });

  it('sees the 404 page on an unknown route', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/no/such/page', 'admin', 'admin-demo');
    await assertNotFoundPage(page);
    await assertAccessible(page);
    assertNoPageErrors(page);
  });
});
