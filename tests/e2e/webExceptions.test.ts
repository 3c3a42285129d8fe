/** Web exceptions: a rule is added in the rule accordion (Next waits for a valid panel, Save for the last), saved and reloaded. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertDialogButtonEnabled,
  assertDialogClosed,
  assertNoPageErrors,
  assertOnScreen,
  assertRow,
  clickAddEntry,
  clickSave,
  clickShownDialogButton,
  fillDialogField,
  fillDialogTag,
  goToRouteSignedIn,
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

describe('web exceptions rule accordion', () => {
  it('keeps Next disabled while a panel is invalid, Add while the last panel is, then adds, saves and reloads the rule', async () => {
    const page = await openPage(browser);
    const name = `e2e rule ${Date.now().toString(36)}`;
    await goToRouteSignedIn(page, '/policy/web/exceptions', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Web Exceptions');

    await clickAddEntry(page);
    await assertDialogButtonEnabled(page, 'Next', false);
    await fillDialogField(page, 'Name', name);
    await assertDialogButtonEnabled(page, 'Next', true);
    await clickShownDialogButton(page, 'Next');
    // A rule needs at least one condition.
    await assertDialogButtonEnabled(page, 'Next', false);
    await fillDialogTag(page, 'Domains', 'partner.example.com');
    await assertDialogButtonEnabled(page, 'Next', true);
    await clickShownDialogButton(page, 'Next');
    await clickShownDialogButton(page, 'Next');
    // Review is the last panel: Add follows its validity.
    await fillDialogField(page, 'Comment', 'x'.repeat(201));
    await assertDialogButtonEnabled(page, 'Add', false);
    await fillDialogField(page, 'Comment', 'Added by the browser test');
    await assertDialogButtonEnabled(page, 'Add', true);
    await clickShownDialogButton(page, 'Add');
    await assertDialogClosed(page);
    await assertRow(page, name);
    await clickSave(page);

    await page.reload();
    await assertRow(page, name);
    assertNoPageErrors(page);
  });
});
