/**
 * The appliance's own accounts (/api/mgr/v2/settings/auth/user): list, set password, enable / disable, unlock, SSH.
 * Written to run again on a database that keeps what an earlier run did (the PostgreSQL run): every change is undone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApplianceUsers, setApplianceUserPassword, setApplianceUserSsh, setApplianceUserStatus, unlockApplianceUser } from '../../definitions/api/applianceUsers';
import type { ApplianceUser } from '../../schemas/areas/applianceAuth';
import { startTestServer, type TestServer } from '../setup/start-server';
import { type ApiClient, asResponseOf, signedIn } from './helpers';

const BASE = '/api/mgr/v2/settings/auth/user';

describe('appliance accounts', () => {
  let server: TestServer;
  let admin: ApiClient;
  let auditor: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem' } });
    admin = await signedIn('admin', server.url);
    auditor = await signedIn('auditor', server.url);
  }, 180_000);
  afterAll(() => server.close());

  const list = async (client = admin) => asResponseOf(listApplianceUsers, (await client.get(BASE)).body).users;
  const account = async (username: string): Promise<ApplianceUser> => (await list()).find((u) => u.username === username)!;

  it('lists the seeded accounts with role and state, to the auditor too', async () => {
    const users = await list(auditor);
    expect(users.map((u) => [u.username, u.role])).toEqual([
      ['admin', 'administrator'],
      ['auditor', 'auditor'],
      ['secops', 'administrator'],
      ['support', 'support'],
    ]);
    expect(users.every((u) => !Number.isNaN(Date.parse(u.password_changed_at)))).toBe(true);
  });

  it('sets a password of 12 characters or more, which also ends a lock; refuses a short one (400) changing nothing', async () => {
    const before = await account('secops');
    const short = await admin.put(`${BASE}/${before.id}/password`, { body: { password: 'short-pw' } });
    expect(short.status).toBe(400);
    expect(short.body.errors.map((e: { path: string }) => e.path)).toEqual(['password']);
    expect(await account('secops')).toEqual(before);

    const set = await admin.put(`${BASE}/${before.id}/password`, { body: { password: 'a-long-enough-password' } });
    expect(set.status).toBe(200);
    const after = asResponseOf(setApplianceUserPassword, set.body);
    expect(after.locked).toBe(false);
    expect(Date.parse(after.password_changed_at)).toBeGreaterThan(Date.parse(before.password_changed_at));
    expect(JSON.stringify(await list())).not.toContain('a-long-enough-password');
  });

  it('unlocks, switches SSH and the account on and off, and answers the account as it is now', async () => {
    const secops = await account('secops');
    expect(asResponseOf(unlockApplianceUser, (await admin.put(`${BASE}/${secops.id}/unlock`)).body).locked).toBe(false);

    const sshOn = asResponseOf(setApplianceUserSsh, (await admin.put(`${BASE}/${secops.id}/ssh`, { body: { enabled: true } })).body);
    expect(sshOn.ssh_enabled).toBe(true);
    expect((await account('secops')).ssh_enabled).toBe(true);
    expect((await admin.put(`${BASE}/${secops.id}/ssh`, { body: { enabled: false } })).status).toBe(200);

    const off = asResponseOf(setApplianceUserStatus, (await admin.put(`${BASE}/${secops.id}/status`, { body: { enabled: false } })).body);
    expect(off.enabled).toBe(false);
    expect((await admin.put(`${BASE}/${secops.id}/status`, { body: { enabled: true } })).status).toBe(200);
  });

  it('never disables the last enabled administrator (409 naming the field)', async () => {
    const secops = await account('secops');
    const adminAccount = await account('admin');
    expect((await admin.put(`${BASE}/${secops.id}/status`, { body: { enabled: false } })).status).toBe(200);
    try {
      const last = await admin.put(`${BASE}/${adminAccount.id}/status`, { body: { enabled: false } });
      expect(last.status).toBe(409);
      expect(last.body.errors).toContainEqual(expect.objectContaining({ path: 'enabled', key: 'lastAdministrator' }));
      expect((await account('admin')).enabled).toBe(true);
    } finally {
      await admin.put(`${BASE}/${secops.id}/status`, { body: { enabled: true } });
    }
  });

  it('refuses the auditor (403), a bad body (400) and an unknown account (404), changing nothing', async () => {
    const before = await list();
    const support = before.find((u) => u.username === 'support')!;
    expect((await auditor.put(`${BASE}/${support.id}/ssh`, { body: { enabled: false } })).status).toBe(403);
    const bad = await admin.put(`${BASE}/${support.id}/status`, { body: { enabled: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['enabled']);
    expect((await admin.put(`${BASE}/no-such-account/unlock`)).status).toBe(404);
    expect(await list()).toEqual(before);
  });
});
