import { describe, expect, it } from 'vitest';
import { SSL_BYPASS, signedIn, stagedRev } from './helpers';

describe('tenant isolation', () => {
  it('gives each tenant its own SSL bypass list', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const demo = (await admin.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).body;
    const own = (await other.get(`${SSL_BYPASS}/${await stagedRev(other)}`)).body;
    expect(own.list.length).toBeGreaterThan(0);
    expect(own.list.every((e: { id: string }) => e.id.startsWith('sb-other-'))).toBe(true);
    expect(demo.list.some((e: { id: string }) => e.id.startsWith('sb-other-'))).toBe(false);
  });

  it('writes only the caller tenant: another tenant saving leaves Demo Corp unchanged', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const demoBefore = (await admin.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).body;
    const ownRev = await stagedRev(other);
    const own = (await other.get(`${SSL_BYPASS}/${ownRev}`)).body;
    const list = [...own.list, { id: 'other-only', destination: '*.other-corp.example', comment: '', enabled: true }];
    expect((await other.put(`${SSL_BYPASS}/${ownRev}`, { body: { ...own, list } })).status).toBe(200);

    expect((await other.get(`${SSL_BYPASS}/${ownRev}`)).body.list).toEqual(list);
    expect((await admin.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).body).toEqual(demoBefore);
  });

  it('offers no way to address another tenant: tenant ids in the query or headers are ignored', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const demoTid = (await admin.get('/api/userinfo')).body.tid;
    const ownTid = (await other.get('/api/userinfo')).body.tid;
    expect(ownTid).not.toBe(demoTid);

    const rev = await stagedRev(other);
    const plain = (await other.get(`${SSL_BYPASS}/${rev}`)).body;
    const aimed = await other.get(`${SSL_BYPASS}/${rev}?tid=${demoTid}&tenant_id=${demoTid}`, {
      headers: { 'X-Tenant-Id': demoTid, 'X-Tid': demoTid },
    });
    expect(aimed.status).toBe(200);
    expect(aimed.body).toEqual(plain);
    expect((await other.get('/api/auth/v1/list_users')).body.users.map((u: { username: string }) => u.username)).toEqual(['other-admin']);
  });

  it("keeps each tenant's revisions apart: publishing in Other Corp does not move Demo Corp", async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const demoRev = (await admin.get('/api/policy/v1/rules')).body;
    const ownRev = await stagedRev(other);
    expect((await other.post(`/api/policy/v1/rules/${ownRev}`)).status).toBe(200);
    expect((await admin.get('/api/policy/v1/rules')).body).toEqual(demoRev);
  });
});
