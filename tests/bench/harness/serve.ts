/**
 * Shared by the browser benchmarks: builds the harness page into a temporary folder, serves it with vite's preview
 * server, and opens it in headless Chromium (the flags of the team brief).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';

const HERE = import.meta.dirname;

export const CHROMIUM_ARGS = [
  '--disable-frame-rate-limit',
  '--disable-gpu-vsync',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  readonly page: Page;
  readonly browser: Browser;
  /** e.g. "Chromium 140.0.7339.80" */
  readonly chromium: string;
  close(): Promise<void>;
}

/** Builds and serves the harness, and opens it in a fresh 1280×900 page. */
export async function openHarness(): Promise<Harness> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-harness-'));
  await build({ configFile: join(HERE, 'vite.config.ts'), build: { outDir } });
  const server = await preview({ configFile: join(HERE, 'vite.config.ts'), build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The preview server has no address.');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => 'bench' in window);
  return {
    page,
    browser,
    chromium: `Chromium ${browser.version()}`,
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
