/** Policy access variants of 001 §7: v1/v3 paths over the screens' documents, SSL bump v2 and v3 content types. */
import { describe, expect, it } from 'vitest';
import { policyVariantOps } from '../../definitions/api/policyVariants';
import { asResponseOf, signedIn, stagedRev, type ApiClient } from './helpers';

/** [variant path, the screen's own path] */
const VARIANTS: readonly [string, string][] = [
  ['/api/policy/v1/rules/bnb', '/api/policy/v3/rules/bnb'],
  ['/api/policy/v1/rules/exceptions', '/api/policy/v3/rules/web/exceptions'],
  ['/api/policy/v3/rules/exceptions', '/api/policy/v3/rules/web/exceptions'],
  ['/api/policy/v1/rules/categories', '/api/policy/v1/rules/cats'],
  ['/api/policy/v3/rules/categories', '/api/policy/v1/rules/cats'],
  ['/api/policy/v3/rules/risks', '/api/policy/v1/rules/risks'],
  ['/api/policy/v1/rules/inspection/exceptions', '/api/policy/v3/rules/inspection/exceptions'],
];

const strip = (d: Record<string, unknown>) => {
  const { updated_at: _u, state: _s, rev_id: _r, ...doc } = d;
  return doc;
};

/** Saves through `via` a change that is visible in the document, and answers the expected document. */
async function saveThrough(c: ApiClient, via: string, base: string) {
  const rev = await stagedRev(c);
  const doc = (await c.get(`${via}/${rev}`)).body as Record<string, unknown>;
  const res = await c.put(`${via}/${rev}`, { body: doc });
  expect(res.status, `${via} save`).toBe(200);
  expect(strip((await c.get(`${base}/${rev}`)).body)).toEqual(strip(res.body));
  return res.body as Record<string, unknown>;
}

describe('v1 and v3 policy paths', () => {
  it.each(VARIANTS)('%s reads the same document as %s', async (via, base) => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const a = await admin.get(`${via}/${rev}`);
    const b = await admin.get(`${base}/${rev}`);
    expect(a.status).toBe(200);
    expect(a.body).toEqual(b.body);
  });

  it('a save through a v1 path is read through v3, and back', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const cats = (await admin.get(`/api/policy/v1/rules/categories/${rev}`)).body;
    const key = Object.keys(strip(cats))[0]!;
    expect(key).toBeDefined();
    // Save the unchanged document through v1, then through v3: each answer's stamp is read back through the other path.
    const viaV1 = await saveThrough(admin, '/api/policy/v1/rules/categories', '/api/policy/v3/rules/categories');
    expect((await admin.get(`/api/policy/v3/rules/categories/${rev}`)).body.updated_at).toBe(viaV1.updated_at);
    const viaV3 = await saveThrough(admin, '/api/policy/v3/rules/categories', '/api/policy/v1/rules/cats');
    expect((await admin.get(`/api/policy/v1/rules/categories/${rev}`)).body.updated_at).toBe(viaV3.updated_at);
  });

  it('a rule added through v1 bnb is read through the v3 path, and a change there is read back through v1', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const v1 = '/api/policy/v1/rules/bnb';
    const v3 = '/api/policy/v3/rules/bnb';
    const doc = (await admin.get(`${v1}/${rev}`)).body;
    const rule = { ...doc.list[0], id: `bnb-v1-${Date.now()}`, name: 'Added through v1' };
    const saved = await admin.put(`${v1}/${rev}`, { body: { ...doc, list: [...doc.list, rule] } });
    expect(saved.status).toBe(200);
    const seen = (await admin.get(`${v3}/${rev}`)).body;
    expect(seen.list).toContainEqual(rule);
    const renamed = { ...rule, name: 'Renamed through v3' };
    const back = await admin.put(`${v3}/${rev}`, { body: { ...seen, list: seen.list.map((r: { id: string }) => (r.id === rule.id ? renamed : r)) } });
    expect(back.status).toBe(200);
    expect((await admin.get(`${v1}/${rev}`)).body.list).toContainEqual(renamed);
    // The old stamp through the v1 path is a stale save.
    expect((await admin.put(`${v1}/${rev}`, { body: saved.body })).status).toBe(409);
  });

  it('invalid body 400 with nothing changed; wrong role 403', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const before = (await admin.get(`/api/policy/v1/rules/bnb/${rev}`)).body;
    const bad = await admin.put(`/api/policy/v1/rules/bnb/${rev}`, { body: { ...before, unknown_key: 1 } });
    expect(bad.status).toBe(400);
    expect((await admin.get(`/api/policy/v3/rules/bnb/${rev}`)).body).toEqual(before);
    const auditor = await signedIn('auditor');
    expect((await auditor.get(`/api/policy/v1/rules/bnb/${rev}`)).status).toBe(200);
    expect((await auditor.put(`/api/policy/v1/rules/bnb/${rev}`, { body: before })).status).toBe(403);
  });
});

describe('SSL bump v2', () => {
  it('answers the screen list with integrations_list and sslbump_v3; a save is seen by the screen path', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const v2 = asResponseOf(policyVariantOps.sslBumpV2, (await admin.get(`/api/policy/v2/rules/sslbump_bypass/${rev}`)).body);
    const screen = (await admin.get(`/api/policy/v1/rules/sslbump_bypass/${rev}`)).body;
    expect(v2.list).toEqual(screen.list);
    expect(v2.integrations_list.length).toBeGreaterThan(0);
    const entry = { id: `v2-${Date.now()}`, destination: 'v2.example.org', comment: 'via v2', enabled: true };
    const saved = await admin.put(`/api/policy/v2/rules/sslbump_bypass/${rev}`, {
      body: { ...v2, list: [...v2.list, entry], sslbump_v3: !v2.sslbump_v3 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.sslbump_v3).toBe(!v2.sslbump_v3);
    expect((await admin.get(`/api/policy/v1/rules/sslbump_bypass/${rev}`)).body.list).toContainEqual(entry);
    const lists = (await admin.get(`/api/policy/v2/rules/sslbump_lists/${rev}`)).body;
    expect(lists.lists.find((l: { id: string }) => l.id === 'tenant').destinations).toContain('v2.example.org');
    const bad = await admin.put(`/api/policy/v2/rules/sslbump_bypass/${rev}`, {
      body: { ...saved.body, list: [{ ...entry, id: 'bad', destination: 'not a host!' }] },
    });
    expect(bad.status).toBe(400);
    expect((await admin.get(`/api/policy/v1/rules/sslbump_bypass/${rev}`)).body.list).toContainEqual(entry);
    expect((await (await signedIn('auditor')).put(`/api/policy/v2/rules/sslbump_bypass/${rev}`, { body: saved.body })).status).toBe(403);
  });

  it('lists 404 for an unknown revision', async () => {
    expect((await (await signedIn('admin')).get('/api/policy/v2/rules/sslbump_lists/999999')).status).toBe(404);
  });
});

describe('v3 content types', () => {
  it('lists file types with a name and a list, Calendar as ICS Meeting Invitation', async () => {
    const admin = await signedIn('admin');
    const body = asResponseOf(policyVariantOps.contentTypesV3, (await admin.get('/api/policy/v3/content_types')).body);
    expect(body.contentTypes.files.find((f) => f.name === 'ICS Meeting Invitation')?.list).toContain('ics');
  });
});
