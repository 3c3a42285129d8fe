/**
 * Bundle benchmark: JavaScript per route as Chromium downloads it. Builds the portal (`vite build`, which writes the
 * brotli and gzip copies), starts a reference server on it, and opens each route of tests/e2e/routeDownloads.ts in a
 * fresh browser context (empty cache; signed-in routes with the cookies of one sign-in). Reports per route the
 * bytes transferred (brotli, as the browser accepts it), the gzip size of the same scripts (level 9, the budgets'
 * measure) and the decoded size. Budgets, gzip: sign-in 110 KB, shell + a table screen 250 KB, dashboard with its
 * charts 450 KB; over budget, the largest scripts of that route are listed and the run fails.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startTestServer } from '../setup/start-server';
import { BUDGET_KB, measureRouteDownloads } from '../e2e/routeDownloads';

const ROOT = join(import.meta.dirname, '..', '..');
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
const server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'cloud', PORTAL_PRODUCTION: 'true' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const measured = await measureRouteDownloads(browser, server.url, { user: 'admin', password: 'admin-demo' });
  let over = false;
  console.log('JavaScript per route (fresh cache): transferred (br) | gzip -9 | decoded | scripts | budget (gzip)');
  for (const [route, d] of measured) {
    const gz = d.urls.map((url) => ({ url, bytes: gzipSync(readFileSync(join(ROOT, 'dist', url)), { level: 9 }).length }));
    const total = gz.reduce((n, s) => n + s.bytes, 0);
    const budget = BUDGET_KB[route];
    const verdict = budget === undefined ? '' : total / 1024 <= budget ? `≤ ${budget} KB: within` : `≤ ${budget} KB: OVER by ${(total / 1024 - budget).toFixed(1)} KB`;
    console.log(`  ${route.padEnd(16)} ${kb(d.transferred)} KB | ${kb(total)} KB | ${kb(d.decoded)} KB | ${String(d.files).padStart(3)} | ${verdict}`);
    if (budget !== undefined && total / 1024 > budget) {
      over = true;
      for (const s of gz.sort((a, b) => b.bytes - a.bytes).slice(0, 8)) console.log(`      ${kb(s.bytes)} KB  ${s.url}`);
    }
  }
  if (over) process.exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}
