/** Two administrators edit the same area: the second save is refused, and the dialog shows what changed. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  assertConflictShows,
  assertDialogClosed,
  assertNoPageErrors,
  assertNoRow,
  assertOnScreen,
  assertRow,
  clickAddEntry,
  clickDialogButton,
  clickSave,
  clickSaveOnly,
  fillDialogField,
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

async function addEntry(page: Awaited<ReturnType<typeof openPage>>, destination: string) {
  await clickAddEntry(page);
  await fillDialogField(page, 'Destination', destination);
  await clickDialogButton(page, 'Add');
  await assertDialogClosed(page);
  await assertRow(page, destination);
}

describe('concurrent editing', () => {
  it('refuses a stale save, lists their change and reloads their version on request', async () => {
    const run = Date.now().toString(36);
    const mine = `mine-${run}.example.com`;
    const theirs = `theirs-${run}.example.com`;
    const me = await openPage(browser);
    const colleague = await openPage(browser);
    await goToRouteSignedIn(me, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await goToRouteSignedIn(colleague, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(me, 'SSL Bypass');
    await assertOnScreen(colleague, 'SSL Bypass');

    await addEntry(me, mine);
    await addEntry(colleague, theirs);
    await clickSave(colleague);

    await clickSaveOnly(me);
    await assertConflictShows(me, `Bypass entries: + ${theirs}`);
    await assertConflictShows(me, `Bypass entries: + ${mine}`);
    await clickDialogButton(me, 'Reload their version');
    await assertDialogClosed(me);
    await assertRow(me, theirs);
    await assertNoRow(me, mine);
    assertNoPageErrors(me);
    assertNoPageErrors(colleague);
  });
});
