/**
 * Every main task with the keyboard alone (choosing a file in the system's file dialog excepted): add an entry, edit
 * a row, edit a row of a nested table, import, export, save, publish through the review with a reason, and roll back
 * from the revision history. Each button is reached with Tab and shows a focus ring when it has the focus.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEntryByKeyboard,
  assertDialogTitle,
  assertNoPageErrors,
  assertOnScreen,
  assertRevisionState,
  assertRow,
  assertNoRow,
  clickPublish,
  fillDialogUpload,
  goToRouteSignedIn,
  goToScreenByPalette,
  launchBrowser,
  openPage,
  pressEnterToDownload,
  publishByKeyboard,
  publishLeftoverChanges,
  readFocusWithoutRing,
  tabToButton,
  tabToField,
  tabToRowButton,
  typeReplacing,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const saved = (page: Page) => page.getByText('All changes saved.', { exact: true }).waitFor();
const dialogClosed = (page: Page) => page.getByRole('dialog').waitFor({ state: 'hidden' });


describe('keyboard only', () => {
  it('adds an SSL bypass entry and saves it without the mouse', async () => {
    const page = await openPage(browser);
    const added = `*.keys-${Date.now().toString(36)}.example.com`;
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await addEntryByKeyboard(page, added);
    await page.keyboard.press('Control+S');
    await saved(page);
    // The notice of the save stands above the save bar, even with the bar at the window's bottom edge.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const notice = await page.getByText('SSL Bypass saved.', { exact: true }).boundingBox();
    const bar = await page.getByRole('region', { name: 'Changes' }).boundingBox();
    expect(notice && bar && notice.y + notice.height).toBeLessThanOrEqual(bar!.y);
    // With a dialog open, the notices stand at the window's top, off the dialog's buttons at its bottom.
    await clickPublish(page);
    const review = page.getByRole('dialog', { name: 'Review and publish' });
    await review.getByRole('button', { name: 'Cancel' }).last().waitFor();
    const region = await page.getByRole('status', { name: 'Notifications', exact: true }).boundingBox();
    const dialog = await review.boundingBox();
    expect(region && dialog && region.y).toBeLessThan(dialog!.y);
    await page.keyboard.press('Escape');
    await dialogClosed(page);
    await page.reload();
    await assertOnScreen(page, 'SSL Bypass');
    await assertRow(page, added);
    assertNoPageErrors(page);
  });

  it('shows a focus ring on everything Tab reaches: header, navigation, table controls and rows', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await assertRow(page, '*.irs.gov');
    expect(await readFocusWithoutRing(page, 120)).toEqual([]);
  });

  it('edits a row, exports, saves, publishes with a reason and rolls back from the history', async () => {
    const page = await openPage(browser);
    const comment = `Keyboard edit ${Date.now().toString(36)}`;
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await publishLeftoverChanges(page);
    const before = (await page.getByRole('row').filter({ hasText: '*.irs.gov' }).innerText()).split('\t').find((t) => /filing/.test(t));

    await tabToRowButton(page, '*.irs.gov', 'Edit *.irs.gov');
    await page.keyboard.press('Enter');
    await assertDialogTitle(page, 'Edit entry');
    await tabToField(page, 'Comment');
    await typeReplacing(page, comment);
    await tabToButton(page, 'Apply', 20);
    await page.keyboard.press('Enter');
    await dialogClosed(page);
    await assertRow(page, comment);

    await tabToButton(page, 'Export CSV');
    const csv = await pressEnterToDownload(page);
    expect(csv.text).toContain(comment);

    await tabToButton(page, 'Save');
    await page.keyboard.press('Enter');
    await saved(page);
    await publishByKeyboard(page, `Keyboard: ${comment}`);

    await goToScreenByPalette(page, 'Revision history');
    const row = page.getByRole('row').filter({ hasText: `Keyboard: ${comment}` });
    const rev = Number((await row.getByRole('cell').first().innerText()).match(/\d+/)![0]);
    await tabToButton(page, `Roll back to revision ${rev - 1}`);
    await page.keyboard.press('Enter');
    await assertDialogTitle(page, `Roll back to revision ${rev - 1}`);
    await tabToButton(page, `Stage revision ${rev - 1}`, 10);
    await page.keyboard.press('Enter');
    await dialogClosed(page);
    await assertRevisionState(page, 'Unpublished changes');
    await publishByKeyboard(page, `Keyboard: roll back ${comment}`);

    await goToScreenByPalette(page, 'SSL Bypass');
    await assertNoRow(page, comment);
    if (before) await assertRow(page, before);
    assertNoPageErrors(page);
  });

  it('edits a row of a nested table (a bandwidth rule) and saves the document', async () => {
    const page = await openPage(browser);
    const limit = String(3000 + (Date.now() % 900));
    await goToRouteSignedIn(page, '/policy/web/bandwidth', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Bandwidth');
    // The rules arrive after the screen's title: a person starts pressing Tab once they see the rule (a rehearsal on a
    // loaded machine pressed Tab 120 times around the page before they came).
    const rules = page.getByRole('table', { name: 'Bandwidth rules' });
    await rules.getByRole('cell', { name: 'Limit streaming media', exact: true }).waitFor();
    await tabToButton(page, 'Edit Limit streaming media');
    await page.keyboard.press('Enter');
    await assertDialogTitle(page, 'Edit rule');
    await tabToField(page, 'Rate limit (kbit/s)');
    await typeReplacing(page, limit);
    await tabToButton(page, 'Apply', 40);
    await page.keyboard.press('Enter');
    await dialogClosed(page);
    await page.keyboard.press('Control+S');
    await saved(page);
    await page.reload();
    const rule = rules.getByRole('row').filter({ hasText: 'Limit streaming media' });
    await expect.poll(() => rule.innerText()).toContain(limit);
    assertNoPageErrors(page);
  });

  it('imports senders into the email allow list (the file chosen in the upload box) and saves them', async () => {
    const page = await openPage(browser);
    const sender = `keys-${Date.now().toString(36)}.example.com`;
    await goToRouteSignedIn(page, '/policy/email/allow-list', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Email Allow List');
    await tabToButton(page, 'Import');
    await page.keyboard.press('Enter');
    await fillDialogUpload(page, 'senders.csv', `${sender},Imported with the keyboard\n`);
    await assertDialogTitle(page, 'Import into Email Allow List');
    await tabToButton(page, 'Continue', 20);
    await page.keyboard.press('Enter');
    await assertDialogTitle(page, 'Confirm Import');
    await tabToButton(page, 'Import', 20);
    await page.keyboard.press('Enter');
    // Without errors the import closes its dialog.
    await dialogClosed(page);
    await assertRow(page, sender);
    await page.keyboard.press('Control+S');
    await saved(page);
    await page.reload();
    await assertRow(page, sender);
    assertNoPageErrors(page);
  });
});
