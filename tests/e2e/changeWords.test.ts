/**
 * A nested rule change read where it is reviewed and audited: an administrator adds a domain to a web exception's
 * conditions and blocks it; the publish review, the revision history and the audit log's event details each show
 * it in labels ("Domains: + …", "Action: Allow → Block") under the rule's name, with no JSON and no id anywhere.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertNoPageErrors,
  assertOnScreen,
  assertRevisionState,
  clickDialogButton,
  clickPublish,
  clickRowButton,
  clickSave,
  fillDialogChoice,
  fillDialogTag,
  goToRoute,
  goToRouteSignedIn,
  launchBrowser,
  openPage,
  publishLeftoverChanges,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RULE = 'Finance apps without isolation';
/** Serialized JSON (an object's key, brackets around quoted or nested values) or an id. */
const INTERNALS = /\{\s*"|"\s*:\s*["{[\d]|\[\s*["{[]|\[object Object\]|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function assertWords(scope: Locator, domain: string): Promise<void> {
  await scope.getByText(`Exceptions: “${RULE}”`, { exact: true }).first().waitFor();
  await scope.getByText(`Domains: + ${domain}`, { exact: true }).first().waitFor();
  await scope.getByText('Action: Allow → Block', { exact: true }).first().waitFor();
  expect(await scope.innerText()).not.toMatch(INTERNALS);
}

describe('changes in words', () => {
  it('shows a nested rule change in labels in the review, the history and the audit log', async () => {
    const page = await openPage(browser);
    const run = Date.now().toString(36);
    const domain = `payroll-${run}.demo-corp.example`;
    const reason = `Block payroll ${run}`;

    await goToRouteSignedIn(page, '/policy/web/exceptions', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Web Exceptions');
    await publishLeftoverChanges(page);
    await clickRowButton(page, `Edit ${RULE}`);
    const rule = page.getByRole('dialog');
    await rule.getByRole('button', { name: /^2\. Match conditions/ }).click();
    await fillDialogTag(page, 'Domains', domain);
    await rule.getByRole('button', { name: /^3\. Action/ }).click();
    await fillDialogChoice(page, 'Block');
    await clickDialogButton(page, 'Apply');
    await clickSave(page);

    await clickPublish(page);
    const review = page.getByRole('dialog', { name: 'Review and publish' });
    await assertWords(review.getByRole('region', { name: 'Web Exceptions' }), domain);
    await review.getByRole('textbox', { name: /^Change reason/ }).fill(reason);
    await review.getByRole('button', { name: /^Publish/ }).click();
    await assertRevisionState(page, 'Published');

    await goToRoute(page, '/policy/revisions');
    const row = page.getByRole('row').filter({ hasText: reason });
    await row.getByRole('button', { name: /^Show changes/ }).click();
    await assertWords(page.getByRole('region', { name: 'Web Exceptions' }), domain);

    await goToRoute(page, '/logs/audit');
    await page.getByRole('row').filter({ hasText: 'Save' }).first().click();
    const details = page.getByRole('table', { name: 'Event details' });
    await assertWords(details, domain);
    assertNoPageErrors(page);
  });
});
