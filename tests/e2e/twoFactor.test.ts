/**
 * Two-factor authentication in the browser, on a server of its own with Settings → Administrator Access requiring it:
 * the first sign-in of an administrator without a second factor enrols an authenticator app (the test computes the
 * codes from the key the page shows), shows the recovery codes once, and the next sign-in asks for a code.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../server/totp';
import { startTestServer, type TestServer } from '../setup/start-server';
import { assertNoPageErrors, fillLoginForm, clickLogin, launchBrowser, openPage } from './helpers';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { PORTAL_DEPLOYMENT: 'cloud', PORTAL_PRODUCTION: 'true' } })]);
  await server.db.query(
    `UPDATE settings_documents SET body = jsonb_set(body, '{require_tfa}', 'true')
      WHERE screen_id = 'settings.admin-access' AND tenant_id = (SELECT id FROM tenants WHERE name = 'Demo Corp')`,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/dashboard`);
  await page.waitForURL((url) => url.pathname === '/login/');
  await fillLoginForm(page, 'admin', 'admin-demo');
  await clickLogin(page);
}

const inPortal = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'visible' });

describe('two-factor sign-in', () => {
  it('enrols at the first sign-in, then asks for the code of the app at the next', async () => {
    const page = await openPage(browser);
    await signInWithPassword(page);
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    const secret = ((await page.getByTestId('tfa-secret').textContent()) ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code shown by the app').fill(totp(base32Decode(secret)!, Date.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await inPortal(page);
    assertNoPageErrors(page);

    const next = await openPage(browser);
    await signInWithPassword(next);
    await next.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    // A wrong code keeps the user on the step with the reason.
    await next.getByLabel(/^Code/).fill('000000');
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.getByText('That code is not right.', { exact: false }).waitFor();
    // The code of the next 30-second step: the one of the enrolment may not be used twice.
    await next.getByLabel(/^Code/).fill(totp(base32Decode(secret)!, Date.now() + 30_000));
    await next.getByRole('button', { name: 'Verify' }).click();
    await inPortal(next);
    await next.waitForURL((url) => url.hash.startsWith('#/dashboard'));
  });
});
