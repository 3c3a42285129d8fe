/**
 * Bulk import into the email allow list: a file with a bad row shows the processing errors, the error file
 * downloads with the row's message, the good rows are imported, saved, and still there after a reload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../engine/core/bulkImport';
import {
  assertDialogClosed,
  assertDialogText,
  assertDialogTitle,
  assertNoPageErrors,
  assertOnScreen,
  assertRow,
  assertNoRow,
  clickButton,
  clickDialogButton,
  clickDialogDownload,
  clickDownload,
  clickSave,
  fillDialogUpload,
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

describe('email allow list bulk import', () => {
  it('shows the bad row, downloads the error file, imports and saves the good rows', async () => {
    const page = await openPage(browser);
    const tag = Date.now().toString(36);
    const good = [`ok1-${tag}.example.com`, `ok2-${tag}@example.com`];
    const bad = `not a sender ${tag}!`;
    await goToRouteSignedIn(page, '/policy/email/allow-list', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Email Allow List');

    await clickButton(page, 'Import');
    await fillDialogUpload(page, 'senders.csv', `${good[0]},Partner\n${bad},Typo\n${good[1]},Supplier\n`);
    await assertDialogTitle(page, 'Processing Errors');
    await assertDialogText(page, IMPORT_MESSAGES.partlyProcessed(2, 3));
    const errorFile = await clickDialogDownload(page, 'Download');
    expect(errorFile).toContain(bad);
    expect(errorFile).toMatch(/Sender: /);

    await clickDialogButton(page, 'Continue');
    await assertDialogTitle(page, 'Confirm Import');
    await clickDialogButton(page, 'Import');
    await assertDialogTitle(page, 'Import Summary');
    await clickDialogButton(page, 'Close');
    await assertDialogClosed(page);
    await assertRow(page, good[0]!);
    await assertRow(page, good[1]!);
    await clickSave(page);

    await page.reload();
    await assertRow(page, good[0]!);
    await assertRow(page, good[1]!);
    await assertNoRow(page, bad);

    // Round trip: the exported list imports back row for row, and every row is refused as already listed.
    const exported = await clickDownload(page, 'Export CSV');
    const listed = exported.text.trim().split(/\r?\n/).length - 1;
    expect(exported.text).toContain(good[0]);
    await clickButton(page, 'Import');
    await fillDialogUpload(page, 'export.csv', exported.text);
    await assertDialogTitle(page, 'Processing Errors');
    await assertDialogText(page, IMPORT_MESSAGES.partlyProcessed(0, listed));
    await clickDialogButton(page, 'Close');
    await assertDialogClosed(page);

    // The documented header row is read as the header; the confirmation says the rows wait for Save.
    const fresh = `ok3-${tag}.example.com`;
    await clickButton(page, 'Import');
    await fillDialogUpload(page, 'senders.csv', `sender,comment\n${fresh},Documented header\n`);
    await clickDialogButton(page, 'Continue');
    await assertDialogText(page, IMPORT_MESSAGES.staged(1));
    await clickDialogButton(page, 'Import');
    await assertDialogClosed(page);
    await assertRow(page, fresh);
    assertNoPageErrors(page);
  });
});
