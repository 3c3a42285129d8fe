/**
 * Lists and values nested in a document are edited with real controls: a bandwidth rule is added and another edited
 * in the Bandwidth screen's rule table, Email Settings' support address is a text input, and both survive a save and
 * a reload. No screen shows a JSON box.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertDialogClosed,
  assertNoPageErrors,
  assertNotice,
  assertOnScreen,
  clickDialogButton,
  fillDialogField,
  fillDialogTag,
  goToRoute,
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

const rules = (page: Page) => page.getByRole('table', { name: 'Bandwidth rules' });
const saveForm = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).last().click();

describe('nested editors', () => {
  it('adds and edits bandwidth rules in the rule table, saves and reloads them', async () => {
    const page = await openPage(browser);
    const name = `e2e quota ${Date.now().toString(36)}`;
    await goToRouteSignedIn(page, '/policy/web/bandwidth', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Bandwidth');
    await rules(page).getByRole('cell', { name: 'Limit streaming media', exact: true }).waitFor();
    expect(await page.locator('textarea').count()).toBe(0);

    await page.getByRole('button', { name: 'Add rule' }).click();
    await fillDialogField(page, 'Name', name);
    await fillDialogField(page, 'Daily quota (MB)', '750');
    await fillDialogTag(page, 'Web categories', 'Social Networking');
    await clickDialogButton(page, 'Add');
    await assertDialogClosed(page);
    await rules(page).getByRole('cell', { name, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Limit streaming media' }).click();
    await fillDialogField(page, 'Rate limit (kbit/s)', '3000');
    await clickDialogButton(page, 'Apply');
    await assertDialogClosed(page);
    await saveForm(page);
    await assertNotice(page, 'Bandwidth saved.');

    await page.reload();
    const added = rules(page).getByRole('row').filter({ hasText: name });
    await added.waitFor();
    expect(await added.textContent()).toContain('750');
    expect(await rules(page).getByRole('row').filter({ hasText: 'Limit streaming media' }).textContent()).toContain('3000');
    assertNoPageErrors(page);
  });

  it("edits Email Settings' support address as text, saves and reloads it", async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/email/settings', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Email Settings');
    const address = page.getByRole('textbox', { name: /^Support address/ });
    await expect.poll(() => address.inputValue()).toMatch(/^[^"]+@[^"]+$/);
    const next = `desk-${Date.now().toString(36)}@demo-corp.example`;
    await address.fill(next);
    await saveForm(page);
    await assertNotice(page, 'Email Settings saved.');

    await goToRoute(page, '/policy/email/settings');
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: /^Support address/ }).inputValue()).toBe(next);
    assertNoPageErrors(page);
  });
});
