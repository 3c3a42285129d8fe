/**
 * Where the keyboard focus goes in a browser after a table's dialogs: Add leaves it on the new row, a delete
 * confirmation opens on Cancel, and a confirmed delete leaves it on the row in the deleted one's place, never on the
 * page. After Save it is on the line that says all is saved, after Publish on the revision's state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEntryByKeyboard,
  assertNoPageErrors,
  assertOnScreen,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  publishByKeyboard,
  publishLeftoverChanges,
  tabToButton,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What has the focus: a row's text, a button's name, or the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'page';
    if (el.tagName === 'TR') return `row: ${el.textContent ?? ''}`;
    return `${el.tagName.toLowerCase()}: ${el.getAttribute('aria-label') ?? el.textContent ?? ''}`;
  });

async function waitForFocus(page: Page, test: (what: string) => boolean): Promise<string> {
  const until = Date.now() + 5_000;
  let what = await focused(page);
  while (!test(what) && Date.now() < until) {
    await page.waitForTimeout(50);
    what = await focused(page);
  }
  return what;
}

describe('focus after table dialogs', () => {
  it('Add focuses the new row; a delete confirmation opens on Cancel and the delete focuses the next row', async () => {
    const page = await openPage(browser);
    const added = `*.focus-${Date.now().toString(36)}.example.com`;
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await addEntryByKeyboard(page, added);
    expect(await waitForFocus(page, (w) => w.startsWith('row:') && w.includes(added))).toContain(added);

    // The row before the new one: deleting it leaves the focus on the new row, which takes its place.
    const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Delete / }) });
    const count = await rows.count();
    const previous = rows.nth(count - 2);
    await previous.getByRole('button', { name: /^Delete / }).focus();
    await page.keyboard.press('Enter');
    expect(await waitForFocus(page, (w) => w === 'button: Cancel')).toBe('button: Cancel');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Delete');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Delete entry' }).waitFor({ state: 'hidden' });
    expect(await waitForFocus(page, (w) => w.startsWith('row:') && w.includes(added))).toContain(added);
    // Still there once the dialog has closed for good.
    await page.waitForTimeout(300);
    expect(await focused(page)).toContain(added);
    assertNoPageErrors(page);
  });

  it('a collection’s table body is one tab stop: Tab reaches a row, ArrowDown the next, and the next Tab leaves the body', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/settings/users', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Users');
    const grid = page.getByRole('grid', { name: 'Users' });
    await grid.locator('tr[data-row-key]').nth(2).waitFor();
    /** The focused element's place: a body row (its key), inside the body (a control in a row), or elsewhere. */
    const place = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest('[role="grid"] tbody')) return 'outside';
        return el.matches('tr[data-row-key]') ? `row ${el.dataset.rowKey ?? ''}` : `in the body: ${el.tagName}`;
      });
    let presses = 0;
    while (!(await place()).startsWith('row ') && presses < 80) {
      await page.keyboard.press('Tab');
      presses++;
    }
    const first = await place();
    expect(first).toMatch(/^row /);
    await page.keyboard.press('ArrowDown');
    // The row that took the focus becomes the body's tab stop once the table has drawn it again (a moment on a busy
    // machine); a Tab pressed before that leaves from the row before.
    await page.waitForFunction(() => document.activeElement?.matches('tr[data-row-key][tabindex="0"]'));
    const second = await place();
    expect(second).toMatch(/^row /);
    expect(second).not.toBe(first);
    await page.keyboard.press('Tab');
    expect(await place()).toBe('outside');
    // Back with Shift+Tab: on the row last focused, and the row's controls come with the arrow keys.
    await page.keyboard.press('Shift+Tab');
    expect(await place()).toBe(second);
    await page.keyboard.press('ArrowRight');
    expect(await place()).toMatch(/^in the body: /);
    await page.keyboard.press('Escape');
    expect(await place()).toBe(second);
    // From a control in the row, Shift+Tab leaves the body backwards (not onto its row), and Tab comes back to the row.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+Tab');
    expect(await place()).toBe('outside');
    await page.keyboard.press('Tab');
    expect(await place()).toBe(second);
    assertNoPageErrors(page);
  });

  it('Save leaves the focus on the line that says all is saved, Publish on the revision’s state', async () => {
    const page = await openPage(browser);
    const added = `*.saved-${Date.now().toString(36)}.example.com`;
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    await publishLeftoverChanges(page);
    await addEntryByKeyboard(page, added);
    await tabToButton(page, 'Save');
    await page.keyboard.press('Enter');
    expect(await waitForFocus(page, (w) => w === 'p: All changes saved.')).toBe('p: All changes saved.');
    await publishByKeyboard(page, 'Focus after publish');
    expect(await waitForFocus(page, (w) => w === 'div: Published')).toBe('div: Published');
    assertNoPageErrors(page);
  });
});
