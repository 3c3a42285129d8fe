/**
 * Identity and access screens: an administrator generates an API token (shown once, used by a script, then deleted
 * after a confirmation), finds users with the search box, changes a user's role and disables them from the table, and
 * reads what each role may view and change by the areas' titles; a colleague given a custom role sees only its areas,
 * and once the role loses its write permission their next save is refused and the screen turns read-only in place.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOps } from '../../definitions/api/identity';
import { MESSAGES } from '../../schemas/constants';
import {
  assertNavigationLinks,
  assertNoPageErrors,
  assertNoRow,
  assertNotice,
  assertOnScreen,
  assertRevealed,
  assertRowHas,
  assertRowsExactly,
  assertReadOnly,
  assertRow,
  baseUrl,
  clickAddEntry,
  clickButton,
  clickCollectionAction,
  clickDialogButton,
  clickRowButton,
  clickSaveOnly,
  fillDialogField,
  fillScreenField,
  fillSearch,
  fillSelect,
  goToRouteSignedIn,
  goToScreen,
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

const run = Date.now().toString(36);

/** Toggles an option of a multiple choice in the open dialog, then closes its list by clicking the dialog's title. */
async function fillDialogChoiceList(page: Page, label: string, option: string): Promise<void> {
  await fillSelect(page, label, option);
  await page.getByRole('dialog').getByRole('heading').first().click();
}

describe('identity and access', () => {
  it('generates a read-only API token shown once, which a script uses, then deletes it after confirming', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/dashboard', 'admin', 'admin-demo');
    await goToScreen(page, 'API Tokens');
    const name = `export-${run}`;
    await fillScreenField(page, 'Name', name);
    // Least privilege by default: the role that may change nothing.
    await expect.poll(() => page.getByRole('combobox', { name: /^Scope/ }).inputValue()).toMatch(/^auditor/);
    await clickButton(page, 'Generate token');
    const token = await assertRevealed(page, 'The new token', /you will not see it again/);
    await assertRowHas(page, name, 'auditor');

    // The token works from a script without cookies: it reads, and its read-only scope is refused a change.
    const auth = { Authorization: `Bearer ${token}` };
    expect((await fetch(`${baseUrl()}${identityOps.listApiTokens.path}`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${baseUrl()}${identityOps.rbacV2.path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"name":"x"}' })).status).toBe(403);

    await clickCollectionAction(page, name, 'Delete');
    await clickDialogButton(page, 'Delete');
    await assertNotice(page, `Token ${name} deleted.`);
    await assertNoRow(page, name);
    expect((await fetch(`${baseUrl()}${identityOps.listApiTokens.path}`, { headers: auth })).status).toBe(401);
    assertNoPageErrors(page);
  });

  it('finds users by search, changes a role and disables a user from the table', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/settings/users', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Users');
    // A colleague to change, added through the screen's own Add dialog.
    const username = `pat-${run}`;
    await clickButton(page, 'Add');
    await page.getByRole('dialog').getByRole('textbox', { name: /^User name/ }).fill(username);
    await page.getByRole('dialog').getByLabel(/^Password/).fill('Correct-horse-7');
    await fillSelect(page, 'Role', 'auditor');
    await clickDialogButton(page, 'Add');
    await assertNotice(page, `${username} created.`);

    await fillSearch(page, 'Search users', run);
    await assertRowsExactly(page, [username]);

    await clickCollectionAction(page, username, 'Change role…');
    await fillSelect(page, 'New role', 'webadmin');
    await clickDialogButton(page, 'Change role');
    await assertNotice(page, `${username} now has the role webadmin.`);
    await assertRowHas(page, username, 'webadmin');

    await clickCollectionAction(page, username, 'Disable');
    await clickDialogButton(page, 'Disable');
    await assertNotice(page, `${username} is disabled.`);
    // A disabled user is offered Enable instead of Disable.
    await clickCollectionAction(page, username, 'Enable');
    await assertNotice(page, `${username} may sign in again.`);
    assertNoPageErrors(page);
  });

  it('shows what each role may view and change by the areas’ titles', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/settings/roles', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Roles');
    await assertRowHas(page, 'webadmin', 'Dashboard, Logs, Web policy');
    await assertRowHas(page, 'auditor', 'All areas');
    await assertNoRow(page, 'dashboard, logs, web_policy');
    assertNoPageErrors(page);
  });

  it('a custom role: its user sees only its areas; once it loses a write permission their next save is refused and the screen turns read-only without a reload', async () => {
    const admin = await openPage(browser);
    const role = `bypass-editor-${run}`;
    const username = `kim-${run}`;
    const password = 'Correct-horse-8';
    const destination = `*.narrowed-${run}.example.com`;

    // The administrator creates the role and lets it view and change web policy.
    await goToRouteSignedIn(admin, '/settings/roles', 'admin', 'admin-demo');
    await assertOnScreen(admin, 'Roles');
    await clickAddEntry(admin);
    await fillDialogField(admin, 'Role', role);
    await clickDialogButton(admin, 'Add');
    await assertNotice(admin, `${role} created.`);
    await clickRowButton(admin, `Edit settings of ${role}`);
    await fillDialogChoiceList(admin, 'May view', 'Web policy');
    await fillDialogChoiceList(admin, 'May change', 'Web policy');
    await clickDialogButton(admin, 'Save');
    await assertNotice(admin, `${role} saved.`);
    await assertRowHas(admin, role, 'Web policy');

    // A colleague with that role, added on the Users screen.
    await goToScreen(admin, 'Users');
    await clickAddEntry(admin);
    await fillDialogField(admin, 'User name', username);
    await admin.getByRole('dialog').getByLabel(/^Password/).fill(password);
    await fillSelect(admin, 'Role', role);
    await clickDialogButton(admin, 'Add');
    await assertNotice(admin, `${username} created.`);

    // The colleague signs in: web policy only, and SSL Bypass may be changed.
    const user = await openPage(browser);
    await goToRouteSignedIn(user, '/policy/web/ssl-bypass', username, password);
    await assertOnScreen(user, 'SSL Bypass');
    await assertNavigationLinks(user, {
      shown: ['Policy', 'SSL Bypass'],
      hidden: ['Dashboard', 'Settings', 'Customization', 'Firewall Rules', 'Users', 'Roles'],
    });
    await clickAddEntry(user);
    await fillDialogField(user, 'Destination', destination);
    await clickDialogButton(user, 'Add');
    await assertRow(user, destination);

    // Meanwhile the administrator takes web policy out of what the role may change (it may still view it).
    await goToScreen(admin, 'Roles');
    await clickRowButton(admin, `Edit settings of ${role}`);
    await fillDialogChoiceList(admin, 'May change', 'Web policy');
    await clickDialogButton(admin, 'Save');
    await assertNotice(admin, `${role} saved.`);

    // The colleague's next save is refused; the same page turns read-only and drops the change it could not keep.
    await clickSaveOnly(user);
    await assertNotice(user, MESSAGES.forbidden);
    await assertNotice(user, 'You can no longer change this screen');
    await assertReadOnly(user);
    await assertNoRow(user, destination);
    await assertNavigationLinks(user, { shown: ['SSL Bypass'], hidden: ['Settings'] });
    assertNoPageErrors(admin);
    assertNoPageErrors(user);
  });
});
