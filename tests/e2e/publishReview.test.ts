/**
 * An administrator edits SSL bypass and saves; Publish is highlighted; the review shows the change in field labels
 * and needs a reason; the history lists the publish; rolling back is reviewed and published, and the content is back.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertDialogClosed,
  assertDialogText,
  assertHistoryRow,
  assertNoPageErrors,
  assertNoRow,
  assertOnScreen,
  assertPublishHighlighted,
  assertRevisionState,
  assertReviewShows,
  assertRow,
  clickAddEntry,
  clickDialogButton,
  clickPublish,
  clickPublishWithReason,
  clickRollBackBefore,
  clickRowButton,
  clickSave,
  fillDialogField,
  goToRoute,
  goToRouteSignedIn,
  goToScreen,
  publishLeftoverChanges,
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

describe('publish review', () => {
  it('reviews a saved change in labels, needs a reason, lists it in the history and rolls it back', async () => {
    const page = await openPage(browser);
    const added = `*.review-${Date.now().toString(36)}.example.com`;
    const reason = `Bypass ${added} for the payroll pilot`;

    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await publishLeftoverChanges(page);
    await clickRowButton(page, 'Edit *.irs.gov');
    await fillDialogField(page, 'Comment', 'Tax filing portal');
    await clickDialogButton(page, 'Apply');
    await clickAddEntry(page);
    await fillDialogField(page, 'Destination', added);
    await clickDialogButton(page, 'Add');
    await assertDialogClosed(page);
    await clickSave(page);
    await assertPublishHighlighted(page, 1);

    await clickPublish(page);
    await assertReviewShows(page, 'SSL Bypass', `Bypass entries: + ${added}`);
    await assertReviewShows(page, 'SSL Bypass', 'Bypass entries: “*.irs.gov”');
    await assertReviewShows(page, 'SSL Bypass', 'Comment: Tax filing: enable during filing season only → Tax filing portal');
    await clickDialogButton(page, 'Publish 1 area');
    await assertDialogText(page, 'Enter a change reason.');
    await assertRevisionState(page, 'Unpublished changes');
    await clickDialogButton(page, 'Cancel');
    await clickPublishWithReason(page, reason);
    await assertRevisionState(page, 'Published');

    await goToScreen(page, 'Revision history');
    await assertHistoryRow(page, reason, 'admin', 'SSL Bypass');
    await clickRollBackBefore(page, reason);
    await assertPublishHighlighted(page, 1);
    await clickPublish(page);
    await assertReviewShows(page, 'SSL Bypass', `Bypass entries: − ${added}`);
    await assertReviewShows(page, 'SSL Bypass', 'Comment: Tax filing portal → Tax filing: enable during filing season only');
    await clickDialogButton(page, 'Cancel');
    await clickPublishWithReason(page, 'Roll back the payroll pilot');
    await assertRevisionState(page, 'Published');

    await goToRoute(page, '/policy/web/ssl-bypass');
    await assertOnScreen(page, 'SSL Bypass');
    await assertRow(page, 'Tax filing: enable during filing season only');
    await assertNoRow(page, added);
    assertNoPageErrors(page);
  });
});
