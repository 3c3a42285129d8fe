/**
 * Log screens and the dashboard: a new admin finds events by filters, pages deep, exports them, and drills down from a
 * dashboard chart into the matching events; an auditor arranges their own dashboard with the keyboard alone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertEventDetail,
  assertLogEventCount,
  assertNoPageErrors,
  assertOnScreen,
  chooseLogFilterOption,
  clickChartDatum,
  clickDownload,
  clickFilterByValue,
  clickLogEvent,
  exportAllLogEvents,
  fillInterval,
  goToRoute,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  readLogColumn,
  scrollLogToEnd,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('logs and dashboard', () => {
  it('finds events by a filter, pages deep, opens one, exports them, and drills down from a chart', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/logs', 'admin', 'admin-demo');
    // The logs section opens its first permitted kind with the default filters in the query.
    await page.waitForURL((url) => url.hash === '#/logs/web?interval=7d');
    await assertOnScreen(page, 'Web logs');
    await assertLogEventCount(page, '100 events loaded');

    await fillInterval(page, 'Last 30 days');
    // Isolate: what the demo policy decides for most requests (enough events to page twice in 30 days).
    await chooseLogFilterOption(page, 'Action', 'Isolate');
    await page.waitForURL((url) => url.hash.includes('interval=30d') && /pe_action=(isolate|safeview)\b/.test(url.hash));
    await assertLogEventCount(page, '100 events loaded');
    expect(new Set(await readLogColumn(page, 'Action'))).toEqual(new Set(['Isolate']));

    await scrollLogToEnd(page);
    await assertLogEventCount(page, '200 events loaded');
    expect(new Set(await readLogColumn(page, 'Action'))).toEqual(new Set(['Isolate']));

    await clickLogEvent(page, 0);
    await assertEventDetail(page, 'Action', 'Isolate');
    // Filter by the event's user from the drawer, then export every event that matches, not only those loaded.
    const someone = await clickFilterByValue(page, 'User');
    await page.waitForURL((url) => url.hash.includes(`userid=${encodeURIComponent(someone)}`) && /pe_action=(isolate|safeview)\b/.test(url.hash));
    await expect.poll(async () => [...new Set(await readLogColumn(page, 'User'))]).toEqual([someone]);

    const csv = await exportAllLogEvents(page);
    expect(csv.fileName).toBe('web-logs.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"?\$timestamp"?,\$userid,/);
    expect(csv.said).toContain(`${(lines.length - 1).toLocaleString('en-US')} events exported`);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1]))).toEqual(new Set([someone]));

    await goToRoute(page, '/dashboard');
    await assertOnScreen(page, 'Dashboard');
    const png = await clickDownload(page, 'Export PNG: Top users');
    expect(png.fileName).toBe('top_users.png');
    expect(png.text.slice(1, 4)).toBe('PNG');
    await clickChartDatum(page, 'Top users');
    await page.waitForURL((url) => url.hash.startsWith('#/logs/web?interval=30d&userid='));
    const user = decodeURIComponent(new URL(page.url()).hash.split('userid=')[1]!);
    await assertOnScreen(page, 'Web logs');
    await expect.poll(async () => [...new Set(await readLogColumn(page, 'User'))]).toEqual([user]);
    assertNoPageErrors(page);
  });

  it('fills the window with the log table, and brings a report picked low in the catalogue into view for the keyboard', async () => {
    const page = await openPage(browser);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await goToRouteSignedIn(page, '/logs/web', 'admin', 'admin-demo');
    await assertLogEventCount(page, '100 events loaded');
    const bottom = await page.getByTestId('log-scroll').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(1080 - bottom).toBeLessThan(40);

    await page.setViewportSize({ width: 1280, height: 800 });
    await goToRoute(page, '/dashboard/catalogue');
    const pick = page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name: 'Top firewall rules', exact: true });
    await pick.scrollIntoViewIfNeeded();
    await pick.click();
    const title = page.getByRole('heading', { level: 2, name: 'Top firewall rules' });
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await title.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    // The chart is one tab stop after the card's buttons; the arrow keys pick a rule and Enter opens its events.
    const chart = page.getByRole('figure', { name: 'Top firewall rules' });
    await chart.locator('[data-datum][data-key]').first().waitFor();
    for (let i = 0; i < 4 && !(await chart.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    const rule = await chart.locator('[data-active]').getAttribute('data-key');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash.startsWith('#/logs/') && decodeURIComponent(url.hash.replace(/\+/g, ' ')).includes(`rule_name=${rule}`));
    assertNoPageErrors(page);
  });

  it('arranges a dashboard with the keyboard alone, and finds it so after a reload', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/dashboard', 'auditor', 'auditor-demo');
    await assertOnScreen(page, 'Dashboard');
    const charts = async () => {
      await page.locator('[data-chart-kind] svg').nth(5).waitFor();
      return page.locator('section[aria-label]:not([aria-label="Arrange the dashboard"])').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    };
    expect(await charts()).toEqual(['Top users', 'Top categories', 'Action summary', 'Top risks', 'Top domains', 'Firewall events over time']);

    await page.getByRole('button', { name: 'Arrange' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Move Top domains up' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove Firewall events over time' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Add a chart' }).focus();
    await page.keyboard.type('Top protocols');
    // As a person would, the option is chosen once it is shown (on a loaded machine the list filters later than the keys).
    await page.getByRole('option', { name: 'Top protocols' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove Top protocols' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Arrange the dashboard' }).waitFor({ state: 'hidden' });

    const arranged = ['Top domains', 'Top users', 'Top categories', 'Action summary', 'Top risks', 'Top protocols'];
    expect(await charts()).toEqual(arranged);
    await page.reload();
    await assertOnScreen(page, 'Dashboard');
    expect(await charts()).toEqual(arranged);
    assertNoPageErrors(page);
  });
});
