/** Lookups and shell-level calls (spec 000 §7), the moved category-extension and egress-header paths, and the 404 for unknown lists. */
import { describe, expect, it } from 'vitest';
import { lookupOps } from '../../definitions/api/lookups';
import { privateAccessOps } from '../../definitions/api/privateAccess';
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
    // Each entry is a row of the Risk Types screen: what the risk type covers.
    expect(vs.entries).toContainEqual({ entry: '445/tcp SMB v1' });
    const malware = (await admin.get(`${P}/risks/Malware`)).body;
    expect(malware.entries.map((e: { entry: string }) => e.entry)).toContain('Ransomware');
    expect(malware.entries).not.toContainEqual({ entry: '445/tcp SMB v1' });
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

describe('private access (002 §7)', () => {
  const MPA = `${P}/rules/mpa`;
  type Rule = { id: string; name: string; scope: { applications: string[] } };
  type App = { id: string; name: string; cluster_id: string };

  it('the application and cluster lists follow the documents of the revision', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const catalog = (await admin.get(`${MPA}/app_catalogs/${rev}`)).body;
    const clusters = (await admin.get(`${MPA}/app_connector_clusters/${rev}`)).body;
    const rules = (await admin.get(`${MPA}/access_rules/${rev}`)).body;
    const apps = asResponseOf(privateAccessOps.applicationList, (await admin.get(`${MPA}/application_list/${rev}`)).body);
    expect(apps.applications.map((a) => a.id)).toEqual(catalog.list.map((a: App) => a.id));
    // Every access rule in order (what an application can be put in), and the two documents' stamps as read, which
    // the Application Access screen sends back with either update.
    expect(apps.rules.map((r) => r.id)).toEqual(rules.list.map((r: Rule) => r.id));
    for (const a of apps.applications) {
      expect([a.catalog_updated_at, a.access_rules_updated_at]).toEqual([catalog.updated_at, rules.updated_at]);
      expect(a.cluster_name).toBe(clusters.list.find((c: { id: string }) => c.id === a.cluster_id).name);
      expect(a.access_rules.map((r) => r.id)).toEqual(rules.list.filter((r: Rule) => r.scope.applications.includes(a.id)).map((r: Rule) => r.id));
    }
    const list = asResponseOf(privateAccessOps.clusterList, (await admin.get(`${MPA}/app_connector_cluster_list/${rev}`)).body);
    expect(list.clusters.map((c) => c.name)).toEqual(clusters.list.map((c: { name: string }) => c.name));
    for (const c of list.clusters) {
      expect(c.applications).toBe(catalog.list.filter((a: App) => a.cluster_id === c.id).length);
      expect(c.connectors).toHaveLength(clusters.list.find((d: { id: string }) => d.id === c.id).connectors);
    }
    // The other demo tenant has no private access capability: its administrator is refused every call of it.
    const other = await signedIn('other-admin');
    const otherRev = await stagedRev(other);
    for (const path of [`${MPA}/application_list/${otherRev}`, `${MPA}/app_connector_cluster_list/${otherRev}`, `${MPA}/app_catalogs/${otherRev}`, `${P}/mpa/user_portal_url`]) {
      expect((await other.get(path)).status, path).toBe(403);
    }
    expect((await admin.get(`${MPA}/application_list/999999`)).status).toBe(404);
  });

  it('moves applications to a cluster: staged, the lists follow, published with the revision', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const catalog = (await admin.get(`${MPA}/app_catalogs/${rev}`)).body;
    const clusters = (await admin.get(`${MPA}/app_connector_clusters/${rev}`)).body.list as { id: string; name: string }[];
    const app = catalog.list[0] as App;
    const target = clusters.find((c) => c.id !== app.cluster_id)!;
    const res = await admin.put(`${MPA}/update_catalog_clusters/${rev}`, { body: { updated_at: catalog.updated_at, cluster_id: target.id, applications: [app.id] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe('staged');
    expect(res.body.list.find((a: App) => a.id === app.id).cluster_id).toBe(target.id);
    const listed = (await admin.get(`${MPA}/application_list/${rev}`)).body.applications.find((a: App) => a.id === app.id);
    expect(listed.cluster_name).toBe(target.name);
    // The list answers the catalogue's new stamp: sent back, it is current.
    expect(listed.catalog_updated_at).toBe(res.body.updated_at);
    // The same stamp again is stale: 409, and the move stays.
    const stale = await admin.put(`${MPA}/update_catalog_clusters/${rev}`, { body: { updated_at: catalog.updated_at, cluster_id: app.cluster_id, applications: [app.id] } });
    expect(stale.status).toBe(409);
    const publish = await admin.post(`/api/policy/v1/rules/${rev}`, { body: { reason: 'Private access test' } });
    expect(publish.status, publish.text).toBe(200);
    const published = (await admin.get(`${MPA}/app_catalogs/${rev}`)).body;
    expect(published.state).toBe('published');
    expect(published.list.find((a: App) => a.id === app.id).cluster_id).toBe(target.id);
  });

  it('refuses unknown clusters, applications and access rules with their path, and changes nothing', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const catalog = (await admin.get(`${MPA}/app_catalogs/${rev}`)).body;
    const rules = (await admin.get(`${MPA}/access_rules/${rev}`)).body;
    const app = (catalog.list as App[])[0]!;
    const refusals = [
      [`${MPA}/update_catalog_clusters/${rev}`, { updated_at: catalog.updated_at, cluster_id: 'no-such-cluster', applications: [app.id] }, 'cluster_id'],
      [`${MPA}/update_catalog_clusters/${rev}`, { updated_at: catalog.updated_at, cluster_id: app.cluster_id, applications: [app.id, 'no-such-app'] }, 'applications.1'],
      [`${MPA}/update_catalog_clusters/${rev}`, { updated_at: catalog.updated_at, cluster_id: app.cluster_id, applications: [] }, 'applications'],
      [`${MPA}/update_access_policy_application/${rev}`, { updated_at: rules.updated_at, application_id: 'no-such-app', access_rules: [] }, 'application_id'],
      [`${MPA}/update_access_policy_application/${rev}`, { updated_at: rules.updated_at, application_id: app.id, access_rules: ['no-such-rule'] }, 'access_rules.0'],
      [`${MPA}/update_access_policy_application/${rev}`, { application_id: app.id, access_rules: [] }, 'updated_at'],
    ] as const;
    for (const [path, body, field] of refusals) {
      const res = await admin.put(path, { body });
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path.replace(/^body\./, ''))).toContain(field);
    }
    // A rule whose only application is taken out would be left empty.
    const lonely = (rules.list as Rule[]).find((r) => r.scope.applications.length === 1);
    if (lonely) {
      const only = lonely.scope.applications[0]!;
      const keep = (rules.list as Rule[]).filter((r) => r.id !== lonely.id && r.scope.applications.includes(only)).map((r) => r.id);
      const res = await admin.put(`${MPA}/update_access_policy_application/${rev}`, { body: { updated_at: rules.updated_at, application_id: only, access_rules: keep } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('access_rules');
    }
    expect((await admin.get(`${MPA}/app_catalogs/${rev}`)).body).toEqual(catalog);
    expect((await admin.get(`${MPA}/access_rules/${rev}`)).body).toEqual(rules);
  });

  it('puts an application in exactly the chosen access rules', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const rules = (await admin.get(`${MPA}/access_rules/${rev}`)).body;
    const list = rules.list as Rule[];
    // An application every rule naming it also names another one can leave them all but the first rule.
    const apps = [...new Set(list.flatMap((r) => r.scope.applications))];
    const app = apps.find((a) => list.every((r) => !r.scope.applications.includes(a) || r.scope.applications.length > 1))!;
    expect(app).toBeDefined();
    const chosen = [list[0]!.id];
    const res = await admin.put(`${MPA}/update_access_policy_application/${rev}`, { body: { updated_at: rules.updated_at, application_id: app, access_rules: chosen } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.state).toBe('staged');
    const after = (await admin.get(`${MPA}/access_rules/${rev}`)).body.list as Rule[];
    expect(after.filter((r) => r.scope.applications.includes(app)).map((r) => r.id)).toEqual(chosen);
    const listed = (await admin.get(`${MPA}/application_list/${rev}`)).body.applications.find((a: App) => a.id === app);
    expect(listed.access_rules.map((r: { id: string }) => r.id)).toEqual(chosen);
  });

  it('issues a provisioning key once; the cluster list shows only its end and the connectors connect', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const before = (await admin.get(`${MPA}/app_connector_cluster_list/${rev}`)).body.clusters as { id: string; key_hint: string; state: string }[];
    const cluster = before[before.length - 1]!;
    const res = await admin.put(`${MPA}/set_provisioning_key_lookup`, { body: { cluster_id: cluster.id } });
    expect(res.status, res.text).toBe(200);
    const { key, hint } = asResponseOf(privateAccessOps.setProvisioningKeyLookup, res.body);
    expect(key.length).toBeGreaterThan(20);
    expect(hint).toBe(key.slice(-4));
    const after = (await admin.get(`${MPA}/app_connector_cluster_list/${rev}`)).body;
    const listed = after.clusters.find((c: { id: string }) => c.id === cluster.id);
    expect(listed).toMatchObject({ key_hint: hint, state: 'connected', key_issued_by: 'admin' });
    expect(JSON.stringify(after)).not.toContain(key);
    const again = (await admin.put(`${MPA}/set_provisioning_key_lookup`, { body: { cluster_id: cluster.id } })).body;
    expect(again.key).not.toBe(key);
    const bad = await admin.put(`${MPA}/set_provisioning_key_lookup`, { body: { cluster_id: 'no-such-cluster' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('cluster_id');
  });

  it('answers the connector regions and the user portal address', async () => {
    const admin = await signedIn('admin');
    const regions = asResponseOf(privateAccessOps.connectorRegions, (await admin.get(`${P}/mpa/app_connector_aws_region`)).body);
    const clusters = (await admin.get(`${MPA}/app_connector_clusters/${await stagedRev(admin)}`)).body.list as { region: string }[];
    expect(regions.regions.reduce((n, r) => n + r.clusters, 0)).toBe(clusters.length);
    expect(regions.regions.find((r) => r.value === regions.default)!.clusters).toBe(Math.max(...regions.regions.map((r) => r.clusters)));
    expect((await admin.get(`${P}/mpa/user_portal_url`)).body.url).toBe('https://demo-corp.access.example.net/');
  });

  it('keeps certificates that decode, refuses a block that is not one, and lets the auditor only read', async () => {
    const admin = await signedIn('admin');
    const CERTS = '/api/settings/v1/tenants/mpa_certificates';
    const doc = (await admin.get(CERTS)).body;
    expect(doc.list.length).toBeGreaterThan(0);
    const decoded = (await admin.post('/api/settings/v1/utils/decodeCert', { body: { cert: doc.list[0].certificate } })).body;
    expect(decoded.subject).toContain('Demo Corp');
    const broken = { ...doc.list[0], id: 'cert-broken', name: 'Broken', certificate: '-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----' };
    const bad = await admin.put(CERTS, { body: { ...doc, list: [...doc.list, broken] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain(`list.${doc.list.length}.certificate`);
    expect((await admin.get(CERTS)).body).toEqual(doc);
    const renamed = await admin.put(CERTS, { body: { ...doc, list: doc.list.map((c: { name: string }, i: number) => (i === 0 ? { ...c, name: 'Managed devices' } : c)) } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await admin.get(CERTS)).body.list[0].name).toBe('Managed devices');

    const auditor = await signedIn('auditor');
    const rev = await stagedRev(auditor);
    expect((await auditor.get(CERTS)).status).toBe(200);
    expect((await auditor.get(`${MPA}/app_connector_cluster_list/${rev}`)).status).toBe(200);
    expect((await auditor.put(`${MPA}/set_provisioning_key_lookup`, { body: { cluster_id: 'cl-fra' } })).status).toBe(403);
    const rules = (await auditor.get(`${MPA}/access_rules/${rev}`)).body;
    expect((await auditor.put(`${MPA}/update_access_policy_application/${rev}`, { body: { updated_at: rules.updated_at, application_id: 'app-erp', access_rules: [] } })).status).toBe(403);
    expect((await auditor.put(CERTS, { body: doc })).status).toBe(403);
    expect((await admin.get(`${MPA}/access_rules/${rev}`)).body).toEqual(rules);
  });
});
