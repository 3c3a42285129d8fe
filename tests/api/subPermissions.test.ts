/**
 * The web policy edit sub-permissions that gate fields (definitions/policy/webFieldGates.ts): a role holding web
 * policy writing minus some sub-permissions changes exactly the fields it still holds; a save that changes another
 * gated field is refused (403 naming the field) and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browserRules } from '../../definitions/policy/web/browserRules';
import { categoryExtension } from '../../definitions/policy/web/categoryExtension';
import { inspectionExceptions } from '../../definitions/policy/web/inspectionExceptions';
import { webCategories } from '../../definitions/policy/web/webCategories';
import { webExceptions } from '../../definitions/policy/web/webExceptions';
import { ApiClient, signedIn, stagedRev } from './helpers';

const run = randomBytes(3).toString('hex');
const PASSWORD = 'Correct-horse-7';
const pathOf = (screen: { endpoint: { path: string } }, rev: number) => screen.endpoint.path.replace('{rev}', String(rev));

/** A user whose role writes web policy but is denied these sub-permissions. */
async function editorDenied(admin: ApiClient, denied: string[]): Promise<ApiClient> {
  const role = `Sub ${denied.join(' ').slice(0, 40)} ${run}`;
  const saved = await admin.post('/api/policy/v2/rbac', { body: { name: role, read: [], write: ['web_policy'], deny: denied.map((d) => `web_policy:write:${d}`) } });
  expect(saved.status, saved.text).toBe(200);
  const username = `sub-${denied.map((d) => d.slice(0, 3)).join('')}-${run}`;
  const created = await admin.post('/api/udb-rest/v2/users?limit=1', { body: { username, password: PASSWORD, role } });
  expect(created.status, created.text).toBe(200);
  const client = new ApiClient();
  expect((await client.login(username, PASSWORD)).status).toBe(200);
  return client;
}

type Rule = { id: string; conditions: Record<string, unknown>; comment: string; min_version?: string; user_agent?: unknown[] };

describe('web policy edit sub-permissions on fields', () => {
  it('a role holding only the domain sub-permission among the gated ones changes domains, not user agents', { timeout: 180_000 }, async () => {
    const admin = await signedIn('admin');
    const editor = await editorDenied(admin, ['user-agent', 'browser_and_version', 'threats', 'categories', 'sha256', 'webroot_cats']);
    const rev = await stagedRev(admin);
    const read = async () => (await editor.get(pathOf(webExceptions, rev))).body as { list: Rule[]; updated_at: string };

    const doc = await read();
    const withDomain = doc.list.findIndex((r) => Array.isArray(r.conditions.domain));
    const withAgent = doc.list.findIndex((r) => Array.isArray(r.conditions.user_agent));
    expect(withDomain).toBeGreaterThanOrEqual(0);
    expect(withAgent).toBeGreaterThanOrEqual(0);

    // Its own field and an ungated one: saved.
    const domains = [...(doc.list[withDomain]!.conditions.domain as string[]), `sub-${run}.example.com`];
    const ok = structuredClone(doc);
    ok.list[withDomain]!.conditions.domain = domains;
    ok.list[withDomain]!.comment = `changed by ${run}`;
    const saved = await editor.put(pathOf(webExceptions, rev), { body: ok });
    expect(saved.status, saved.text).toBe(200);

    // Another gated field: refused, naming it, and nothing of the save is kept (its domain change neither).
    const after = await read();
    const bad = structuredClone(after);
    bad.list[withAgent]!.conditions.user_agent = [{ match: 'contains', value: `agent-${run}` }];
    bad.list[withDomain]!.conditions.domain = [...domains, `more-${run}.example.com`];
    const refused = await editor.put(pathOf(webExceptions, rev), { body: bad });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: `list.${withAgent}.conditions.user_agent`, key: 'subPermission' })]);
    const unchanged = await read();
    expect(unchanged.list[withAgent]!.conditions.user_agent).toEqual(after.list[withAgent]!.conditions.user_agent);
    expect(unchanged.list[withDomain]!.conditions.domain).toEqual(domains);

    // A rule added with a gated field counts as changing it; moving rules changes none.
    const added = structuredClone(unchanged);
    added.list.push({ ...structuredClone(unchanged.list[withAgent]!), id: `sub-${run}` });
    expect((await editor.put(pathOf(webExceptions, rev), { body: added })).status).toBe(403);
    const moved = structuredClone(unchanged);
    moved.list.reverse();
    expect((await editor.put(pathOf(webExceptions, rev), { body: moved })).status).toBe(200);

    // The full web policy writer changes the same field.
    const full = (await admin.get(pathOf(webExceptions, rev))).body as { list: Rule[] };
    const i = full.list.findIndex((r) => r.id === unchanged.list[withAgent]!.id);
    full.list[i]!.conditions.user_agent = [{ match: 'contains', value: `agent-${run}` }];
    expect((await admin.put(pathOf(webExceptions, rev), { body: full })).status).toBe(200);
  });

  it('browser rules: versions need browser_and_version, user agents need user-agent; the rest stays editable', { timeout: 180_000 }, async () => {
    const admin = await signedIn('admin');
    const editor = await editorDenied(admin, ['browser_and_version']);
    const rev = await stagedRev(admin);
    const doc = (await editor.get(pathOf(browserRules, rev))).body as { list: Rule[] };
    expect(doc.list.length).toBeGreaterThan(0);

    const version = structuredClone(doc);
    version.list[0]!.min_version = '1';
    const refused = await editor.put(pathOf(browserRules, rev), { body: version });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'list.0.min_version', key: 'subPermission' })]);
    expect(((await editor.get(pathOf(browserRules, rev))).body as { list: Rule[] }).list[0]!.min_version).toBe(doc.list[0]!.min_version);

    const agent = structuredClone(doc);
    agent.list[0]!.user_agent = [{ match: 'contains', value: `app-${run}` }];
    agent.list[0]!.comment = `agent by ${run}`;
    const saved = await editor.put(pathOf(browserRules, rev), { body: agent });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.list[0]).toMatchObject({ comment: `agent by ${run}`, user_agent: [{ match: 'contains', value: `app-${run}` }] });
  });

  it('inspection exceptions: file hashes need sha256; the rule\'s other fields stay editable', { timeout: 180_000 }, async () => {
    const admin = await signedIn('admin');
    const editor = await editorDenied(admin, ['sha256']);
    const rev = await stagedRev(admin);
    const path = pathOf(inspectionExceptions, rev);
    type Doc = { list: Rule[]; updated_at: string };
    const hash = (c: string) => c.repeat(64);
    const rule = { id: `hash-${run}`, name: `Known file ${run}`, enabled: true, conditions: { sha256: [hash('a')] }, action: 'allow', comment: '' };

    // Adding a rule with a file hash is changing the hashes: refused to the editor, nothing stored.
    const doc = (await editor.get(path)).body as Doc;
    const refused = await editor.put(path, { body: { ...doc, list: [...doc.list, rule] } });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: `list.${doc.list.length}.conditions.sha256`, key: 'subPermission' })]);
    expect(((await editor.get(path)).body as Doc).list.some((r) => r.id === rule.id)).toBe(false);

    // The full writer adds it; a hash that is not one is a 400 naming the field.
    const bad = await admin.put(path, { body: { ...doc, list: [...doc.list, { ...rule, conditions: { sha256: ['abc'] } }] } });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: `list.${doc.list.length}.conditions.sha256.0`, key: 'invalidSha256' })]);
    expect((await admin.put(path, { body: { ...doc, list: [...doc.list, rule] } })).status).toBe(200);

    // The editor changes its comment, not its hashes.
    const stored = (await editor.get(path)).body as Doc;
    const i = stored.list.findIndex((r) => r.id === rule.id);
    const comment = structuredClone(stored);
    comment.list[i]!.comment = `checked by ${run}`;
    expect((await editor.put(path, { body: comment })).status).toBe(200);
    const hashes = (await editor.get(path)).body as Doc;
    hashes.list[i]!.conditions.sha256 = [hash('b')];
    const denied = await editor.put(path, { body: hashes });
    expect(denied.status).toBe(403);
    expect(denied.body.errors).toEqual([expect.objectContaining({ path: `list.${i}.conditions.sha256`, key: 'subPermission' })]);
    expect(((await admin.get(path)).body as Doc).list[i]!.conditions.sha256).toEqual([hash('a')]);
  });

  it('webroot_cats gates the extended category list and the category migration, not the actions per category', { timeout: 180_000 }, async () => {
    const admin = await signedIn('admin');
    const editor = await editorDenied(admin, ['webroot_cats']);
    const rev = await stagedRev(admin);
    const ext = (await editor.get(pathOf(categoryExtension, rev))).body as { categories_85_to_88: { enable: boolean }; rev_id: number; updated_at: string };
    const flipped = { ...ext, categories_85_to_88: { enable: !ext.categories_85_to_88.enable } };
    expect((await editor.put(pathOf(categoryExtension, rev), { body: flipped })).status).toBe(403);
    expect((await editor.put('/api/policy/v1/category_migration', { body: { migrate: true } })).status).toBe(403);
    expect(((await editor.get(pathOf(categoryExtension, rev))).body as typeof ext).categories_85_to_88.enable).toBe(ext.categories_85_to_88.enable);

    // The same role still sets the action of a category; the full writer changes the list used.
    const cats = (await editor.get(pathOf(webCategories, rev))).body as { list: { id: string; comment: string }[] };
    expect(cats.list.length).toBeGreaterThan(0);
    cats.list[0]!.comment = `by ${run}`;
    const saved = await editor.put(pathOf(webCategories, rev), { body: cats });
    expect(saved.status, saved.text).toBe(200);
    expect((await admin.put(pathOf(categoryExtension, rev), { body: { ...(await admin.get(pathOf(categoryExtension, rev))).body, categories_85_to_88: { enable: !ext.categories_85_to_88.enable } } })).status).toBe(200);
  });
});
