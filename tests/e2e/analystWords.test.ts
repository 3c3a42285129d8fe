/**
 * What an analyst reads outside the review: a log export "with labels" and a report drilled into a category hold
 * names, not codes, ids or JSON, and the drilled category keeps its name after a reload.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertLogEventCount,
  assertNoPageErrors,
  assertOnScreen,
  clickLogEvent,
  exportAllLogEvents,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  readLogColumn,
} from './helpers';
import { parseCsvLines } from '../../engine/core/csv';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Serialized JSON, an object printed as text, or a UUID. */
const INTERNALS = /\{\s*"|"\s*:\s*["{[\d]|\[object Object\]|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('an analyst reads names', () => {
  it('exports events with labels: titles for the columns, names for actions and categories, no JSON or ids', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/logs/web', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Web logs');
    await assertLogEventCount(page, '100 events loaded');
    const csv = await exportAllLogEvents(page, true);
    const [header, ...rows] = parseCsvLines(csv.text);
    expect(rows.length).toBeGreaterThan(100);
    expect(header!.some((h) => h.startsWith('$'))).toBe(false);
    const column = (title: string) => {
      const i = header!.indexOf(title);
      expect(i, `a column titled ${title} in ${header!.join(', ')}`).toBeGreaterThanOrEqual(0);
      return rows.map((r) => r[i] ?? '');
    };
    // Actions by their names (Isolate, not "safeview"); categories by name, never a bare number.
    expect(new Set(column('Action'))).not.toContain('safeview');
    expect(column('Action').every((a) => /^[A-Z]/.test(a))).toBe(true);
    for (const title of ['Categories', 'Category groups']) expect(column(title).filter((c) => /(^|[;,]\s*)\d+($|[;,])/.test(c))).toEqual([]);
    expect(rows.flatMap((row) => row.filter((cell) => INTERNALS.test(cell)).map((cell) => `${header![row.indexOf(cell)]}: ${cell}`)).slice(0, 5)).toEqual([]);
    assertNoPageErrors(page);
  });

  it('leaves out the events of one action by "Exclude" from the event drawer, shown as a chip by the action’s name', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/logs/web', 'admin', 'admin-demo');
    await assertLogEventCount(page, '100 events loaded');
    await clickLogEvent(page, 0);
    await page.getByRole('table', { name: 'Event details' }).getByRole('button', { name: 'Filter by Action', exact: true }).click();
    const item = page.getByRole('menuitem', { name: /^Exclude “/ }).first();
    const action = (await item.textContent())!.slice('Exclude “'.length, -1);
    await item.click();
    await page.waitForURL((url) => url.hash.includes('not_pe_action='));
    await page.getByRole('button', { name: new RegExp(`^Change filter.*Action is not ${action}`) }).waitFor();
    await expect.poll(async () => (await readLogColumn(page, 'Action')).length).toBeGreaterThan(0);
    expect(await readLogColumn(page, 'Action')).not.toContain(action);
    assertNoPageErrors(page);
  });

  it('names a drilled category in the chart title and the filter, also after a reload', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/dashboard/catalogue?report=top_categories_v2&interval=7d', 'admin', 'admin-demo');
    const chart = page.getByRole('figure', { name: 'Top categories' });
    const datum = chart.locator('[data-datum][data-key]').first();
    await datum.waitFor();
    const id = await datum.getAttribute('data-key');
    expect(id).toMatch(/^\d+$/);
    await datum.click();
    await page.waitForURL((url) => url.hash.includes(`cats=${id}`));
    const title = page.getByRole('heading', { level: 2, name: /^Top domains of a category · Category: / });
    // The category's name comes with the category list, which may answer after the chart's first paint.
    const nameIn = async () => (await title.textContent())!.split('Category: ')[1]!;
    await expect.poll(nameIn, { timeout: 15_000 }).not.toMatch(/^\d+$/);
    const named = await nameIn();
    const chip = page.getByRole('search', { name: 'Top domains of a category filters' }).getByRole('button', { name: /^Change filter/ });
    await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe(`Category: ${named}`);

    await page.reload();
    await expect.poll(() => title.textContent(), { timeout: 15_000 }).toBe(`Top domains of a category · Category: ${named}`);
    await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe(`Category: ${named}`);
    assertNoPageErrors(page);
  });
});
