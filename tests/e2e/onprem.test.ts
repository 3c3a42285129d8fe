/**
 * An on-premises appliance in the browser: sign in at /d/, land on the network settings (spec 000 §2), refuse a bad
 * value and keep a good one, then run a licence check as a job and follow it from the header's jobs indicator to the
 * Jobs screen, where it ends finished. The indicator's polls are background calls (they do not keep the session
 * alive). Exports and the inspection CA are saved as files; a connectivity check from the browser shows which
 * isolation services it reaches, with the time of each. About tells what the appliance runs; an update is checked for
 * and installed as jobs, after which the appliance restarts and the page returns to the sign-in once it answers.
 */
import { X509Certificate } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER } from '../../schemas/constants';
import { startTestServer, type TestServer } from '../setup/start-server';
import { assertNoPageErrors, assertNotice, assertOnScreen, clickLogin, clickSave, fillLoginForm, launchBrowser, openPage } from './helpers';

let browser: Browser;
let server: TestServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' } })]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('on-premises appliance', () => {
  it('signs in at /d/, keeps a changed network setting, and follows a licence job from the jobs indicator to its end', { timeout: 180_000 }, async () => {
    const page = await openPage(browser);
    const jobPolls: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/mgr/v1/jobs') jobPolls.push(r.headers()[BACKGROUND_HEADER.toLowerCase()]);
    });

    await page.goto(`${server.url}/d/`);
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash === '#/settings/network');
    await assertOnScreen(page, 'Network');

    const mtu = page.getByLabel('MTU', { exact: false });
    await mtu.fill('100');
    await mtu.blur();
    await expect.poll(() => mtu.getAttribute('aria-invalid')).toBe('true');
    await mtu.fill('1400');
    await clickSave(page);
    await page.reload();
    await assertOnScreen(page, 'Network');
    await expect.poll(() => page.getByLabel('MTU', { exact: false }).inputValue()).toBe('1400');

    await page.goto(`${server.url}/#/settings/license`);
    await assertOnScreen(page, 'Licence');
    // What is installed now is said above the form (nothing yet, or a licence that is not this one).
    await expect.poll(() => page.getByText(/^(No licence is installed yet\.|Installed now: .*)$/).count()).toBe(1);
    await page.getByLabel('Licence string', { exact: false }).fill('ABCD-1234-EFGH-5678');
    await page.getByRole('button', { name: 'Check and install' }).click();
    const indicator = page.getByRole('button', { name: /^1 job running: Licence check/ });
    await indicator.click();
    await assertOnScreen(page, 'Jobs');
    const row = page.getByRole('row', { name: /Licence check/ }).first();
    await expect.poll(() => row.textContent(), { timeout: 60_000 }).toMatch(/Finished/);
    // The licence screen follows its job to the end even once left, and says how it ended (the indicator does not repeat it).
    await assertNotice(page, 'The licence is valid and installed.');
    await expect.poll(() => indicator.count()).toBe(0);
    await page.goto(`${server.url}/#/settings/license`);
    await expect.poll(() => page.getByText(/^Installed now: a valid licence whose string ends in 5678, installed /).count()).toBe(1);

    // The indicator polled once per second while the job ran, each poll a background call.
    expect(jobPolls.filter((h) => h === '1').length).toBeGreaterThanOrEqual(2);
    assertNoPageErrors(page);
  });

  it('downloads the configuration, the diagnostics and the inspection CA as files', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/d/`);
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash === '#/settings/network');

    await page.goto(`${server.url}/#/settings/exports`);
    await assertOnScreen(page, 'Exports');
    // Named after the appliance (the seeded isolation-01.example.com) and the day.
    const config = await download(page, () => page.getByRole('button', { name: 'Download configuration' }).click());
    expect(config.fileName).toMatch(/^isolation-01-configuration-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(config.text)).toMatchObject({
      appliance: 'isolation-01.example.com',
      kind: 'configuration',
      settings: { 'appliance.network': { hostname: 'isolation-01.example.com' } },
    });
    const diagnostics = await download(page, () => page.getByRole('button', { name: 'Download diagnostics' }).click());
    expect(diagnostics.fileName).toMatch(/^isolation-01-diagnostics-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(diagnostics.text)).toMatchObject({ kind: 'diagnostics', jobs: expect.any(Array) });

    await page.goto(`${server.url}/#/settings/appliance-own-certificates`);
    await assertOnScreen(page, 'Appliance Certificates');
    await page.getByRole('button', { name: 'Actions for Inspection CA' }).click();
    const ca = await download(page, () => page.getByRole('menuitem', { name: 'Download certificate' }).click());
    expect(ca.fileName).toBe('appliance-inspection-ca.pem');
    const cert = new X509Certificate(ca.text);
    expect(cert.subject).toBe('CN=Appliance Inspection CA');
    expect(cert.ca).toBe(true);
    await assertNotice(page, 'Downloading file ...');
    assertNoPageErrors(page);
  });

  it('checks from the browser which isolation services it reaches and shows each with its time', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    const probes: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/connectivity/probe/')) probes.push(`${url.pathname}?${url.searchParams.get('testId')?.slice(0, 8)}`);
    });
    await page.goto(`${server.url}/d/`);
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash === '#/settings/network');

    await page.goto(`${server.url}/#/settings/connectivity`);
    await assertOnScreen(page, 'Connectivity');
    await page.getByRole('button', { name: 'Check from this browser' }).click();
    await assertNotice(page, '2 of 3 services answered this browser.');
    expect(probes.sort()).toEqual(['browser-auth', 'browser-isolation', 'browser-standby'].map((id) => `/connectivity/probe/${id}?browser-`));

    const standby = page.getByRole('row', { name: /Standby isolation service/ });
    await expect.poll(() => standby.textContent()).toContain('No answer within 3 seconds');
    expect(await standby.textContent()).toContain('No answer');
    const isolation = page.getByRole('row', { name: /^Isolation service/ });
    expect(await isolation.textContent()).toContain('Answered');
    // The time the browser measured is shown per site: the simulated service answers after 5 to 94 ms.
    const time = Number((await isolation.getByRole('gridcell').nth(4).innerText()).trim());
    expect(time).toBeGreaterThanOrEqual(5);
    expect(time).toBeLessThan(3000);
    assertNoPageErrors(page);
  });

  it('registers the appliance with its management station: refuses one that does not answer, then waits for approval', { timeout: 120_000 }, async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/d/`);
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash === '#/settings/network');

    await page.goto(`${server.url}/#/settings/management-station`);
    await assertOnScreen(page, 'Management Station');
    await page.getByText('This appliance is not managed by a management station.').waitFor();
    const station = page.getByLabel('Management station', { exact: false });
    await station.fill('manager.invalid');
    await page.getByLabel('Name of this appliance', { exact: false }).fill('branch-e2e');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Not registered' }).waitFor();
    await expect.poll(() => station.getAttribute('aria-invalid')).toBe('true');

    await station.fill('manager.example.com');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await assertNotice(page, 'Registered with manager.example.com: waiting for its administrator’s approval.');
    await page.getByText(/^Registered with manager\.example\.com as branch-e2e on .+: waiting for the station’s administrator to approve it\.$/).waitFor();
    assertNoPageErrors(page);
  });

  // Last: an update restarts the appliance, which ends every session.
  it('reads About, downloads the local log, checks for and installs an update, and signs in again after the restart', { timeout: 180_000 }, async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/d/`);
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash === '#/settings/network');

    await page.goto(`${server.url}/#/settings/about`);
    await assertOnScreen(page, 'About');
    await page.getByText(/serial number SV-[0-9A-F]{10}\. Version 24\.3\.1, running for /).waitFor();
    await page.getByRole('row', { name: /Isolation browser/ }).waitFor();
    await page.getByRole('button', { name: 'Actions for Appliance software' }).click();
    const log = await download(page, () => page.getByRole('menuitem', { name: 'Download the local log' }).click());
    expect(log.fileName).toMatch(/^appliance-log-\d{4}-\d{2}-\d{2}\.txt$/);

    await page.goto(`${server.url}/#/settings/updates`);
    await assertOnScreen(page, 'Software Updates');
    await page.getByText('Version 24.3.1 is installed. Never checked for updates.').waitFor();
    await page.getByRole('button', { name: 'Check for updates' }).click();
    await page.getByRole('button', { name: /^1 job running: Update check/ }).waitFor();
    await assertNotice(page, 'A newer version is available: install it from its row.');
    await page.getByRole('button', { name: 'Install 24.3.2' }).click();
    await page.getByRole('dialog').getByText('Install version 24.3.2? The appliance restarts once it has installed, and everyone signs in again.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Install', exact: true }).click();
    await page.getByRole('button', { name: /^1 job running: Update to 24\.3\.2/ }).waitFor();
    await assertNotice(page, 'Version 24.3.2 is installed; the appliance is restarting.');
    // The appliance stops answering: the page says so, then returns to the sign-in once it answers.
    await page.getByRole('dialog', { name: 'The appliance is restarting' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('User', { exact: true }).waitFor({ timeout: 90_000 });
    await fillLoginForm(page, 'admin', 'admin-demo');
    await clickLogin(page);
    await page.waitForURL((url) => url.hash.startsWith('#/settings/'));
    await page.goto(`${server.url}/#/settings/about`);
    await assertOnScreen(page, 'About');
    await page.getByText(/Version 24\.3\.2, running for /).waitFor();

    // A restart asks first, then shows the same until the appliance answers again.
    await page.getByRole('button', { name: 'Actions for Appliance software' }).click();
    await page.getByRole('menuitem', { name: 'Restart' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restart', exact: true }).click();
    await page.getByRole('dialog', { name: 'The appliance is restarting' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('User', { exact: true }).waitFor({ timeout: 90_000 });
  });
});

/** Runs what starts a download; resolves to the saved file's name and text. */
async function download(page: Page, start: () => Promise<void>): Promise<{ fileName: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { fileName: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}
