/** Lookups and shell-level calls (spec 000 §7), the moved category-extension and egress-header paths, and the 404 for unknown lists. */
import { describe, expect, it } from 'vitest';
import { lookupOps } from '../../definitions/api/lookups';
import { ApiClient, asResponseOf, signedIn, stagedRev } from './helpers';

const P = '/api/policy/v1';

describe('paths of 000 §7', () => {
  it('serves category extension and egress header rules at the documented paths, not the old ones', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const ext = await admin.get(`${P}/cats/extension/${rev}`);
    expect(ext.status).toBe(200);
    expect(ext.body.categories_85_to_88).toEqual({ enable: expect.any(Boolean) });
    expect((await admin.get(`${P}/egress_policy/rules/${rev}`)).status).toBe(200);
    expect((await admin.get(`${P}/rules/cats/extension/${rev}`)).status).toBe(404);
    expect((await admin.get(`${P}/rules/egress_policy/rules/${rev}`)).status).toBe(404);
  });

  it('saves category extension at its path and reads it back', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const doc = (await admin.get(`${P}/cats/extension/${rev}`)).body;
    const enable = !doc.categories_85_to_88.enable;
    const saved = await admin.put(`${P}/cats/extension/${rev}`, { body: { ...doc, categories_85_to_88: { enable } } });
    expect(saved.status).toBe(200);
    expect((await admin.get(`${P}/cats/extension/${rev}`)).body.categories_85_to_88.enable).toBe(enable);
  });

  it('answers 404 for a list name it does not know, and each listed name has its own answer', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get(`${P}/no_such_list`)).status).toBe(404);
    for (const name of ['cats', 'cats_v2', 'webroot_cats', 'country_codes']) {
      const res = await admin.get(`${P}/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.body.name).toBe(name);
    }
    expect(asResponseOf(lookupOps.smtpUsers, (await admin.get(`${P}/smtp_users`)).body).users.length).toBeGreaterThan(0);
  });
});

describe('lookups answer their documented shape', () => {
  const reads: [keyof typeof lookupOps, string][] = [
    ['smtpUsers', `${P}/smtp_users`],
    ['smtpGroups', `${P}/smtp_groups`],
    ['risks', `${P}/risks`],
    ['risk', `${P}/risks/Vulnerable%20Service`],
    ['contentVersion', `${P}/content_version`],
    ['raThreats', `${P}/ra_threats`],
    ['predefinedCcls', `${P}/predefined_ccls`],
    ['dlpFilePassword', `${P}/dlp/file_password`],
    ['egressControl', `${P}/egress_policy/egress_control`],
    ['headerBlocklist', `${P}/egress_policy/header_blocklist`],
    ['categoryVersion', `${P}/category_version?timestamp=1700000000000`],
    ['categoryExtensionMap', `${P}/cats/extension/map`],
    ['categoryMigrationState', `${P}/category_migration`],
    ['pacVersion', `${P}/pac_version`],
    ['settingsPacVersion', '/api/settings/v2/pac/version'],
    ['whitelistFeeds', `${P}/safemail/whitelist/feeds/?limit=2&source=all&type=all`],
  ];
  it.each(reads)('%s', async (op, path) => {
    const admin = await signedIn('admin');
    const res = await admin.get(path);
    expect(res.status).toBe(200);
    asResponseOf(lookupOps[op], res.body);
  });

  it('reads tenant lists per tenant', async () => {
    const [admin, other] = [await signedIn('admin'), await signedIn('other-admin')];
    const mine = (await admin.get(`${P}/smtp_users`)).body.users.map((u: { email: string }) => u.email);
    const theirs = (await other.get(`${P}/smtp_users`)).body.users.map((u: { email: string }) => u.email);
    expect(mine).toContain('alice@demo-corp.example');
    expect(theirs).not.toContain('alice@demo-corp.example');
    const groups = (await admin.get(`${P}/smtp_groups`)).body.groups;
    // Five of Demo Corp's seeded mail users are in Finance (server/seed/lookups.json).
    expect(groups).toContainEqual({ name: 'Finance', members: 5 });
  });

  it('gives a risk with its entries, 404 for an unknown risk', async () => {
    const admin = await signedIn('admin');
    const vs = (await admin.get(`${P}/risks/Vulnerable%20Service`)).body;
    expect(vs).toMatchObject({ name: 'Vulnerable Service', level: 'high' });
    expect(vs.entries.length).toBeGreaterThan(0);
    expect((await admin.get(`${P}/risks/No%20Such%20Risk`)).status).toBe(404);
  });

  it('echoes the category version timestamp; 400 on a bad one', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get(`${P}/category_version?timestamp=42`)).body.timestamp).toBe(42);
    const bad = await admin.get(`${P}/category_version?timestamp=soon`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.timestamp');
  });

  it('maps extended categories to former ones and never lists Private Access', async () => {
    const map = (await (await signedIn('admin')).get(`${P}/cats/extension/map`)).body.map as { value: string; label: string }[];
    expect(map.find((m) => m.value === '85')?.label).toBe('Generative AI');
    expect(map.some((m) => m.value === '88')).toBe(false);
  });

  it('keeps one DLP file password per tenant', async () => {
    const [admin, other] = [await signedIn('admin'), await signedIn('other-admin')];
    const a = (await admin.get(`${P}/dlp/file_password`)).body.password;
    expect(a).toMatch(/^[\w-]{20}$/);
    expect((await admin.get(`${P}/dlp/file_password`)).body.password).toBe(a);
    expect((await other.get(`${P}/dlp/file_password`)).body.password).not.toBe(a);
  });

  it('reads lists at a revision and 404s an unknown revision', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    for (const path of [`${P}/ad/group_users`, '/api/policy/v3/casb/dlp/rules', `${P}/rules/dlp/mpa/application_list`]) {
      const res = await admin.get(`${path}/${rev}`);
      expect(res.status, path).toBe(200);
      expect(res.body.rev_id).toBe(rev);
      expect((await admin.get(`${path}/999999`)).status, path).toBe(404);
    }
    const apps = (await admin.get(`${P}/rules/dlp/mpa/application_list/${rev}`)).body.applications;
    expect(apps).toContainEqual({ value: 'app-erp', label: 'SAP ERP' });
  });
});

describe('calls that change something', () => {
  it('PAC version: one value behind both paths; bad value 400 and nothing changed; auditor 403', async () => {
    const admin = await signedIn('admin');
    const put = await admin.put(`${P}/pac_version`, { body: { version: 'v2' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ version: 'v2', updated_by: 'admin' });
    expect((await admin.get('/api/settings/v2/pac/version')).body.version).toBe('v2');
    expect((await admin.put('/api/settings/v2/pac/version', { body: { version: 'v1' } })).status).toBe(200);
    expect((await admin.get(`${P}/pac_version`)).body.version).toBe('v1');
    const bad = await admin.put(`${P}/pac_version`, { body: { version: 'v3' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('version');
    expect((await admin.get(`${P}/pac_version`)).body.version).toBe('v1');
    expect((await (await signedIn('auditor')).put(`${P}/pac_version`, { body: { version: 'v2' } })).status).toBe(403);
    expect((await admin.get(`${P}/pac_version`)).body.version).toBe('v1');
  });

  it('category migration: saved, read back, 403 for a read-only role', async () => {
    const admin = await signedIn('admin');
    expect((await admin.put(`${P}/category_migration`, { body: { migrate: true } })).status).toBe(200);
    expect((await admin.get(`${P}/category_migration`)).body).toMatchObject({ migrate: true, updated_by: 'admin' });
    expect((await admin.put(`${P}/category_migration`, { body: { migrate: 'yes' } })).status).toBe(400);
    expect((await (await signedIn('auditor')).put(`${P}/category_migration`, { body: { migrate: false } })).status).toBe(403);
    expect((await admin.get(`${P}/category_migration`)).body.migrate).toBe(true);
  });

  it('contact form: stored for a signed-in user; short message 400; no session 401', async () => {
    const admin = await signedIn('admin');
    const ok = await admin.post('/api/policy/contact_form', { body: { topic: 'support', subject: 'Proxy question', message: 'How do I bypass the proxy for one host?' } });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBeGreaterThan(0);
    const bad = await admin.post('/api/policy/contact_form', { body: { topic: 'support', subject: 'Hi', message: 'short' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['message', 'subject']);
    expect((await new ApiClient().post('/api/policy/contact_form', { body: {} })).status).toBe(401);
  });

  it('validates a dynamic domain list address', async () => {
    const admin = await signedIn('admin');
    const good = await admin.post(`${P}/validate_ddl_domains/`, { body: { ddlUrl: 'https://lists.example.com/ddl.txt', isCasb: false, options: {} } });
    expect(good.body).toMatchObject({ valid: true, problems: [] });
    const internal = await admin.post(`${P}/validate_ddl_domains/`, { body: { ddlUrl: 'http://192.168.1.5/list.txt', isCasb: true, options: {} } });
    expect(internal.status).toBe(200);
    expect(internal.body.valid).toBe(false);
    const bad = await admin.post(`${P}/validate_ddl_domains/`, { body: { ddlUrl: 'ftp://x.example/list', isCasb: false, options: {} } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('ddlUrl');
    expect((await (await signedIn('auditor')).post(`${P}/validate_ddl_domains/`, { body: { ddlUrl: 'https://lists.example.com/a' } })).status).toBe(403);
  });

  it('UCE release joins the allow-list feed; twice is 409; feeds filter by source and type', async () => {
    const admin = await signedIn('admin');
    const sender = `promo-${Date.now()}@shop.example`;
    const added = await admin.post(`${P}/safemail/whitelist/uce/`, { body: { sender, comment: 'Expected newsletter' } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ value: sender, source: 'uce', type: 'email' });
    expect((await admin.post(`${P}/safemail/whitelist/uce/`, { body: { sender } })).status).toBe(409);
    expect((await admin.post(`${P}/safemail/whitelist/uce/`, { body: { sender: 'not an address' } })).status).toBe(400);
    const uce = (await admin.get(`${P}/safemail/whitelist/feeds/?source=uce&type=email&limit=100`)).body;
    expect(uce.feeds.map((f: { value: string }) => f.value)).toContain(sender);
    expect(uce.feeds.every((f: { source: string }) => f.source === 'uce')).toBe(true);
    const one = (await admin.get(`${P}/safemail/whitelist/feeds/?limit=1`)).body;
    expect(one.feeds).toHaveLength(1);
    expect(one.total).toBeGreaterThan(1);
    expect((await admin.get(`${P}/safemail/whitelist/feeds/?limit=0`)).status).toBe(400);
    const other = (await (await signedIn('other-admin')).get(`${P}/safemail/whitelist/feeds/`)).body;
    expect(other.feeds.map((f: { value: string }) => f.value)).not.toContain(sender);
    expect((await (await signedIn('auditor')).post(`${P}/safemail/whitelist/uce/`, { body: { sender: 'x@y.example' } })).status).toBe(403);
  });

  it('exports a client profile as a JSON file; unknown uuid 404, bad uuid 400', async () => {
    const admin = await signedIn('admin');
    const uuid = 'e5a7c9e1-4f6b-4a2c-8e5f-7b9d1f3a5c64';
    const res = await admin.get(`/api/settings/v1/tenants/export_client_profile?uuid=${uuid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Managed-laptops.json"');
    expect(JSON.parse(res.text)).toMatchObject({ uuid, name: 'Managed laptops' });
    expect((await admin.get('/api/settings/v1/tenants/export_client_profile?uuid=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/settings/v1/tenants/export_client_profile?uuid=nope')).status).toBe(400);
    const all = await admin.get('/api/settings/v1/tenants/export_client_profile');
    expect(JSON.parse(all.text).profiles.map((p: { uuid: string }) => p.uuid)).toContain(uuid);
    expect((await (await signedIn('other-admin')).get(`/api/settings/v1/tenants/export_client_profile?uuid=${uuid}`)).status).toBe(404);
  });
});

describe('access', () => {
  it('a web administrator may not read mail or DLP lookups', async () => {
    const web = await signedIn('webadmin');
    expect((await web.get(`${P}/risks`)).status).toBe(200);
    expect((await web.get(`${P}/smtp_users`)).status).toBe(403);
    expect((await web.get(`${P}/dlp/file_password`)).status).toBe(403);
    expect((await (await signedIn('auditor')).get(`${P}/dlp/file_password`)).status).toBe(403);
  });
});
