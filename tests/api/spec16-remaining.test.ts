/**
 * The last calls of issue 16: reporting used by editing screens (files by hash, requests per discovered application,
 * groups), CASB insights and DLP's view of CASB, the parent tenant's global rules, documents and files (content v3 and
 * v4, docs v4, content types v4, content migration), tenant capabilities, SAML, authentication v2 and the dashboard's
 * appliances.
 */
import { describe, expect, it } from 'vitest';
import { casbInsightOps } from '../../definitions/api/casbInsights';
import { docsAndFilesOps } from '../../definitions/api/docsAndFiles';
import { lookupOps } from '../../definitions/api/lookups';
import { parentRuleOps } from '../../definitions/api/parentRules';
import { reportLookupOps } from '../../definitions/api/reportLookups';
import { tenantUtilOps } from '../../definitions/api/tenantUtils';
import { ApiClient, asResponseOf, signedIn, stagedRev } from './helpers';

const errorPaths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('reporting used by editing screens', { timeout: 180_000 }, () => {
  it('looks files up by hash: a hash seen in the logs with its name and verdict, an unseen one as not seen', async () => {
    const admin = await signedIn('admin');
    // The most transferred file of the last 30 days, as the report catalogue names it.
    const top = (await admin.get('/api/rep/v1/query/top_files?limit=1')).body as { data: { key: string; label?: string }[] };
    expect(top.data).toHaveLength(1);
    const seen = { sha256: top.data[0]!.key, file_name: top.data[0]!.label };
    const unseen = 'f'.repeat(64);
    const res = await admin.post('/api/rep/v1/fileserver/restapi', { body: { sha256: [seen.sha256!.toUpperCase(), unseen] } });
    expect(res.status).toBe(200);
    const answer = asResponseOf(reportLookupOps.fileLookup, res.body);
    expect(answer.files).toHaveLength(1);
    expect(answer.files[0]).toMatchObject({ sha256: seen.sha256, file_name: seen.file_name });
    expect(answer.files[0]!.sightings).toBeGreaterThan(0);
    expect(answer.not_seen).toEqual([unseen]);
  });

  it('refuses a malformed hash or an empty list (400 naming the entry), and a caller without a session (401)', async () => {
    const admin = await signedIn('admin');
    const bad = await admin.post('/api/rep/v1/fileserver/restapi', { body: { sha256: ['abc'] } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['sha256.0']);
    expect((await admin.post('/api/rep/v1/fileserver/restapi', { body: { sha256: [] } })).status).toBe(400);
    expect((await new ApiClient().post('/api/rep/v1/fileserver/restapi', { body: { sha256: ['a'.repeat(64)] } })).status).toBe(401);
  });

  it('counts requests and users per discovered application, most requested first, with ids insights answer for', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/api/rep/v1/query/casb_request_count_by_application_discovery?limit=5');
    expect(res.status).toBe(200);
    const counts = asResponseOf(reportLookupOps.appRequestCounts, res.body);
    expect(counts.applications.length).toBeGreaterThan(0);
    expect(counts.applications.length).toBeLessThanOrEqual(5);
    const requests = counts.applications.map((a) => a.requests);
    expect(requests).toEqual([...requests].sort((a, b) => b - a));
    expect(counts.total).toBeGreaterThanOrEqual(requests.reduce((a, b) => a + b, 0));
    for (const a of counts.applications) expect(a.users).toBeLessThanOrEqual(a.requests);
    // The same figure as the report catalogue's top applications.
    const top = (await admin.get('/api/rep/v1/query/casb_top_apps?limit=5')).body as { data: { key: string; value: number }[] };
    expect(counts.applications.map((a) => [a.name, a.requests])).toEqual(top.data.map((d) => [d.key, d.value]));
    const insight = await admin.get(`/api/policy/v3/casb/app_rep_insights/${counts.applications[0]!.id}`);
    expect(insight.status).toBe(200);
    expect((await admin.get('/api/rep/v1/query/casb_request_count_by_application_discovery?interval=90d')).status).toBe(400);
    expect((await (await signedIn('webadmin')).get('/api/rep/v1/query/casb_request_count_by_application_discovery')).status).toBe(200);
  });

  it('lists the groups in traffic; result_type=count answers the same total without the list', async () => {
    const admin = await signedIn('admin');
    const list = asResponseOf(reportLookupOps.groupsReport, (await admin.get('/api/rep/v1/query/groups')).body);
    expect(list.total).toBeGreaterThan(0);
    expect(list.groups?.length).toBe(list.total);
    const counts = list.groups!.map((g) => g.requests);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const count = await admin.get('/api/rep/v1/query/groups?result_type=count');
    expect(count.body).toEqual({ total: list.total });
    expect((await admin.get('/api/rep/v1/query/groups?result_type=sum')).status).toBe(400);
  });

  it("gives each group the requests and distinct users that the top users report filtered by the group counts", async () => {
    const admin = await signedIn('admin');
    const { groups } = asResponseOf(reportLookupOps.groupsReport, (await admin.get('/api/rep/v1/query/groups?limit=3')).body);
    expect(groups!.length).toBeGreaterThan(1);
    for (const g of groups!) {
      const byUser = (await admin.get(`/api/rep/v1/query/top_users?interval=7d&limit=1000&group=${encodeURIComponent(g.name)}`)).body as { total: number; data: unknown[] };
      // Demo traffic keeps arriving: the two reads' periods end a moment apart.
      expect(Math.abs(byUser.total - g.requests), g.name).toBeLessThanOrEqual(5);
      expect(Math.abs(byUser.data.length - g.users), g.name).toBeLessThanOrEqual(1);
      expect(g.users).toBeGreaterThan(1);
    }
  });

  it('counts the groups over the period asked (Directory Groups): a longer period holds at least the shorter one\'s traffic; an unknown period is a 400', async () => {
    const admin = await signedIn('admin');
    const week = asResponseOf(reportLookupOps.groupsReport, (await admin.get('/api/rep/v1/query/groups')).body).groups!;
    const month = asResponseOf(reportLookupOps.groupsReport, (await admin.get('/api/rep/v1/query/groups?interval=30d')).body).groups!;
    const hour = asResponseOf(reportLookupOps.groupsReport, (await admin.get('/api/rep/v1/query/groups?interval=1h')).body).groups!;
    const requestsOf = (list: typeof week) => new Map(list.map((g) => [g.name, g.requests]));
    const [w, m] = [requestsOf(week), requestsOf(month)];
    for (const [name, requests] of w) expect(m.get(name), name).toBeGreaterThanOrEqual(requests);
    expect([...m.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan([...w.values()].reduce((a, b) => a + b, 0));
    expect(hour.length).toBeLessThanOrEqual(week.length);
    expect((await admin.get('/api/rep/v1/query/groups?interval=30d&result_type=count')).body).toEqual({ total: month.length });
    const bad = await admin.get('/api/rep/v1/query/groups?interval=90d');
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['query.interval']);
  });
});

describe('CASB insights and DLP\'s view of CASB', { timeout: 180_000 }, () => {
  it('gives an application\'s reputation, the same on every call; 404 for an unknown id, 400 for a malformed one', async () => {
    const admin = await signedIn('admin');
    const a = asResponseOf(casbInsightOps.appRepInsights, (await admin.get('/api/policy/v3/casb/app_rep_insights/dropbox')).body);
    expect(a).toMatchObject({ id: 'dropbox', name: 'Dropbox', profile_type: 'unsanctioned' });
    expect(a.insights.map((i) => i.aspect)).toContain('Certifications');
    expect((await admin.get('/api/policy/v3/casb/app_rep_insights/dropbox')).body).toEqual(a);
    expect((await admin.get('/api/policy/v3/casb/app_rep_insights/no-such-app')).status).toBe(404);
    expect((await admin.get('/api/policy/v3/casb/app_rep_insights/Not%20An%20Id')).status).toBe(400);
    expect((await (await signedIn('webadmin')).get('/api/policy/v3/casb/app_rep_insights/dropbox')).status).toBe(403);
  });

  it('lists the SaaS rules and profiles of the revision for DLP rules, as the CASB documents hold them', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const rules = asResponseOf(casbInsightOps.dlpCasbAppRules, (await admin.get(`/api/policy/v1/rules/dlp/casb/app_rules/${rev}`)).body);
    const appRules = (await admin.get(`/api/policy/v3/casb/app_rules/${rev}`)).body.appRules as { id: string; name: string }[];
    expect(rules.rules.map((r) => [r.id, r.name])).toEqual(appRules.map((r) => [r.id, r.name]));
    const profiles = asResponseOf(casbInsightOps.dlpCasbProfiles, (await admin.get(`/api/policy/v1/rules/dlp/casb/profiles/${rev}`)).body);
    const list = (await admin.get(`/api/policy/v3/casb/profiles/${rev}`)).body.profiles.list as { id: string }[];
    expect(profiles.profiles.map((p) => p.id)).toEqual(list.map((p) => p.id));
    // The v3 CASB DLP rules read the application rules too.
    const v3 = asResponseOf(lookupOps.casbDlpRules, (await admin.get(`/api/policy/v3/casb/dlp/rules/${rev}`)).body);
    expect(v3.rules.map((r) => r.id)).toEqual(appRules.map((r) => r.id));
    expect((await admin.get('/api/policy/v1/rules/dlp/casb/profiles/999999')).status).toBe(404);
    expect((await (await signedIn('webadmin')).get(`/api/policy/v1/rules/dlp/casb/app_rules/${rev}`)).status).toBe(403);
  });

  it('a DLP rule limited to a SaaS profile is saved and read back; a profile list that is not a list is a 400 with nothing stored', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const profiles = asResponseOf(casbInsightOps.dlpCasbProfiles, (await admin.get(`/api/policy/v1/rules/dlp/casb/profiles/${rev}`)).body).profiles;
    const doc = (await admin.get(`/api/policy/v1/rules/dlp/${rev}`)).body;
    const rule = { ...doc.list[0], casb_profiles: [profiles[0]!.id] };
    const bad = await admin.put(`/api/policy/v1/rules/dlp/${rev}`, { body: { ...doc, list: [{ ...rule, casb_profiles: 'all' }, ...doc.list.slice(1)] } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['list.0.casb_profiles']);
    expect((await admin.get(`/api/policy/v1/rules/dlp/${rev}`)).body).toEqual(doc);
    const saved = await admin.put(`/api/policy/v1/rules/dlp/${rev}`, { body: { ...doc, list: [rule, ...doc.list.slice(1)] } });
    expect(saved.status).toBe(200);
    expect((await admin.get(`/api/policy/v1/rules/dlp/${rev}`)).body.list[0].casb_profiles).toEqual([profiles[0]!.id]);
  });
});

describe('the parent tenant\'s global rules', { timeout: 180_000 }, () => {
  it('a managed tenant reads its parent\'s published global exceptions and browser rules, pre then post', async () => {
    const admin = await signedIn('admin');
    const published = ((await admin.get('/api/policy/v1/rules')).body as { rev_id: number }).rev_id;
    const other = await signedIn('other-admin');
    for (const [path, own, op] of [
      ['/api/policy/v1/rules/web/parent_global_exceptions/', '/api/policy/v1/rules/web/global_exceptions', parentRuleOps.parentWebExceptions],
      ['/api/policy/v1/rules/inspection/parent_global_exceptions/', '/api/policy/v1/rules/inspection/global_exceptions', parentRuleOps.parentInspectionExceptions],
    ] as const) {
      const res = await other.get(path);
      expect(res.status, path).toBe(200);
      const parent = asResponseOf(op, res.body);
      const demo = (await admin.get(`${own}/${published}`)).body;
      expect(parent).toMatchObject({ parent: 'Demo Corp', rev_id: published, pre: demo.pre, post: demo.post });
      expect(parent.rules.map((r) => [r.id, r.position])).toEqual([
        ...demo.pre.map((r: { id: string }) => [r.id, 'pre']),
        ...demo.post.map((r: { id: string }) => [r.id, 'post']),
      ]);
    }
    const bnb = await other.get('/api/policy/v1/rules/parent_global_bnb/');
    if (bnb.status === 200) {
      const demo = (await admin.get(`/api/policy/v1/rules/global_bnb/${published}`)).body;
      expect(asResponseOf(parentRuleOps.parentBrowserRules, bnb.body).rules.map((r) => r.id)).toEqual(
        [...demo.pre.list, ...demo.post.list].map((r: { id: string }) => r.id),
      );
    } else {
      // Other Corp without the bnb capability: the call is not offered to it.
      expect(bnb.status).toBe(403);
    }
  });

  it('a staged change of the parent is not seen until it publishes', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const before = (await other.get('/api/policy/v1/rules/web/parent_global_exceptions/')).body;
    const rev = await stagedRev(admin);
    const doc = (await admin.get(`/api/policy/v1/rules/web/global_exceptions/${rev}`)).body;
    const added = { id: `gwe-staged-${Date.now()}`, name: 'Staged only', enabled: true, conditions: { domain: ['staged.example'] }, action: 'block', transferDirection: 'all', comment: '' };
    expect((await admin.put(`/api/policy/v1/rules/web/global_exceptions/${rev}`, { body: { ...doc, pre: [...doc.pre, added] } })).status).toBe(200);
    const after = (await other.get('/api/policy/v1/rules/web/parent_global_exceptions/')).body;
    expect(after.rules.map((r: { id: string }) => r.id)).not.toContain(added.id);
    expect(after.rev_id).toBe(before.rev_id);
  });

  it('a tenant no tenant of this service manages gets empty lists without a parent; no session a 401', async () => {
    const admin = await signedIn('admin');
    for (const path of ['/api/policy/v1/rules/web/parent_global_exceptions/', '/api/policy/v1/rules/inspection/parent_global_exceptions/', '/api/policy/v1/rules/parent_global_bnb/']) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ parent: null, rev_id: 0, rules: [] });
    }
    expect((await new ApiClient().get('/api/policy/v1/rules/web/parent_global_exceptions/')).status).toBe(401);
  });
});

describe('documents and files', { timeout: 180_000 }, () => {
  it('lists the v4 file types with Calendar shown as ICS Meeting Invitation, each of a v3 family', async () => {
    const admin = await signedIn('admin');
    const v4 = asResponseOf(docsAndFilesOps.contentTypesV4, (await admin.get('/api/policy/v4/content_types')).body);
    expect(v4.content_types.find((t) => t.name === 'Calendar')).toMatchObject({ id: 'calendar', label: 'ICS Meeting Invitation', extensions: ['ics'] });
    const families = new Set((await admin.get('/api/policy/v3/content_types')).body.contentTypes.files.map((f: { name: string }) => f.name));
    for (const t of v4.content_types) expect(families, t.id).toContain(t.family);
  });

  it('the v3 content path reads and saves the File Transfers document of v4; docs v4 saves with the revision check', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const v4 = (await admin.get(`/api/policy/v4/rules/content/${rev}`)).body;
    expect((await admin.get(`/api/policy/v3/rules/content/${rev}`)).body).toEqual(v4);
    const rule = { id: `ft-v3-${Date.now()}`, name: 'Added through v3', enabled: true, scope: {}, content_types: ['pdf'], direction: 'uploads', action: 'block', max_size_mb: 0, comment: '' };
    const saved = await admin.put(`/api/policy/v3/rules/content/${rev}`, { body: { ...v4, list: [...v4.list, rule] } });
    expect(saved.status).toBe(200);
    expect((await admin.get(`/api/policy/v4/rules/content/${rev}`)).body.list).toContainEqual(rule);
    expect((await admin.put(`/api/policy/v4/rules/content/${rev}`, { body: v4 })).status).toBe(409);

    const docs = (await admin.get(`/api/policy/v4/rules/docs/${rev}`)).body;
    const bad = await admin.put(`/api/policy/v4/rules/docs/${rev}`, { body: { ...docs, list: [{ ...docs.list[0], download: 'everything' }] } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['list.0.download']);
    expect((await admin.get(`/api/policy/v4/rules/docs/${rev}`)).body).toEqual(docs);
    expect((await (await signedIn('auditor')).put(`/api/policy/v4/rules/docs/${rev}`, { body: docs })).status).toBe(403);
  });

  it('content migration names each v3 family\'s v4 types in the working revision, once', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const before = (await admin.get(`/api/policy/v4/rules/content/${rev}`)).body;
    const family = { id: `ft-family-${Date.now()}`, name: 'Archives in the viewer', enabled: true, scope: {}, content_types: ['Archives', 'pdf'], direction: 'downloads', action: 'view_only', max_size_mb: 0, comment: '' };
    expect((await admin.put(`/api/policy/v4/rules/content/${rev}`, { body: { ...before, list: [...before.list, family] } })).status).toBe(200);

    const bad = await admin.put('/api/policy/v4/content_migration', { body: { areas: [] } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['areas']);
    expect((await (await signedIn('auditor')).put('/api/policy/v4/content_migration', { body: { areas: ['content'] } })).status).toBe(403);

    const res = await admin.put('/api/policy/v4/content_migration', { body: { areas: ['content', 'docs'] } });
    expect(res.status).toBe(200);
    const answer = asResponseOf(docsAndFilesOps.contentMigration, res.body);
    expect(answer).toMatchObject({ rev_id: rev, state: 'staged' });
    const archives = (await admin.get('/api/policy/v4/content_types')).body.content_types.filter((t: { family: string }) => t.family === 'Archives').map((t: { id: string }) => t.id);
    expect(answer.changed).toContainEqual({ area: 'content', rule: family.name, from: ['Archives'], to: [...archives, 'pdf'] });
    const after = (await admin.get(`/api/policy/v4/rules/content/${rev}`)).body.list.find((r: { id: string }) => r.id === family.id);
    expect(after.content_types).toEqual([...archives, 'pdf']);
    const again = asResponseOf(docsAndFilesOps.contentMigration, (await admin.put('/api/policy/v4/content_migration', { body: { areas: ['content'] } })).body);
    expect(again.changed).toEqual([]);
  });
});

describe('tenant capabilities, SAML and authentication v2', { timeout: 180_000 }, () => {
  it('details a capability: on or off, its value and what it gives; 404 for a name the service does not know', async () => {
    const admin = await signedIn('webadmin');
    for (const name of ['restricted_logs', 'runtime_analysis', 'mobileSupport']) {
      const res = await admin.get(`/api/settings/v1/tenants/capabilities/${name}`);
      expect(res.status, name).toBe(200);
      const c = asResponseOf(tenantUtilOps.capability, res.body);
      expect(c.name).toBe(name);
      expect(c.enabled).toBe(c.value === true);
      expect(c.description.length).toBeGreaterThan(10);
    }
    expect((await admin.get('/api/settings/v1/tenants/capabilities/runtime_analysis')).body.enabled).toBe(true);
    expect((await admin.get('/api/settings/v1/tenants/capabilities/restricted_logs')).body.enabled).toBe(false);
    expect((await admin.get('/api/settings/v1/tenants/capabilities/no_such_capability')).status).toBe(404);
    expect((await admin.get('/api/settings/v1/tenants/capabilities/bad-name!')).status).toBe(400);
    expect((await new ApiClient().get('/api/settings/v1/tenants/capabilities/rbac')).status).toBe(401);
  });

  it('gives the SAML service values and the request signing certificate, the same certificate on every read', async () => {
    const admin = await signedIn('admin');
    const sp = asResponseOf(tenantUtilOps.samlSetting, (await admin.get('/api/settings/v1/tenants/setting/saml')).body);
    expect(sp.acs_url).toBe(`${sp.entity_id}/acs`);
    const cert = asResponseOf(tenantUtilOps.samlSigningCert, (await admin.get('/api/settings/v1/utils/menloSamlSigningCert')).body);
    expect(cert.cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(cert.cert).not.toMatch(/PRIVATE KEY/);
    expect(sp.signing_cert_fingerprint).toBe(cert.fingerprint_sha256);
    expect((await admin.get('/api/settings/v1/utils/menloSamlSigningCert')).body.fingerprint_sha256).toBe(cert.fingerprint_sha256);
    expect(new Date(cert.valid_to).getTime()).toBeGreaterThan(Date.now());
    expect((await (await signedIn('webadmin')).get('/api/settings/v1/tenants/setting/saml')).status).toBe(403);
  });

  it('reads and saves user authentication through v2 over the same document as v1, with limit, 400 and 409', async () => {
    const admin = await signedIn('admin');
    const v1 = (await admin.get('/api/settings/v1/tenants/auth')).body;
    const v2 = asResponseOf(tenantUtilOps.authV2, (await admin.get('/api/settings/v2/tenants/auth?limit=1')).body);
    expect(v2).toEqual({ total: 1, items: [v1] });
    expect((await admin.get('/api/settings/v2/tenants/auth?limit=0')).status).toBe(400);

    const bad = await admin.put('/api/settings/v2/tenants/auth', { body: { ...v1, session_hours: 0 } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['session_hours']);
    expect((await admin.get('/api/settings/v1/tenants/auth')).body).toEqual(v1);

    const saved = await admin.put('/api/settings/v2/tenants/auth', { body: { ...v1, session_hours: v1.session_hours === 12 ? 24 : 12 } });
    expect(saved.status).toBe(200);
    expect((await admin.get('/api/settings/v1/tenants/auth')).body.session_hours).toBe(saved.body.session_hours);
    expect((await admin.put('/api/settings/v2/tenants/auth', { body: v1 })).status).toBe(409);
    expect((await (await signedIn('auditor')).put('/api/settings/v2/tenants/auth', { body: saved.body })).status).toBe(403);
  });
});

describe('the dashboard\'s appliances', { timeout: 180_000 }, () => {
  it('lists the tenant\'s appliances with their role by name and status; 401 without a session', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/api/v1/dashboard/get_appliances');
    expect(res.status).toBe(200);
    const list = asResponseOf(lookupOps.dashboardAppliances, res.body);
    expect(list.total).toBe(list.appliances.length);
    expect(list.total).toBeGreaterThan(0);
    expect(list.online).toBe(list.appliances.filter((a) => a.status === 'online').length);
    expect(list.appliances.map((a) => a.app_mode)).not.toContain('safeview');
    expect((await new ApiClient().get('/api/v1/dashboard/get_appliances')).status).toBe(401);
  });
});
