import { describe, expect, it } from 'vitest';
import { getRevision, publish, revisionHistory } from '../../definitions/api/policy';
import { MESSAGES } from '../../schemas/constants';
import { SslBypassDocument } from '../../schemas/areas/sslBypass';
import { ApiClient, SSL_BYPASS, asResponseOf, signedIn, stagedRev } from './helpers';

type Envelope = ReturnType<typeof SslBypassDocument.parse> & { rev_id: number; state: string; updated_at: string };

async function readBypass(client: ApiClient): Promise<Envelope> {
  const rev = await stagedRev(client);
  const res = await client.get(`${SSL_BYPASS}/${rev}`);
  expect(res.status).toBe(200);
  return asResponseOf('web.ssl-bypass.get', res.body) as Envelope;
}

const entry = (id: string, destination: string) => ({ id, destination, comment: 'test entry', enabled: true });

describe('policy revision', () => {
  it('answers staged_rev_id, rev_id, state and updated_at', async () => {
    const res = await (await signedIn('auditor')).get('/api/policy/v1/rules');
    expect(res.status).toBe(200);
    const rev = asResponseOf(getRevision, res.body);
    expect(rev.staged_rev_id).toBeGreaterThan(rev.rev_id);
    expect(rev.rev_id).toBeGreaterThanOrEqual(1);
  });

  it('needs a session', async () => {
    expect((await new ApiClient().get('/api/policy/v1/rules')).status).toBe(401);
  });
});

describe('SSL bypass document', () => {
  it('reads the seeded list in its envelope, and revision 1 as it was published', async () => {
    const auditor = await signedIn('auditor');
    const doc = await readBypass(auditor);
    expect(doc.rev_id).toBe(await stagedRev(auditor));
    expect(doc.list.length).toBeGreaterThan(0);
    // Saves go to the working revision, so the seeded revision 1 stays as published whatever other tests changed.
    const seeded = (await auditor.get(`${SSL_BYPASS}/1`)).body;
    expect(seeded).toMatchObject({ rev_id: 1, state: 'published' });
    expect(seeded.list).toHaveLength(10);
    expect(seeded.list.map((e: { destination: string }) => e.destination)).toEqual(
      expect.arrayContaining(['*.chase.com', '*.healthcare.gov', '10.20.0.0/16', '203.0.113.10']),
    );
  });

  it('saves and reads back a change; the revision becomes staged', async () => {
    const admin = await signedIn('admin');
    const before = await readBypass(admin);
    const list = [...before.list, entry('api-round-trip', 'intranet.example.org')];
    const res = await admin.put(`${SSL_BYPASS}/${before.rev_id}`, { body: { ...before, list } });
    expect(res.status).toBe(200);
    const saved = asResponseOf('web.ssl-bypass.save', res.body) as Envelope;
    expect(saved).toMatchObject({ list, rev_id: before.rev_id, state: 'staged' });
    expect(Date.parse(saved.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));

    const after = await readBypass(admin);
    expect(after).toEqual(saved);
    const rev = (await admin.get('/api/policy/v1/rules')).body;
    expect(rev).toMatchObject({ staged_rev_id: before.rev_id, state: 'staged', updated_at: saved.updated_at });
  });

  it('fills schema defaults of a saved entry', async () => {
    const admin = await signedIn('admin');
    const before = await readBypass(admin);
    const res = await admin.put(`${SSL_BYPASS}/${before.rev_id}`, {
      body: { ...before, list: [...before.list, { id: 'api-defaults', destination: '192.0.2.44' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.list.at(-1)).toEqual({ id: 'api-defaults', destination: '192.0.2.44', comment: '', enabled: true });
  });

  it('refuses an invalid destination with its field path and validator key, storing nothing', async () => {
    const admin = await signedIn('admin');
    const before = await readBypass(admin);
    const list = [...before.list, entry('api-bad', 'not a host!')];
    const res = await admin.put(`${SSL_BYPASS}/${before.rev_id}`, { body: { ...before, list } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MESSAGES.validationFailed);
    expect(res.body.errors).toEqual([
      { path: `list.${list.length - 1}.destination`, key: 'invalidDomainIpOrCidr', message: expect.any(String) },
    ]);
    expect(await readBypass(admin)).toEqual(before);
  });

  it('refuses a stale save with 409 and the stored document, changing nothing', async () => {
    const admin = await signedIn('admin');
    const loaded = await readBypass(admin);
    const first = await admin.put(`${SSL_BYPASS}/${loaded.rev_id}`, { body: { ...loaded, list: loaded.list.slice(1) } });
    expect(first.status).toBe(200);

    const other = await signedIn('webadmin');
    const stale = await other.put(`${SSL_BYPASS}/${loaded.rev_id}`, {
      body: { ...loaded, list: [...loaded.list, entry('api-stale', 'stale.example.com')] },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(MESSAGES.staleSave);
    expect(stale.body.current).toEqual(first.body);
    expect(await readBypass(admin)).toEqual(first.body);
  });

  it('refuses a save to a revision other than the staged one with 409', async () => {
    const admin = await signedIn('admin');
    const doc = await readBypass(admin);
    const oldRev = doc.rev_id - 1;
    expect((await admin.put(`${SSL_BYPASS}/${oldRev}`, { body: { ...doc, rev_id: oldRev } })).status).toBe(409);
    expect((await admin.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, rev_id: oldRev } })).status).toBe(409);
    expect(await readBypass(admin)).toEqual(doc);
  });

  it('answers 404 for a revision that does not exist', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get(`${SSL_BYPASS}/${(await stagedRev(admin)) + 50}`)).status).toBe(404);
  });

  it.each([
    ['missing', false as const],
    ['wrong', '2|00000000|0123456789abcdef0123456789abcdef|1'],
  ])('refuses a save with a %s X-XSRFToken (403), changing nothing', async (_label, xsrf) => {
    const admin = await signedIn('admin');
    const doc = await readBypass(admin);
    const res = await admin.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list: [] }, xsrf });
    expect(res.status).toBe(403);
    expect(await readBypass(admin)).toEqual(doc);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const res = await admin.put(`${SSL_BYPASS}/${rev}`, { raw: { data: '{"list": [', type: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MESSAGES.validationFailed);
  });

  it('lets the auditor read but not write (403, nothing changed)', async () => {
    const auditor = await signedIn('auditor');
    const doc = await readBypass(auditor);
    const res = await auditor.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list: [] } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ msg: MESSAGES.forbidden });
    expect(await readBypass(auditor)).toEqual(doc);
  });

  it('lets the web administrator write web policy', async () => {
    const webadmin = await signedIn('webadmin');
    const doc = await readBypass(webadmin);
    const list = [...doc.list, entry('api-webadmin', '*.payroll.example.com')];
    const res = await webadmin.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list } });
    expect(res.status).toBe(200);
    expect((await readBypass(webadmin)).list).toEqual(list);
  });
});

describe('publish', () => {
  it('publishes a staged revision and opens the next one, keeping the published one readable', async () => {
    const admin = await signedIn('admin');
    const doc = await readBypass(admin);
    const list = [...doc.list, entry('api-publish', 'publish.example.net')];
    expect((await admin.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list } })).status).toBe(200);

    const res = await admin.post(`/api/policy/v1/rules/${doc.rev_id}`);
    expect(res.status).toBe(200);
    expect(asResponseOf(publish, res.body)).toMatchObject({ staged_rev_id: doc.rev_id + 1, rev_id: doc.rev_id, state: 'published' });

    const next = await readBypass(admin);
    expect(next).toMatchObject({ list, rev_id: doc.rev_id + 1, state: 'published' });
    const published = await admin.get(`${SSL_BYPASS}/${doc.rev_id}`);
    expect(published.body).toMatchObject({ list, rev_id: doc.rev_id, state: 'published' });
  });

  it('does nothing when the revision is not staged', async () => {
    const admin = await signedIn('admin');
    const current = (await admin.get('/api/policy/v1/rules')).body;
    if (current.state === 'staged') await admin.post(`/api/policy/v1/rules/${current.staged_rev_id}`);
    const before = (await admin.get('/api/policy/v1/rules')).body;
    expect(before.state).toBe('published');
    const res = await admin.post(`/api/policy/v1/rules/${before.staged_rev_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
    expect((await admin.get('/api/policy/v1/rules')).body).toEqual(before);
  });

  it('refuses to publish another revision than the staged one (409) and refuses the auditor (403)', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    expect((await admin.post(`/api/policy/v1/rules/${rev - 1}`)).status).toBe(409);
    expect((await (await signedIn('auditor')).post(`/api/policy/v1/rules/${rev}`)).status).toBe(403);
  });

  it('lists published revisions newest first, with who published them, paged', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/api/policy/v1/revisions');
    expect(res.status).toBe(200);
    const history = asResponseOf(revisionHistory, res.body);
    expect(history).toMatchObject({ limit: 25, offset: 0 });
    const ids = history.revisions.map((r) => r.rev_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(history.total).toBe(ids.length);
    expect(history.revisions[0]).toMatchObject({ state: 'published', published_by: 'admin', published_at: expect.any(String) });
    expect(history.revisions.at(-1)).toMatchObject({ rev_id: 1, published_by: 'system' });

    const page = await admin.get('/api/policy/v1/revisions?limit=1&offset=1');
    expect(page.body.revisions.map((r: { rev_id: number }) => r.rev_id)).toEqual(ids.slice(1, 2));
  });

  it('validates the query with query-prefixed paths', async () => {
    const res = await (await signedIn('admin')).get('/api/policy/v1/revisions?limit=0');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'query.limit', key: 'too_small' })]);
  });
});
