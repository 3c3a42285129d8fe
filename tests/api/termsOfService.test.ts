/**
 * Terms of service (000: "Terms of service can be fetched and accepted"): an administrator sets the terms on the
 * settings page; every signed-in user reads whether they must accept and accepts the current version for themselves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tenantUtilOps } from '../../definitions/api/tenantUtils';
import { termsOfService } from '../../definitions/settings/tenant/termsOfService';
import { ApiClient, asResponseOf, signedIn } from './helpers';

const SETTINGS = termsOfService.endpoint.path;
const STATUS = tenantUtilOps.tosStatus.path;
const ACCEPT = tenantUtilOps.acceptTos.path;
const terms = (version: number) => ({
  enabled: true,
  title: 'Acceptable use policy',
  text: `Use the service for work only (version ${version}).`,
  version,
  accept_every_days: 0,
});

/** Saves the tenant's terms as the settings page does (with the updated_at it read, so the save is not stale). */
async function setTerms(admin: ApiClient, version: number, enabled = true) {
  const { updated_at } = (await admin.get(SETTINGS)).body as { updated_at?: string };
  return (await admin.put(SETTINGS, { body: { ...terms(version), enabled, ...(updated_at ? { updated_at } : {}) } })).status;
}

describe('terms of service', { timeout: 180_000 }, () => {
  // Other suites sign in to the same server and expect the portal at once.
  afterAll(async () => expect(await setTerms(await signedIn('admin'), 7, false)).toBe(200), 180_000);

  it('asks every user to accept the current version once; a reader accepts for themselves; an old version is a 409', async () => {
    const admin = await signedIn('admin');
    expect(await setTerms(admin, 3)).toBe(200);

    const auditor = await signedIn('auditor');
    const before = asResponseOf(tenantUtilOps.tosStatus, (await auditor.get(STATUS)).body);
    expect(before).toMatchObject({ enabled: true, version: 3, must_accept: true, accepted_version: null, text: terms(3).text });

    const old = await auditor.post(ACCEPT, { body: { version: 2 } });
    expect(old.status).toBe(409);
    expect(asResponseOf(tenantUtilOps.tosStatus, (await auditor.get(STATUS)).body).must_accept).toBe(true);

    const ok = await auditor.post(ACCEPT, { body: { version: 3 } });
    expect(ok.status).toBe(200);
    expect(asResponseOf(tenantUtilOps.acceptTos, ok.body)).toMatchObject({ version: 3, accepted_by: 'auditor' });
    const after = asResponseOf(tenantUtilOps.tosStatus, (await auditor.get(STATUS)).body);
    expect(after).toMatchObject({ must_accept: false, accepted_version: 3 });
    // Accepting is per user: the administrator is still asked.
    expect(asResponseOf(tenantUtilOps.tosStatus, (await admin.get(STATUS)).body).must_accept).toBe(true);

    // A new version asks again.
    expect(await setTerms(admin, 4)).toBe(200);
    expect(asResponseOf(tenantUtilOps.tosStatus, (await auditor.get(STATUS)).body)).toMatchObject({ must_accept: true, accepted_version: 3 });
    expect((await auditor.post(ACCEPT, { body: { version: 3 } })).status).toBe(409);
  });

  it('refuses a bad body with a 400 naming the field and records nothing; 401 without a session', async () => {
    const admin = await signedIn('admin');
    expect(await setTerms(admin, 5)).toBe(200);
    for (const body of [{}, { version: 'five' }, { version: 5, extra: true }]) {
      const bad = await admin.post(ACCEPT, { body });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.length).toBeGreaterThan(0);
    }
    const missing = await admin.post(ACCEPT, { body: { version: 'five' } });
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['version']);
    expect(asResponseOf(tenantUtilOps.tosStatus, (await admin.get(STATUS)).body).must_accept).toBe(true);
    expect((await new ApiClient().get(STATUS)).status).toBe(401);
    expect((await new ApiClient().post(ACCEPT, { body: { version: 5 } })).status).toBe(401);
  });

  it('shows each tenant its own terms', async () => {
    const admin = await signedIn('admin');
    expect(await setTerms(admin, 6)).toBe(200);
    const other = asResponseOf(tenantUtilOps.tosStatus, (await (await signedIn('other-admin')).get(STATUS)).body);
    expect(other.version).not.toBe(6);
    expect(other.text).not.toBe(terms(6).text);
    expect(other.must_accept).toBe(false);
  });
});
