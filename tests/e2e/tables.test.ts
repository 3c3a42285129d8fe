/**
 * Tables at laptop and desktop widths: wide document tables and the web log keep every column readable (none under
 * 40 px) without the page scrolling sideways; the column chooser hides a column for good; while a change is unsaved
 * the save bar stays in view with the number of changes, and leaving asks first.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertNoPageErrors,
  assertSaveBarInView,
  assertTableLoaded,
  clickButton,
  clickColumnToggle,
  clickDialogButton,
  clickRowButton,
  goToLoadedRoute,
  goToRoute,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  readColumnHeaders,
  readGridColumnHeaders,
  readLayoutFindings,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDE_TABLES = ['/settings/storage-profiles', '/logs/web', '/fwaas/rules', '/policy/dlp/rules'];

describe('tables', () => {
  for (const width of [1280, 1920]) {
    it(`keeps every column readable and the page from scrolling sideways at ${width} px`, async () => {
      const page = await openPage(browser);
      await page.setViewportSize({ width, height: 900 });
      await goToRouteSignedIn(page, WIDE_TABLES[0]!, 'admin', 'admin-demo');
      const findings: string[] = [];
      for (const route of WIDE_TABLES) {
        await goToLoadedRoute(page, route);
        await assertTableLoaded(page);
        findings.push(...(await readLayoutFindings(page)).filter((f) => f.startsWith('column') || f.startsWith('page')).map((f) => `${route}: ${f}`));
      }
      expect(findings).toEqual([]);
      assertNoPageErrors(page);
    });
  }

  it('hides a log column with the column chooser, and the choice survives a reload', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/logs/web', 'admin', 'admin-demo');
    await assertTableLoaded(page);
    // At 1280 px the secondary columns make room by default: the user and the URL keep their width.
    const shown = await readColumnHeaders(page);
    expect(shown.slice(0, 5)).toEqual(['Time', 'User', 'Domain', 'URL', 'Action']);
    expect(shown).not.toContain('Rule');
    await clickColumnToggle(page, 'Web logs', 'URL');
    expect(await readColumnHeaders(page)).not.toContain('URL');
    await page.reload();
    await assertTableLoaded(page);
    expect(await readColumnHeaders(page)).toEqual(shown.filter((h) => h !== 'URL'));
    await clickColumnToggle(page, 'Web logs', 'URL');
    expect(await readColumnHeaders(page)).toContain('URL');
    assertNoPageErrors(page);
  });

  it('makes room with a secondary column of a generated table at 1280 px, and shows it at 1920 px', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/browser-management/policies', 'admin', 'admin-demo');
    await assertTableLoaded(page);
    const headers = () => readGridColumnHeaders(page, 'Browser Configuration Policies');
    const narrow = await headers();
    expect(narrow).toContain('Name');
    expect(narrow).not.toContain('Updated');
    expect((await readLayoutFindings(page)).filter((f) => f.startsWith('column') || f.startsWith('page'))).toEqual([]);
    // Still there for whoever wants it.
    await clickColumnToggle(page, 'Browser Configuration Policies', 'Updated');
    expect(await headers()).toContain('Updated');
    await clickColumnToggle(page, 'Browser Configuration Policies', 'Updated');
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.reload();
    await assertTableLoaded(page);
    expect(await headers()).toContain('Updated');
    assertNoPageErrors(page);
  });

  it('keeps the save bar in view while a change is unsaved, and asks before leaving', async () => {
    const page = await openPage(browser);
    // A short window, so the end of the table is below the fold.
    await page.setViewportSize({ width: 1280, height: 520 });
    await goToRouteSignedIn(page, '/fwaas/rules', 'admin', 'admin-demo');
    await assertTableLoaded(page);
    await clickRowButton(page, 'Delete Block QUIC');
    await clickDialogButton(page, 'Delete');
    await assertSaveBarInView(page, 'You have 1 unsaved change.');

    // Another screen's address typed into the address bar (a hash change) asks first; staying keeps the change.
    await goToRoute(page, '/settings/storage-profiles');
    await clickDialogButton(page, 'Stay on this page');
    expect(page.url()).toContain('#/fwaas/rules');
    // Closing the tab asks too (the browser's own prompt); dismissing it keeps the page.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await clickButton(page, 'Discard changes');
    await page.getByRole('region', { name: 'Changes' }).getByText('All changes saved.').waitFor();
    assertNoPageErrors(page);
  });
});
