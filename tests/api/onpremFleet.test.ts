/**
 * The on-premises calls beyond settings documents (definitions/api/appliance.ts): connectivity checks, registration
 * and approval, rollback slots, settings templates, remote certificates and automatic updates. Written to run again
 * on a database that keeps what an earlier run did (the PostgreSQL run): names are made unique, changes undone.
 */
import { X509Certificate, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectivityResults,
  connectivitySites,
  getJob,
  isolationSignIn,
  listRegistrations,
  listSystems,
  listTemplates,
  registerWithStation,
  remoteCertificates,
  rollbackSlots,
  stationRegistration,
} from '../../definitions/api/appliance';
import { JobError, pollJob } from '../../engine/core/jobs';
import { BROWSER_PROBE_TIMEOUT_MS, exportFileName } from '../../schemas/areas/appliance';
import { JOB_POLL_MS, MESSAGES, SAFEVIEW_SERVICE_PORT } from '../../schemas/constants';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, asResponseOf, signedIn } from './helpers';

const SMTP = '/api/v1/settings/smtp';
const AUTO_UPDATES = '/api/v1/settings/enable_auto_updates';
const SCP_EXPORT = '/api/v1/settings/scp_fileexport';
const EXPORT = '/api/v1/settings/exported_config';

describe('on-prem management station: connectivity, registration, rollback, templates, certificates', () => {
  let server: TestServer;
  let admin: ApiClient;
  let auditor: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem' } });
    admin = await signedIn('admin', server.url);
    auditor = await signedIn('auditor', server.url);
  }, 180_000);
  afterAll(() => server.close());

  const follow = (job_id: string) =>
    pollJob(async () => asResponseOf(getJob, (await admin.get(`/api/mgr/v1/jobs/${job_id}`)).body), { timeoutMs: 30_000, intervalMs: JOB_POLL_MS });
  const failureOf = (p: Promise<unknown>) => p.then(() => 'finished', (e: unknown) => (e as JobError).message);
  const systems = async () => asResponseOf(listSystems, (await admin.get('/api/mgr/v1/managed_systems')).body).systems;
  const system = async (name: string) => (await systems()).find((s) => s.name === name)!;
  const jobCount = async () => ((await admin.get('/api/mgr/v1/jobs')).body.jobs as unknown[]).length;

  it('lists the sites from the settings, checks them in a job and shows each with its time; a site that does not answer fails the check', async () => {
    const all = asResponseOf(connectivitySites, (await auditor.get('/connectivity/manager/sites')).body).data;
    // The appliance checks the servers it uses; the services browsers reach are left to a browser check.
    const sites = all.filter((s) => !s.url);
    expect(sites.map((s) => s.purpose)).toEqual(expect.arrayContaining(['DNS server', 'NTP server', 'SMTP relay', 'Update server']));

    const ok = await admin.post('/api/v1/connectivity/check', { body: {} });
    expect(await follow(ok.body.job_id)).toMatchObject({ status: 'finished', result: `All ${sites.length} sites answered.` });
    const results = asResponseOf(connectivityResults, (await auditor.get('/api/v1/connectivity/results')).body);
    expect(results.test_id).toBe(ok.body.job_id);
    expect(results.results).toHaveLength(sites.length);
    expect(results.results.every((r) => r.status === 'ok' && r.time_ms >= 5 && r.time_ms < 100)).toBe(true);

    const smtp = (await admin.get(SMTP)).body;
    const saved = await admin.put(SMTP, { body: { ...smtp, enabled: true, server: 'relay.invalid', sender: 'appliance@example.com' } });
    expect(saved.status, saved.text).toBe(200);
    try {
      const bad = await admin.post('/api/v1/connectivity/check', { body: {} });
      expect(await failureOf(follow(bad.body.job_id))).toBe(`1 of ${sites.length} sites did not answer: relay.invalid.`);
      const after = asResponseOf(connectivityResults, (await admin.get('/api/v1/connectivity/results')).body);
      expect(after.results.find((r) => r.host === 'relay.invalid')).toMatchObject({ status: 'failed', purpose: 'SMTP relay' });
    } finally {
      const current = (await admin.get(SMTP)).body;
      expect((await admin.put(SMTP, { body: { ...smtp, updated_at: current.updated_at } })).status).toBe(200);
    }
  });

  it('signs a browser in for a test and serves the probe targets of the services browsers reach: they answer, the standby does not', async () => {
    const signIn = await admin.post('/safeview-auth-server/login', { body: {} });
    expect(signIn.status, signIn.text).toBe(200);
    const { test_id, timeout_ms } = asResponseOf(isolationSignIn, signIn.body);
    expect(timeout_ms).toBe(BROWSER_PROBE_TIMEOUT_MS);
    expect((await admin.post('/safeview-auth-server/login', { body: {} })).body.test_id).not.toBe(test_id);
    expect((await admin.post('/safeview-auth-server/login', { body: { user: 'x' } })).status).toBe(400);
    expect((await auditor.post('/safeview-auth-server/login', { body: {} })).status).toBe(403);

    const probed = asResponseOf(connectivitySites, (await admin.get('/connectivity/manager/sites')).body).data.filter((s) => s.url);
    expect(probed.map((s) => s.purpose)).toEqual(['Isolation service', 'Isolation sign-in', 'Standby isolation service']);
    for (const site of probed.slice(0, 2)) {
      const answer = await admin.get(`${site.url}?testId=${test_id}`);
      expect(answer.status, site.purpose).toBe(200);
      expect(answer.text).toBe('ok');
    }
    // The standby is held without an answer until the caller gives up.
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const started = Date.now();
    await expect(fetch(`${server.url}${probed[2]!.url}?testId=${test_id}`, { headers: { cookie }, signal: AbortSignal.timeout(800) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect((await admin.get(`/connectivity/probe/site-1?testId=${test_id}`)).status).toBe(404);
    expect((await admin.get(`${probed[0]!.url}?testId=has%20spaces`)).status).toBe(400);
    expect((await new ApiClient(server.url).get(`${probed[0]!.url}?testId=${test_id}`)).status).toBe(401);
  });

  it('stores posted results as received and refuses an unknown site, a bad test id and the auditor, storing nothing', async () => {
    const [site] = asResponseOf(connectivitySites, (await admin.get('/connectivity/manager/sites')).body).data;
    const test_id = `browser-${randomUUID()}`;
    const posted = await admin.post('/connectivity/manager/results', { body: { test_id, results: [{ site_id: site!.id, ok: true, time_ms: 42 }] } });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toEqual({ test_id, stored: 1 });
    const shown = asResponseOf(connectivityResults, (await admin.get('/api/v1/connectivity/results')).body);
    expect(shown).toMatchObject({ test_id, results: [{ id: site!.id, host: site!.host, status: 'ok', time_ms: 42 }] });

    const unknown = await admin.post('/connectivity/manager/results', { body: { test_id: 'other', results: [{ site_id: 'site-999', ok: true, time_ms: 1 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('results.0.site_id');
    const badId = await admin.post('/connectivity/manager/results', { body: { test_id: 'has spaces', results: [{ site_id: site!.id, ok: true, time_ms: 1 }] } });
    expect(badId.status).toBe(400);
    expect(badId.body.errors[0].path).toBe('test_id');
    expect((await auditor.post('/connectivity/manager/results', { body: { test_id: 'x', results: [{ site_id: site!.id, ok: true, time_ms: 1 }] } })).status).toBe(403);
    expect((await auditor.post('/api/v1/connectivity/check', { body: {} })).status).toBe(403);
    expect((await admin.get('/api/v1/connectivity/results')).body).toEqual(shown);
  });

  it('registers an appliance, approves it into a group (it becomes managed) and shows why one that does not answer was not approved', async () => {
    const name = `branch-${randomUUID().slice(0, 8)}`;
    const registered = await admin.post('/api/mgr/v1/reg', { body: { name, address: '198.51.100.77', app_mode: 'safeview' } });
    expect(registered.status, registered.text).toBe(200);
    const request = asResponseOf(listRegistrations, registered.body).registrations.find((r) => r.name === name)!;
    expect(request).toMatchObject({ status: 'pending', app_mode: 'safeview' });
    expect((await admin.post('/api/mgr/v1/reg', { body: { name, address: '198.51.100.78', app_mode: 'safeview' } })).status).toBe(400);

    const approval = await admin.post(`/api/mgr/v1/reg/${request.id}/approve`, { body: { group_id: '2' } });
    expect(await follow(approval.body.job_id)).toMatchObject({ status: 'finished' });
    expect(await system(name)).toMatchObject({ group: 'Branch offices', status: 'online', address: '198.51.100.77' });
    const left = asResponseOf(listRegistrations, (await admin.get('/api/mgr/v1/reg')).body).registrations;
    expect(left.some((r) => r.name === name)).toBe(false);

    const unreachable = `lab-${randomUUID().slice(0, 8)}`;
    const lab = asResponseOf(
      listRegistrations,
      (await admin.post('/api/mgr/v1/reg', { body: { name: unreachable, address: `${unreachable}.invalid`, app_mode: 'safeview_isolation' } })).body,
    ).registrations.find((r) => r.name === unreachable)!;
    const refused = await admin.post(`/api/mgr/v1/reg/${lab.id}/approve`, { body: { group_id: '1' } });
    const reason = await failureOf(follow(refused.body.job_id));
    expect(reason).toBe(`${unreachable} did not answer at ${unreachable}.invalid on port ${SAFEVIEW_SERVICE_PORT}; check that it is running and that the port is open.`);
    const again = asResponseOf(listRegistrations, (await admin.get('/api/mgr/v1/reg')).body).registrations.find((r) => r.id === lab.id);
    expect(again).toMatchObject({ status: 'refused', reason });
    expect((await systems()).some((s) => s.name === unreachable)).toBe(false);
    expect((await admin.request('DELETE', `/api/mgr/v1/reg/${lab.id}`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/mgr/v1/reg/${lab.id}`)).status).toBe(404);
  });

  it('refuses a bad registration, an unknown group and the auditor, changing nothing', async () => {
    const before = [(await admin.get('/api/mgr/v1/reg')).body, await jobCount()];
    const bad = await admin.post('/api/mgr/v1/reg', { body: { name: 'not a host!', address: '999.1.1.1', app_mode: 'toaster' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['address', 'app_mode', 'name']);
    const pending = asResponseOf(listRegistrations, before[0]).registrations[0]!;
    const noGroup = await admin.post(`/api/mgr/v1/reg/${pending.id}/approve`, { body: { group_id: '99' } });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.errors[0]).toMatchObject({ path: 'group_id', key: 'unknownGroup' });
    expect((await admin.post(`/api/mgr/v1/reg/${pending.id}/approve`, { body: { group_id: 2 } })).status).toBe(400);
    expect((await auditor.post('/api/mgr/v1/reg', { body: { name: 'x-1', address: '192.0.2.1', app_mode: 'safeview' } })).status).toBe(403);
    expect((await auditor.post(`/api/mgr/v1/reg/${pending.id}/approve`, { body: { group_id: '1' } })).status).toBe(403);
    expect((await auditor.request('DELETE', `/api/mgr/v1/reg/${pending.id}`)).status).toBe(403);
    expect([(await admin.get('/api/mgr/v1/reg')).body, await jobCount()]).toEqual(before);
  });

  it('rolls an appliance back to the version in its slot as a job, in maintenance mode while it installs', async () => {
    const hq = await system('hq-isolation-01');
    const slots = asResponseOf(rollbackSlots, (await auditor.get(`/api/mgr/v1/managed_systems/${hq.id}/rollback`)).body).slots;
    expect(slots).toEqual([{ slot_id: '2', version: hq.previous_version, description: expect.stringContaining(hq.previous_version!) }]);
    const started = await admin.post(`/api/mgr/v1/managed_systems/${hq.id}/rollback`, { body: { slot_id: '2', enter_maintenance_mode: true } });
    expect(started.status, started.text).toBe(200);
    expect(await system('hq-isolation-01')).toMatchObject({ status: 'maintenance', pending_version: hq.previous_version });
    expect(await follow(started.body.job_id)).toMatchObject({ status: 'finished', result: hq.previous_version });
    expect(await system('hq-isolation-01')).toMatchObject({ version: hq.previous_version, previous_version: hq.version, maintenance: false });

    const current = await admin.post(`/api/mgr/v1/managed_systems/${hq.id}/rollback`, { body: { slot_id: '1' } });
    expect(await failureOf(follow(current.body.job_id))).toMatch(/^Slot 1 runs the current version/);
    const lyon = await system('branch-lyon');
    const down = await admin.post(`/api/mgr/v1/managed_systems/${lyon.id}/rollback`, { body: { slot_id: '2' } });
    expect(await failureOf(follow(down.body.job_id))).toMatch(/^branch-lyon does not answer/);
    expect((await admin.post(`/api/mgr/v1/managed_systems/${hq.id}/rollback`, { body: { slot_id: '3' } })).status).toBe(400);
    expect((await auditor.post(`/api/mgr/v1/managed_systems/${hq.id}/rollback`, { body: { slot_id: '2' } })).status).toBe(403);
  });

  it('creates a template and applies it to a group: the appliances that answer take its settings, the job names the one that did not', async () => {
    const name = `Template ${randomUUID().slice(0, 8)}`;
    const body = { name, timezone: 'Europe/Madrid', ntp_server: 'ntp.example.net', log_level: 'debug', ssh_enabled: true };
    const created = await admin.post('/api/mgr/v1/templates', { body });
    expect(created.status, created.text).toBe(200);
    const template = asResponseOf(listTemplates, created.body).templates.find((t) => t.name === name)!;
    expect(template).toMatchObject({ ...body, applied_to: 0 });
    expect((await admin.post('/api/mgr/v1/templates', { body })).status).toBe(400);
    const bad = await admin.post('/api/mgr/v1/templates', { body: { ...body, name: 'Other', timezone: 'Mars/Olympus', ntp_server: 'bad host!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['ntp_server', 'timezone']);
    expect((await auditor.post('/api/mgr/v1/templates', { body: { ...body, name: 'Auditor' } })).status).toBe(403);

    const applied = await admin.post(`/api/mgr/v1/templates/${template.id}/apply`, { body: { group_id: '2' } });
    expect(await failureOf(follow(applied.body.job_id))).toMatch(/^branch-lyon did not answer; applied to .*branch-paris/);
    const settings = { timezone: 'Europe/Madrid', ntp_server: 'ntp.example.net', log_level: 'debug', ssh_enabled: true };
    expect(await system('branch-paris')).toMatchObject({ template: name, settings });
    expect((await system('branch-lyon')).template).not.toBe(name);
    expect((await system('hq-isolation-01')).settings).not.toEqual(settings);
    const after = asResponseOf(listTemplates, (await admin.get('/api/mgr/v1/templates')).body).templates.find((t) => t.id === template.id)!;
    expect(after.applied_to).toBe((await systems()).filter((s) => s.group === 'Branch offices' && s.status !== 'unreachable').length);

    expect((await auditor.post(`/api/mgr/v1/templates/${template.id}/apply`, { body: { group_id: '2' } })).status).toBe(403);
    expect((await admin.request('DELETE', `/api/mgr/v1/templates/${template.id}`)).status).toBe(200);
    expect((await system('branch-paris')).settings).toEqual(settings);
    expect((await admin.post(`/api/mgr/v1/templates/${template.id}/apply`, { body: { group_id: '2' } })).status).toBe(404);
  });

  it('lists the certificate of every managed appliance; one that does not answer has none', async () => {
    const certs = asResponseOf(remoteCertificates, (await auditor.get('/api/mgr/v2/remote/certificates')).body).certificates;
    expect(certs.find((c) => c.name === 'branch-lyon')).toMatchObject({ error: MESSAGES.noApplianceCert });
    const paris = certs.find((c) => c.name === 'branch-paris')!;
    // A real X.509 certificate of its own for each appliance: what the list says is what the PEM says.
    const x509 = new X509Certificate(paris.pem!);
    expect(x509.subject).toBe('CN=branch-paris');
    expect(paris).toMatchObject({
      subject: 'CN=branch-paris',
      issuer: 'CN=branch-paris',
      serial_number: x509.serialNumber,
      fingerprint_sha256: x509.fingerprint256,
      valid_from: new Date(x509.validFrom).toISOString(),
      valid_to: new Date(x509.validTo).toISOString(),
    });
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.subjectAltName).toContain('IP Address:198.51.100.11');
    expect(new Date(x509.validTo).getTime() - new Date(x509.validFrom).getTime()).toBeGreaterThan(397 * 86_400_000);
    const hq = certs.find((c) => c.name === 'hq-isolation-01')!;
    expect(hq.fingerprint_sha256).not.toBe(paris.fingerprint_sha256);
    expect(new X509Certificate(hq.pem!).publicKey.export({ format: 'der', type: 'spki' })).not.toEqual(x509.publicKey.export({ format: 'der', type: 'spki' }));
    // Kept: fetched again, one appliance answers the same certificate.
    expect((await admin.get(`/api/mgr/v2/remote/${paris.system_id}/certificate`)).body).toEqual(paris);
    const lyon = await admin.get(`/api/mgr/v2/remote/${certs.find((c) => c.name === 'branch-lyon')!.system_id}/certificate`);
    expect(lyon.status).toBe(502);
    expect(lyon.body.msg).toBe(MESSAGES.noApplianceCert);
  });

  it('keeps automatic update settings; a bad hour is refused with its path and nothing changes', async () => {
    const first = (await admin.get(AUTO_UPDATES)).body;
    expect(first).toMatchObject({ channel: expect.any(String), hour: expect.any(Number) });
    const bad = await admin.put(AUTO_UPDATES, { body: { ...first, hour: 24, notify_email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['hour', 'notify_email']);
    expect((await admin.get(AUTO_UPDATES)).body).toEqual(first);
    expect((await auditor.put(AUTO_UPDATES, { body: { ...first, enabled: !first.enabled } })).status).toBe(403);
    const saved = await admin.put(AUTO_UPDATES, { body: { ...first, enabled: !first.enabled, day: 'wed', hour: 4 } });
    expect(saved.status, saved.text).toBe(200);
    expect((await admin.get(AUTO_UPDATES)).body).toMatchObject({ enabled: !first.enabled, day: 'wed', hour: 4 });
  });

  it('keeps the SCP export settings and downloads the configuration (passwords left out) and a diagnostics report', async () => {
    const first = (await admin.get(SCP_EXPORT)).body;
    const incomplete = await admin.put(SCP_EXPORT, { body: { ...first, enabled: true, host: '', remote_path: 'relative/path' } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['host', 'remote_path']);
    const host = `backup-${randomUUID().slice(0, 8)}.example.com`;
    const saved = await admin.put(SCP_EXPORT, { body: { ...first, enabled: true, host, remote_path: '/backups/appliance', password: 'scp-secret-1' } });
    expect(saved.status, saved.text).toBe(200);

    const config = await auditor.get(EXPORT);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-configuration-\d{4}-\d{2}-\d{2}\.json"; filename\*=UTF-8''[a-z0-9-]+-configuration-\d{4}-\d{2}-\d{2}\.json$/);
    // The answer names its appliance, so a browser saves it under the same name (definitions: exportFileName).
    const network = (await admin.get('/api/dash/v1/settings/network')).body;
    expect(config.body).toMatchObject({ appliance: network.hostname, kind: 'configuration' });
    expect(config.headers.get('content-disposition')).toContain(`attachment; filename="${exportFileName(config.body)}";`);
    expect(config.body.settings['appliance.exports']).toMatchObject({ enabled: true, host, remote_path: '/backups/appliance' });
    expect(config.text).not.toContain('scp-secret-1');
    expect(Object.keys(config.body.settings)).toEqual(expect.arrayContaining(['appliance.network', 'appliance.smtp', 'appliance.auto-updates']));

    const diagnostics = await admin.get(`${EXPORT}?kind=diagnostics`);
    expect(diagnostics.headers.get('content-disposition')).toContain('-diagnostics-');
    expect(diagnostics.body.changed_settings.some((c: { page: string }) => c.page === 'appliance.exports')).toBe(true);
    expect(diagnostics.body.jobs.length).toBeGreaterThan(0);
    expect(diagnostics.body.last_connectivity_check).not.toBeNull();
    expect((await admin.get(`${EXPORT}?kind=everything`)).status).toBe(400);
  });
});

describe('on-prem fleet calls elsewhere, and an appliance registering with its station', () => {
  let appliance: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    appliance = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' } });
    admin = await signedIn('admin', appliance.url);
  }, 180_000);
  afterAll(() => appliance.close());

  it('are not mounted in the cloud; the manager calls not on an appliance outside a management station', { timeout: 300_000 }, async () => {
    const cloud = await signedIn('admin');
    for (const path of ['/connectivity/manager/sites', '/api/v1/connectivity/results', '/api/mgr/v1/reg', '/api/mgr/v1/templates', '/api/mgr/v2/remote/certificates', '/api/mgr/v1/reg/self', AUTO_UPDATES]) {
      expect((await cloud.get(path)).status, path).toBe(404);
    }
    expect((await admin.get('/connectivity/manager/sites')).status).toBe(200);
    expect((await admin.get('/api/mgr/v1/reg')).status).toBe(404);
    expect((await admin.get('/api/mgr/v1/templates')).status).toBe(404);
  });

  it('registers the appliance with a station that answers; refuses one that does not, a bad name and a second registration', async () => {
    const self = '/api/mgr/v1/reg/self';
    // A PostgreSQL database kept from an earlier run holds that run's registration.
    await appliance.db.query('DELETE FROM appliance_station_registration');
    const network = (await admin.get('/api/dash/v1/settings/network')).body;
    const before = asResponseOf(stationRegistration, (await admin.get(self)).body);
    // Until registered, the name offered is the appliance's host name.
    expect(before).toEqual({ status: 'unregistered', name: network.hostname.split('.')[0] });

    const unreachable = await admin.put(self, { body: { station: 'manager.invalid', name: 'branch-a' } });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.errors).toEqual([expect.objectContaining({ path: 'station', key: 'unreachable' })]);
    expect(unreachable.body.msg).toContain('manager.invalid did not answer on port 443');
    const badName = await admin.put(self, { body: { station: 'manager.example.com', name: 'not a host name' } });
    expect(badName.status).toBe(400);
    expect(badName.body.errors.map((e: { path: string }) => e.path)).toEqual(['name']);
    expect((await admin.get(self)).body).toEqual(before);

    const name = `branch-${randomUUID().slice(0, 8)}`;
    const registered = await admin.put(self, { body: { station: '192.0.2.50', name } });
    expect(registered.status, registered.text).toBe(200);
    expect(asResponseOf(registerWithStation, registered.body)).toMatchObject({ status: 'waiting', station: '192.0.2.50', name, requested_at: expect.any(String) });
    expect((await admin.get(self)).body).toEqual(registered.body);
    // The station lists the request with the address it reaches this appliance at and its kind.
    const listed = await appliance.db.query<{ address: string; app_mode: string }>('SELECT address, app_mode FROM managed_registrations WHERE name = $1', [name]);
    expect(listed.rows).toEqual([{ address: network.ipv4_address || network.hostname, app_mode: 'safeview' }]);
    const again = await admin.put(self, { body: { station: '192.0.2.51', name: `${name}-2` } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ path: 'station', key: 'registered' });

    // The station's administrator turns it down (the station's DELETE /api/mgr/v1/reg/{id}): the appliance may register again.
    await appliance.db.query('DELETE FROM managed_registrations WHERE name = $1', [name]);
    expect((await admin.get(self)).body).toMatchObject({ status: 'turned_down', station: '192.0.2.50', name });
    const retried = await admin.put(self, { body: { station: '192.0.2.50', name } });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.status).toBe('waiting');
  });
});
