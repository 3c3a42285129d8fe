/**
 * An on-premises appliance in the browser: sign in at /d/, land on the network settings (spec 000 §2), refuse a bad
 * value and keep a good one, then run a licence check as a job and follow it from the header's jobs indicator to the
 * Jobs screen, where it ends finished. The indicator's polls are background calls (they do not keep the session
 * alive).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER } from '../../schemas/constants';
import { startTestServer, type TestServer } from '../setup/start-server';
import { assertNoPageErrors, assertNotice, assertOnScreen, clickLogin, clickSave, fillLoginForm, launchBrowser, openPage } from './helpers';

let browser: Browser;
let server: TestServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' } })]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('on-premises appliance', () => {
  it('signs in at /d/, keeps a changed network setting, and follows a licence job from the jobs indicator to its end', { timeout: 180_000 }, async () => {
    const page = await openPage(browser);
    const jobPolls: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/mgr/v1/jobs') jobPolls.push(r.headers()[BACKGROUND_HEADER.toLowerCase()]);
    });

    await page.goto(`${server.url}/d/`);
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash === '#/settings/network');
    await assertOnScreen(page, 'Network');

    const mtu = page.getByLabel('MTU', { exact: false });
    await mtu.fill('100');
    await mtu.blur();
    await expect.poll(() => mtu.getAttribute('aria-invalid')).toBe('true');
    await mtu.fill('1400');
    await clickSave(page);
    await page.reload();
    await assertOnScreen(page, 'Network');
    await expect.poll(() => page.getByLabel('MTU', { exact: false }).inputValue()).toBe('1400');

    await page.goto(`${server.url}/#/settings/license`);
    await assertOnScreen(page, 'Licence');
    await page.getByLabel('Licence string', { exact: false }).fill('ABCD-1234-EFGH-5678');
    await page.getByRole('button', { name: 'Check and install' }).click();
    const indicator = page.getByRole('button', { name: /^1 job running: Licence check/ });
    await indicator.click();
    await assertOnScreen(page, 'Jobs');
    const row = page.getByRole('row', { name: /Licence check/ }).first();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/Finished/);
    await assertNotice(page, 'Licence check: finished');
    await expect.poll(() => indicator.count()).toBe(0);

    // The indicator polled once per second while the job ran, each poll a background call.
    expect(jobPolls.filter((h) => h === '1').length).toBeGreaterThanOrEqual(2);
    assertNoPageErrors(page);
  });
});
