/**
 * The remaining parts of issue 16: what restricted logs hide, what the PAC file version changes, and the limits the
 * egress control, header blocklist and runtime-analysis threat calls describe, enforced on the saves of their screens;
 * the versions the Categories and Content Inspection screens show.
 */
import { describe, expect, it } from 'vitest';
import { lookupOps } from '../../definitions/api/lookups';
import { contentInspection } from '../../definitions/policy/web/contentInspection';
import { webCategories } from '../../definitions/policy/web/webCategories';
import { ApiClient, asResponseOf, signedIn, stagedRev } from './helpers';
import { API, operator } from './providerClient';

const P = '/api/policy/v1';
const NOW_S = Math.floor(Date.now() / 1000);
const RANGE = `start=${NOW_S - 31 * 86_400}&end=${NOW_S}`;

/** Turns Demo Corp's restricted_logs capability on or off, as its service provider does. */
async function restrictDemoLogs(op: ApiClient, on: boolean): Promise<void> {
  const tenants = (await op.get(`${API}/v1/tenants?search=Demo%20Corp`)).body.tenants as { tid: string; name: string }[];
  const demo = tenants.find((t) => t.name === 'Demo Corp');
  if (!demo) throw new Error('Demo Corp is not listed');
  const res = await op.request('PATCH', `${API}/v1/tenants/${demo.tid}/capabilities`, { body: { capabilities: { restricted_logs: on } } });
  if (res.status !== 200) throw new Error(`PATCH capabilities: ${res.status} ${res.text.slice(0, 200)}`);
}

type Event = Record<string, unknown>;
const events = async (client: ApiClient, type: string, query = ''): Promise<Event[]> => {
  const res = await client.get(`/api/rep/v1/query/${type}?${RANGE}&limit=20${query}`);
  expect(res.status, res.text.slice(0, 200)).toBe(200);
  return (res.body.events as { event: Event }[]).map((e) => e.event);
};

describe('restricted logs', { timeout: 120_000 }, () => {
  it('hide user names and client addresses of the tenant\'s events from its administrators while the provider has them on', async () => {
    const op = await operator();
    const [admin, auditor] = [await signedIn('admin'), await signedIn('auditor')];
    const before = await events(admin, 'web');
    expect(before.some((e) => e.userid !== 'Hidden')).toBe(true);
    const someone = before.find((e) => e.userid !== 'Hidden')!.userid as string;
    const topBefore = (await admin.get('/api/rep/v1/query/top_users?limit=3')).body.data as { key: string; value: number }[];
    expect(topBefore).toHaveLength(3);
    expect(topBefore.some((d) => d.key.startsWith('Hidden'))).toBe(false);

    await restrictDemoLogs(op, true);
    try {
      for (const client of [admin, auditor]) {
        const web = await events(client, 'web');
        expect(web.length).toBeGreaterThan(0);
        expect(web.every((e) => e.userid === 'Hidden' && e.src_ip === 'Hidden')).toBe(true);
        // The rest of each event stays: where the request went and what the policy did.
        expect(web.every((e) => typeof e.domain === 'string' && e.domain !== 'Hidden')).toBe(true);
      }
      const email = await events(admin, 'email');
      expect(email.every((e) => e.userid === 'Hidden' && e.recipient === 'Hidden')).toBe(true);
      const dlp = await events(admin, 'dlp');
      expect(dlp.every((e) => e.userid === 'Hidden')).toBe(true);
      // The audit log lists administrators' own actions, and stays whole.
      const audit = await events(admin, 'audit');
      expect(audit.some((e) => e.user !== 'Hidden')).toBe(true);

      // Searching by a hidden field would tell who did what: refused, naming the parameter.
      const search = await admin.get(`/api/rep/v1/query/web?${RANGE}&userid=${encodeURIComponent(someone)}`);
      expect(search.status).toBe(400);
      expect(search.body.errors).toEqual([{ path: 'query.userid', key: 'restrictedLogs', message: expect.any(String) }]);
      expect((await admin.get(`/api/rep/v1/query/fwaas_logs?${RANGE}&src_ip=10.0.0.1`)).body.errors[0].path).toBe('query.src_ip');

      // Reports grouped by user count the same events, numbered instead of named.
      const top = (await admin.get('/api/rep/v1/query/top_users?limit=3')).body.data as { key: string; value: number }[];
      expect(top.map((d) => d.key)).toEqual(['Hidden user 1', 'Hidden user 2', 'Hidden user 3']);
      expect(top.map((d) => d.value)).toEqual(topBefore.map((d) => d.value));
      expect((await admin.get(`/api/rep/v1/query/top_user_domains?userid=${encodeURIComponent(someone)}`)).status).toBe(400);

      // Insights neither finds nor names users; an instant report files them numbered and cannot be filtered by one.
      const found = (await admin.get(`/api/insights/v1/q?q=${encodeURIComponent(someone)}`)).body;
      expect(found.matches.some((m: { field: string }) => m.field === 'userid')).toBe(false);
      expect(found.total).toBe(0);
      const instant = await admin.put('/api/reports/v1/instant_reports', { body: { name: 'Users', reports: ['top_users'], interval: '30d' } });
      expect(instant.status, instant.text.slice(0, 200)).toBe(200);
      const csv = (await admin.get(`/api/reports/v1/past_reports/${instant.body.id}`)).text;
      expect(csv).toContain('Hidden user 1');
      expect(csv).not.toContain(someone);
      const filtered = await admin.put('/api/reports/v1/instant_reports', { body: { name: 'One user', reports: ['top_domains'], filters: { userid: someone } } });
      expect(filtered.status).toBe(400);
      expect(filtered.body.errors[0]).toMatchObject({ path: 'filters.userid', key: 'restrictedLogs' });
    } finally {
      await restrictDemoLogs(op, false);
    }
    const after = await events(admin, 'web');
    expect(after.some((e) => e.userid === someone)).toBe(true);
  });
});

describe('PAC file version', () => {
  const template = 'function FindProxyForURL(url, host) {\n  return "PROXY 198.51.100.99:8080";\n}\n';

  it('version 1 serves the file generated from the settings; version 2 the uploaded template', async () => {
    const other = await signedIn('other-admin');
    expect((await other.put('/api/settings/v2/pac/version', { body: { version: 'v1' } })).status).toBe(200);
    expect((await other.post('/api/settings/v1/pac/template', { body: { pac: template, filename: 'branch.pac' } })).status).toBe(200);

    const v1 = await other.get('/api/settings/v1/pac/template');
    expect(v1.body).toMatchObject({ source: 'generated', filename: 'proxy.pac' });
    expect(v1.body.pac).not.toContain('198.51.100.99');
    // Kept meanwhile: the settings still hold the uploaded template.
    expect((await other.get('/api/settings/v1/pac')).body.template).toEqual({ pac: template, filename: 'branch.pac' });

    expect((await other.put(`${P}/pac_version`, { body: { version: 'v2' } })).status).toBe(200);
    const v2 = await other.get('/api/settings/v1/pac/template');
    expect(v2.body).toMatchObject({ source: 'uploaded', filename: 'branch.pac', pac: template });

    // Back to version 1 by the settings path: the generated file again, at once.
    expect((await other.put('/api/settings/v2/pac/version', { body: { version: 'v1' } })).status).toBe(200);
    expect((await other.get('/api/settings/v1/pac/template')).body.source).toBe('generated');
    // Demo Corp's choice is its own.
    expect((await (await signedIn('admin')).get(`${P}/pac_version`)).body.version).toBe('v1');
  });
});

describe('egress header rules', () => {
  const EGRESS = (rev: number) => `${P}/egress_policy/rules/${rev}`;
  const rule = (i: number, header: string) => ({
    id: `t-${i}`,
    name: `Rule ${i}`,
    enabled: true,
    domains: ['login.example.com'],
    header,
    operation: 'replace',
    value: 'x',
    comment: '',
  });

  it('refuse a rule on a header of the blocklist, whatever its case, and more rules than egress control allows', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const doc = (await admin.get(EGRESS(rev))).body;
    const blocklist = asResponseOf(lookupOps.headerBlocklist, (await admin.get(`${P}/egress_policy/header_blocklist`)).body).headers;
    expect(blocklist).toEqual(expect.arrayContaining(['Cookie', 'Authorization', 'Host']));
    const control = asResponseOf(lookupOps.egressControl, (await admin.get(`${P}/egress_policy/egress_control`)).body);
    expect(control).toMatchObject({ enabled: true, actions: ['add', 'replace', 'remove'] });

    const n = doc.egress_policy.length;
    for (const header of ['Cookie', 'authorization']) {
      const res = await admin.put(EGRESS(rev), { body: { ...doc, egress_policy: [...doc.egress_policy, rule(1, header)] } });
      expect(res.status, header).toBe(400);
      expect(res.body.errors).toEqual([{ path: `egress_policy.${n}.header`, key: 'protectedHeader', message: expect.any(String) }]);
    }
    const many = Array.from({ length: control.max_rules + 1 - n }, (_, i) => rule(i, 'X-Test-Header'));
    const tooMany = await admin.put(EGRESS(rev), { body: { ...doc, egress_policy: [...doc.egress_policy, ...many] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({ path: 'egress_policy', key: 'too_big' });
    expect((await admin.get(EGRESS(rev))).body.egress_policy).toEqual(doc.egress_policy);

    // Exactly the limit, on a header nobody protects, is stored.
    const atLimit = await admin.put(EGRESS(rev), { body: { ...doc, egress_policy: [...doc.egress_policy, ...many.slice(1)] } });
    expect(atLimit.status, atLimit.text.slice(0, 300)).toBe(200);
    expect((await admin.get(EGRESS(rev))).body.egress_policy).toHaveLength(control.max_rules);
    const restored = await admin.put(EGRESS(rev), { body: { ...(await admin.get(EGRESS(rev))).body, egress_policy: doc.egress_policy } });
    expect(restored.status).toBe(200);
  });
});

describe('runtime analysis threat types', () => {
  const RA = (rev: number) => `/api/policy/v3/rules/runtime_analysis/${rev}`;

  it('a rule takes the threat types ra_threats lists and refuses any other', async () => {
    const admin = await signedIn('admin');
    const rev = await stagedRev(admin);
    const doc = (await admin.get(RA(rev))).body;
    const threats = asResponseOf(lookupOps.raThreats, (await admin.get(`${P}/ra_threats`)).body).threats.map((t) => t.value);
    expect(threats).toEqual(expect.arrayContaining(['keylogger', 'fake_login']));
    const base = { id: 'ra-t', name: 'Keyloggers', enabled: true, scope: {}, protection_level: 'moderate', techniques: [], action: 'block', comment: '' };

    const bad = await admin.put(RA(rev), { body: { ...doc, runtimeAnalysis: [...doc.runtimeAnalysis, { ...base, threats: ['keylogger', 'spyware'] }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe(`runtimeAnalysis.${doc.runtimeAnalysis.length}.threats.1`);

    const ok = await admin.put(RA(rev), { body: { ...doc, runtimeAnalysis: [...doc.runtimeAnalysis, { ...base, threats }] } });
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    const saved = (await admin.get(RA(rev))).body.runtimeAnalysis as { id: string; threats: string[] }[];
    expect(saved.find((r) => r.id === 'ra-t')?.threats).toEqual(threats);
    // Rules saved before the field existed read as acting on every threat type.
    expect(saved.filter((r) => r.id !== 'ra-t').every((r) => Array.isArray(r.threats) && r.threats.length === 0)).toBe(true);
    expect((await admin.put(RA(rev), { body: { ...(await admin.get(RA(rev))).body, runtimeAnalysis: doc.runtimeAnalysis } })).status).toBe(200);
  });
});

describe('the feed address check of the Threat Feeds screen', () => {
  it('sends the address alone (as the screen does while it is typed) and says whether the service can download it', async () => {
    const admin = await signedIn('admin');
    const good = await admin.post(`${P}/validate_ddl_domains/`, { body: { ddlUrl: 'https://feeds.example.com/blocklist.txt' } });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ valid: true, problems: [], message: expect.stringContaining('one domain a line, at most 10000') });
    const local = await admin.post(`${P}/validate_ddl_domains/`, { body: { ddlUrl: 'https://feeds.local/list.txt' } });
    expect(local.body).toMatchObject({ valid: false, problems: ['The address names this network, not a public server.'] });
  });
});

describe('the version lines of the Categories and Content Inspection screens', () => {
  it('every user who may read the screen may read the version it shows, asked for as the screen asks', async () => {
    const checked: string[] = [];
    for (const account of ['admin', 'webadmin', 'auditor'] as const) {
      const client = await signedIn(account);
      const rev = await stagedRev(client);
      for (const area of [webCategories, contentInspection]) {
        const doc = await client.get(area.endpoint.path.replace('{rev}', String(rev)));
        if (doc.status !== 200) continue;
        const spec = area.facts!;
        const res = await client.get(spec.operation.path);
        expect(res.status, `${account} on ${area.title}`).toBe(200);
        const answer = asResponseOf(spec.operation, res.body) as { version: string; updated_at: string };
        expect(answer.version).not.toBe('');
        expect(spec.facts(answer as never)[0]).toEqual({ label: spec.label, value: answer.version });
        checked.push(`${account} ${area.title}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['webadmin Categories', 'auditor Categories', 'auditor Content Inspection', 'admin Content Inspection']));
  });
});
