/**
 * Storage profiles: switching a new profile from AWS to Azure drops the AWS fields (no "not a field of" refusal);
 * the secret key is write-only: never shown after the save, and kept when an edit does not retype it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertDialogClosed,
  assertDialogFieldPlaceholder,
  assertDialogFieldValue,
  assertNoDialogField,
  assertNoPageErrors,
  assertNoticeMatching,
  assertOnScreen,
  assertRow,
  clickAddEntry,
  clickDialogButton,
  clickRowAction,
  clickRowButton,
  clickSave,
  fillDialogChoice,
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

/** An Azure account key has the shape of the portal's: 88 characters of base64. */
const AZURE_KEY = `${'e2eKey'.repeat(14)}ab==`;

describe('storage profiles', () => {
  it('switches AWS to Azure, saves, never shows the secret again and keeps it when not retyped', async () => {
    const page = await openPage(browser);
    const name = `e2e-store-${Date.now().toString(36)}`;
    await goToRouteSignedIn(page, '/settings/storage-profiles', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Storage Profiles');

    await clickAddEntry(page);
    await fillDialogField(page, 'Name', name);
    await fillDialogField(page, 'S3 bucket', 'e2e-recordings');
    await fillDialogField(page, 'Access key id', 'AKIAE2EEXAMPLE');
    await fillDialogChoice(page, 'Microsoft Azure');
    await assertNoDialogField(page, 'S3 bucket');
    await fillDialogField(page, 'Storage account', 'e2eaccount');
    await fillDialogField(page, 'Share', 'recordings');
    await fillDialogField(page, 'Secret key', AZURE_KEY);
    await fillDialogField(page, 'Path', '/recordings');
    await clickDialogButton(page, 'Add');
    await assertDialogClosed(page);
    await clickSave(page);

    await page.reload();
    await assertRow(page, name);
    await clickRowButton(page, `Edit ${name}`);
    await assertDialogFieldValue(page, 'Secret key', '');
    await assertDialogFieldPlaceholder(page, 'Secret key', 'unchanged');
    await fillDialogField(page, 'Path', '/recordings-2');
    await clickDialogButton(page, 'Apply');
    await assertDialogClosed(page);
    await clickSave(page);

    await page.reload();
    await clickRowAction(page, name, 'Validate');
    await assertNoticeMatching(page, /^The settings are well-formed\./);
    assertNoPageErrors(page);
  });
});
