/** The appliance's own system (spec 001 §7): about, updates as jobs, local log, password, restart, shutdown and factory reset. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../definitions/api/appliance';
import { about, updates } from '../../definitions/api/applianceSystem';
import { JobError, pollJob } from '../../engine/core/jobs';
import { ApplianceRestarting, StationStatus } from '../../schemas/areas/applianceSystem';
import { JOB_POLL_MS } from '../../schemas/constants';
import { FACTORY_VERSION, RESTART_SECONDS } from '../../server/modules/applianceSystem';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, asResponseOf, signedIn } from './helpers';

/**
 * Restarts end every session of the tenant and a reset clears its appliance settings, so the appliance here runs on a
 * store of its own (PGlite even when the suite runs on PostgreSQL, whose one database every other server shares).
 */
let appliance: TestServer;
let station: TestServer;
beforeAll(async () => {
  [appliance, station] = await Promise.all([
    startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview', DATABASE_URL: undefined } }),
    startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem' } }),
  ]);
});
afterAll(() => Promise.all([appliance?.close(), station?.close()]));

const jobOf = (client: ApiClient, id: string) =>
  pollJob(async () => asResponseOf(getJob, (await client.get(`/api/mgr/v1/jobs/${id}`)).body), { timeoutMs: 20_000, intervalMs: JOB_POLL_MS });

/** Waits while the appliance answers 503 (restarting), then answers how long it did not answer. */
async function untilBack(client: ApiClient): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await client.get('/api/portal/config');
    if (res.status !== 503) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('appliance system', () => {
  it('tells what the appliance runs: host name, serial, version of each part, uptime and licence', async () => {
    const auditor = await signedIn('auditor', appliance.url);
    const res = await auditor.get('/api/v1/about');
    expect(res.status).toBe(200);
    const a = asResponseOf(about, res.body);
    expect(a).toMatchObject({ hostname: expect.any(String), serial: expect.stringMatching(/^SV-[0-9A-F]{10}$/), version: FACTORY_VERSION });
    expect(a.components.map((c) => c.name)).toContain('Isolation browser');
    expect(a.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(a.license.state).toBe('none');
  });

  it('serves the local log as a text file of what happened on the appliance', async () => {
    const admin = await signedIn('admin', appliance.url);
    const res = await admin.get('/api/v1/logs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="appliance-log-\d{4}-\d{2}-\d{2}\.txt"$/);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('changes the administrator’s own password only with the current one, ending their other sessions', async () => {
    const admin = await signedIn('admin', appliance.url);
    const elsewhere = await signedIn('admin', appliance.url);
    const wrong = await admin.put('/api/v1/password', { body: { current_password: 'not-it', new_password: 'another-pass-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: [{ path: 'current_password' }] });
    const same = await admin.put('/api/v1/password', { body: { current_password: 'admin-demo', new_password: 'admin-demo' } });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ errors: [{ path: 'new_password', key: 'samePassword' }] });
    const changed = await admin.put('/api/v1/password', { body: { current_password: 'admin-demo', new_password: 'another-pass-1' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ changed: true });
    expect((changed.body as { sessions_ended: number }).sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await elsewhere.get('/api/v1/about')).status).toBe(401);
    expect((await admin.get('/api/v1/about')).status).toBe(200);
    expect((await new ApiClient(appliance.url).login('admin', 'admin-demo')).status).toBe(401);
    expect((await new ApiClient(appliance.url).login('admin', 'another-pass-1')).status).toBe(200);
    expect((await admin.put('/api/v1/password', { body: { current_password: 'another-pass-1', new_password: 'admin-demo' } })).status).toBe(200);
  });

  it('checks for updates and installs one as jobs, restarts (503 meanwhile), and then runs the new version', async () => {
    let admin = await signedIn('admin', appliance.url);
    const before = asResponseOf(updates, (await admin.get('/api/v1/update')).body);
    expect(before).toMatchObject({ current_version: FACTORY_VERSION, checked_at: null, updates: [] });
    const early = await admin.post('/api/v1/update', { body: { version: '24.3.2' } });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ errors: [{ path: 'version' }] });

    const check = await admin.post('/api/v1/update/check');
    expect(check.status).toBe(200);
    expect((await jobOf(admin, (check.body as { job_id: string }).job_id)).result).toBe('Version 24.3.2 is available.');
    const offered = asResponseOf(updates, (await admin.get('/api/v1/update')).body);
    expect(offered.updates.map((u) => [u.version, u.state])).toEqual([
      [FACTORY_VERSION, 'installed'],
      ['24.3.2', 'available'],
    ]);

    const install = await admin.post('/api/v1/update', { body: { version: '24.3.2' } });
    expect(install.status).toBe(200);
    expect((await jobOf(admin, (install.body as { job_id: string }).job_id)).status).toBe('finished');
    // The restart follows the install: every API call answers 503 with restarting and Retry-After meanwhile.
    let down = await admin.get('/api/v1/about');
    for (let i = 0; down.status === 200 && i < 40; i++) {
      await new Promise((r) => setTimeout(r, 100));
      down = await admin.get('/api/v1/about');
    }
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ restarting: true });
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    await untilBack(admin);
    // Sessions ended with the restart.
    expect((await admin.get('/api/v1/about')).status).toBe(401);
    admin = await signedIn('admin', appliance.url);
    expect(asResponseOf(about, (await admin.get('/api/v1/about')).body).version).toBe('24.3.2');
    // Spec 001 §4: a check whose result carries a reason fails with it.
    const again = await admin.post('/api/v1/update/check');
    await expect(jobOf(admin, (again.body as { job_id: string }).job_id)).rejects.toThrow(JobError);
    await expect(jobOf(admin, (again.body as { job_id: string }).job_id)).rejects.toThrow('No update: version 24.3.2 is the newest.');
    const log = await admin.get('/api/v1/logs');
    expect(log.text).toMatch(/Update to 24\.3\.2 started by admin/);
    expect(log.text).toMatch(/Version 24\.3\.2 installed \(was 24\.3\.1\)/);
  });

  it('restarts and shuts down: answers that it goes down, then 503 for a few seconds, and every session ends', async () => {
    for (const action of ['reboot', 'shutdown'] as const) {
      const admin = await signedIn('admin', appliance.url);
      const res = await admin.post(`/api/v1/${action}`);
      expect(res.status).toBe(200);
      expect(ApplianceRestarting.parse(res.body)).toEqual({ restarting: true, action, back_in_seconds: RESTART_SECONDS });
      await new Promise((r) => setTimeout(r, 400));
      const down = await admin.get('/api/v1/about');
      expect(down.status).toBe(503);
      const took = await untilBack(admin);
      expect(took).toBeLessThan((RESTART_SECONDS + 1) * 1000);
      expect((await admin.get('/api/v1/about')).status).toBe(401);
    }
  });

  it('resets to factory settings only when RESET is typed, and restarts', async () => {
    const admin = await signedIn('admin', appliance.url);
    const certificates = async (c: ApiClient) => ((await c.get('/api/v1/ca_cert')).body as { certificates: { name: string }[] }).certificates.map((x) => x.name);
    expect(await certificates(admin)).toContain('example-root');
    const refused = await admin.post('/api/v1/reset', { body: { confirm: 'reset' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ path: 'confirm', key: 'confirmationRequired' }] });
    expect((await admin.post('/api/v1/reset', { body: {} })).status).toBe(400);
    expect((await admin.get('/api/v1/about')).status).toBe(200);
    const reset = await admin.post('/api/v1/reset', { body: { confirm: 'RESET' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ restarting: true, action: 'reset' });
    await new Promise((r) => setTimeout(r, 400));
    await untilBack(admin);
    const fresh = await signedIn('admin', appliance.url);
    expect(asResponseOf(updates, (await fresh.get('/api/v1/update')).body).checked_at).toBeNull();
    expect(await certificates(fresh)).toEqual([]);
  }, 30_000);
});

describe('management station status', () => {
  it('answers its own version and its appliances by state', async () => {
    const auditor = await signedIn('auditor', station.url);
    const res = await auditor.get('/api/mgr/v1/status');
    expect(res.status).toBe(200);
    const s = StationStatus.parse(res.body);
    // Every managed appliance of the tenant (8 seeded; other tests of a shared database may have registered more).
    const managed = await station.db.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM managed_systems WHERE tenant_id = (SELECT id FROM tenants WHERE name = 'Demo Corp')",
    );
    expect(managed.rows[0]!.n).toBeGreaterThanOrEqual(8);
    expect(s.appliances).toBe(managed.rows[0]!.n);
    expect(s.online + s.offline).toBeLessThanOrEqual(s.appliances);
    expect(s.pending_registrations).toBeGreaterThan(0);
    // The station checks permissions (an appliance has no roles): its auditor changes nothing.
    expect((await auditor.post('/api/v1/reboot')).status).toBe(403);
    expect((await auditor.post('/api/v1/update/check')).status).toBe(403);
    // An appliance that is not a station has no fleet to tell about.
    expect((await (await signedIn('auditor', appliance.url)).get('/api/mgr/v1/status')).status).toBe(404);
  });
});
