/**
 * Identity and access screens: an administrator generates an API token (shown once, used by a script, then deleted
 * after a confirmation), finds users with the search box, changes a user's role and disables them from the table, and
 * reads what each role may view and change by the areas' titles.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOps } from '../../definitions/api/identity';
import {
  assertNoPageErrors,
  assertNoRow,
  assertNotice,
  assertOnScreen,
  assertRevealed,
  assertRowHas,
  assertRowsExactly,
  baseUrl,
  clickButton,
  clickCollectionAction,
  clickDialogButton,
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

describe('identity and access', () => {
  it('generates a read-only API token shown once, which a script uses, then deletes it after confirming', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/dashboard', 'admin', 'admin-demo');
    await goToScreen(page, 'API Tokens');
    const name = `export-${run}`;
    await fillScreenField(page, 'Name', name);
    await fillSelect(page, 'Scope', 'auditor');
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
});
