/**
 * Identity administration on the API: directory users, roles (RBAC v1/v2) and API tokens. Each operation: valid,
 * invalid (400, nothing changed), wrong role (403), other-tenant isolation; plus the effects that matter to an
 * administrator: a disabled user's sessions end, a narrowed role applies at the next request, a read-only token
 * reads policy and is refused a save, and each of these is in the audit log.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityOps } from '../../definitions/api/identity';
import { ACCESS_STAMP_HEADER, MESSAGES } from '../../schemas/constants';
import { ApiClient, SSL_BYPASS, asResponseOf, signedIn, stagedRev } from './helpers';

const V2 = '/api/udb-rest/v2';
const RBAC = '/api/policy/v2/rbac';
const TOKENS = '/api/settings/v1/tenants/api_tokens';
const run = randomBytes(3).toString('hex');
const uname = (s: string) => `${s}-${run}`;
const PASSWORD = 'Correct-horse-7';

async function login(username: string, password: string): Promise<ApiClient> {
  const c = new ApiClient();
  const res = await c.login(username, password);
  expect(res.status, res.text).toBe(200);
  return c;
}

async function saveRole(admin: ApiClient, role: Record<string, unknown>) {
  const res = await admin.post(RBAC, { body: role });
  expect(res.status, res.text).toBe(200);
  return asResponseOf(identityOps.saveRbacV2, res.body);
}

async function createUser(admin: ApiClient, body: Record<string, unknown>) {
  const res = await admin.post(`${V2}/users?limit=1`, { body: { password: PASSWORD, ...body } });
  expect(res.status, res.text).toBe(200);
  return asResponseOf(identityOps.createDirectoryUser, res.body);
}

async function auditEvents(client: ApiClient, user: string): Promise<{ action: string; details?: string; result: string; user: string }[]> {
  const now = Math.floor(Date.now() / 1000);
  const res = await client.get(`/api/rep/v1/query/audit?start=${now - 3600}&end=${now + 60}&limit=100&userid=${encodeURIComponent(user)}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.events as { event: { action: string; details?: string; result: string; user: string } }[]).map((e) => e.event);
}

const bypassSave = async (c: ApiClient) => {
  const rev = await stagedRev(c);
  const doc = (await c.get(`${SSL_BYPASS}/${rev}`)).body;
  return c.put(`${SSL_BYPASS}/${rev}`, { body: doc });
};

describe('directory users', () => {
  it('lists the demo directory\'s users with their e-mail addresses', async () => {
    const admin = await signedIn('admin');
    const listed = asResponseOf(identityOps.listDirectoryUsers, (await admin.get(`${V2}/users?search=demo-corp.example&limit=50`)).body);
    const byName = Object.fromEntries(listed.users.map((u) => [u.username, u.email]));
    expect(byName).toMatchObject({ auditor: 'jordan.lee@demo-corp.example', webadmin: 'sam.rivera@demo-corp.example' });
    expect((await admin.get('/api/udb-rest/v1/domains')).body.domains).toContain('demo-corp.example');
  });

  it('creates, finds, gets by name, edits and deletes a user; audited', async () => {
    const admin = await signedIn('admin');
    const name = uname('jdoe');
    const created = await createUser(admin, { username: name, first_name: 'Jane', last_name: 'Doe', email: `jane@${run}.example.com`, role: 'auditor' });
    expect(created).toMatchObject({ username: name, role: 'auditor', enabled: true, has_password: true });

    const found = asResponseOf(identityOps.listDirectoryUsers, (await admin.get(`${V2}/users?search=${run}`)).body);
    expect(found.users.map((u) => u.username)).toEqual([name]);
    expect((await admin.get(`${V2}/users/${name}?limit=1`)).body.uid).toBe(created.uid);

    const edited = await admin.request('PATCH', `${V2}/users/${created.uid}?limit=1`, { body: { last_name: 'Roe', role: 'webadmin' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ last_name: 'Roe', role: 'webadmin' });
    expect((await admin.get('/api/udb-rest/v1/usernames')).body.usernames).toContain(name);
    expect((await admin.get('/api/udb-rest/v1/domains')).body.domains).toContain(`${run}.example.com`);
    expect((await admin.get('/api/udb-rest/v1/domains/full')).body.domains).toContainEqual({ domain: `${run}.example.com`, users: 1 });

    expect((await admin.request('DELETE', `${V2}/users/${name}?limit=1`)).body).toEqual({ deleted: [created.uid] });
    expect((await admin.get(`${V2}/users/${name}`)).status).toBe(404);
    const events = (await auditEvents(admin, 'admin')).filter((e) => e.details?.includes(name));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['user_create', 'user_update', 'user_delete']));
    // The change, field by field: which user, which fields, from what to what.
    expect(events.find((e) => e.action === 'user_update')?.details).toBe(`User ${name}: Last name “Doe” → “Roe”; Role “auditor” → “webadmin”`);
  });

  it('refuses invalid input with field paths and changes nothing', async () => {
    const admin = await signedIn('admin');
    const name = uname('bad');
    const bad = await admin.post(`${V2}/users`, { body: { username: `${name} x`, role: 'auditor', password: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['password', 'username']);
    const unknownRole = await admin.post(`${V2}/users`, { body: { username: name, role: `nope-${run}` } });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.errors).toEqual([expect.objectContaining({ path: 'role', key: 'unknownRole' })]);
    const taken = await admin.post(`${V2}/users`, { body: { username: 'auditor', role: 'auditor' } });
    expect(taken.body.errors).toEqual([expect.objectContaining({ path: 'username', key: 'usernameTaken' })]);
    expect((await admin.get(`${V2}/users/${name}`)).status).toBe(404);
    const emailBefore = (await admin.get(`${V2}/users/auditor`)).body.email;
    const patch = await admin.request('PATCH', `${V2}/users/auditor`, { body: { email: 'not-an-email' } });
    expect(patch.status).toBe(400);
    expect((await admin.get(`${V2}/users/auditor`)).body.email).toBe(emailBefore);
    const self = await admin.request('PATCH', `${V2}/users/admin`, { body: { enabled: false } });
    expect(self.body.errors).toEqual([expect.objectContaining({ path: 'enabled', key: 'cannotDisableSelf' })]);
  });

  it('is read-only for the auditor and closed to a role without users access', async () => {
    const auditor = await signedIn('auditor');
    expect((await auditor.get(`${V2}/users`)).status).toBe(200);
    expect((await auditor.post(`${V2}/users`, { body: { username: uname('nope'), role: 'auditor' } })).body.msg).toBe(MESSAGES.forbidden);
    expect((await auditor.post(`${V2}/reset_password`, { body: { username: 'webadmin' } })).status).toBe(403);
    const webadmin = await signedIn('webadmin');
    expect((await webadmin.get(`${V2}/users`)).status).toBe(403);
    expect((await webadmin.get(RBAC)).status).toBe(403);
    expect((await webadmin.get(TOKENS)).status).toBe(403);
  });

  it('keeps each tenant to its own users', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const u = await createUser(admin, { username: uname('iso'), role: 'auditor' });
    expect((await other.get(`${V2}/users?search=${run}`)).body.users).toEqual([]);
    expect((await other.get(`${V2}/users/${u.uid}`)).status).toBe(404);
    expect((await other.request('PATCH', `${V2}/users/${u.uid}`, { body: { enabled: false } })).status).toBe(404);
    expect((await other.request('DELETE', `${V2}/users/${u.uid}`)).status).toBe(404);
    expect((await other.post(`${V2}/tenants/bulkuserdelete`, { body: { uid_list: [u.uid] } })).body.deleted).toEqual([]);
    expect((await other.post(`${V2}/reset_password`, { body: { username: u.username } })).status).toBe(404);
    expect((await admin.get(`${V2}/users/${u.uid}`)).body.enabled).toBe(true);
    const tenants = asResponseOf(identityOps.directoryTenants, (await other.get(`${V2}/tenants`)).body);
    expect(tenants.tenants.map((t) => t.name)).toEqual(['Other Corp']);
  });

  it('ends a disabled user’s sessions at once and refuses their sign-in until enabled', async () => {
    const admin = await signedIn('admin');
    const u = await createUser(admin, { username: uname('dis'), role: 'auditor' });
    const user = await login(u.username, PASSWORD);
    expect((await user.get('/api/userinfo')).status).toBe(200);
    expect((await admin.request('PATCH', `${V2}/users/${u.uid}`, { body: { enabled: false } })).body.enabled).toBe(false);
    expect((await user.get('/api/userinfo')).status).toBe(401);
    expect((await new ApiClient().login(u.username, PASSWORD)).status).not.toBe(200);
    await admin.request('PATCH', `${V2}/users/${u.uid}`, { body: { enabled: true } });
    await login(u.username, PASSWORD);
  });

  it('resets a password: sessions end, the new or generated password signs in', async () => {
    const admin = await signedIn('admin');
    const u = await createUser(admin, { username: uname('pw'), role: 'auditor' });
    const user = await login(u.username, PASSWORD);
    const reset = await admin.post(`${V2}/reset_password`, { body: { username: u.username } });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.sessions_ended).toBe(1);
    expect((await user.get('/api/userinfo')).status).toBe(401);
    await login(u.username, reset.body.temporary_password);
    expect((await admin.post(`${V2}/reset_password`, { body: { username: u.username, password: 'short' } })).status).toBe(400);
    await admin.post(`${V2}/reset_password`, { body: { username: u.username, password: 'Another-pass-9' } });
    await login(u.username, 'Another-pass-9');
  });

  it('creates, modifies and deletes in bulk, all or nothing', async () => {
    const admin = await signedIn('admin');
    const names = [uname('b1'), uname('b2')];
    const dup = await admin.post(`${V2}/tenants/bulkusercreate`, {
      body: { user_list: [{ username: names[0], role: 'auditor' }, { username: names[0], role: 'auditor' }] },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([expect.objectContaining({ path: 'user_list.1.username' })]);
    expect((await admin.get(`${V2}/users?search=${names[0]}`)).body.total).toBe(0);
    const created = await admin.post(`${V2}/tenants/bulkusercreate`, { body: { user_list: names.map((username) => ({ username, role: 'auditor' })) } });
    expect(created.status, created.text).toBe(200);
    const uids = asResponseOf(identityOps.bulkCreateUsers, created.body).created.map((u) => u.uid);
    expect(uids).toHaveLength(2);
    const unknown = await admin.put(`${V2}/tenants/bulkusermodify`, { body: { uid_list: [uids[0], 'no-such-user'], changes: { enabled: false } } });
    expect(unknown.status).toBe(400);
    expect((await admin.get(`${V2}/users/${uids[0]}`)).body.enabled).toBe(true);
    const mod = await admin.put(`${V2}/tenants/bulkusermodify`, { body: { uid_list: uids, changes: { enabled: false, role: 'webadmin' } } });
    expect(mod.body.modified).toEqual(uids);
    expect((await admin.get(`${V2}/users/${uids[1]}`)).body).toMatchObject({ enabled: false, role: 'webadmin' });
    const del = await admin.post(`${V2}/tenants/bulkuserdelete`, { body: { uid_list: [...uids, (await admin.get(`${V2}/users/admin`)).body.uid] } });
    expect(del.body.deleted.sort()).toEqual([...uids].sort());
    expect((await admin.get(`${V2}/users/admin`)).status).toBe(200);
  });

  it('lists and resets second factors', async () => {
    const admin = await signedIn('admin');
    const list = asResponseOf(identityOps.mfaUsers, (await admin.get('/api/auth/v1/mfa/users')).body);
    expect(list.users.map((u) => u.username)).toContain('auditor');
    expect((await admin.request('DELETE', '/api/auth/v1/mfa/users/auditor')).body).toMatchObject({ username: 'auditor', mfa_enrolled: false });
    expect((await admin.request('DELETE', `/api/auth/v1/mfa/users/${uname('ghost')}`)).status).toBe(404);
    expect((await (await signedIn('auditor')).request('DELETE', '/api/auth/v1/mfa/users/webadmin')).status).toBe(403);
    expect((await (await signedIn('other-admin')).request('DELETE', '/api/auth/v1/mfa/users/auditor')).status).toBe(404);
  });
});

describe('the Users screen calls', () => {
  const SCREEN = `${V2}/user_settings`;

  it('offers the tenant’s roles, edits one user’s settings with a stamp, and a new password ends their sessions', async () => {
    const admin = await signedIn('admin');
    const schema = (await admin.get(`${SCREEN}/schema`)).body;
    expect(schema.properties.role.enum).toEqual(expect.arrayContaining(['admin', 'auditor', 'webadmin']));
    expect((await (await signedIn('other-admin')).get(`${SCREEN}/schema`)).body.properties.role.enum).not.toContain(uname('Web editors'));

    const created = await admin.post(SCREEN, { body: { username: uname('screen'), password: PASSWORD, settings: {} } });
    expect(created.status, created.text).toBe(200);
    const item = asResponseOf(identityOps.createUserFromScreen, created.body);
    expect(item.settings.role).toBeNull();
    const user = await login(item.username, PASSWORD);
    expect((await user.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).status).toBe(403);

    const next = { ...item.settings, role: 'auditor', email: 'pat@example.com' };
    const saved = await admin.request('PATCH', `${SCREEN}/${item.uid}`, { body: { settings: next, updated_at: item.updated_at } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toMatchObject({ role: 'auditor', email: 'pat@example.com', enabled: true });
    expect((await user.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).status).toBe(200);
    const stale = await admin.request('PATCH', `${SCREEN}/${item.uid}`, { body: { settings: { ...next, role: 'webadmin' }, updated_at: item.updated_at } });
    expect(stale.status).toBe(409);
    const current = (await admin.get(`${SCREEN}/${item.uid}`)).body.updated_at;
    const badMail = await admin.request('PATCH', `${SCREEN}/${item.uid}`, { body: { settings: { ...next, email: 'x@' }, updated_at: current } });
    expect(badMail.body.errors).toEqual([expect.objectContaining({ path: 'settings.email', key: 'invalidEmail' })]);
    expect((await admin.get(`${SCREEN}/${item.uid}`)).body.settings.role).toBe('auditor');
    // Without the stamp it read, a change is refused: it could overwrite a colleague's change unseen.
    const unstamped = await admin.request('PATCH', `${SCREEN}/${item.uid}`, { body: { settings: next } });
    expect(unstamped.status).toBe(400);
    expect(unstamped.body.errors).toEqual([expect.objectContaining({ path: 'updated_at' })]);

    const pw = await admin.request('PATCH', `${SCREEN}/${item.uid}`, { body: { settings: { ...next, new_password: 'Fresh-pass-42' }, updated_at: current } });
    expect(pw.status, pw.text).toBe(200);
    expect((await user.get('/api/userinfo')).status).toBe(401);
    await login(item.username, 'Fresh-pass-42');

    expect((await (await signedIn('auditor')).request('PATCH', `${SCREEN}/${item.uid}`, { body: { settings: next, updated_at: current } })).status).toBe(403);
    expect((await (await signedIn('other-admin')).get(`${SCREEN}/${item.uid}`)).status).toBe(404);
    const self = (await admin.get(`${V2}/users/admin`)).body.uid;
    const del = await admin.post(`${SCREEN}/batch_delete`, { body: { ids: [item.username, self] } });
    expect(del.body).toEqual({ deleted: 1 });
    expect((await admin.get(`${V2}/users/admin`)).status).toBe(200);
  });
});

describe('roles', () => {
  it('answers v1 and v2 alike, with built-in roles, the checked areas and what each role may do', async () => {
    const admin = await signedIn('admin');
    const v2 = asResponseOf(identityOps.rbacV2, (await admin.get(RBAC)).body);
    const v1 = asResponseOf(identityOps.rbacV1, (await admin.get('/api/policy/v1/rbac')).body);
    expect(v1).toEqual(v2);
    expect(v2.areas).toEqual(expect.arrayContaining(['web_policy', 'settings', 'users', 'roles']));
    const web = v2.roles.find((r) => r.name === 'webadmin')!;
    expect(web.builtin).toBe(true);
    expect(web.may_do.find((a) => a.area === 'web_policy')).toEqual({ area: 'web_policy', read: true, write: true });
    expect(web.may_do.find((a) => a.area === 'settings')).toEqual({ area: 'settings', read: false, write: false });
  });

  it('applies a narrowed role at the holder’s next request, without signing in again', async () => {
    const admin = await signedIn('admin');
    const name = uname('Web editors');
    const role = await saveRole(admin, { name, read: ['dashboard'], write: ['web_policy'] });
    expect(role.may_do.find((a) => a.area === 'web_policy')).toMatchObject({ read: true, write: true });
    const u = await createUser(admin, { username: uname('editor'), role: name });
    const user = await login(u.username, PASSWORD);
    const saved = await bypassSave(user);
    expect(saved.status).toBe(200);
    expect((await user.get(`${V2}/users`)).status).toBe(403);
    // Every answer carries the stamp of the access it was given with; unchanged access, unchanged stamp.
    const stamp = saved.headers.get(ACCESS_STAMP_HEADER);
    expect(stamp).toMatch(/^[0-9a-f]{16}$/);
    expect((await user.get('/api/userinfo')).headers.get(ACCESS_STAMP_HEADER)).toBe(stamp);

    const narrowed = await saveRole(admin, { name, read: ['dashboard', 'web_policy'], write: [], updated_at: role.updated_at });
    expect(narrowed.may_do.find((a) => a.area === 'web_policy')).toMatchObject({ read: true, write: false });
    // The refusal itself carries the new stamp, so the page reads the user's access again without a reload.
    const refused = await bypassSave(user);
    expect(refused.status).toBe(403);
    const after = refused.headers.get(ACCESS_STAMP_HEADER);
    expect(after).toMatch(/^[0-9a-f]{16}$/);
    expect(after).not.toBe(stamp);
    expect((await user.get('/api/userinfo')).body.roles).toMatchObject({ read: ['dashboard', 'web_policy'], write: [] });

    const denied = await saveRole(admin, { name, read: ['*'], write: [], deny: ['web_policy'], updated_at: narrowed.updated_at });
    expect(denied.may_do.find((a) => a.area === 'web_policy')).toMatchObject({ read: false, write: false });
    expect((await user.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).status).toBe(403);
    const audit = (await auditEvents(admin, 'admin')).filter((e) => e.action === 'role_update' && e.details?.startsWith(`Role ${name}`)).map((e) => e.details);
    expect(audit).toEqual(
      expect.arrayContaining([
        `Role ${name} created: May view (none) → Dashboard; May change (none) → Web policy`,
        `Role ${name}: May view Dashboard → Dashboard, Web policy; May change Web policy → (none)`,
        `Role ${name}: May view Dashboard, Web policy → All areas; Denied permissions (none) → web_policy`,
      ]),
    );
  });

  it('refuses unknown areas, bad permission lines, stale and built-in saves, unchanged', async () => {
    const admin = await signedIn('admin');
    const name = uname('Checked');
    const bad = await admin.post(RBAC, { body: { name, read: ['no_such_area'], deny: ['Web Policy'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['deny.0']);
    const unknown = await admin.post(RBAC, { body: { name, read: ['no_such_area'] } });
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'read.0', key: 'unknownArea' })]);
    const roles = async () => asResponseOf(identityOps.rbacV2, (await admin.get(RBAC)).body).roles;
    expect((await roles()).some((r) => r.name === name)).toBe(false);
    const first = await saveRole(admin, { name, read: ['logs'] });
    expect((await admin.post(RBAC, { body: { name, read: ['dashboard'] } })).status).toBe(409);
    expect((await admin.post(RBAC, { body: { name, read: ['dashboard'], updated_at: '2020-01-01T00:00:00.000Z' } })).status).toBe(409);
    expect((await roles()).find((r) => r.name === name)!.read).toEqual(['logs']);
    expect((await admin.post(RBAC, { body: { name: 'auditor', read: [] } })).body.errors[0].key).toBe('builtinRole');
    expect((await admin.request('DELETE', `${RBAC}/auditor`)).status).toBe(409);
    expect(first.builtin).toBe(false);
  });

  it('deletes a role only when nobody holds it; the auditor and other tenants cannot', async () => {
    const admin = await signedIn('admin');
    const name = uname('Temp');
    await saveRole(admin, { name, read: ['logs'] });
    const u = await createUser(admin, { username: uname('temp'), role: name });
    expect((await (await signedIn('auditor')).request('DELETE', `${RBAC}/${encodeURIComponent(name)}`)).status).toBe(403);
    expect((await (await signedIn('auditor')).post(RBAC, { body: { name: uname('Mine'), read: ['logs'] } })).status).toBe(403);
    expect((await (await signedIn('other-admin')).request('DELETE', `${RBAC}/${encodeURIComponent(name)}`)).status).toBe(404);
    expect((await (await signedIn('other-admin')).get(RBAC)).body.roles.some((r: { name: string }) => r.name === name)).toBe(false);
    expect((await admin.request('DELETE', `${RBAC}/${encodeURIComponent(name)}`)).status).toBe(409);
    await admin.request('DELETE', `${V2}/users/${u.uid}`);
    expect((await admin.request('DELETE', `${RBAC}/${encodeURIComponent(name)}`)).body).toEqual({ deleted: name });
  });

  it('serves the Roles screen: add, edit with a stamp, may-view and may-change lines, delete selected', async () => {
    const admin = await signedIn('admin');
    const SCREEN = `${RBAC}/roles`;
    const schema = (await admin.get(`${SCREEN}/schema`)).body;
    // Areas are offered by their titles and stored by their names.
    expect(schema.properties.read.items.anyOf).toEqual(expect.arrayContaining([{ type: 'string', const: 'web_policy', title: 'Web policy' }, expect.objectContaining({ const: '*' })]));
    const name = uname('Screen role');
    const created = await admin.post(SCREEN, { body: { name, description: 'made on the screen', settings: {} } });
    expect(created.status, created.text).toBe(200);
    expect(created.body.settings).toEqual({ description: 'made on the screen', read: [], write: [], deny: [] });
    expect((await admin.post(SCREEN, { body: { name } })).body.errors[0].key).toBe('roleTaken');
    const id = encodeURIComponent(name);
    const settings = { description: 'web editors', read: ['logs'], write: ['web_policy'], deny: ['web_policy:write:categories'] };
    const saved = await admin.request('PATCH', `${SCREEN}/${id}`, { body: { settings, updated_at: created.body.updated_at } });
    expect(saved.status, saved.text).toBe(200);
    const listed = asResponseOf(identityOps.rbacV2, (await admin.get(RBAC)).body).roles.find((r) => r.name === name)!;
    expect(listed).toMatchObject({ may_view: 'Logs, Web policy', may_change: 'Web policy', deny: ['web_policy:write:categories'] });
    const stale = await admin.request('PATCH', `${SCREEN}/${id}`, { body: { settings: { ...settings, read: [] }, updated_at: created.body.updated_at } });
    expect(stale.status).toBe(409);
    const current = (await admin.get(`${SCREEN}/${id}`)).body.updated_at;
    const bad = await admin.request('PATCH', `${SCREEN}/${id}`, { body: { settings: { ...settings, read: ['nowhere'] }, updated_at: current } });
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'settings.read.0', key: 'unknownArea' })]);
    // Without the stamp it read, a change is refused and nothing changes.
    const unstamped = await admin.request('PATCH', `${SCREEN}/${id}`, { body: { settings: { ...settings, read: [] } } });
    expect(unstamped.status).toBe(400);
    expect(unstamped.body.errors).toEqual([expect.objectContaining({ path: 'updated_at' })]);
    expect((await admin.get(`${SCREEN}/${id}`)).body.settings.read).toEqual(['logs']);
    expect((await (await signedIn('auditor')).request('PATCH', `${SCREEN}/${id}`, { body: { settings, updated_at: current } })).status).toBe(403);
    expect((await (await signedIn('other-admin')).get(`${SCREEN}/${id}`)).status).toBe(404);
    expect((await admin.post(`${SCREEN}/batch_delete`, { body: { ids: [name, 'auditor'] } })).status).toBe(409);
    expect((await admin.get(`${SCREEN}/${id}`)).status).toBe(200);
    expect((await admin.post(`${SCREEN}/batch_delete`, { body: { ids: [name] } })).body).toEqual({ deleted: 1 });
    expect((await admin.get(`${SCREEN}/${id}`)).status).toBe(404);
  });

  it('lets nobody hand out more than they hold', async () => {
    const admin = await signedIn('admin');
    const name = uname('User managers');
    await saveRole(admin, { name, read: ['users', 'logs'], write: ['users'] });
    const u = await createUser(admin, { username: uname('mgr'), role: name });
    const mgr = await login(u.username, PASSWORD);
    expect((await mgr.post(`${V2}/users`, { body: { username: uname('esc'), role: 'admin' } })).status).toBe(403);
    expect((await mgr.request('PATCH', `${V2}/users/${u.uid}`, { body: { role: 'admin' } })).status).toBe(403);
    expect((await mgr.get(`${V2}/users/${uname('esc')}`)).status).toBe(404);
    const ok = await mgr.post(`${V2}/users`, { body: { username: uname('peer'), role: name } });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('API tokens', () => {
  it('a read-only token reads policy without cookies and is refused a save; each use is audited', async () => {
    const admin = await signedIn('admin');
    const name = uname('reporting script');
    const gen = await admin.post(TOKENS, { body: { name, role: 'auditor', expires_in_days: 30 } });
    expect(gen.status, gen.text).toBe(200);
    const { token, secret } = asResponseOf(identityOps.generateApiToken, gen.body);
    expect(token).toMatchObject({ name, role: 'auditor', expired: false, last_used_at: null });
    const listed = asResponseOf(identityOps.listApiTokens, (await admin.get(TOKENS)).body).tokens.find((t) => t.id === token.id)!;
    expect(JSON.stringify(listed)).not.toContain(secret);

    const script = new ApiClient();
    const auth = { headers: { authorization: `Bearer ${secret}` } };
    const rules = await script.get('/api/policy/v1/rules', auth);
    expect(rules.status, rules.text).toBe(200);
    const rev = rules.body.staged_rev_id as number;
    const doc = await script.get(`${SSL_BYPASS}/${rev}`, auth);
    expect(doc.status).toBe(200);
    const save = await script.put(`${SSL_BYPASS}/${rev}`, { ...auth, body: doc.body });
    expect(save.status).toBe(403);
    expect(save.body.msg).toBe(MESSAGES.forbidden);
    expect(script.cookies.size).toBe(0);

    const uses = await auditEvents(admin, `token:${name}`);
    expect(uses.map((e) => [e.action, e.details])).toEqual(
      expect.arrayContaining([
        ['api_token_use', 'GET /api/policy/v1/rules'],
        ['api_token_use', `PUT ${SSL_BYPASS}/${rev}`],
      ]),
    );
    expect((await admin.get(TOKENS)).body.tokens.find((t: { id: string }) => t.id === token.id).last_used_at).not.toBeNull();

    expect((await admin.request('DELETE', `/api/settings/v1/tenants/api_token/${token.id}`)).body).toEqual({ deleted: token.id });
    expect((await script.get('/api/policy/v1/rules', auth)).status).toBe(401);
  });

  it('a write token saves without XSRF; a narrowed scope applies at once; bad tokens are refused', async () => {
    const admin = await signedIn('admin');
    const role = uname('Bypass writers');
    const saved = await saveRole(admin, { name: role, read: [], write: ['web_policy'] });
    const { secret } = (await admin.post(TOKENS, { body: { name: uname('writer'), role } })).body;
    const auth = { headers: { authorization: `Bearer ${secret}` } };
    const script = new ApiClient();
    const rev = await stagedRev(admin);
    const doc = (await script.get(`${SSL_BYPASS}/${rev}`, auth)).body;
    expect((await script.put(`${SSL_BYPASS}/${rev}`, { ...auth, body: doc })).status).toBe(200);
    await saveRole(admin, { name: role, read: ['web_policy'], write: [], updated_at: saved.updated_at });
    const again = (await script.get(`${SSL_BYPASS}/${rev}`, auth)).body;
    expect((await script.put(`${SSL_BYPASS}/${rev}`, { ...auth, body: again })).status).toBe(403);
    expect((await script.get('/api/policy/v1/rules', { headers: { authorization: `Bearer ${secret}x` } })).status).toBe(401);
    expect((await script.get('/api/policy/v1/rules', { headers: { authorization: 'Bearer' } })).status).toBe(401);
    // A signed-in browser's cookies do not rescue a bad token.
    expect((await admin.get('/api/policy/v1/rules', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('refuses invalid input, a wrong role and another tenant’s token', async () => {
    const admin = await signedIn('admin');
    const before = (await admin.get(TOKENS)).body.tokens.length;
    const bad = await admin.post(TOKENS, { body: { name: '', role: 'auditor', expires_in_days: 400 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['expires_in_days', 'name']);
    expect((await admin.post(TOKENS, { body: { name: 'x', role: `none-${run}` } })).body.errors[0].path).toBe('role');
    expect((await admin.get(TOKENS)).body.tokens.length).toBe(before);
    expect((await (await signedIn('auditor')).post(TOKENS, { body: { name: 'x', role: 'auditor' } })).status).toBe(403);
    const { token } = (await admin.post(TOKENS, { body: { name: uname('iso'), role: 'auditor' } })).body;
    const other = await signedIn('other-admin');
    expect((await other.get(TOKENS)).body.tokens.some((t: { id: string }) => t.id === token.id)).toBe(false);
    expect((await other.request('DELETE', `/api/settings/v1/tenants/api_token/${token.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/settings/v1/tenants/api_token/not-a-uuid`)).status).toBe(400);
    expect((await admin.request('DELETE', `/api/settings/v1/tenants/api_token/${token.id}`)).status).toBe(200);
  });
});

describe('the audit trail', () => {
  type Audit = { action: string; kind: string; result: string; user: string; area?: string; details?: string; changes?: { field: string; before: string; after: string }[]; diff?: { before: Record<string, unknown>; after: Record<string, unknown> } };
  const query = async (client: ApiClient, params: string): Promise<Audit[]> => {
    const now = Math.floor(Date.now() / 1000);
    const res = await client.get(`/api/rep/v1/query/audit?start=${now - 3600}&end=${now + 60}&limit=100&${params}`);
    expect(res.status, res.text).toBe(200);
    return (res.body.events as { event: Audit }[]).map((e) => e.event);
  };

  it('records what a save changed, field by field, and filters by kind: save, role change, failed sign-in', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const doc = (await admin.get(`${SSL_BYPASS}/${rev}`)).body as { list: { id: string; comment: string; destination: string }[] };
    expect(doc.list.length).toBeGreaterThan(0);
    const row = doc.list[0]!;
    const changed = structuredClone(doc);
    changed.list[0]!.comment = `audited ${run}`;
    expect((await admin.put(`${SSL_BYPASS}/${rev}`, { body: changed })).status).toBe(200);

    const saves = await query(admin, 'kind=save&userid=admin');
    expect(saves.every((e) => e.kind === 'save' && e.action === 'save')).toBe(true);
    // The save keeps the field it changed whole on both sides, for the log to word with the area's schema.
    const save = saves.find((e) => (e.diff?.after.list as { comment: string }[] | undefined)?.some((r) => r.comment === `audited ${run}`));
    expect(save?.area).toBe('web.ssl-bypass');
    expect(Object.keys(save?.diff?.before ?? {})).toEqual(['list']);
    expect((save?.diff?.before.list as { id: string; comment: string }[]).find((r) => r.id === row.id)?.comment).toBe(row.comment);

    const role = uname('Audited role');
    const first = await saveRole(admin, { name: role, read: ['logs'], write: [], deny: [] });
    await saveRole(admin, { name: role, read: ['logs', 'web_policy'], write: [], deny: [], updated_at: first.updated_at });
    const roleEvents = (await query(admin, 'kind=role_change')).filter((e) => e.details?.includes(role));
    expect(roleEvents.every((e) => e.action === 'role_update')).toBe(true);
    expect(roleEvents.flatMap((e) => e.changes ?? [])).toContainEqual({ field: 'May view', before: 'Logs', after: 'Logs, Web policy' });

    expect((await new ApiClient().login('admin', `wrong-${run}`)).status).not.toBe(200);
    const failures = await query(admin, 'kind=failed_sign_in&userid=admin');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((e) => e.action === 'login' && e.result === 'failure')).toBe(true);
    expect((await admin.get(`/api/rep/v1/query/audit?start=0&end=1&kind=bogus`)).status).toBe(400);
  });
});

describe('auditor profiles', () => {
  const LIST = '/api/policy/v1/auditor_profiles/list';
  const DEFAULT = '/api/policy/v1/auditor_profiles/default';
  it('saves the list and the default, refuses bad input and the auditor, and answers the tenant file password', async () => {
    const admin = await signedIn('admin');
    const before = (await admin.get(LIST)).body as { list: unknown[]; updated_at?: string };
    const profile = { id: `ap-${run}`, name: `Legal ${run}`, emails: [`legal@${run}.example.com`], attach_file: true, comment: '' };
    const saved = await admin.put(LIST, { body: { ...before, list: [...before.list, profile] } });
    expect(saved.status, saved.text).toBe(200);
    expect((await admin.get(LIST)).body.list).toContainEqual(profile);

    const bad = await admin.put(LIST, { body: { ...(await admin.get(LIST)).body, list: [{ ...profile, id: `ap2-${run}`, emails: ['not-an-address'] }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'list.0.emails.0', key: 'invalidEmail' })]);
    expect((await admin.get(LIST)).body.list).toContainEqual(profile);

    const def = (await admin.get(DEFAULT)).body as Record<string, unknown>;
    expect((await admin.put(DEFAULT, { body: { ...def, default: profile.id } })).status).toBe(200);
    expect((await admin.get(DEFAULT)).body.default).toBe(profile.id);

    const auditor = await signedIn('auditor');
    expect((await auditor.get(LIST)).status).toBe(200);
    expect((await auditor.put(DEFAULT, { body: { ...(await auditor.get(DEFAULT)).body, default: '' } })).status).toBe(403);
    expect((await auditor.get('/api/policy/v1/auditor_profiles/file_password')).status).toBe(403);

    const password = (await admin.get('/api/policy/v1/auditor_profiles/file_password')).body.password as string;
    expect(password).toMatch(/^[\w-]{20}$/);
    expect((await admin.get('/api/policy/v1/dlp/file_password')).body.password).toBe(password);
  });
});
