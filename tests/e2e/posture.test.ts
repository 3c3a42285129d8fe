/**
 * Browser configuration policies: the settings form is generated from the JSON Schema the server answers, validated
 * in the browser under the server's Content-Security-Policy (no unsafe-eval), and saved.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { z } from 'zod';
import {
  assertAccessible,
  assertDialogClosed,
  assertDialogField,
  assertDialogFieldError,
  assertDialogFieldValue,
  assertNoDialogFieldError,
  assertNoPageErrors,
  assertNotice,
  assertOnScreen,
  clickDialogButton,
  clickRowButton,
  fillDialogField,
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

const POLICY = 'Chrome on macOS (draft)';
const IDLE = 'Idle time-out (minutes)';
/** The message zod gives an integer above the catalogue's maximum of 1440 minutes. */
const TOO_BIG = z.number().int().max(1440).safeParse(5000).error!.issues[0]!.message;

describe('browser configuration policies', () => {
  it('loads the generated settings form, shows an out-of-range integer as an error, saves a valid value', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/browser-management/policies', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Browser Configuration Policies');

    await clickRowButton(page, `Edit settings of ${POLICY}`);
    await assertDialogField(page, IDLE);
    await assertAccessible(page);
    await fillDialogField(page, IDLE, '5000');
    await assertDialogFieldError(page, TOO_BIG);
    await fillDialogField(page, IDLE, '30');
    await assertNoDialogFieldError(page, TOO_BIG);
    await clickDialogButton(page, 'Save');
    await assertDialogClosed(page);
    await assertNotice(page, `${POLICY} saved.`);

    await page.reload();
    await clickRowButton(page, `Edit settings of ${POLICY}`);
    await assertDialogFieldValue(page, IDLE, '30');
    assertNoPageErrors(page);
  });
});
