/**
 * Users as the spec has them, as a tenant administrator does it: users bulk-created from a file, one given a password
 * on the screen, that user's second factor reset on the Second Factor screen after they enrolled one, and the
 * imported users deleted together after a dialog that names each of them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityOps } from '../../definitions/api/identity';
import { base32Decode, totp } from '../../server/totp';
import { ApiClient } from '../api/helpers';
import {
  assertDialogClosed,
  assertDialogTitle,
  assertNoPageErrors,
  assertNoRow,
  assertNotice,
  assertOnScreen,
  assertRowHas,
  baseUrl,
  clickButton,
  clickCollectionAction,
  clickDialogButton,
  fillDialogUpload,
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
const PASSWORD = 'Correct-horse-9';

/** Signs in as the user with "set up a second factor", and enrols the secret the server answers. */
async function enrolSecondFactor(username: string): Promise<void> {
  const client = new ApiClient(baseUrl());
  await client.start();
  const challenge = await client.post('/api/auth/v1/login', { body: { username, password: PASSWORD, setup_tfa: true } });
  const { tfa, challenge: id, secret } = challenge.body as { tfa: string; challenge: string; secret: string };
  expect(tfa, challenge.text).toBe('enrol');
  const enrolled = await client.post('/api/auth/v1/tfa', { body: { challenge: id, code: totp(base32Decode(secret)!, Date.now()) } });
  expect(enrolled.status, enrolled.text).toBe(200);
}

describe('users', () => {
  it('bulk-creates users from a file, resets one user’s second factor, and deletes the users named in the confirmation', async () => {
    const page = await openPage(browser);
    const [ann, bob] = [`ann-${run}`, `bob-${run}`];
    await goToRouteSignedIn(page, '/settings/users', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Users');

    // The file: user name, first name, last name, email and role (the spec's bulkusercreate with user_list).
    await clickButton(page, 'Import users…');
    await fillDialogUpload(page, 'users.csv', `${ann},Ann,Lee,${ann}@example.com,auditor\n${bob},Bob,Ray,${bob}@example.com,webadmin\n`);
    // Every row is correct: the rows are shown, then confirmed; the dialog closes once they are created.
    await assertDialogTitle(page, 'Import users');
    await clickDialogButton(page, 'Continue');
    await assertDialogTitle(page, 'Confirm Import');
    await clickDialogButton(page, 'Import');
    await assertDialogClosed(page);
    await fillSearch(page, 'Search users', run);
    await assertRowHas(page, ann, 'auditor');
    await assertRowHas(page, bob, 'webadmin');

    // Ann gets a password on the screen, signs in and enrols a second factor; then loses her device.
    await fillSelect(page, 'User', ann);
    await page.getByLabel(/^New password/).fill(PASSWORD);
    // Still Ann's when sent (another user's password, the administrator's, must not be the one reset).
    expect(await page.getByRole('combobox', { name: /^User/ }).inputValue()).toBe(ann);
    await clickButton(page, 'Reset password');
    await assertNotice(page, `The password of ${ann} is reset and their sessions have ended.`);
    await enrolSecondFactor(ann);

    await goToScreen(page, 'Second Factor');
    await assertOnScreen(page, 'Second Factor');
    await clickCollectionAction(page, ann, 'Reset second factor');
    await clickDialogButton(page, 'Reset second factor');
    await assertNotice(page, `${ann} enrols a new second factor at their next sign-in.`);
    const admin = new ApiClient(baseUrl());
    expect((await admin.login('admin', 'admin-demo')).status).toBe(200);
    const mfa = (await admin.get(identityOps.mfaUsers.path)).body as { users: { username: string; mfa_enrolled: boolean }[] };
    expect(mfa.users.find((u) => u.username === ann)?.mfa_enrolled).toBe(false);

    // Both selected and deleted in one call, after a dialog naming each of them.
    await goToScreen(page, 'Users');
    await fillSearch(page, 'Search users', run);
    await assertRowHas(page, bob, 'webadmin');
    // The search's answer (a new list, which ends a selection) is in before the rows are selected.
    await page.getByText('2 entries', { exact: true }).waitFor();
    await page.getByRole('grid', { name: 'Users' }).getByRole('checkbox', { name: 'Select all rows' }).click();
    await clickButton(page, 'Delete (2)');
    await assertDialogTitle(page, 'Delete 2 selected');
    const named = await page.getByRole('dialog').getByRole('list', { name: 'Selected' }).getByRole('listitem').allTextContents();
    expect(named.sort()).toEqual([ann, bob]);
    await clickDialogButton(page, 'Delete');
    await assertNotice(page, '2 users deleted.');
    await assertNoRow(page, ann);
    await assertNoRow(page, bob);
    assertNoPageErrors(page);
  }, 240_000);
});
