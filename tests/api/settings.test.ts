import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../schemas/constants';
import type { ConfigPolicy } from '../../schemas/areas/browserPosture';
import type { PacTemplateAnswer, ProxyIps } from '../../schemas/areas/pac';
import type { StorageProfile, StorageProfilesDocument } from '../../schemas/areas/storageProfiles';
import { ApiClient, asResponseOf, policyUpload, signedIn } from './helpers';

const STORAGE = '/api/settings/v1/storage/profiles';
const VALIDATE = '/api/settings/v1/storage/validate';
const PAC = '/api/settings/v1/pac';
const BPM = '/api/brw-posture-mgmt/v1';
const PLACEHOLDER = '********';
/** Secrets of the seeded Demo Corp profiles (server/seed/documents/settings.storage-profiles.json). */
const SEEDED_AWS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const SEEDED_AWS_UUID = '3f6b8c2e-6a1d-4e2b-9c7a-1d2e3f4a5b61';

type Storage = StorageProfilesDocument & { updated_at?: string; updated_by?: string };

async function readStorage(client: ApiClient): Promise<Storage> {
  const res = await client.get(STORAGE);
  expect(res.status).toBe(200);
  return asResponseOf('settings.storage-profiles.get', res.body) as Storage;
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const awsProfile = (n: number): StorageProfile => ({
  uuid: uuid(n),
  name: `Bucket ${n}`,
  storage_platform: 'Amazon AWS',
  validated: false,
  s3_bucket: `bucket-${n}`,
  key_id: 'AKIAI44QH8DHBEXAMPLE',
  secret_key: 'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY',
  path: '/p',
});

describe('storage profiles', () => {
  it('never returns a stored key in clear', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get(STORAGE);
    expect(res.text).not.toContain(SEEDED_AWS_KEY);
    const doc = asResponseOf('settings.storage-profiles.get', res.body) as Storage;
    expect(doc.list.length).toBeGreaterThan(0);
    for (const p of doc.list) expect(p.secret_key).toBe(PLACEHOLDER);
  });

  it('refuses 51 profiles, a missing platform field and a 251-character name with their paths, storing nothing', async () => {
    const admin = await signedIn('admin');
    const before = await readStorage(admin);
    const cases: [StorageProfile[], string, string][] = [
      [Array.from({ length: 51 }, (_, i) => awsProfile(i + 1)), 'list', 'too_big'],
      [[...before.list, (({ s3_bucket: _b, ...p }) => p)(awsProfile(90))], `list.${before.list.length}.s3_bucket`, 'required'],
      [[{ ...before.list[0]!, name: 'n'.repeat(251) }], 'list.0.name', 'too_big'],
    ];
    for (const [list, path, key] of cases) {
      const res = await admin.post(STORAGE, { body: { ...before, list } });
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toBe(MESSAGES.validationFailed);
      expect(res.body.errors).toEqual([{ path, key, message: expect.any(String) }]);
    }
    expect(await readStorage(admin)).toEqual(before);
  });

  it('keeps a key that is not retyped, takes a retyped one, and wants one for a new profile', async () => {
    const admin = await signedIn('admin');
    const before = await readStorage(admin);

    const unchanged = await admin.post(STORAGE, { body: before });
    expect(unchanged.status).toBe(200);
    expect(unchanged.text).not.toContain(SEEDED_AWS_KEY);
    // The key was kept: validating the saved profile with the placeholder finds a well-formed stored key.
    const seeded = (await readStorage(admin)).list.find((p) => p.uuid === SEEDED_AWS_UUID)!;
    const check = await admin.post(VALIDATE, { body: seeded });
    expect(check.status).toBe(200);
    expect(asResponseOf('storage.validate', check.body)).toEqual({ validated: true, message: expect.stringContaining('does not connect') });

    const fresh = { ...awsProfile(7), secret_key: PLACEHOLDER };
    const missing = await admin.post(STORAGE, { body: { ...(await readStorage(admin)), list: [...before.list, fresh] } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: `list.${before.list.length}.secret_key`, key: 'required', message: expect.any(String) }]);

    const retyped = await admin.post(STORAGE, { body: { ...(await readStorage(admin)), list: [...before.list, awsProfile(7)] } });
    expect(retyped.status).toBe(200);
    expect(retyped.body.list.at(-1).secret_key).toBe(PLACEHOLDER);
    expect(retyped.text).not.toContain(awsProfile(7).secret_key);
    const saved = (await readStorage(admin)).list.at(-1)!;
    expect((await admin.post(VALIDATE, { body: saved })).body.validated).toBe(true);

    expect((await admin.post(STORAGE, { body: { ...(await readStorage(admin)), list: before.list } })).status).toBe(200);
  });

  it('answers a stale save with 409 and the stored document, keys masked', async () => {
    const admin = await signedIn('admin');
    const before = await readStorage(admin);
    const res = await admin.post(STORAGE, { body: { ...before, updated_at: '2000-01-01T00:00:00.000Z' } });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(MESSAGES.staleSave);
    expect(res.body.current.list).toEqual(before.list);
    expect(res.text).not.toContain(SEEDED_AWS_KEY);
  });

  it('validates the form of a profile and says that it did not connect', async () => {
    const admin = await signedIn('admin');
    const bad = await admin.post(VALIDATE, { body: { ...awsProfile(3), s3_bucket: 'Bad_Bucket', key_id: 'nope' } });
    expect(bad.status).toBe(200);
    expect(bad.body.validated).toBe(false);
    expect(bad.body.message).toMatch(/S3 bucket.*Access key id/);
    const missing = await admin.post(VALIDATE, { body: { ...awsProfile(3), storage_platform: 'Microsoft Azure' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['account', 'share', 's3_bucket']));
  });

  it('is read-only for the auditor', async () => {
    const auditor = await signedIn('auditor');
    const before = await readStorage(auditor);
    expect((await auditor.post(STORAGE, { body: before })).status).toBe(403);
    expect((await auditor.post(VALIDATE, { body: awsProfile(1) })).status).toBe(403);
    expect(await readStorage(auditor)).toEqual(before);
  });

  it('keeps tenants apart: Other Corp sees none of Demo Corp’s profiles or keys', async () => {
    const other = await signedIn('other-admin');
    const res = await other.get(STORAGE);
    expect(res.status).toBe(200);
    expect(res.body.list).toEqual([]);
    expect(res.text).not.toContain(SEEDED_AWS_UUID);
    const demoProfile = (await readStorage(await signedIn('admin'))).list.find((p) => p.uuid === SEEDED_AWS_UUID)!;
    const probe = await other.post(VALIDATE, { body: demoProfile });
    expect(probe.body).toMatchObject({ validated: false });
  });

  it('answers capabilities from the tenant', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get('/api/settings/v1/storage/capabilities/browsing_forensics')).body).toEqual({ capability: 'browsing_forensics', enabled: true });
    expect((await admin.get('/api/settings/v1/bf/capabilities/no_such_thing')).body).toEqual({ capability: 'no_such_thing', enabled: false });
    const other = await signedIn('other-admin');
    expect((await other.get('/api/settings/v1/storage/capabilities/browsing_forensics')).body.enabled).toBe(false);
  });
});

describe('browser forensics', () => {
  it('masks archive passwords and reports its status', async () => {
    const admin = await signedIn('admin');
    const profiles = await admin.get('/api/settings/v1/bf/profiles');
    expect(profiles.status).toBe(200);
    expect(profiles.text).not.toContain('infected-archive');
    expect(profiles.body.bf_profiles[0].capture_params.files.infected_file_password).toBe(PLACEHOLDER);
    const status = asResponseOf('bf.status', (await admin.get('/api/settings/v1/bf/status')).body);
    expect(status).toMatchObject({ enabled: true, state: 'ready', profiles: 2 });
  });

  it('wants a viewer URL while the viewer is on', async () => {
    const admin = await signedIn('admin');
    const viewer = (await admin.get('/api/settings/v1/bf/viewer')).body;
    const res = await admin.post('/api/settings/v1/bf/viewer', { body: { ...viewer, bf_viewer: { ...viewer.bf_viewer, viewer_url: '' } } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'bf_viewer.viewer_url', key: 'required', message: expect.any(String) }]);
    const ok = await admin.post('/api/settings/v1/bf/viewer', { body: { ...viewer, bf_viewer: { ...viewer.bf_viewer, open_link: 'modal_window' } } });
    expect(ok.status).toBe(200);
    expect(ok.body.bf_viewer.open_link).toBe('modal_window');
  });

  it('is closed to a tenant without the browsing-forensics capability', async () => {
    const other = await signedIn('other-admin');
    expect((await other.get('/api/settings/v1/bf/profiles')).status).toBe(403);
    expect((await other.get('/api/settings/v1/bf/status')).body).toMatchObject({ enabled: false, state: 'unavailable' });
  });
});

describe('PAC', () => {
  const template = 'function FindProxyForURL(url, host) {\n  return "PROXY 203.0.113.10:80; DIRECT";\n}\n';

  it('stores an uploaded template and hands it back', async () => {
    const admin = await signedIn('admin');
    // Uploaded templates are served from PAC file version 2 on (spec16-screens.test.ts covers version 1).
    expect((await admin.put('/api/settings/v2/pac/version', { body: { version: 'v2' } })).status).toBe(200);
    const generated = asResponseOf('pac.template', (await admin.get(`${PAC}/template`)).body) as PacTemplateAnswer;
    expect(generated.pac).toContain('FindProxyForURL');

    const up = await admin.post(`${PAC}/template`, { body: { pac: template, filename: 'branch.pac' } });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ pac: template, filename: 'branch.pac', source: 'uploaded', updated_by: 'admin' });
    const back = await admin.get(`${PAC}/template`);
    expect(back.body).toMatchObject({ pac: template, filename: 'branch.pac', source: 'uploaded' });
    const settings = await admin.get(PAC);
    expect(settings.body.template).toEqual({ pac: template, filename: 'branch.pac' });

    // The settings page saves the whole document back with PATCH, template included.
    const patched = await admin.request('PATCH', PAC, { body: { ...settings.body, mode: 'uploaded' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ mode: 'uploaded', template: { filename: 'branch.pac' } });
    expect((await admin.put('/api/settings/v2/pac/version', { body: { version: 'v1' } })).status).toBe(200);
  });

  it('refuses a bad file name and a file over 256 KB, storing nothing', async () => {
    const admin = await signedIn('admin');
    const before = (await admin.get(`${PAC}/template`)).body;
    const badName = await admin.post(`${PAC}/template`, { body: { pac: template, filename: 'proxy.exe' } });
    expect(badName.status).toBe(400);
    expect(badName.body.errors).toEqual([{ path: 'filename', key: 'invalidFileName', message: expect.any(String) }]);
    const big = await admin.post(`${PAC}/template`, { body: { pac: template + '//' + 'x'.repeat(256 * 1024), filename: 'big.pac' } });
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual([{ path: 'pac', key: 'maxSize', message: expect.any(String) }]);
    expect((await admin.get(`${PAC}/template`)).body).toEqual(before);
    expect((await (await signedIn('auditor')).post(`${PAC}/template`, { body: { pac: template, filename: 'a.pac' } })).status).toBe(403);
  });

  it('answers proxy addresses and defaults', async () => {
    const admin = await signedIn('admin');
    const ips = asResponseOf('pac.proxyIps', (await admin.get(`${PAC}/proxy_ips`)).body) as ProxyIps;
    expect(ips.proxy_ips.length).toBeGreaterThan(0);
    expect((await admin.get(`${PAC}/defaults`)).body).toMatchObject({ enabled: false, mode: 'generated', proxy_port: 80 });
  });
});

describe('browser posture management', () => {
  it('answers a valid draft-07 JSON Schema of browser settings for each platform and browser', async () => {
    const admin = await signedIn('admin');
    const ajv = new Ajv({ strict: true });
    addFormats(ajv);
    for (const platform of ['windows', 'macos', 'linux']) {
      for (const browser of ['chrome', 'edge']) {
        const res = await admin.get(`${BPM}/configSettingDefinitions?platform=${platform}&browser=${browser}&version=121.0.2277.83`);
        expect(res.status).toBe(200);
        expect(res.body.$schema).toBe('http://json-schema.org/draft-07/schema#');
        const validate = ajv.compile(res.body);
        const count = Object.keys(res.body.properties).length;
        expect(count).toBeGreaterThanOrEqual(15);
        expect(count).toBeLessThanOrEqual(30);
        expect(validate({ PasswordManagerEnabled: false, DownloadRestrictions: 1 })).toBe(true);
        expect(validate({ DownloadRestrictions: 9 })).toBe(false);
      }
    }
    const bad = await admin.get(`${BPM}/configSettingDefinitions?platform=android&browser=chrome&version=120`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.platform');
  });

  it('creates, reads, changes and deletes configuration policies of the tenant only', async () => {
    const admin = await signedIn('admin');
    const created = await admin.post(`${BPM}/configPolicies`, {
      raw: await policyUpload('API test policy', { platform: 'windows', browser: 'edge', version: '121', settings: { SmartScreenEnabled: true } }),
    });
    expect(created.status).toBe(200);
    const policy = asResponseOf('posture.createPolicy', created.body) as ConfigPolicy;
    expect(policy).toMatchObject({ status: 'Configured', createdBy: 'admin' });
    expect((await admin.get(`${BPM}/configPolicies/${policy.id}`)).body).toEqual(created.body);

    const badSetting = await admin.request('PATCH', `${BPM}/configPolicies/${policy.id}`, { body: { settings: { MaxConnectionsPerProxy: 200 }, updated_at: policy.updated_at } });
    expect(badSetting.status).toBe(400);
    expect(badSetting.body.errors[0].path).toBe('settings.MaxConnectionsPerProxy');
    const renamed = await admin.request('PATCH', `${BPM}/configPolicies/${policy.id}`, { body: { name: 'Renamed', settings: {}, updated_at: policy.updated_at } });
    expect(renamed.body).toMatchObject({ name: 'Renamed', status: 'Unconfigured' });

    const other = await signedIn('other-admin');
    expect((await other.get(`${BPM}/configPolicies/${policy.id}`)).status).toBe(404);
    expect((await other.post(`${BPM}/configPolicies/batchDelete`, { body: { ids: [policy.id] } })).body).toEqual({ deleted: 0 });
    expect((await (await signedIn('auditor')).request('DELETE', `${BPM}/configPolicies/${policy.id}`)).status).toBe(403);

    const second = (await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Second', { platform: 'linux', browser: 'chrome', version: '120' }) })).body;
    const gone = await admin.post(`${BPM}/configPolicies/batchDelete`, { body: { ids: [policy.id, second.id] } });
    expect(gone.body).toEqual({ deleted: 2 });
    const list = (await admin.get(`${BPM}/configPolicies`)).body.list.map((p: { id: string }) => p.id);
    expect(list).not.toContain(policy.id);
    expect((await admin.request('DELETE', `${BPM}/configPolicies/${policy.id}`)).status).toBe(404);
  });
});
