/** SSL bypass rows reordered by typing a position and by drag and drop; the order is saved and survives a reload. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertNoPageErrors,
  assertOnScreen,
  clickSave,
  dragRowOnto,
  fillRowPosition,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  readRowLabels,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('SSL bypass order', () => {
  it('moves a row by typed position and another by drag and drop, saves, and keeps the order after reload', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/web/ssl-bypass', 'admin', 'admin-demo');
    await assertOnScreen(page, 'SSL Bypass');
    const [a, b, c, ...rest] = await readRowLabels(page);

    await fillRowPosition(page, a!, 3);
    await expect.poll(() => readRowLabels(page)).toEqual([b, c, a, ...rest]);
    await dragRowOnto(page, c!, b!);
    await expect.poll(() => readRowLabels(page)).toEqual([c, b, a, ...rest]);
    await clickSave(page);

    await page.reload();
    await expect.poll(() => readRowLabels(page)).toEqual([c, b, a, ...rest]);
    assertNoPageErrors(page);
  });
});
