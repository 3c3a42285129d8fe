/**
 * Downloads as a browser sees them: compressed, cached for a year when hashed, and within the JavaScript budgets
 * (gzipped, per route as a fresh browser downloads it): the sign-in screen 110 KB, the shell with a table screen
 * 250 KB, the dashboard with its first chart (the chart library) 450 KB; a signed-out visit goes to sign-in
 * without downloading the shell.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './helpers';
import { BUDGET_KB, measureRouteDownloads, type MeasuredRoute, type RouteDownload } from './routeDownloads';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
/** Gzipped JavaScript of a route: each script the browser fetched, gzipped at level 9 as the build writes it. */
const gzipKb = (d: RouteDownload) => d.urls.reduce((n, url) => n + gzipSync(readFileSync(join(DIST, url)), { level: 9 }).length, 0) / 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('downloads', () => {
  it('sends scripts compressed, hashed ones immutable for a year, and the pages revalidated', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: { encoding: string | undefined; cache: string | undefined; length: number }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push({ encoding: r.headers()['content-encoding'], cache: r.headers()['cache-control'], length: Number(r.headers()['content-length'] ?? Infinity) });
    });
    const html = await page.goto(`${baseUrl()}/login/`);
    await page.waitForLoadState('networkidle');
    expect(html?.headers()['cache-control']).toBe('no-cache');
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s.cache).toBe('public, max-age=31536000, immutable');
    // Every script worth compressing arrives compressed: the build compresses files from 1 KB up.
    expect(scripts.some((s) => s.encoding === 'br' || s.encoding === 'gzip')).toBe(true);
    expect(scripts.filter((s) => s.encoding !== 'br' && s.encoding !== 'gzip' && s.length >= 1024)).toEqual([]);
    await context.close();
  });

  it('keeps every measured route within its enforced gzipped JavaScript, and a signed-out visit off the shell', { timeout: 600_000 }, async () => {
    const measured = await measureRouteDownloads(browser, baseUrl(), { user: 'admin', password: 'admin-demo' }, [
      'sign-in',
      'signed-out root',
      'shell',
      'table',
      'dashboard',
    ]);
    const over = Object.entries(BUDGET_KB)
      .map(([route, budget]) => ({ route, budget, kb: Math.round(gzipKb(measured.get(route as MeasuredRoute)!) * 10) / 10 }))
      .filter((r) => r.kb > r.budget);
    expect(over).toEqual([]);
    // The table and the chart were measured with their screens' own chunks, not just the shell.
    expect(measured.get('table')!.urls.length).toBeGreaterThan(measured.get('shell')!.urls.length);
    expect(measured.get('dashboard')!.urls.some((u) => !measured.get('table')!.urls.includes(u))).toBe(true);
    // The page's entry script (index.html's own) and its static imports are the first downloads of every visit to `/`; the shell is what it
    // imports on top of that for a signed-in visit.
    // With the entry's static imports, which the page lists as modulepreload links (shared chunks of several pages).
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
    expect(entry.length).toBeGreaterThan(0);
    const shellOnly = measured.get('shell')!.urls.filter((u) => !measured.get('sign-in')!.urls.includes(u) && !entry.includes(u));
    expect(shellOnly.length).toBeGreaterThan(0);
    for (const url of shellOnly) expect(measured.get('signed-out root')!.urls).not.toContain(url);
  });
});
