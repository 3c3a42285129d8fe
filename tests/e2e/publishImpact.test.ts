/**
 * The publish review shows what the staged change does to recent traffic: an administrator makes a web exception
 * block a site the demo users visit; the review's "Effect on recent traffic" says how many requests from how many
 * users would change and from which action to Block, and an example request opens to its trace under both policies.
 * The change is taken back before the test ends.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertNoPageErrors,
  assertOnScreen,
  clickDialogButton,
  clickPublish,
  clickRowButton,
  clickSave,
  fillDialogChoice,
  fillDialogTag,
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

describe('publish review: effect on recent traffic', () => {
  it('says how many logged requests the staged change would block, and opens an example to its trace', async () => {
    const page = await openPage(browser);
    await goToRouteSignedIn(page, '/policy/web/exceptions', 'admin', 'admin-demo');
    await assertOnScreen(page, 'Web Exceptions');
    await publishLeftoverChanges(page);

    const edit = async (action: string, addDomain?: string) => {
      await clickRowButton(page, `Edit ${RULE}`);
      const rule = page.getByRole('dialog');
      await rule.getByRole('button', { name: /^2\. Match conditions/ }).click();
      if (addDomain) await fillDialogTag(page, 'Domains', addDomain);
      else await rule.getByLabel(/^Domains/).and(page.locator('input')).press('Backspace'); // the last tag: the one added
      await rule.getByRole('button', { name: /^3\. Action/ }).click();
      await fillDialogChoice(page, action);
      await clickDialogButton(page, 'Apply');
      await clickSave(page);
    };
    // Finance users' searches, isolated or allowed today, are blocked by the staged revision.
    await edit('Block', 'google.com');
    await clickPublish(page);
    const review = page.getByRole('dialog', { name: 'Review and publish' });
    const effect = review.getByRole('region', { name: 'Effect on recent traffic' });
    const summary = effect.getByTestId('impact-summary');
    await summary.waitFor({ timeout: 60_000 });
    const text = await summary.innerText();
    expect(text).toMatch(/^[\d,]+ requests? from [\d,]+ users? would change: [\d,]+ (isolate|allow) → block/);
    await effect.getByText('google.com', { exact: true }).first().waitFor();

    const examples = effect.getByRole('table', { name: 'Example requests that would change' });
    const first = examples.getByRole('row').nth(1);
    expect(await first.innerText()).toContain('google.com');
    await first.getByRole('button', { name: 'Trace' }).click();
    await examples.getByText('Staged', { exact: true }).first().waitFor();
    await examples.getByText('Published', { exact: true }).first().waitFor();
    expect(await examples.innerText()).toContain(RULE);

    // While a dialog is open the notices stand at its top, the newest alone: a stack of them covered the dialog's
    // title. Two notices put in the portal's notice stack (as two saves in a row leave it), measured, then taken out.
    const shown = await page.evaluate(`(() => {
      const stack = document.querySelector(".portal-notices[data-position='bottom']");
      for (const text of ['Web Exceptions saved.', 'Web Exceptions saved again.']) {
        const notice = document.createElement('div');
        notice.textContent = text;
        notice.style.padding = '12px';
        stack.appendChild(notice);
      }
      const title = document.querySelector('.mantine-Modal-title').getBoundingClientRect();
      const added = [...stack.children].slice(-2);
      const out = added.filter((n) => n.getBoundingClientRect().height > 0).map((n) => [n.textContent, n.getBoundingClientRect().bottom <= title.top]);
      added.forEach((n) => n.remove());
      return out;
    })()`);
    expect(shown).toEqual([['Web Exceptions saved again.', true]]);

    await review.getByRole('button', { name: 'Cancel', exact: true }).last().click();
    await review.waitFor({ state: 'hidden' });
    await edit('Allow');
    assertNoPageErrors(page);
  }, 180_000);
});
