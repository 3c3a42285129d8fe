/** The on-premises deployment: its sign-in twins, and RBAC switched off outside a management station (spec 000 §5). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelJob,
  checkUpdate,
  cleanJobs,
  decodeCert,
  deleteCaCert,
  getJob,
  installUpdate,
  listCaCerts,
  listGroups,
  listJobs,
  listSystems,
  restartSystem,
  setLicense,
  setMaintenance,
  setManagerVersion,
  timeZones,
  uploadCaCert,
  userInfoV2,
} from '../../definitions/api/appliance';
import { onPremUserInfo } from '../../definitions/api/auth';
import { registry } from '../../definitions';
import type { DocumentScreenDef } from '../../definitions/define';
import { JobError, pollJob } from '../../engine/core/jobs';
import { MALFORMED_CERT_MESSAGE, PRIVATE_KEY_MESSAGE } from '../../schemas/areas/appliance';
import { JOB_POLL_MS, LICENSE_VALIDATION_TIMEOUT_MS } from '../../schemas/constants';
import { VALIDATOR_MESSAGES } from '../../schemas/validators';
import { LICENSE_INVALID_REASON } from '../../server/modules/appliance';
import { DEMO_EXPIRED_CA_PEM, DEMO_PROXY_CA_PEM } from '../../server/seed/appliance';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, SSL_BYPASS, asResponseOf, signedIn, stagedRev } from './helpers';

/**
 * One management station and one appliance serve the whole file (each server start costs seconds). The describes
 * leave each other's data alone, as they must on PostgreSQL anyway, where every server of a run shares one database.
 */
let station: TestServer;
let appliance: TestServer;
beforeAll(async () => {
  [station, appliance] = await Promise.all([
    startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem' } }),
    startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' } }),
  ]);
});
afterAll(() => Promise.all([station?.close(), appliance?.close()]));

describe('on-prem management station', () => {
  const server = { get url() { return station.url; } };

  it('answers the deployment and signs in through /api/v1', async () => {
    const client = new ApiClient(server.url);
    expect((await client.start()).body).toMatchObject({ deployment: 'on_prem', app_mode: 'management_station' });
    const login = await client.post('/api/v1/login', { body: { username: 'auditor', password: 'auditor-demo' } });
    expect(login.status).toBe(200);
    expect(asResponseOf(onPremUserInfo, (await client.get('/api/v1/userinfo')).body).username).toBe('auditor');
    expect((await client.get('/api/v1/cookie_refresh')).text).toBe('ok');
    expect((await client.get('/api/v1/logout')).text).toBe('ok');
    expect((await client.get('/api/v1/userinfo')).status).toBe(401);
  });

  it('enforces permissions: the auditor cannot save', async () => {
    const client = new ApiClient(server.url);
    await client.login('auditor', 'auditor-demo');
    const rev = await stagedRev(client);
    const doc = (await client.get(`${SSL_BYPASS}/${rev}`)).body;
    expect((await client.put(`${SSL_BYPASS}/${rev}`, { body: doc })).status).toBe(403);
  });
});

describe('on-prem appliance outside a management station', () => {
  const server = { get url() { return appliance.url; } };

  it('does not mount areas whose environment rule excludes it', async () => {
    const client = new ApiClient(server.url);
    await client.login('admin', 'admin-demo');
    expect((await client.get(`${SSL_BYPASS}/${await stagedRev(client)}`)).status).toBe(404);
  });

  it('does not enforce permissions: the auditor may publish', async () => {
    const client = new ApiClient(server.url);
    await client.login('auditor', 'auditor-demo');
    expect((await client.post(`/api/policy/v1/rules/${await stagedRev(client)}`)).status).toBe(200);
  });
});

// ---- appliance settings, CA certificates, licences and jobs (issue 13) ---------------------------------------------

const SETTINGS: readonly { path: string; id: string; bad: Record<string, unknown>; badPath: string; good: Record<string, unknown> }[] = [
  { path: '/api/dash/v1/settings/network', id: 'appliance.network', bad: { gateway: '192.0.2.300' }, badPath: 'gateway', good: { mtu: 1400 } },
  {
    path: '/api/dash/v1/settings/route',
    id: 'appliance.routes',
    bad: { list: [{ id: 'r1', destination: '10.0.0.0/40', gateway: '192.0.2.1', comment: '' }] },
    badPath: 'list.0.destination',
    good: { persist_routes: false },
  },
  { path: '/api/v1/settings/time', id: 'appliance.time', bad: { timezone: 'Mars/Olympus' }, badPath: 'timezone', good: { timezone: 'America/New_York' } },
  { path: '/api/v1/settings/smtp', id: 'appliance.smtp', bad: { sender: 'not-an-address' }, badPath: 'sender', good: { port: 465, security: 'tls' } },
  {
    path: '/api/v1/settings/logging',
    id: 'appliance.logging',
    bad: { list: [{ id: 's1', host: 'bad host', port: 514, protocol: 'udp', enabled: true }] },
    badPath: 'list.0.host',
    good: { level: 'debug' },
  },
  { path: '/api/v1/settings/access', id: 'appliance.access', bad: { proxy_ports: ['70000'] }, badPath: 'proxy_ports.0', good: { ssh_enabled: true } },
  { path: '/api/v1/settings/enable_tls', id: 'appliance.tls', bad: { min_version: '1.0' }, badPath: 'min_version', good: { min_version: '1.3' } },
  { path: '/api/v1/settings/ssl', id: 'appliance.upstream-tls', bad: { cipher_profile: 'weak' }, badPath: 'cipher_profile', good: { cipher_profile: 'modern' } },
  { path: '/api/v1/settings/ssl_bump', id: 'appliance.ssl-bump', bad: { ocsp_url: 'ftp://ocsp' }, badPath: 'ocsp_url', good: { enabled: true } },
  { path: '/api/v1/settings/auth/ldap', id: 'appliance.ldap', bad: { base_dn: 'people' }, badPath: 'base_dn', good: { port: 389, security: 'starttls' } },
  { path: '/api/v1/settings/auth/saml', id: 'appliance.saml', bad: { enabled: true, sso_url: 'ftp://idp' }, badPath: 'sso_url', good: { sign_requests: false } },
  { path: '/api/v1/settings/auth/admins', id: 'appliance.admin-auth', bad: { method: 'saml', admin_group: '' }, badPath: 'admin_group', good: { lockout_attempts: 3 } },
  { path: '/api/v1/settings/auth/users', id: 'appliance.user-auth', bad: { reauth_hours: 0 }, badPath: 'reauth_hours', good: { method: 'ldap', required_group: 'Staff' } },
  { path: '/api/v1/settings/service_domain', id: 'appliance.service-domain', bad: { domain: 'not a host' }, badPath: 'domain', good: { domain: 'browse.example.com' } },
  { path: '/api/v1/settings/extend_ime', id: 'appliance.input-methods', bad: { languages: ['xx'] }, badPath: 'languages.0', good: { enabled: true, languages: ['ja', 'ko'] } },
  { path: '/api/v1/settings/pnr_proxy', id: 'appliance.upstream-proxy', bad: { enabled: true, host: '' }, badPath: 'host', good: { enabled: true, host: 'proxy.example.com', bypass: ['intranet.example.com'] } },
  {
    path: '/api/v1/settings/scp_fileexport_recorder',
    id: 'appliance.recording-export',
    bad: { enabled: true, host: 'rec.example.com', remote_path: 'relative/path' },
    badPath: 'remote_path',
    good: { enabled: true, host: 'rec.example.com', remote_path: '/recordings', schedule: 'daily' },
  },
  { path: '/api/v1/settings/emails', id: 'appliance.notifications', bad: { recipients: ['not-an-address'] }, badPath: 'recipients.0', good: { daily_summary: true } },
];
/** The method a settings page saves with, as its definition says (the spec saves some with POST). */
const saveMethod = (id: string) => (registry.screen(id) as DocumentScreenDef).endpoint.save;

/** A PEM that carries a private key after the certificate (the key text is a placeholder, not a real key). */
const PEM_WITH_KEY = `${DEMO_PROXY_CA_PEM.trim()}\n-----BEGIN PRIVATE KEY-----\nTUlJQ2VBSUJBREFOQmdrcWhraUc5dzBCQVFFRkFBU0NBbUl3Z2dKZUFnRUFBb0dCQUxx\n-----END PRIVATE KEY-----\n`;
/** The shape of a certificate block with a body that is no certificate. */
const MALFORMED_PEM = '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGUgYXQgYWxsLCBqdXN0IHNvbWUgdGV4dA==\n-----END CERTIFICATE-----\n';

describe('on-prem management station: appliance settings, certificates, licences and jobs', () => {
  const server = { get url() { return station.url; } };
  let admin: ApiClient;
  let auditor: ApiClient;
  beforeAll(async () => {
    admin = await signedIn('admin', server.url);
    auditor = await signedIn('auditor', server.url);
  });

  it('serves the seeded appliance settings; saves a good change, refuses a bad one with its path (400) and the auditor (403), changing nothing', async () => {
    for (const s of SETTINGS) {
      const before = await admin.get(s.path);
      expect(before.status, s.path).toBe(200);
      const doc = asResponseOf(`${s.id}.get`, before.body) as Record<string, unknown>;

      const bad = await admin.request(saveMethod(s.id), s.path, { body: { ...doc, ...s.bad } });
      expect(bad.status, s.path).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path), s.path).toContain(s.badPath);
      const denied = await auditor.request(saveMethod(s.id), s.path, { body: { ...doc, ...s.good } });
      expect(denied.status, s.path).toBe(403);
      const unchanged = (await admin.get(s.path)).body;
      expect(unchanged, s.path).toEqual(before.body);

      const good = await admin.request(saveMethod(s.id), s.path, { body: { ...doc, ...s.good } });
      expect(good.status, `${s.path} ${good.text}`).toBe(200);
      expect((await admin.get(s.path)).body, s.path).toMatchObject(s.good);
    }
  });

  it('checks the network settings as a whole: a static address needs an address and a gateway', async () => {
    const doc = (await admin.get('/api/dash/v1/settings/network')).body;
    const res = await admin.put('/api/dash/v1/settings/network', { body: { ...doc, network_mode: 'static', gateway: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'gateway', message: 'A static address needs a default gateway.' }));
    const dhcp = await admin.put('/api/dash/v1/settings/network', { body: { ...doc, network_mode: 'dhcp', gateway: '' } });
    expect(dhcp.status).toBe(200);
  });

  it('takes network_mode as the query spec 002 §7 names, over the body\'s, and checks the whole document with it', async () => {
    const NET = '/api/dash/v1/settings/network';
    const before = (await admin.get(NET)).body;
    expect((await admin.put(NET, { body: { ...before, network_mode: 'dhcp', ipv4_address: '', gateway: '' } })).status).toBe(200);
    const dhcp = (await admin.get(NET)).body;
    const refused = await admin.put(`${NET}?network_mode=static`, { body: dhcp });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ path: 'gateway', message: 'A static address needs a default gateway.' }));
    expect((await admin.get(NET)).body).toEqual(dhcp);
    const saved = await admin.put(`${NET}?network_mode=static`, { body: { ...dhcp, ipv4_address: '192.0.2.10', gateway: '192.0.2.1' } });
    expect(saved.status, saved.text).toBe(200);
    expect((await admin.get(NET)).body).toMatchObject({ network_mode: 'static', ipv4_address: '192.0.2.10', gateway: '192.0.2.1' });
    expect((await admin.get(`${NET}?network_mode=dhcp`)).body).toMatchObject({ network_mode: 'dhcp', ipv4_address: '192.0.2.10' });
    expect((await admin.get(`${NET}?network_mode=bridge`)).status).toBe(400);
    const after = (await admin.get(NET)).body;
    expect((await admin.put(NET, { body: { ...before, updated_at: after.updated_at } })).status).toBe(200);
  });

  it('lists time zones', async () => {
    const zones = asResponseOf(timeZones, (await admin.get('/api/dash/v1/timezones')).body).timezones;
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
  });

  it('lists, uploads, decodes and deletes CA certificates', async () => {
    const seeded = asResponseOf(listCaCerts, (await admin.get('/api/v1/ca_cert')).body).certificates;
    expect(seeded.map((c) => c.name)).toContain('example-root');

    const decoded = asResponseOf(decodeCert, (await auditor.post('/api/v1/decodeCert', { body: { pem: DEMO_PROXY_CA_PEM } })).body);
    expect(decoded).toMatchObject({ subject: 'CN=Example Corp Proxy CA, O=Example Corp', is_ca: true, valid_to: '2045-01-01T00:00:00.000Z' });

    const up = await admin.post('/api/v1/ca_cert/proxy-ca', { body: { pem: DEMO_PROXY_CA_PEM } });
    expect(up.status).toBe(200);
    const names = asResponseOf(uploadCaCert, up.body).certificates.map((c) => c.name);
    expect(names).toEqual(['example-root', 'proxy-ca']);
    expect((await admin.post('/api/v1/ca_cert/proxy-ca', { body: { pem: DEMO_PROXY_CA_PEM } })).status).toBe(400);

    const del = await admin.request('DELETE', '/api/v1/ca_cert/proxy-ca');
    expect(asResponseOf(deleteCaCert, del.body).certificates.map((c) => c.name)).toEqual(['example-root']);
    expect((await admin.request('DELETE', '/api/v1/ca_cert/proxy-ca')).status).toBe(404);
  });

  it('refuses a PEM with a private key, an expired and a malformed certificate, a bad name and the auditor, storing nothing', async () => {
    const before = (await admin.get('/api/v1/ca_cert')).body;
    const cases: [string, string, string | RegExp][] = [
      ['with-key', PEM_WITH_KEY, PRIVATE_KEY_MESSAGE],
      ['expired', DEMO_EXPIRED_CA_PEM, /^This certificate has expired \(valid until 2020-01-01\)\.$/],
      ['malformed', MALFORMED_PEM, MALFORMED_CERT_MESSAGE],
      ['not-pem', 'hello', VALIDATOR_MESSAGES.invalidCert],
    ];
    for (const [name, pem, message] of cases) {
      const res = await admin.post(`/api/v1/ca_cert/${name}`, { body: { pem } });
      expect(res.status, name).toBe(400);
      const messages = [res.body.msg, ...(res.body.errors ?? []).map((e: { message: string }) => e.message)];
      expect(messages.some((m) => (typeof message === 'string' ? m === message : message.test(m))), `${name}: ${res.text}`).toBe(true);
    }
    expect((await admin.post('/api/v1/ca_cert/bad name', { body: { pem: DEMO_PROXY_CA_PEM } })).status).toBe(400);
    expect((await auditor.post('/api/v1/ca_cert/auditor-ca', { body: { pem: DEMO_PROXY_CA_PEM } })).status).toBe(403);
    expect((await auditor.request('DELETE', '/api/v1/ca_cert/example-root')).status).toBe(403);
    expect((await admin.get('/api/v1/ca_cert')).body).toEqual(before);
  });

  const pollLicence = async (client: ApiClient, license: string) => {
    const res = await client.put('/api/v1/license', { body: { license } });
    expect(res.status).toBe(200);
    const { job_id } = asResponseOf(setLicense, res.body);
    return {
      job_id,
      done: pollJob(async () => asResponseOf(getJob, (await client.get(`/api/mgr/v1/jobs/${job_id}`)).body), {
        timeoutMs: LICENSE_VALIDATION_TIMEOUT_MS,
        kind: 'license',
        intervalMs: JOB_POLL_MS,
      }),
    };
  };

  it('runs a licence job that fails with its reason and one that succeeds, both visible in the job list', async () => {
    const bad = await pollLicence(admin, 'not a licence');
    const failure = await bad.done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(JobError);
    expect((failure as JobError).message).toBe(LICENSE_INVALID_REASON);

    const good = await pollLicence(admin, 'ABCD-1234-EFGH-5678');
    const finished = await good.done;
    expect(finished).toMatchObject({ status: 'finished', progress: 100, result: 'ok', kind: 'license' });

    const jobs = asResponseOf(listJobs, (await auditor.get('/api/mgr/v1/jobs')).body).jobs;
    expect(jobs.find((j) => j.id === bad.job_id)).toMatchObject({ status: 'failed', reason: LICENSE_INVALID_REASON });
    expect(jobs.find((j) => j.id === good.job_id)).toMatchObject({ status: 'finished', created_by: 'admin' });
  });

  it('refuses an empty licence (400) and the auditor (403) without creating a job; another tenant cannot see a job', async () => {
    const count = async () => (await admin.get('/api/mgr/v1/jobs')).body.jobs.length as number;
    const before = await count();
    expect((await admin.put('/api/v1/license', { body: { license_string: '   ' } })).status).toBe(400);
    expect((await admin.put('/api/v1/license', { body: {} })).status).toBe(400);
    expect((await auditor.put('/api/v1/license', { body: { license_string: 'ABCD-1234-EFGH-5678' } })).status).toBe(403);
    expect(await count()).toBe(before);

    const { job_id } = (await admin.put('/api/v1/license', { body: { license_string: 'ABCD-1234-EFGH-5678' } })).body;
    const other = await signedIn('other-admin', server.url);
    expect((await other.get(`/api/mgr/v1/jobs/${job_id}`)).status).toBe(404);
    expect((await other.get('/api/mgr/v1/jobs')).body.jobs.map((j: { id: string }) => j.id)).not.toContain(job_id);
  });

  it('cancels a running job once, and cleans ended jobs', async () => {
    const { job_id } = (await admin.put('/api/v1/license', { body: { license: 'WXYZ-1234-EFGH-5678' } })).body;
    expect((await auditor.post(`/api/mgr/v1/jobs/${job_id}/cancel`)).status).toBe(403);
    const cancelled = await admin.post(`/api/mgr/v1/jobs/${job_id}/cancel`);
    expect(asResponseOf(cancelJob, cancelled.body)).toMatchObject({ status: 'cancelled', reason: 'Cancelled by an administrator' });
    expect((await admin.post(`/api/mgr/v1/jobs/${job_id}/cancel`)).status).toBe(409);

    expect((await admin.post('/api/mgr/v1/jobs/clean', { body: { older_than_hours: -1 } })).status).toBe(400);
    expect((await auditor.post('/api/mgr/v1/jobs/clean', { body: {} })).status).toBe(403);
    const ended = (await admin.get('/api/mgr/v1/jobs')).body.jobs.filter((j: { status: string }) => !['queued', 'running'].includes(j.status)).length;
    const cleaned = asResponseOf(cleanJobs, (await admin.post('/api/mgr/v1/jobs/clean', { body: { older_than_hours: 0 } })).body);
    expect(cleaned.removed).toBe(ended);
    const left = (await admin.get('/api/mgr/v1/jobs')).body.jobs as { status: string }[];
    expect(left.every((j) => j.status === 'queued' || j.status === 'running')).toBe(true);
  });

  it('keeps the appliance manager choice of each administrator (userinfo v2)', async () => {
    expect(asResponseOf(userInfoV2, (await admin.get('/api/userinfo/v2')).body).appliance_manager_ui_v2).toBe(true);
    expect((await admin.put('/api/v1/dashboard/appliance_manager_version', { body: { appliance_manager_ui_v2: 'no' } })).status).toBe(400);
    expect((await admin.get('/api/userinfo/v2')).body.appliance_manager_ui_v2).toBe(true);
    const res = await admin.put('/api/v1/dashboard/appliance_manager_version', { body: { appliance_manager_ui_v2: false } });
    expect(asResponseOf(setManagerVersion, res.body)).toEqual({ appliance_manager_ui_v2: false });
    expect((await admin.get('/api/userinfo/v2')).body).toMatchObject({ username: 'admin', appliance_manager_ui_v2: false });
    expect((await auditor.get('/api/userinfo/v2')).body.appliance_manager_ui_v2).toBe(true);
    expect((await new ApiClient(server.url).get('/api/userinfo/v2')).status).toBe(401);
  });
});

describe('appliance calls in the cloud deployment', () => {
  it('are not mounted (404)', async () => {
    const admin = await signedIn('admin');
    const calls: [string, string][] = [
      ...SETTINGS.map((s) => ['GET', s.path] as [string, string]),
      ['GET', '/api/v1/ca_cert'],
      ['POST', '/api/v1/decodeCert'],
      ['PUT', '/api/v1/license'],
      ['GET', '/api/mgr/v1/jobs'],
      ['GET', '/api/userinfo/v2'],
      ['PUT', '/api/v1/dashboard/appliance_manager_version'],
      ['GET', '/api/dash/v1/timezones'],
    ];
    for (const [method, path] of calls) expect((await admin.request(method, path, { body: method === 'GET' ? undefined : {} })).status, path).toBe(404);
  });
});

describe('appliance settings across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'onprem-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const start = () => startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview', DATA_DIR: dir } });

  it('keeps saved network and SMTP settings', { timeout: 180_000 }, async () => {
    let server = await start();
    try {
      const admin = await signedIn('admin', server.url);
      const net = (await admin.get('/api/dash/v1/settings/network')).body;
      expect((await admin.put('/api/dash/v1/settings/network', { body: { ...net, hostname: 'kept.example.com', dns_servers: ['192.0.2.99'] } })).status).toBe(200);
      const smtp = (await admin.get('/api/v1/settings/smtp')).body;
      expect((await admin.put('/api/v1/settings/smtp', { body: { ...smtp, server: 'relay.example.org' } })).status).toBe(200);
    } finally {
      await server.close();
    }
    server = await start();
    try {
      const admin = await signedIn('admin', server.url);
      expect((await admin.get('/api/dash/v1/settings/network')).body).toMatchObject({ hostname: 'kept.example.com', dns_servers: ['192.0.2.99'] });
      expect((await admin.get('/api/v1/settings/smtp')).body).toMatchObject({ server: 'relay.example.org' });
    } finally {
      await server.close();
    }
  });
});

describe('on-prem management station: the appliance manager', () => {
  const server = { get url() { return station.url; } };
  let admin: ApiClient;
  let auditor: ApiClient;
  beforeAll(async () => {
    admin = await signedIn('admin', server.url);
    auditor = await signedIn('auditor', server.url);
  });

  const systems = async (c: ApiClient = admin) => asResponseOf(listSystems, (await c.get('/api/mgr/v1/managed_systems')).body).systems;
  const system = async (name: string) => (await systems()).find((s) => s.name === name)!;
  const follow = (job_id: string) =>
    pollJob(async () => asResponseOf(getJob, (await admin.get(`/api/mgr/v1/jobs/${job_id}`)).body), { timeoutMs: 30_000, intervalMs: JOB_POLL_MS });
  const failureOf = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e as JobError).message);

  it('lists the seeded fleet with group ids as text, group names, auto_group as a boolean, versions and status', async () => {
    const list = await systems(auditor);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(new Set(list.map((s) => s.group)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(list.map((s) => s.version)).size).toBeGreaterThanOrEqual(2);
    expect(await system('branch-paris')).toMatchObject({ group_id: '2', group: 'Branch offices', auto_group: true, status: 'online' });
    expect(await system('hq-isolation-01')).toMatchObject({ group: 'Headquarters', auto_group: false });
    expect((await system('branch-lyon')).status).toBe('unreachable');
    expect((await system('branch-lille')).status).toBe('maintenance');
    const groups = asResponseOf(listGroups, (await auditor.get('/api/mgr/v1/groups')).body).groups;
    expect(groups.map((g) => g.name)).toEqual(['Headquarters', 'Branch offices', 'Data centre']);
    expect(groups.reduce((n, g) => n + g.systems, 0)).toBe(list.length);
    // Spec 001 §3: a group's id is text, and its nodes carry auto_group (the appliance's "True") as a boolean.
    const branches = groups.find((g) => g.name === 'Branch offices')!;
    expect(branches.id).toBe('2');
    expect(branches.nodes).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'branch-paris', auto_group: true }), expect.objectContaining({ name: 'branch-lille', auto_group: true })]),
    );
    expect(groups.find((g) => g.name === 'Headquarters')!.nodes).toContainEqual(expect.objectContaining({ name: 'hq-isolation-01', auto_group: false }));
    expect(branches.nodes).toHaveLength(branches.systems);
  });

  it('checks for updates and installs one with maintenance mode, which ends when the version is installed', async () => {
    const paris = await system('branch-paris');
    const check = asResponseOf(checkUpdate, (await auditor.get(`/api/mgr/v1/managed_systems/${paris.id}/update`)).body);
    expect(check.current).toBe('24.2.0');
    expect(check.available.map((v) => v.version)).toContain('24.3.2');

    const res = await admin.post(`/api/mgr/v1/managed_systems/${paris.id}/update`, { body: { version: '24.3.2', enter_maintenance_mode: true } });
    const { job_id } = asResponseOf(installUpdate, res.body);
    expect(await system('branch-paris')).toMatchObject({ status: 'maintenance', pending_version: '24.3.2', version: '24.2.0' });
    expect(await follow(job_id)).toMatchObject({ status: 'finished', result: '24.3.2' });
    expect(await system('branch-paris')).toMatchObject({ status: 'online', version: '24.3.2', maintenance: false });
  });

  it('fails an update to an unsupported version and one of an unreachable system with their reasons', async () => {
    const hq = await system('hq-isolation-02');
    const unsupported = (await admin.post(`/api/mgr/v1/managed_systems/${hq.id}/update`, { body: { version: '99.0.0' } })).body.job_id;
    expect(await failureOf(follow(unsupported))).toMatch(/^Version 99\.0\.0 is not supported on hq-isolation-02; available: /);
    const lyon = await system('branch-lyon');
    const down = (await admin.post(`/api/mgr/v1/managed_systems/${lyon.id}/update`, { body: { version: '24.3.2' } })).body.job_id;
    expect(await failureOf(follow(down))).toMatch(/^branch-lyon does not answer/);
    expect((await system('hq-isolation-02')).version).toBe('24.3.1');
  });

  it('refuses a malformed version, a negative delay (400), the auditor (403) and an unknown system (404), changing nothing', async () => {
    const hq = await system('hq-isolation-02');
    const jobs = async () => (await admin.get('/api/mgr/v1/jobs')).body.jobs.length as number;
    const before = [await jobs(), await systems()];
    expect((await admin.post(`/api/mgr/v1/managed_systems/${hq.id}/update`, { body: { version: 'latest' } })).status).toBe(400);
    expect((await admin.post(`/api/mgr/v1/managed_systems/${hq.id}/reboot`, { body: { delay_seconds: -5 } })).status).toBe(400);
    expect((await admin.put(`/api/mgr/v1/managed_systems/${hq.id}/maintenance`, { body: { enabled: 'yes' } })).status).toBe(400);
    expect((await auditor.post(`/api/mgr/v1/managed_systems/${hq.id}/update`, { body: { version: '24.3.2' } })).status).toBe(403);
    expect((await auditor.post(`/api/mgr/v1/managed_systems/${hq.id}/reboot`, { body: {} })).status).toBe(403);
    expect((await auditor.put(`/api/mgr/v1/managed_systems/${hq.id}/maintenance`, { body: { enabled: true } })).status).toBe(403);
    expect((await admin.post('/api/mgr/v1/managed_systems/nope/reboot', { body: {} })).status).toBe(404);
    expect([await jobs(), (await systems()).map((s) => ({ ...s, last_contact: undefined }))]).toEqual([
      before[0],
      (before[1] as Awaited<ReturnType<typeof systems>>).map((s) => ({ ...s, last_contact: undefined })),
    ]);
  });

  it('restarts a system now (offline for a few seconds, then back) and schedules one', async () => {
    const dc = await system('dc-isolation-01');
    const { job_id } = asResponseOf(restartSystem, (await admin.post(`/api/mgr/v1/managed_systems/${dc.id}/reboot`, { body: {} })).body);
    expect((await system('dc-isolation-01')).status).toBe('offline');
    expect(await follow(job_id)).toMatchObject({ status: 'finished', result: 'back online' });
    expect((await system('dc-isolation-01')).status).toBe('online');

    const mail = await system('dc-mail-worker-01');
    const scheduled = (await admin.post(`/api/mgr/v1/managed_systems/${mail.id}/reboot`, { body: { delay_seconds: 3600 } })).body.job_id;
    const later = await system('dc-mail-worker-01');
    expect(later.status).toBe('online');
    expect(Date.parse(later.restart_at!) - Date.now()).toBeGreaterThan(3500_000);
    expect(asResponseOf(getJob, (await admin.get(`/api/mgr/v1/jobs/${scheduled}`)).body).status).toMatch(/queued|running/);
  });

  it('puts a system into maintenance mode and out', async () => {
    const hq = await system('hq-mail-01');
    const on = await admin.put(`/api/mgr/v1/managed_systems/${hq.id}/maintenance`, { body: { enable: true } });
    expect(asResponseOf(setMaintenance, on.body)).toMatchObject({ maintenance: true, status: 'maintenance' });
    expect((await system('hq-mail-01')).status).toBe('maintenance');
    await admin.put(`/api/mgr/v1/managed_systems/${hq.id}/maintenance`, { body: { enabled: false } });
    expect((await system('hq-mail-01')).status).toBe('online');
  });

  it('is not mounted on an appliance outside a management station, nor in the cloud', async () => {
    const a = await signedIn('admin', appliance.url);
    expect((await a.get('/api/mgr/v1/managed_systems')).status).toBe(404);
    expect((await a.get('/api/dash/v1/settings/network')).status).toBe(200);
    const cloud = await signedIn('admin');
    expect((await cloud.get('/api/mgr/v1/managed_systems')).status).toBe(404);
    expect((await cloud.get('/api/mgr/v1/groups')).status).toBe(404);
  }, 120_000);
});
