import { describe, expect, it } from 'vitest';
import { categoryListOps, logKindOps } from '../../definitions/api/logs';
import { LOG_TYPES, type LogType } from '../../schemas/logs';
import { ApiClient, asResponseOf, signedIn, signedInWithRole, type ApiResponse } from './helpers';

type Ev = Record<string, unknown>;
const NOW_S = Math.floor(Date.now() / 1000);
/** The whole seeded month, fixed for the run so every page of a walk sees the same range. */
const RANGE = `start=${NOW_S - 31 * 86_400}&end=${NOW_S}`;

function check(res: ApiResponse, type: LogType, paging = false) {
  expect(res.status, res.text).toBe(200);
  return asResponseOf(logKindOps[type][paging ? 'next' : 'query'].id, res.body) as {
    events: { event: Ev }[];
    paginate: { pagingIdentifiers: string; last_iteration: boolean };
  };
}

/** Every event of a query, page by page through pagingIdentifiers. */
async function walk(client: ApiClient, type: LogType, query: string, limit: number): Promise<Ev[]> {
  const path = `/api/rep/v1/query/${type}?${RANGE}&limit=${limit}${query ? `&${query}` : ''}`;
  let page = check(await client.get(path), type);
  const events = page.events.map((e) => e.event);
  while (!page.paginate.last_iteration) {
    expect(page.events).toHaveLength(limit);
    page = check(await client.post(path, { body: { pagingIdentifiers: page.paginate.pagingIdentifiers } }), type, true);
    events.push(...page.events.map((e) => e.event));
  }
  return events;
}

const times = (events: Ev[]) => events.map((e) => Date.parse(e.timestamp as string));

describe('log pages', () => {
  it('pages through every event once, newest first, the same at any page size', async () => {
    const admin = await signedIn('admin');
    const small = await walk(admin, 'email', '', 173);
    const big = await walk(admin, 'email', '', 1000);
    expect(small.length).toBeGreaterThan(1000);
    const ids = small.map((e) => e.message_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(big.map((e) => e.message_id));
    expect(times(small).every((t, i, all) => i === 0 || t <= all[i - 1]!)).toBe(true);
    const total = await admin.get(`/api/rep/v1/query/smtp_actions?${RANGE}`);
    expect(total.body.total).toBe(small.length);
  });

  it('answers every log kind in its declared shape', async () => {
    const admin = await signedIn('admin');
    for (const type of LOG_TYPES) {
      const page = check(await admin.get(`/api/rep/v1/query/${type}?${RANGE}&limit=50`), type);
      expect(page.events.length, type).toBeGreaterThan(0);
    }
  });

  it('keeps pagingIdentifiers opaque and refuses one it did not issue', async () => {
    const admin = await signedIn('admin');
    const page = check(await admin.get(`/api/rep/v1/query/web?${RANGE}&limit=5`), 'web');
    expect(page.paginate.pagingIdentifiers).toMatch(/^[A-Za-z0-9_-]+$/);
    const bad = await admin.post(`/api/rep/v1/query/web?${RANGE}`, { body: { pagingIdentifiers: 'eyJ0cyI6Im5vIn0' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('pagingIdentifiers');
  });

  it('needs the xsrf header on the paging POST', async () => {
    const admin = await signedIn('admin');
    const page = check(await admin.get(`/api/rep/v1/query/web?${RANGE}&limit=5`), 'web');
    const res = await admin.post(`/api/rep/v1/query/web?${RANGE}`, {
      body: { pagingIdentifiers: page.paginate.pagingIdentifiers },
      xsrf: false,
    });
    expect(res.status).toBe(403);
  });

  it('refuses an end before the start, and "All time" outside a management station', async () => {
    const admin = await signedIn('admin');
    expect((await admin.get(`/api/rep/v1/query/web?start=${NOW_S}&end=${NOW_S - 10}`)).status).toBe(400);
    const allTime = await admin.get('/api/rep/v1/query/web?interval=180d');
    expect(allTime.status).toBe(400);
    expect(allTime.body.errors[0].path).toBe('query.interval');
    expect((await admin.get('/api/rep/v1/query/web?interval=7d&limit=1')).status).toBe(200);
  });
});

describe('log filters (spec 000 §5)', () => {
  const count = async (query: string) => (await walk(await signedIn('admin'), 'web', query, 1000)).length;

  it('drops empty values and reads "all" as no filter', async () => {
    const all = await count('');
    expect(await count('pe_action=all')).toBe(all);
    expect(await count('pe_action=&userid=&cats=all')).toBe(all);
  });

  it('applies values joined by + or , as repeated parameters', async () => {
    const admin = await signedIn('admin');
    const block = await walk(admin, 'web', 'pe_action=block', 1000);
    const safeview = await walk(admin, 'web', 'pe_action=safeview', 1000);
    const joined = await walk(admin, 'web', `pe_action=${encodeURIComponent('block+safeview')}`, 1000);
    expect(block.length).toBeGreaterThan(0);
    expect(joined.length).toBe(block.length + safeview.length);
    expect(joined.every((e) => e.pe_action === 'block' || e.pe_action === 'safeview')).toBe(true);
    expect(await count('pe_action=block,safeview')).toBe(joined.length);
    expect(await count('pe_action=block&pe_action=safeview')).toBe(joined.length);
    expect(await count('pe_action=isolate')).toBe(safeview.length);
  });

  it('filters list fields and combines filters with AND', async () => {
    const admin = await signedIn('admin');
    const events = await walk(admin, 'web', 'cats=14,50&risk_score=G', 1000);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.risk_score === 'G' && (e.cats as string[]).some((c) => c === '14' || c === '50'))).toBe(true);
  });

  it('refuses values outside an enumeration and parameters the kind does not have', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/api/rep/v1/query/web?pe_action=block+sometimes');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('query.pe_action');
    expect((await admin.get('/api/rep/v1/query/web?alert_sub_type=ssn')).status).toBe(400);
    expect((await admin.get('/api/rep/v1/query/dlp?alert_sub_type=ssn&limit=1')).status).toBe(200);
  });
});

describe('log exclusions (not_p, this product’s extension)', () => {
  it('leaves out the events a value names, keeps those without the field, and checks values as the filter does', async () => {
    const admin = await signedIn('admin');
    const all = await walk(admin, 'web', '', 1000);
    const blocked = all.filter((e) => e.pe_action === 'block').length;
    expect(blocked).toBeGreaterThan(0);
    const notBlocked = await walk(admin, 'web', 'not_pe_action=block', 1000);
    expect(notBlocked.some((e) => e.pe_action === 'block')).toBe(false);
    expect(notBlocked).toHaveLength(all.length - blocked);
    // The filter's rules: isolate as safeview, + and , as several values, all as none; beside a filter of its own.
    const safeview = all.filter((e) => e.pe_action === 'safeview').length;
    const count = async (query: string) => (await walk(admin, 'web', query, 1000)).length;
    expect(await count(`not_pe_action=${encodeURIComponent('block+isolate')}`)).toBe(all.length - blocked - safeview);
    expect(await count('not_pe_action=block,safeview&pe_action=block')).toBe(0);
    expect(await count('not_pe_action=all&not_cats=')).toBe(all.length);
    // An event without the field (most web events have no threat category) is kept.
    const phishing = all.filter((e) => e.threat_category === 'phishing').length;
    const without = all.filter((e) => e.threat_category === undefined).length;
    expect(phishing).toBeGreaterThan(0);
    expect(without).toBeGreaterThan(0);
    const notPhishing = await walk(admin, 'web', 'not_threat_category=phishing', 1000);
    expect(notPhishing).toHaveLength(all.length - phishing);
    expect(notPhishing.filter((e) => e.threat_category === undefined)).toHaveLength(without);
    // A list field: no event left holds the category.
    const cat = (all.find((e) => (e.cats as string[]).length > 0)!.cats as string[])[0]!;
    const notCat = await walk(admin, 'web', `not_cats=${cat}`, 1000);
    expect(notCat).toHaveLength(all.filter((e) => !(e.cats as string[]).includes(cat)).length);
    const bad = await admin.get('/api/rep/v1/query/web?not_pe_action=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['query.not_pe_action']);
    // Reports take no exclusion.
    expect((await admin.get(`/api/rep/v1/query/top_domains?${RANGE}&not_pe_action=block`)).status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('shows each tenant only its own events, whatever the filter asks for', async () => {
    const admin = await signedIn('admin');
    const other = await signedIn('other-admin');
    const own = await walk(other, 'web', '', 1000);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => String(e.userid).endsWith('@othercorp.example'))).toBe(true);
    const demoUser = check(await admin.get(`/api/rep/v1/query/web?${RANGE}&limit=1`), 'web').events[0]!.event.userid as string;
    expect(await walk(other, 'web', `userid=${encodeURIComponent(demoUser)}`, 100)).toEqual([]);
    const audit = await walk(other, 'audit', '', 1000);
    expect(audit.every((e) => e.tenant === 'Other Corp')).toBe(true);
  });

  it('records sign-ins in the audit log, where the logs read them', async () => {
    await signedIn('auditor');
    const audit = check(await (await signedIn('admin')).get('/api/rep/v1/query/audit?interval=15m&userid=auditor&action=login'), 'audit');
    expect(audit.events.length).toBeGreaterThan(0);
  });

  it('serves a sandbox report only to the tenant whose logs saw the file', async () => {
    const admin = await signedIn('admin');
    const files = await walk(admin, 'web', 'av_scan_result=malicious,suspicious', 1000);
    const file = files.find((e) => e.sandbox === true)!;
    expect(file).toBeDefined();
    const path = `/api/rep/v1/fileserver/report/${file.sha256}/SophosSandboxPlugin/${file.file_id}`;
    const res = await admin.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sandbox-report-/);
    expect(JSON.parse(res.text)).toMatchObject({ sha256: file.sha256, file_id: file.file_id, verdict: file.av_scan_result });
    expect((await (await signedIn('other-admin')).get(path)).status).toBe(404);
  });
});

describe('categories', () => {
  it('lists categories with labels, hiding Private Access', async () => {
    const admin = await signedIn('admin');
    const v2 = asResponseOf(categoryListOps.cats_v2, (await admin.get('/api/policy/v1/cats_v2')).body);
    expect(v2.categories.find((c) => c.value === '85')?.label).toBe('Generative AI');
    expect(v2.categories.some((c) => c.label === 'Private Access')).toBe(false);
    const v1 = (await admin.get('/api/policy/v1/cats')).body;
    expect(v1.categories.some((c: { value: string }) => c.value === '85')).toBe(false);
    expect((await admin.get('/api/policy/v1/country_codes')).body.categories).toContainEqual({ value: 'DE', label: 'Germany' });
    expect((await admin.get('/api/policy/v1/no_such_list')).status).toBe(404);
  });
});

describe('permissions (logs:read:<kind>)', () => {
  it('lets a role limited to web logs read web logs and nothing else', async () => {
    // The logs area, with every kind but web denied.
    const client = await signedInWithRole({ read: ['logs'], deny: LOG_TYPES.filter((t) => t !== 'web').map((t) => `logs:read:${t}`) });
    expect((await client.get('/api/rep/v1/query/web?limit=1')).status).toBe(200);
    for (const type of LOG_TYPES.filter((t) => t !== 'web')) {
      const res = await client.get(`/api/rep/v1/query/${type}?limit=1`);
      expect(res.status, type).toBe(403);
    }
  });

  it('refuses logs to a user without the logs area (403)', async () => {
    const client = await signedInWithRole({ read: ['dashboard'] });
    expect((await client.get('/api/rep/v1/query/web?limit=1')).status).toBe(403);
    expect((await client.post('/api/rep/v1/query/web', { body: { pagingIdentifiers: 'eyJ0cyI6MSwic2VxIjoxfQ' } })).status).toBe(403);
  });

  it('needs a session', async () => {
    expect((await new ApiClient().get('/api/rep/v1/query/web')).status).toBe(401);
  });
});
