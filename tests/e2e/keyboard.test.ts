/**
 * A main task with the keyboard alone: skip to the content, add an entry through the row dialog (which opens with its
 * first field focused), save with Ctrl+S, and find the entry after a reload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertNoPageErrors,
  assertOnScreen,
  assertRow,
  assertTextFieldFocused,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  tabToButton,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('keyboard only', () => {
  it('adds an SSL bypass entry and saves it without the mouse', async () => {
    const page = await openPage(browser);
    const added = `*.keys-${Date.now().toString(36)}.example.com`;
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await tabToButton(page, 'Add');
    await page.keyboard.press('Enter');
    await assertTextFieldFocused(page);
    await page.keyboard.type(added);
    await tabToButton(page, 'Add', 20);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await assertRow(page, added);
    await page.keyboard.press('Control+S');
    await page.getByText('All changes saved.', { exact: true }).waitFor();
    await page.reload();
    await assertOnScreen(page, 'SSL Bypass');
    await assertRow(page, added);
    assertNoPageErrors(page);
  });
});
