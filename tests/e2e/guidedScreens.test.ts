/**
 * Guided screens: private access security set up step by step in the wizard (each step applied, the last one
 * saves, the values are there after a reload), and the contact form reached from the header.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNotice, assertNoPageErrors, assertOnScreen, chooseMenuItem, clickButton, goToRouteSignedIn, launchBrowser, openPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const wizard = (page: Page) => page.getByRole('region', { name: 'Security Settings' });

describe('guided screens', () => {
  it('private access security: four steps, each applied, saved on the last, kept after a reload', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/secure-application-access/security', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Security Settings');
    const minutes = String(20 + (Date.now() % 40));

    await wizard(page).getByRole('button', { name: 'Start' }).click();
    const idle = wizard(page).getByRole('textbox', { name: /End idle application sessions/ });
    await idle.fill(minutes);
    await expect.poll(() => wizard(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    for (const step of ['Devices', 'Connectors', 'Countries']) {
      await wizard(page).getByRole('button', { name: 'Apply' }).click();
      await wizard(page).getByRole('button', { name: 'Next' }).click();
      await wizard(page).getByRole('heading', { name: step }).waitFor();
    }
    await wizard(page).getByRole('button', { name: 'Apply' }).click();
    await wizard(page).getByRole('button', { name: 'Save and finish' }).click();
    await page.getByText('All changes saved.').waitFor();

    await page.reload();
    await wizard(page).getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => wizard(page).getByRole('textbox', { name: /End idle application sessions/ }).inputValue()).toBe(minutes);
    assertNoPageErrors(page);
  });

  it('contact form: opened from the header, sent, and confirmed', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/dashboard', 'admin', 'admin-demo');
    await chooseMenuItem(page, 'Help', 'Contact your service provider');
    await assertOnScreen(page, 'Contact Your Service Provider');
    await page.getByLabel(/^Topic/).first().click();
    await page.getByRole('option', { name: 'Billing and licences' }).click();
    await page.getByRole('textbox', { name: /^Subject/ }).fill('Licence renewal');
    await page.getByRole('textbox', { name: /^Message/ }).fill('When does our licence for 500 users end?');
    await clickButton(page, 'Send request');
    await assertNotice(page, 'Your request "Licence renewal" was sent to your service provider.');
    assertNoPageErrors(page);
  });
});
