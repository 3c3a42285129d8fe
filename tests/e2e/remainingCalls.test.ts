/**
 * Screens of the last calls of issue 16, as an administrator uses them: converting file type families into the
 * detailed types, the managing tenant's rules seen from a managed tenant, an application's reputation opened from the
 * discovered applications, and the SAML request signing certificate.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertNoPageErrors,
  assertNotice,
  assertRevealed,
  assertRow,
  assertRowHas,
  assertRevisionState,
  clickButton,
  clickDialogButton,
  clickRowButton,
  clickSelectRow,
  fillMultiSelect,
  fillSelect,
  goToRouteSignedIn,
  goToScreen,
  launchBrowser,
  openPage,
  publishLeftoverChanges,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('documents and files', () => {
  it('converts a rule naming whole families into their file types', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/files/transfers', 'admin', 'admin-demo');
    // Documents, Spreadsheets and Presentations: three families before, their ten types after.
    await assertRowHas(page, 'Office documents open in the viewer', '3');
    await goToScreen(page, 'File Type Migration');
    await clickButton(page, 'Convert rules');
    await assertNotice(page, 'The rules name the detailed file types now. Publish to apply them.');
    await goToScreen(page, 'File Transfers');
    await assertRowHas(page, 'Office documents open in the viewer', '10');
    assertNoPageErrors(page);
  });
});

describe('the managing tenant\'s rules', () => {
  it('a managed tenant sees the global exceptions its managing tenant published', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/parent/web-exceptions', 'other-admin', 'other-demo');
    await assertRowHas(page, 'Block newly registered look-alike domains', 'Before this tenant\'s rules');
    assertNoPageErrors(page);
  });
});

describe('SaaS applications and SAML', () => {
  it('opens an application\'s reputation from the discovered applications', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/casb/discovered', 'admin', 'admin-demo');
    const first = page.getByRole('grid').getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { level: 1, name: 'Application Insights' }).waitFor();
    await assertRow(page, 'Overall risk');
    // The application opened is the one chosen above the findings.
    expect(new URL(page.url().replace('#', '')).searchParams.get('id')).toBe(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
    await page.locator(`input[value="${name}"]`).first().waitFor();
    assertNoPageErrors(page);
  });

  it('shows the SAML request signing certificate to copy into the identity provider', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/settings/saml-service-provider', 'admin', 'admin-demo');
    // The values to copy into the identity provider, each under its label with a copy button.
    await page.getByRole('button', { name: 'Copy Assertion consumer service' }).waitFor();
    const acs = page.getByRole('term').filter({ hasText: 'Assertion consumer service' }).locator('xpath=following-sibling::dd[1]//code');
    expect(await acs.textContent()).toMatch(/^https?:\/\/.+\/acs$/);
    await clickButton(page, 'Show the signing certificate');
    const pem = await assertRevealed(page, 'Request signing certificate', /It is public; its key stays with the service/);
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    assertNoPageErrors(page);
  });
});

describe('private access', () => {
  it('moves an application to another cluster and puts it in one more access rule, both staged', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/secure-application-access/application-access', 'admin', 'admin-demo');
    await publishLeftoverChanges(page);
    await assertRowHas(page, 'Lab syslog', 'Singapore lab');
    await clickSelectRow(page, 'Lab syslog');
    await clickButton(page, 'Move to cluster (1)');
    await fillSelect(page, 'Cluster', 'Frankfurt data centre');
    await clickDialogButton(page, 'Move');
    await assertNotice(page, 'Lab syslog moved to the chosen cluster (staged).');
    await assertRowHas(page, 'Lab syslog', 'Frankfurt data centre');
    await assertRevisionState(page, 'Unpublished changes');
    // The dialog starts from the one rule naming it; one more is chosen.
    await clickRowButton(page, 'Choose access rules… Lab syslog');
    await fillMultiSelect(page, 'Access rules', 'Admins: jump hosts from the office');
    await clickDialogButton(page, 'Save access rules');
    await assertNotice(page, 'Lab syslog is now in 2 access rules (staged).');
    await assertRowHas(page, 'Lab syslog', '2');
    assertNoPageErrors(page);
  });
});
