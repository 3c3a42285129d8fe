/** Publish review on the API: the change reason, the staged-vs-published changes, the history and rollback. */
import { describe, expect, it } from 'vitest';
import { publish, revisionChanges, revisionHistory, rollback } from '../../definitions/api/policy';
import { MESSAGES } from '../../schemas/constants';
import { ApiClient, SSL_BYPASS, asResponseOf, signedIn, stagedRev } from './helpers';

interface Entry {
  id: string;
  destination: string;
  comment: string;
  enabled: boolean;
}
interface Doc {
  list: Entry[];
  rev_id: number;
  state: string;
  updated_at: string;
}

const rules = async (c: ApiClient) => (await c.get('/api/policy/v1/rules')).body as { staged_rev_id: number; rev_id: number; state: string };
const read = async (c: ApiClient, rev?: number) => (await c.get(`${SSL_BYPASS}/${rev ?? (await stagedRev(c))}`)).body as Doc;
const entry = (id: string): Entry => ({ id, destination: `${id}.example.org`, comment: 'revision test', enabled: true });

/** Saves the SSL bypass list with one more entry; answers the saved document. */
async function addEntry(c: ApiClient, id: string): Promise<Doc> {
  const doc = await read(c);
  const res = await c.put(`${SSL_BYPASS}/${doc.rev_id}`, { body: { ...doc, list: [...doc.list, entry(id)] } });
  expect(res.status).toBe(200);
  return res.body as Doc;
}

async function publishWith(c: ApiClient, reason: string) {
  const rev = await stagedRev(c);
  const res = await c.post(`/api/policy/v1/rules/${rev}`, { body: { reason } });
  expect(res.status).toBe(200);
  return { rev, answer: asResponseOf(publish, res.body) };
}

describe('publish with a change reason', () => {
  it('stores the reason, who and when with the revision; the history lists them with the areas changed', async () => {
    const admin = await signedIn('admin');
    // Other suites share the store (one PostgreSQL database for the whole API run): publish what they left staged,
    // so the revision below holds this test's change alone.
    if ((await rules(admin)).state === 'staged') await publishWith(admin, 'Changes left by other suites');
    await addEntry(admin, 'reason-a');
    const { rev, answer } = await publishWith(admin, '  Bypass the new payroll portal  ');
    expect(answer).toMatchObject({ rev_id: rev, staged_rev_id: rev + 1, state: 'published' });

    const history = asResponseOf(revisionHistory, (await admin.get('/api/policy/v1/revisions')).body);
    expect(history.revisions[0]).toEqual({
      rev_id: rev,
      state: 'published',
      updated_at: expect.any(String),
      published_at: expect.any(String),
      published_by: 'admin',
      reason: 'Bypass the new payroll portal',
      areas: ['web.ssl-bypass'],
    });
    expect(history.revisions.at(-1)).toMatchObject({ rev_id: 1, published_by: 'system', reason: 'Initial policy' });
  });

  it('still publishes without a body, as the spec calls it', async () => {
    const admin = await signedIn('admin');
    await addEntry(admin, 'reason-none');
    const rev = await stagedRev(admin);
    const res = await admin.post(`/api/policy/v1/rules/${rev}`);
    expect(res.status).toBe(200);
    expect(asResponseOf(revisionHistory, (await admin.get('/api/policy/v1/revisions')).body).revisions[0]).toMatchObject({ rev_id: rev, reason: null });
  });

  it.each([
    ['too short', { reason: ' x ' }, 'reason', 'too_small'],
    ['too long', { reason: 'y'.repeat(501) }, 'reason', 'too_big'],
    ['not text', { reason: 42 }, 'reason', 'invalid_type'],
    ['with an unknown field', { reason: 'Valid reason', note: 1 }, '', 'unrecognized_keys'],
  ])('refuses a reason %s with 400 and publishes nothing', async (_label, body, path, key) => {
    const admin = await signedIn('admin');
    await addEntry(admin, `reason-bad-${key.replaceAll("_", "-")}`);
    const before = await rules(admin);
    const res = await admin.post(`/api/policy/v1/rules/${before.staged_rev_id}`, { body });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MESSAGES.validationFailed);
    expect(res.body.errors).toEqual([expect.objectContaining({ path, key })]);
    expect(await rules(admin)).toEqual(before);
  });
});

describe('changes of a revision', () => {
  it('answers each changed area of the working revision with its published and staged document', async () => {
    const admin = await signedIn('admin');
    const published = await read(admin, (await rules(admin)).rev_id);
    await addEntry(admin, 'changes-a');
    const rev = await stagedRev(admin);
    const res = await (await signedIn('auditor')).get(`/api/policy/v1/revisions/${rev}/changes`);
    expect(res.status).toBe(200);
    const changes = asResponseOf(revisionChanges, res.body);
    expect(changes).toMatchObject({ rev_id: rev, base_rev_id: rev - 1 });
    expect(changes.areas.map((a) => a.screen_id)).toEqual(['web.ssl-bypass']);
    const [area] = changes.areas;
    expect(area!.before).toEqual({ list: published.list });
    expect(area!.after).toEqual({ list: (await read(admin)).list });
    expect((area!.after.list as Entry[]).map((e) => e.id)).toContain('changes-a');
  });

  it('answers no areas for a revision that changed nothing, and 404 for one that does not exist', async () => {
    const admin = await signedIn('admin');
    const current = await rules(admin);
    if (current.state === 'staged') await publishWith(admin, 'Clear the staged revision');
    const rev = await stagedRev(admin);
    expect((await admin.get(`/api/policy/v1/revisions/${rev}/changes`)).body).toEqual({ rev_id: rev, base_rev_id: rev - 1, areas: [] });
    expect((await admin.get(`/api/policy/v1/revisions/${rev + 10}/changes`)).status).toBe(404);
    const bad = await admin.get('/api/policy/v1/revisions/abc/changes');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'params.rev' })]);
  });
});

describe('rollback', () => {
  it('stages the content of an earlier published revision, which a publish then makes live', async () => {
    const admin = await signedIn('admin');
    await addEntry(admin, 'rollback-keep');
    const { rev: good } = await publishWith(admin, 'Known good');
    await addEntry(admin, 'rollback-drop');
    const { rev: bad } = await publishWith(admin, 'To be rolled back');
    expect((await read(admin, bad)).list.map((e) => e.id)).toContain('rollback-drop');

    const res = await admin.post(`/api/policy/v1/revisions/${good}/rollback`);
    expect(res.status).toBe(200);
    expect(asResponseOf(rollback, res.body)).toMatchObject({ staged_rev_id: bad + 1, rev_id: bad, state: 'staged' });
    const staged = await read(admin);
    expect(staged.list).toEqual((await read(admin, good)).list);
    // The rollback is reviewed like any change: the staged revision's changes remove the entry again.
    const changes = asResponseOf(revisionChanges, (await admin.get(`/api/policy/v1/revisions/${bad + 1}/changes`)).body);
    expect(changes.areas.map((a) => a.screen_id)).toEqual(['web.ssl-bypass']);

    await publishWith(admin, `Roll back to revision ${good}`);
    expect((await read(admin, bad + 1)).list).toEqual((await read(admin, good)).list);
    expect((await read(admin, bad)).list.map((e) => e.id)).toContain('rollback-drop');
  });

  it('stages nothing when the content already equals the chosen revision', async () => {
    const admin = await signedIn('admin');
    if ((await rules(admin)).state === 'staged') await publishWith(admin, 'Clear the staged revision');
    const before = await rules(admin);
    const res = await admin.post(`/api/policy/v1/revisions/${before.rev_id}/rollback`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(before);
  });

  it('answers 404 for a revision never published, 400 for a malformed one, 403 to the auditor; nothing changes', async () => {
    const admin = await signedIn('admin');
    await addEntry(admin, 'rollback-refused');
    const before = await rules(admin);
    const doc = await read(admin);
    expect((await admin.post(`/api/policy/v1/revisions/${before.staged_rev_id}/rollback`)).status).toBe(404);
    expect((await admin.post(`/api/policy/v1/revisions/${before.staged_rev_id + 5}/rollback`)).status).toBe(404);
    expect((await admin.post('/api/policy/v1/revisions/-1/rollback')).status).toBe(400);
    const auditor = await signedIn('auditor');
    const denied = await auditor.post(`/api/policy/v1/revisions/1/rollback`);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ msg: MESSAGES.forbidden });
    expect((await auditor.post(`/api/policy/v1/rules/${before.staged_rev_id}`, { body: { reason: 'Not allowed' } })).status).toBe(403);
    expect(await rules(admin)).toEqual(before);
    expect(await read(admin)).toEqual(doc);
  });
});
