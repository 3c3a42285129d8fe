/** The onboarding tour: one spotlight target at a time, only the ones the user's navigation shows. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoPageErrors, chooseMenuItem, goToRouteSignedIn, launchBrowser, openPage } from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The tour card's title, and the targets outlined on the page (the spotlight that is on). */
async function readStep(page: Page): Promise<{ title: string; step: string; outlined: string[] }> {
  const card = page.getByRole('dialog', { name: /./ }).filter({ hasText: /^Step \d+ of \d+/ });
  return {
    title: await card.getByRole('heading').innerText(),
    step: (await card.innerText()).split('\n')[0]!,
    outlined: await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-spotlight]')]
        .filter((e) => getComputedStyle(e).outlineStyle === 'solid')
        .map((e) => e.dataset.spotlight!),
    ),
  };
}

/** The header's Help menu, then its tour. */
async function startTour(page: Page): Promise<void> {
  await chooseMenuItem(page, 'Help', 'Take the tour');
}

async function walkTour(page: Page): Promise<{ title: string; step: string; outlined: string[] }[]> {
  await startTour(page);
  const seen = [];
  for (let i = 0; i < 10; i++) {
    seen.push(await readStep(page));
    const next = page.getByRole('button', { name: /^(Next|Done)$/ });
    const last = (await next.innerText()) === 'Done';
    // The keyboard moves the tour on: the card's Next button has the focus.
    await page.keyboard.press('Enter');
    if (last) break;
  }
  return seen;
}

describe('onboarding tour', () => {
  it('outlines one target per step, the administrator’s six in order, and ends with nothing outlined', async () => {
    const page = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await goToRouteSignedIn(page, '/policy', 'admin', 'admin-demo');
    const steps = await walkTour(page);
    expect(steps.map((s) => s.title)).toEqual([
      'Navigation',
      'Applications',
      'Documentation',
      'Reports and their archive',
      'Uploading files',
      'Downloading events',
    ]);
    expect(steps.map((s) => s.outlined)).toEqual([
      ['sideNavigation'],
      ['appSwitcher'],
      ['documentation'],
      ['docArchiveNav'],
      ['fileUploadNav'],
      ['fileDownloadNav'],
    ]);
    expect(steps[5]!.step).toBe('Step 6 of 6');
    await expect.poll(() => page.locator('html[data-spotlight-active]').count()).toBe(0);
    assertNoPageErrors(page);
  });

  it('skips the sections a web-policy administrator does not see, and Escape ends it', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy', 'webadmin', 'webadmin-demo');
    const steps = await walkTour(page);
    expect(steps.map((s) => s.title)).not.toContain('Uploading files');
    expect(steps.map((s) => s.title)).toContain('Downloading events');
    await startTour(page);
    expect((await readStep(page)).outlined).toEqual(['sideNavigation']);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-spotlight]').evaluateAll((es) => es.filter((e) => getComputedStyle(e).outlineStyle === 'solid').length)).toBe(0);
    assertNoPageErrors(page);
  });
});
