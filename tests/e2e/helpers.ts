/**
 * Scenario helpers of the browser suite: goTo*, fill*, click*, assert*. Selectors live here, by role and label as a
 * person would find things; waits are on conditions (never fixed sleeps).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Download, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * How long a step may take before the scenario fails: a hang, not a speed limit (under CI's load, with the API suites
 * and the ClickHouse shards beside the browser, a screen has taken over 15 s to appear).
 */
export const STEP_MS = 30_000;

export const baseUrl = (): string => inject('baseUrl');

/**
 * Debian's headless shell (package chromium-headless-shell): the same engine and version as /usr/bin/chromium, without
 * the browser window around each page. That window's own pages (the address bar's pop-up among them) cost about half
 * of Chromium's processor time for each new context: 2.8 against 1.3 s for a sign-in and a first screen. Chromium
 * itself when the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM_EXECUTABLE = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

/**
 * A page in a fresh context (no cookies). Collected on it: page errors (`errors`), so a scenario can assert there were
 * none, and the calls answered 400 or more (`refused`), for the message of a step that timed out.
 */
export async function openPage(browser: Browser): Promise<Page & { errors: string[]; refused: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = Object.assign(await context.newPage(), { errors: [] as string[], refused: [] as string[] });
  page.setDefaultTimeout(STEP_MS);
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) page.refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return page;
}

/** Waits for `locator`; on a timeout, says which calls were refused and which notices showed meanwhile. */
async function visibleOrWhy(page: Page, locator: Locator): Promise<void> {
  try {
    await visible(locator);
  } catch (e) {
    const notices = await page.getByRole('status').or(page.getByRole('alert')).allInnerTexts().catch(() => []);
    const calls = 'refused' in page && Array.isArray(page.refused) ? page.refused.slice(-5) : [];
    throw new Error(`${e instanceof Error ? e.message : String(e)}\nnotices: ${JSON.stringify(notices)}\nrefused calls, the last five: ${JSON.stringify(calls)}`, { cause: e });
  }
}

/** A name that starts with this text (a required field's label ends in an asterisk). */
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
const gone = (locator: Locator) => locator.waitFor({ state: 'hidden' });

// ---- goTo -------------------------------------------------------------------------------------------------------

/** Opens a hash route of the portal, e.g. `/policy/web/ssl-bypass`. */
export async function goToRoute(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${route}`);
}

/** Opens every collapsed section and group of the side navigation, as a user looking for an entry would. */
export async function clickOpenNavigation(page: Page): Promise<void> {
  const collapsed = navigation(page).locator('[aria-expanded="false"]');
  while ((await collapsed.count()) > 0) {
    // A group still opening moves the ones below it: each click waits until nothing in the navigation is animating
    // (on a loaded machine the next button otherwise never holds still long enough to be clicked).
    await navigation(page).evaluate((nav) => Promise.all(nav.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
    await collapsed.first().click();
  }
}

/** Follows the side navigation to a screen. */
export async function goToScreen(page: Page, label: string): Promise<void> {
  await clickOpenNavigation(page);
  await navigation(page).getByRole('link', { name: label, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: label }));
}

/**
 * Signs in through the cloud flow from wherever the portal sent the browser: the portal posts auth_params and the
 * single sign-on form, the identity provider hands over to the login module, which returns to the portal.
 */
export async function signInThroughLoginModule(page: Page, user: string, password: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login/');
  await fillLoginForm(page, user, password);
  await clickLogin(page);
  await page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith('#/'));
  await visible(page.getByRole('navigation', { name: 'Main navigation' }));
}

/** Opens a route while signed out and signs in on the way: the portal returns to that route afterwards. */
export async function goToRouteSignedIn(page: Page, route: string, user: string, password: string): Promise<void> {
  await goToRoute(page, route);
  await signInThroughLoginModule(page, user, password);
}

// ---- fill -------------------------------------------------------------------------------------------------------

export async function fillLoginForm(page: Page, user: string, password: string): Promise<void> {
  await page.getByLabel('User', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Types into a field of the open dialog, found by its label. */
export async function fillDialogField(page: Page, label: string, value: string): Promise<void> {
  const field = dialog(page).getByRole('textbox', { name: startingWith(label) });
  await field.fill('');
  await field.pressSequentially(value);
}

/** Adds a value to a tags field of the open dialog (typed, then Enter). */
export async function fillDialogTag(page: Page, label: string, value: string): Promise<void> {
  const input = dialog(page).getByLabel(startingWith(label)).and(page.locator('input'));
  await input.fill(value);
  await input.press('Enter');
}

/** Chooses an option of a segmented control in the open dialog by its label. */
export async function fillDialogChoice(page: Page, option: string): Promise<void> {
  await dialog(page).getByText(option, { exact: true }).click();
}

/** Types into a field of the screen (outside dialogs), found by its label. */
export async function fillScreenField(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('textbox', { name: startingWith(label) }).fill(value);
}

/** Chooses an option of a select by the start of its text (a select in the open dialog when there is one). */
export async function fillSelect(page: Page, label: string, option: string): Promise<void> {
  const scope = (await dialog(page).count()) > 0 ? dialog(page) : page;
  await scope.getByRole('combobox', { name: startingWith(label) }).click();
  await page.getByRole('option', { name: startingWith(option) }).click();
}

/** Adds an option to a multiple choice of the open dialog by the start of its text; the list is closed again (Escape). */
export async function fillMultiSelect(page: Page, label: string, option: string): Promise<void> {
  const field = dialog(page).getByRole('combobox', { name: startingWith(label) });
  await field.click();
  await page.getByRole('option', { name: startingWith(option) }).click();
  await field.press('Escape');
  await visible(dialog(page));
}

/** Types into the screen's search box (e.g. "Search users"). */
export async function fillSearch(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('searchbox', { name: label }).fill(value);
}

// ---- click ------------------------------------------------------------------------------------------------------

export async function clickLogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function clickAddEntry(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await visible(dialog(page));
}

/** A button of the open dialog; the footer's wins over the header's icon of the same name (Close). */
export async function clickDialogButton(page: Page, name: string): Promise<void> {
  await dialog(page).getByRole('button', { name, exact: true }).last().click();
}

/** Presses a button of the screen (outside dialogs) by its accessible name, e.g. a row's "Edit settings of X". */
export async function clickButton(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
}

/** Ticks the selection box of the row holding this cell text (for the buttons above the table). */
export async function clickSelectRow(page: Page, rowText: string): Promise<void> {
  await rowWith(page, rowText).getByRole('checkbox', { name: /^Select row/ }).click();
}

/** Opens a row's dialog with one of its buttons and waits for the dialog. */
export async function clickRowButton(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await visible(dialog(page));
}

/** Chooses a file in the upload box of the open dialog. */
export async function fillDialogUpload(page: Page, name: string, content: string, mimeType = 'text/csv'): Promise<void> {
  await dialog(page).locator('input[type=file]').setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
}

/** A finished download's file name and text. */
async function downloaded(download: Download): Promise<{ fileName: string; text: string }> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { fileName: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** Presses a dialog button that downloads a file; resolves to the file's text. */
export async function clickDialogDownload(page: Page, name: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), dialog(page).getByRole('button', { name, exact: true }).click()]);
  return (await downloaded(download)).text;
}

/** Types a new 1-based position into a row's position field (orderable tables). */
export async function fillRowPosition(page: Page, rowText: string, position: number): Promise<void> {
  const input = rowWith(page, rowText).getByRole('textbox', { name: /^Position of row/ });
  await input.fill(String(position));
  await input.press('Enter');
}

/** Drags a row onto another row (orderable tables): the dragged row takes the target's position. */
export async function dragRowOnto(page: Page, rowText: string, targetText: string): Promise<void> {
  await rowWith(page, rowText).dragTo(rowWith(page, targetText));
}

/** Presses Save without waiting for the outcome (a conflict may answer). */
export async function clickSaveOnly(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Changes' }).getByRole('button', { name: 'Save' }).click();
}

/** Saves the screen's changes and waits until the save went through. */
export async function clickSave(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Changes' }).getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText('All changes saved.'));
}

/** Opens the publish review from the header (highlighted while something is staged). */
export async function clickPublish(page: Page): Promise<void> {
  await revisionGroup(page).getByRole('button', { name: /publish/i }).click();
}

/**
 * Browser tests share one tenant: publishes whatever earlier tests left unpublished, so that this test starts from a
 * published revision. Waits for the revision state to show before deciding.
 */
export async function publishLeftoverChanges(page: Page): Promise<void> {
  const group = revisionGroup(page);
  await visible(group.getByText(/^(Unpublished changes|Published)$/));
  if (await group.getByText('Unpublished changes', { exact: true }).isVisible()) {
    await clickPublishWithReason(page, 'Publish changes left by earlier tests');
    await assertRevisionState(page, 'Published');
  }
}

/** The publish review: the change reason, then its Publish button; waits until the review has closed. */
export async function clickPublishWithReason(page: Page, reason: string): Promise<void> {
  await clickPublish(page);
  const review = page.getByRole('dialog', { name: 'Review and publish' });
  await review.getByRole('textbox', { name: startingWith('Change reason') }).fill(reason);
  await review.getByRole('button', { name: /^Publish/ }).click();
  await gone(review);
}

/** The open publish review lists, under the area's title, this change line. */
export async function assertReviewShows(page: Page, area: string, change: string): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review and publish' });
  await visible(review.getByRole('region', { name: area }).getByText(change, { exact: true }));
}

/** The revision group's Publish button is highlighted with this number of changed areas. */
export async function assertPublishHighlighted(page: Page, areas: number): Promise<void> {
  const button = revisionGroup(page).getByRole('button', { name: /^Review and publish/ });
  await visible(button.getByText(String(areas), { exact: true }));
}

/** The revision history lists a published revision with this reason, who published it and the area it changed. */
export async function assertHistoryRow(page: Page, reason: string, by: string, area: string): Promise<void> {
  const row = page.getByRole('row').filter({ hasText: reason });
  await visible(row.getByRole('cell', { name: by, exact: true }));
  await visible(row.getByText(area, { exact: true }));
}

/** Rolls back to the revision before the one published with `reason`, confirming the dialog. */
export async function clickRollBackBefore(page: Page, reason: string): Promise<void> {
  const cell = page.getByRole('row').filter({ hasText: reason }).getByRole('cell').first();
  const rev = Number((await cell.innerText()).match(/\d+/)![0]);
  await page.getByRole('button', { name: `Roll back to revision ${rev - 1}`, exact: true }).click();
  await dialog(page).getByRole('button', { name: `Stage revision ${rev - 1}` }).click();
  await assertDialogClosed(page);
}

export async function clickSignOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
}

// ---- assert -----------------------------------------------------------------------------------------------------

export async function assertLoginModule(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login/');
  await visible(page.getByRole('heading', { name: 'Portal' }));
  await visible(page.getByLabel('User', { exact: true }));
}

export async function assertOnScreen(page: Page, title: string): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: title }));
  await expect.poll(() => page.title()).toBe(`${title} | Isolation Admin Portal`);
}

/** A message under a field of the open dialog. */
export async function assertDialogFieldError(page: Page, message: string): Promise<void> {
  await visible(dialog(page).getByText(message, { exact: true }));
}

export async function assertNoDialogFieldError(page: Page, message: string): Promise<void> {
  await gone(dialog(page).getByText(message, { exact: true }));
}

/**
 * The first-column texts of the table's rows, in order. In an orderable table a row's cells are: drag handle,
 * selection box, position, then the definition's columns.
 */
export async function readRowLabels(page: Page, orderable = true): Promise<string[]> {
  await visible(table(page).locator('tr[data-row-key]').first());
  const rows = await table(page).locator('tr[data-row-key]').all();
  return Promise.all(rows.map((r) => r.getByRole('gridcell').nth(orderable ? 3 : 1).innerText()));
}

/** Whether the shown button of this name in the open dialog is enabled (the open accordion panel's Next, Save). */
export async function assertDialogButtonEnabled(page: Page, name: string, enabled: boolean): Promise<void> {
  const button = dialog(page).getByRole('button', { name, exact: true }).filter({ visible: true }).last();
  await expect.poll(() => button.isEnabled()).toBe(enabled);
}

/** Presses the shown button of this name in the open dialog (the open accordion panel's Next). */
export async function clickShownDialogButton(page: Page, name: string): Promise<void> {
  await dialog(page).getByRole('button', { name, exact: true }).filter({ visible: true }).last().click();
}

/** The open dialog has this title. */
export async function assertDialogTitle(page: Page, title: string): Promise<void> {
  await visible(page.getByRole('dialog', { name: title }));
}

/** The open dialog shows this text. */
export async function assertDialogText(page: Page, text: string): Promise<void> {
  await visible(dialog(page).getByText(text, { exact: true }).first());
}

/** A field of the open dialog is shown (e.g. once a generated form has loaded). */
export async function assertDialogField(page: Page, label: string): Promise<void> {
  await visible(dialog(page).getByRole('textbox', { name: startingWith(label) }));
}

/** The value a field of the open dialog shows. */
export async function assertDialogFieldValue(page: Page, label: string, value: string): Promise<void> {
  const field = dialog(page).getByRole('textbox', { name: startingWith(label) });
  await expect.poll(() => field.inputValue()).toBe(value);
}

/** The placeholder a field of the open dialog shows (e.g. "unchanged" for a stored secret). */
export async function assertDialogFieldPlaceholder(page: Page, label: string, placeholder: string): Promise<void> {
  const field = dialog(page).getByLabel(startingWith(label)).and(page.locator('input'));
  await expect.poll(() => field.getAttribute('placeholder')).toBe(placeholder);
}

/** A field of the open dialog is not shown (hidden by the definition's showIf). */
export async function assertNoDialogField(page: Page, label: string): Promise<void> {
  await expect.poll(() => dialog(page).getByLabel(startingWith(label)).count()).toBe(0);
}

/** A snackbar (or any status text) matching this pattern. */
export async function assertNoticeMatching(page: Page, pattern: RegExp): Promise<void> {
  await visible(page.getByText(pattern).first());
}

/** A snackbar (or any status text) with this message. */
export async function assertNotice(page: Page, message: string): Promise<void> {
  await visible(page.getByText(message, { exact: true }).first());
}

export async function assertDialogClosed(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

export async function assertRow(page: Page, text: string): Promise<void> {
  await visible(table(page).getByRole('gridcell', { name: text, exact: true }));
}

/**
 * A secret shown once (e.g. a generated API token) in a dialog of this title, with its warning and Copy focused;
 * answers its text and closes the dialog with Done.
 */
export async function assertRevealed(page: Page, title: string, warning: RegExp): Promise<string> {
  const shown = page.getByRole('dialog', { name: title });
  await visible(shown.getByText(warning));
  await expect.poll(() => shown.getByRole('button', { name: 'Copy' }).evaluate((b) => b === document.activeElement)).toBe(true);
  const value = (await shown.getByLabel(title).textContent()) ?? '';
  await shown.getByRole('button', { name: 'Done' }).click();
  await assertDialogClosed(page);
  return value;
}

/** The row holding this cell text has this text in another cell (e.g. a user's role). */
export async function assertRowHas(page: Page, rowText: string, text: string): Promise<void> {
  const row = table(page).getByRole('row').filter({ has: page.getByRole('gridcell', { name: rowText, exact: true }) });
  await visible(row.getByRole('gridcell', { name: text, exact: true }).first());
}

/** Exactly these rows (by a cell's text) are shown. */
export async function assertRowsExactly(page: Page, texts: string[]): Promise<void> {
  await expect.poll(() => table(page).locator('tbody tr').count()).toBe(texts.length);
  for (const t of texts) await visible(table(page).getByRole('gridcell', { name: t, exact: true }).first());
}

export async function assertRowCount(page: Page, atLeast: number): Promise<void> {
  await expect.poll(() => table(page).locator('tbody tr').count()).toBeGreaterThanOrEqual(atLeast);
}

/** The 409 dialog, listing a change someone else made. */
export async function assertConflictShows(page: Page, change: string): Promise<void> {
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this area' });
  await visible(conflict);
  await visible(conflict.getByText(change, { exact: true }));
}

export async function assertNoRow(page: Page, text: string): Promise<void> {
  await gone(table(page).getByRole('gridcell', { name: text, exact: true }));
}

export async function assertRevisionState(page: Page, state: 'Unpublished changes' | 'Published'): Promise<void> {
  await visibleOrWhy(page, revisionGroup(page).getByText(state, { exact: true }));
}

/** The reader's view: the rows, a "Read only" badge, and no control that changes anything. */
export async function assertReadOnly(page: Page): Promise<void> {
  await visible(page.getByText('Read only', { exact: true }));
  for (const name of [/^Add$/, /^Edit /, /^Delete /, /^Move /, /^Save$/, /^Discard changes$/, /^Publish$/]) {
    expect(await page.getByRole('button', { name }).count(), `no button ${name}`).toBe(0);
  }
  expect(await page.getByRole('img', { name: 'Drag handle' }).count()).toBe(0);
}

/** Navigation entries by name: screen links and the collapsible section and group entries. */
export async function assertNavigationLinks(page: Page, expected: { shown: string[]; hidden: string[] }): Promise<void> {
  const nav = navigation(page);
  await clickOpenNavigation(page);
  const entry = (name: string) => nav.getByRole('link', { name, exact: true }).or(nav.getByRole('button', { name, exact: true }));
  for (const name of expected.shown) await visible(entry(name).first());
  for (const name of expected.hidden) expect(await entry(name).count(), `no entry ${name}`).toBe(0);
}

export async function assertNoAccessPage(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: 'No access' }));
}

export async function assertNotFoundPage(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: 'Oops! Error 404 - Page Not Found' }));
  await visible(page.getByText('The page you’re looking for doesn’t exist or another error occurred.'));
}

export async function assertSignedOut(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'You are signed out' }));
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'user_id')).toBeUndefined();
}

/** The serious and critical axe-core violations of the page as it is now (open dialogs included). */
export async function readAccessibilityViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // Contrast is judged on the final colours, not halfway through a dialog's fade-in.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    type Result = { violations: { id: string; impact: string; nodes: { html: string }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<Result> } }).axe;
    const options = only ? { runOnly: { type: 'rule', values: only } } : {};
    return (await axe.run(document, options)).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 80)).join(' | ')}`);
  }, rules ? [...rules] : undefined);
}

/** Words that belong in the code and the auditor docs, never on a screen an administrator reads. */
const IMPLEMENTATION_NOTE = /\bthe spec\b|\bspec 00\d|specification|this build|reference server|define\.ts|edited as JSON|\bdefinitions?\b/i;

/**
 * What a person sees wrong with the layout of the page as it is now: a table header or cell with visible text
 * narrower than 40 px, a page wider than the window, a text box holding JSON, an implementation note.
 */
export async function readLayoutFindings(page: Page): Promise<string[]> {
  const findings = await page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    for (const cell of document.querySelectorAll('th, td, [role="columnheader"], [role="cell"], [role="gridcell"]')) {
      const text = (cell as HTMLElement).innerText?.trim() ?? '';
      if (!text || !shown(cell)) continue;
      const width = cell.getBoundingClientRect().width;
      if (width < 40) out.push(`column ${width.toFixed(0)} px wide holds "${text.slice(0, 30)}"`);
    }
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 1) out.push(`page is ${overflow} px wider than the window`);
    for (const box of document.querySelectorAll('textarea')) {
      const value = box.value.trim();
      if (!shown(box) || !/^[[{"]/.test(value)) continue;
      try {
        JSON.parse(value);
        out.push(`text box "${box.getAttribute('aria-label') ?? box.id}" holds JSON`);
      } catch {
        // Not JSON: a PAC file, a certificate or a list of names.
      }
    }
    return { out, text: document.body.innerText };
  });
  const note = IMPLEMENTATION_NOTE.exec(findings.text);
  if (note) {
    const at = findings.text.indexOf(note[0]);
    findings.out.push(`implementation note: "…${findings.text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, ' ')}…"`);
  }
  return findings.out;
}

/** Whether the navigation shows the current page's link inside its visible box (it may take an animation to get there). */
export async function readNavigationFinding(page: Page): Promise<string[]> {
  const inView = () =>
    page.evaluate(() => {
      const nav = document.querySelector('nav[aria-label="Main navigation"]');
      const current = nav?.querySelector('[aria-current="page"]');
      if (!nav || !current) return true;
      const box = nav.getBoundingClientRect();
      const link = current.getBoundingClientRect();
      return link.top >= box.top - 1 && link.bottom <= Math.min(box.bottom, window.innerHeight) + 1;
    });
  for (let waited = 0; waited < 2000; waited += 100) {
    if (await inView()) return [];
    await page.waitForTimeout(100);
  }
  return ['the current page\'s link is scrolled out of the navigation\'s view'];
}

/** axe-core finds no serious or critical violation on the page as it is now (open dialogs included). */
export async function assertAccessible(page: Page): Promise<void> {
  expect(await readAccessibilityViolations(page)).toEqual([]);
}

/** The hash routes of every screen link in the side navigation, in order. */
export async function readNavigationRoutes(page: Page): Promise<string[]> {
  await visible(navigation(page));
  await clickOpenNavigation(page);
  const hrefs = await navigation(page).locator('a[href^="#/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.slice(1)))];
}

/** Opens a route of the signed-in portal and waits until its heading shows and nothing is loading. */
export async function goToLoadedRoute(page: Page, route: string): Promise<void> {
  await goToRoute(page, route);
  await visible(page.getByRole('heading', { level: 1 }).first());
  await expect.poll(() => page.getByLabel(/^Loading/).count(), { timeout: STEP_MS }).toBe(0);
}

export function assertNoPageErrors(page: Page & { errors: string[] }): void {
  expect(page.errors).toEqual([]);
}

// ---- tables ---------------------------------------------------------------------------------------------------

/**
 * Opens a menu with its button and chooses one of its items. On a loaded machine a click can land while the page is
 * still settling and open nothing (seen in CI beside two other suites: the Help menu stayed shut for 30 s); a person
 * would click again, and so does this, as long as the button says its menu is closed (`aria-expanded`).
 */
export async function chooseMenuItem(page: Page, button: string, item: string): Promise<void> {
  const target = page.getByRole('button', { name: button, exact: true });
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  for (let tries = 1; ; tries++) {
    if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
    try {
      await entry.waitFor({ state: 'visible', timeout: 10_000 });
      break;
    } catch (e) {
      if (tries === 3) throw e;
    }
  }
  await entry.click();
}

/** Runs one of the definition's row actions from the row's "More actions" menu, e.g. "Validate" of a profile. */
export async function clickRowAction(page: Page, rowLabel: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `More actions for ${rowLabel}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Runs a row action of a collection screen: its button, or the item of the row's "Actions" menu when it has several. */
export async function clickCollectionAction(page: Page, rowLabel: string, action: string): Promise<void> {
  const menu = page.getByRole('button', { name: `Actions for ${rowLabel}`, exact: true });
  if ((await menu.count()) > 0) {
    await menu.click();
    await page.getByRole('menuitem', { name: action, exact: true }).click();
  } else {
    await page.getByRole('button', { name: `${action} ${rowLabel}`, exact: true }).click();
  }
}

/** Shows or hides one column of a table with its column chooser, then closes the chooser. */
export async function clickColumnToggle(page: Page, table: string, column: string): Promise<void> {
  await page.getByRole('button', { name: `Columns and density of ${table}`, exact: true }).click();
  await page.getByRole('group', { name: `Columns of ${table}` }).getByRole('checkbox', { name: column, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The header texts of the first table on the screen. */
export async function readColumnHeaders(page: Page): Promise<string[]> {
  const headers = page.getByRole('table').first().getByRole('columnheader');
  return (await headers.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** The header texts of a generated table (a grid) by its name, without the sort markers. */
export async function readGridColumnHeaders(page: Page, table: string): Promise<string[]> {
  const headers = page.getByRole('grid', { name: table }).getByRole('columnheader');
  return (await headers.allInnerTexts()).map((t) => t.replace(/[↕↑↓]/g, '').trim()).filter(Boolean);
}

/** Waits until the screen's first table shows a row of data. */
export async function assertTableLoaded(page: Page): Promise<void> {
  await visible(page.locator('table tbody tr td').first());
}

/** The save bar is on screen (not below the fold) and says how many changes are unsaved. */
export async function assertSaveBarInView(page: Page, text: string): Promise<void> {
  const bar = page.getByRole('region', { name: 'Changes' });
  await visible(bar.getByText(text, { exact: true }));
  const box = await bar.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box && box.y >= 0 && box.y + box.height <= height + 1).toBe(true);
}

// ---- log screens and the dashboard -------------------------------------------------------------------------------

const logTable = (page: Page) => page.getByRole('table').filter({ has: page.getByRole('columnheader') }).first();
const logRows = (page: Page) => logTable(page).locator('tbody tr[aria-rowindex]');

/** Types a value into a free-text filter of the log view's filter bar and applies it. */
export async function fillLogFilter(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByRole('search').getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Enter');
}

/** Ticks one option of a filter menu of the log view's filter bar, then closes the menu. */
export async function chooseLogFilterOption(page: Page, label: string, option: string): Promise<void> {
  const bar = page.getByRole('search');
  const chip = bar.getByRole('button', { name: startingWith(`Change filter ${label}:`) });
  if ((await chip.count()) > 0) await chip.click();
  else {
    await bar.getByRole('button', { name: '+ Add filter' }).click();
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: label, exact: true }).click();
  }
  await page.getByRole('checkbox', { name: option, exact: true }).check();
  await page.keyboard.press('Escape');
}

/** In the open event drawer, filters the log by a field's value ("Filter by “alice”"). */
export async function clickFilterByValue(page: Page, title: string): Promise<string> {
  await page.getByRole('table', { name: 'Event details' }).getByRole('button', { name: `Filter by ${title}`, exact: true }).click();
  const item = page.getByRole('menuitem', { name: startingWith('Filter by “') }).first();
  const text = (await item.textContent()) ?? '';
  await item.click();
  return text.slice('Filter by “'.length, -1);
}

/** Exports every event the log view's filters match, as CSV; resolves to the file and what the dialog said. */
export async function exportAllLogEvents(page: Page, withLabels = false): Promise<{ fileName: string; text: string; said: string }> {
  await page.getByRole('button', { name: 'Export…', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export events' });
  await visible(exportDialog.getByText('up to 100,000 events'));
  if (withLabels) await exportDialog.getByRole('radio', { name: /^With labels/ }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Export', exact: true }).click()]);
  const file = await downloaded(download);
  const said = (await exportDialog.getByRole('status').textContent()) ?? '';
  await exportDialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  return { ...file, said };
}

/** Picks a named interval of a log view or the dashboard. */
export async function fillInterval(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Interval' }).selectOption({ label });
}

/** Waits until the log view says how many events it holds, e.g. "100 events loaded". */
export async function assertLogEventCount(page: Page, text: string): Promise<void> {
  await visible(page.getByText(text, { exact: true }));
}

/** Scrolls the log table to its end, which loads the next page. */
export async function scrollLogToEnd(page: Page): Promise<void> {
  await page.getByTestId('log-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
}

/** The texts of one column of the loaded (rendered) log events. */
export async function readLogColumn(page: Page, column: string): Promise<string[]> {
  const headers = await logTable(page).getByRole('columnheader').allTextContents();
  const index = headers.indexOf(column);
  if (index < 0) throw new Error(`No column ${column} among ${headers.join(', ')}`);
  return logRows(page).evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), index);
}

/** Opens the n-th (0-based) loaded event in the event drawer. */
export async function clickLogEvent(page: Page, index: number): Promise<void> {
  await logRows(page).nth(index).click();
  await visible(page.getByRole('table', { name: 'Event details' }));
}

/** A row of the event drawer shows this value. */
export async function assertEventDetail(page: Page, title: string, value: string): Promise<void> {
  const row = page.getByRole('table', { name: 'Event details' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
  await expect.poll(() => row.getByRole('cell').first().textContent()).toBe(value);
}

/** Presses a download button of the page (outside dialogs); resolves to the file's name and text. */
export async function clickDownload(page: Page, name: string): Promise<{ fileName: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return downloaded(download);
}

/** Clicks the first bar (or slice, or point) of a dashboard widget's chart. */
export async function clickChartDatum(page: Page, widget: string): Promise<void> {
  const chart = page.getByRole('region', { name: widget }).getByRole('figure', { name: widget });
  const datum = chart.locator('[data-datum][data-key]').first();
  await visible(datum);
  await datum.click();
}

// ---- locators ---------------------------------------------------------------------------------------------------

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const dialog = (page: Page) => page.getByRole('dialog');
const table = (page: Page) => page.getByRole('grid');
const rowWith = (page: Page, text: string) =>
  table(page).locator('tr[data-row-key]').filter({ has: page.getByRole('gridcell', { name: text, exact: true }) });
const revisionGroup = (page: Page) => page.getByRole('group', { name: 'Policy revision' });

// ---- keyboard only ----------------------------------------------------------------------------------------------

/** What has the keyboard focus: its role-ish tag and accessible text. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return `${e?.tagName ?? ''} ${e?.getAttribute('aria-label') ?? (e?.textContent ?? '').trim()}`;
  });

/** Whether the focused element shows a focus ring (an outline, or a box shadow where a widget draws its ring so). */
const focusRingShown = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    if (!e) return false;
    const style = getComputedStyle(e);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  });

/**
 * Presses Tab until a button with this name (exactly, or matching) has the focus, and checks that it shows a focus
 * ring; fails after `limit` presses.
 */
export async function tabToButton(page: Page, name: string | RegExp, limit = 120): Promise<void> {
  const wanted = (text: string) => (typeof name === 'string' ? text === `BUTTON ${name}` : text.startsWith('BUTTON ') && name.test(text.slice(7)));
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (wanted(await focusedText(page))) {
      expect(await focusRingShown(page), `a focus ring on the button ${String(name)}`).toBe(true);
      return;
    }
  }
  throw new Error(`No button "${String(name)}" within ${limit} presses of Tab`);
}

/**
 * Reaches a button of a table row by keyboard as a table offers it: Tab to the table's rows (one tab stop), the arrow
 * keys down to the row holding `rowText`, then left from its last control to the button.
 */
export async function tabToRowButton(page: Page, rowText: string, name: string, limit = 120): Promise<void> {
  const onRow = () => page.evaluate(() => document.activeElement?.matches('tr, [role="row"]') === true);
  for (let i = 0; !(await onRow()); i++) {
    if (i >= limit) throw new Error(`No table row within ${limit} presses of Tab`);
    await page.keyboard.press('Tab');
  }
  for (let i = 0; !(await page.evaluate((t) => (document.activeElement?.textContent ?? '').includes(t), rowText)); i++) {
    if (i >= 500) throw new Error(`No row with "${rowText}" below the first`);
    await page.keyboard.press('ArrowDown');
  }
  // Left from the row reaches its last control first (the row's buttons come after a position field, which keeps the
  // arrow keys for its text).
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowLeft');
    if ((await focusedText(page)) === `BUTTON ${name}`) {
      expect(await focusRingShown(page), `a focus ring on the button ${name}`).toBe(true);
      return;
    }
  }
  throw new Error(`No button "${name}" in the row with "${rowText}"`);
}

/** Presses Tab `presses` times and names each focused element that shows no focus ring. */
export async function readFocusWithoutRing(page: Page, presses: number): Promise<string[]> {
  const missing = new Set<string>();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    // Past the last control the focus leaves the page (the body), as in any browser.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    if (!(await focusRingShown(page))) missing.add(await focusedText(page));
  }
  return [...missing];
}

/** Presses Tab until the text field whose label starts with `label` has the focus. */
/** On a table screen (SSL Bypass): Add, the entry typed into the dialog's first field, Add; waits for its row. */
export async function addEntryByKeyboard(page: Page, entry: string): Promise<void> {
  await tabToButton(page, 'Add');
  await page.keyboard.press('Enter');
  await assertTextFieldFocused(page);
  await page.keyboard.type(entry);
  await tabToButton(page, 'Add', 20);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await assertRow(page, entry);
}

/** Header Publish, the change reason, the review's Publish: all from the keyboard; waits until it is published. */
export async function publishByKeyboard(page: Page, reason: string): Promise<void> {
  await tabToButton(page, /^Review and publish/);
  await page.keyboard.press('Enter');
  await assertDialogTitle(page, 'Review and publish');
  await tabToField(page, 'Change reason');
  await page.keyboard.type(reason);
  await tabToButton(page, /^Publish \d+ areas?$/, 40);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await assertRevisionState(page, 'Published');
}

export async function tabToField(page: Page, label: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const e = document.activeElement as HTMLInputElement | null;
      if (!e || !['INPUT', 'TEXTAREA'].includes(e.tagName)) return '';
      return (e.labels?.[0]?.textContent ?? e.getAttribute('aria-label') ?? '').trim();
    });
    if (focused.startsWith(label)) return;
  }
  throw new Error(`No field "${label}" within ${limit} presses of Tab`);
}

/** Replaces the focused field's text by typing (select all, then the new text). */
export async function typeReplacing(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Opens a screen through the command palette (Ctrl+K, its name, Enter). */
export async function goToScreenByPalette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Go to a screen or field' });
  await visible(palette);
  // As a user does: type once the cursor is in the search box, press Enter once the screen is the first result.
  const search = palette.getByRole('combobox', { name: 'Screen or field name' });
  await expect.poll(() => search.evaluate((e) => e === document.activeElement)).toBe(true);
  await page.keyboard.type(title);
  await expect.poll(() => palette.getByRole('option').first().innerText()).toContain(title);
  await page.keyboard.press('Enter');
  await visible(page.getByRole('heading', { level: 1, name: title }));
}

/** Presses Enter on the focused button and resolves to the downloaded file's name and text. */
export async function pressEnterToDownload(page: Page): Promise<{ fileName: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return downloaded(download);
}

/** The focused element is a text field (a dialog opened with its first field focused). */
export async function assertTextFieldFocused(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
}
