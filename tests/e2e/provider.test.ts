/**
 * The provider console (issue 14): an operator creates a tenant with its administrator, who signs in to the tenant
 * portal; the operator turns a capability off (its dry run shown first) and the tenant's screen for it is gone on the
 * next page load; the operator disables the tenant and the administrator is signed out and cannot sign in again. An
 * operator adds a VPN tunnel and a network rule picking the gateway and destinations by name, and filters tenants by
 * a deployment chosen by name.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/seed/demo';
import {
  assertDialogClosed,
  assertNoAccessPage,
  assertNoPageErrors,
  assertNotice,
  assertOnScreen,
  assertRowHas,
  baseUrl,
  clickAddEntry,
  clickDialogButton,
  clickLogin,
  clickOpenNavigation,
  fillDialogField,
  fillScreenField,
  fillSelect,
  fillLoginForm,
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

/** A screen of the console, by its heading (the console's pages are titled "<screen> | Provider console"). */
async function assertConsoleScreen(page: Page, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await expect.poll(() => page.title()).toBe(`${title} | Provider console`);
}

/** Opens a hash route of the console. */
async function goToConsoleRoute(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/provider/#${route}`);
}

/** Opens the console at a route while signed out: its sign-in form, then back to that route. */
async function signInToConsole(page: Page, route: string, user: string, password: string): Promise<void> {
  await goToConsoleRoute(page, route);
  await fillLoginForm(page, user, password);
  await clickLogin(page);
}

/** The dialog on top (a row's form opens over the create dialog). */
const topDialog = (page: Page) => page.getByRole('dialog').last();

/** Chooses an item of a row's "Actions" menu. */
async function clickCollectionRowAction(page: Page, row: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${row}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('provider console', () => {
  it('creates a tenant whose administrator signs in; a capability turned off (dry run first) hides its screen; disabling signs the administrator out', async () => {
    const operator = await openPage(browser);
    const admin = await openPage(browser);
    const stamp = Date.now().toString(36);
    const tenant = `E2E Tenant ${stamp}`;
    const user = `e2e-admin-${stamp}`;
    const password = 'Str0ng-pass-word';

    // The operator creates the tenant with its first administrator.
    await signInToConsole(operator, '/tenants', 'operator', 'operator-demo');
    await assertConsoleScreen(operator, 'Tenants');
    await clickAddEntry(operator);
    await fillDialogField(operator, 'Tenant name', tenant);
    await operator.getByRole('button', { name: 'Add administrator' }).click();
    await topDialog(operator).getByRole('textbox', { name: /^User name/ }).fill(user);
    await topDialog(operator).getByLabel(/^Password/).fill(password);
    await topDialog(operator).getByRole('button', { name: 'Add', exact: true }).click();
    await topDialog(operator).getByRole('cell', { name: user, exact: true }).waitFor();
    await clickDialogButton(operator, 'Add');
    // Creating hashes the administrator's password: the notice comes when the tenant exists, then the dialog is gone.
    await assertNotice(operator, `${tenant} created.`);
    await assertDialogClosed(operator);
    await operator.getByRole('link', { name: tenant, exact: true }).waitFor();

    // Its administrator signs in to the tenant portal at once and finds the bandwidth screen.
    await goToRouteSignedIn(admin, '/policy/web/bandwidth', user, password);
    await assertOnScreen(admin, 'Bandwidth');

    // The operator turns bandwidth limits off: the dry run says what would change, then it applies.
    await operator.getByRole('link', { name: tenant, exact: true }).click();
    await assertConsoleScreen(operator, 'Tenant overview');
    await clickOpenNavigation(operator);
    await operator.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Capabilities', exact: true }).click();
    await assertConsoleScreen(operator, 'Tenant capabilities');
    await clickCollectionRowAction(operator, 'bandwidth_limits', 'Turn off');
    await topDialog(operator).getByText('bandwidth_limits: on → off', { exact: true }).waitFor();
    await clickDialogButton(operator, 'Apply');
    await assertNotice(operator, 'bandwidth_limits is off.');

    // The tenant portal follows on its next page load: the screen is gone from the navigation and refused.
    await admin.reload();
    await assertNoAccessPage(admin);
    expect(await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bandwidth', exact: true }).count()).toBe(0);

    // The operator disables the tenant (asked first).
    await goToConsoleRoute(operator, '/tenants');
    await assertConsoleScreen(operator, 'Tenants');
    await clickCollectionRowAction(operator, tenant, 'Disable');
    await clickDialogButton(operator, 'Disable');
    await assertNotice(operator, `${tenant} is disabled.`);

    // The administrator's next page load finds the session ended (back to sign-in); signing in again is refused.
    await admin.reload();
    await admin.waitForURL((url) => url.pathname === '/login/');
    await fillLoginForm(admin, user, password);
    await clickLogin(admin);
    await assertNotice(admin, 'This organization is disabled. Contact your service provider.');
    expect(new URL(admin.url()).pathname).toBe('/login/');

    assertNoPageErrors(operator);
    assertNoPageErrors(admin);
  });

  it('adds a VPN tunnel and a network rule choosing the gateway and destinations by name; filters tenants by deployment name', async () => {
    const page = await openPage(browser);
    const stamp = Date.now().toString(36);
    await signInToConsole(page, `/tenants/vpn-tunnels?tid=${DEMO_TENANT_ID}`, 'operator', 'operator-demo');
    await assertConsoleScreen(page, 'VPN tunnels');
    const tunnel = `Munich office ${stamp}`;
    await fillScreenField(page, 'Name', tunnel);
    await fillSelect(page, 'Gateway', 'Virginia gateway');
    await fillScreenField(page, 'Peer address', '198.51.100.77');
    await page.getByRole('button', { name: 'Add tunnel', exact: true }).click();
    await assertNotice(page, `${tunnel} is added.`);
    await assertRowHas(page, tunnel, '198.51.100.77');
    await assertRowHas(page, tunnel, 'Virginia gateway');

    await goToConsoleRoute(page, `/tenants/network-rules?tid=${DEMO_TENANT_ID}`);
    await assertConsoleScreen(page, 'Network rules');
    const rule = `SSH to head office ${stamp}`;
    await fillScreenField(page, 'Name', rule);
    await fillSelect(page, 'Destinations', 'Head office LAN');
    await page.keyboard.press('Escape');
    await fillSelect(page, 'Protocol', 'TCP');
    await fillSelect(page, 'Action', 'Block');
    await page.getByRole('button', { name: 'Add rule', exact: true }).click();
    await assertNotice(page, `${rule} is added.`);
    await assertRowHas(page, rule, 'Block');

    await goToConsoleRoute(page, '/tenants');
    await assertConsoleScreen(page, 'Tenants');
    await fillSelect(page, 'Deployment', 'United States (Virginia)');
    await expect.poll(() => page.getByRole('gridcell', { name: 'Demo Corp', exact: true }).count()).toBe(0);
    await assertRowHas(page, 'Other Corp', 'United States (Virginia)');
    assertNoPageErrors(page);
  });
});
