/**
 * Terms of service at sign-in: once an administrator turns the tenant's terms on, a user sees only the terms until
 * they accept; after accepting they are not asked again until the version is raised.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsOfService } from '../../definitions/settings/tenant/termsOfService';
import { XSRF_COOKIE, XSRF_HEADER } from '../../schemas/constants';
import { assertNoPageErrors, goToRouteSignedIn, launchBrowser, openPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Saves the tenant's terms as the settings page does, from the signed-in page. */
function saveTerms(page: Page, enabled: boolean, version: number): Promise<number> {
  return page.evaluate(
    async ([path, cookie, header, enabled, version]) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`))?.slice(cookie.length + 1) ?? '');
      const headers = { 'content-type': 'application/json', [header]: xsrf };
      const { updated_at } = await (await fetch(path, { headers })).json();
      const body = { enabled, title: 'Acceptable use policy', text: `Use the service for work only (v${version}).`, version, accept_every_days: 0, updated_at };
      return (await fetch(path, { method: 'PUT', headers, body: JSON.stringify(body) })).status;
    },
    [termsOfService.endpoint.path, XSRF_COOKIE, XSRF_HEADER, enabled, version] as const,
  );
}

describe('terms of service at sign-in', () => {
  it('shows only the terms until accepted, then not again until the version is raised', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/dashboard', 'admin', 'admin-demo');
    const dialog = page.getByRole('dialog', { name: 'Acceptable use policy' });
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    try {
      expect(await saveTerms(page, true, 11)).toBe(200);
      await page.reload();
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Use the service for work only (v11).');
      expect(await navigation.count()).toBe(0);
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await navigation.waitFor();

      await page.reload();
      await navigation.waitFor();
      expect(await dialog.count()).toBe(0);

      expect(await saveTerms(page, true, 12)).toBe(200);
      await page.reload();
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('(v12)');
      await dialog.getByRole('button', { name: 'Accept' }).click();
      await navigation.waitFor();
    } finally {
      // Other scenarios sign in to the same server and expect the portal at once.
      expect(await saveTerms(page, false, 12)).toBe(200);
    }
    assertNoPageErrors(page);
  });
});
