import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportResult, reportSpec, threatEvasionDrillDown, type ReportName } from '../../schemas/reports';
import { HttpError, type Db } from '../types';
import { everyKey } from './logStore';
import { bucketStarts, localDayStart, runReport, seriesOf, type ReportParams } from './reports';
import { sqlLogStore } from './sqlStore';
import { logPage } from './store';
import { TEST_NOW, TEST_TENANTS, openSeededTestDb } from './testDb';

const DAY = 86_400_000;
const START = Math.floor((TEST_NOW - 30 * DAY) / 1000);
const END = Math.floor(TEST_NOW / 1000);
type Ev = Record<string, unknown>;

let db: Db;
let web: Ev[];
let email: Ev[];
beforeAll(async () => {
  db = await openSeededTestDb();
  const load = async (type: string) =>
    (await db.query<{ event: Ev }>(`SELECT event FROM log_events WHERE tenant_id = $1 AND log_type = $2`, [TEST_TENANTS.demo.id, type])).rows.map((r) => r.event);
  web = await load('web');
  email = await load('email');
}, 120_000);
afterAll(() => db?.close());

async function report(name: ReportName, extra: Partial<ReportParams> = {}, tenantId: string = TEST_TENANTS.demo.id) {
  const result = await runReport(db, tenantId, name, { start: START, end: END, limit: 1000, interval: '30d', ...extra }, TEST_NOW);
  return ReportResult.parse(result);
}

function tally(events: Ev[], key: (e: Ev) => string | string[] | undefined, weight: (e: Ev) => number = () => 1) {
  const m = new Map<string, number>();
  for (const e of events) {
    const k = key(e);
    for (const x of k === undefined ? [] : Array.isArray(k) ? k : [k]) m.set(x, (m.get(x) ?? 0) + weight(e));
  }
  return m;
}

function topMap(r: ReportResult): Map<string, number> {
  if (r.kind !== 'top' && r.kind !== 'evasion') throw new Error(`not a top report: ${r.kind}`);
  const values = r.data.map((d) => d.value);
  expect(values.every((v, i) => i === 0 || v <= values[i - 1]!)).toBe(true);
  return new Map(r.data.map((d) => [d.key, d.value]));
}

describe('top-N reports', () => {
  it('counts events per domain, with the total of every matching event', async () => {
    const r = await report('top_domains');
    expect(topMap(r)).toEqual(tally(web, (e) => e.domain as string));
    expect(r.total).toBe(web.length);
    expect(r).toMatchObject({ interval: '30d', granularity: 'P2D', bins: 30, expansion: 'P1D', start: START, end: END });
  });

  it('honours the limit, biggest first', async () => {
    const r = await report('top_users', { limit: 5 });
    const expected = [...tally(web, (e) => e.userid as string).values()].sort((a, b) => b - a).slice(0, 5);
    expect(r.kind === 'top' && r.data.map((d) => d.value)).toEqual(expected);
  });

  it('counts categories once per event and value, leaving 85–88 out of the v1 report, and labels them', async () => {
    const v2 = await report('top_categories_v2');
    expect(topMap(v2)).toEqual(tally(web, (e) => e.cats as string[]));
    const v1 = topMap(await report('top_categories'));
    expect([...v1.keys()].some((k) => ['85', '86', '87', '88'].includes(k))).toBe(false);
    expect(v1.get('50')).toBe(v2.kind === 'top' ? v2.data.find((d) => d.key === '50')?.value : -1);
    expect(v2.kind === 'top' && v2.data.find((d) => d.key === '50')?.label).toBe('Search Engines');
    expect(v2.total).toBe(web.filter((e) => (e.cats as string[]).length > 0).length);
  });

  it('sums bytes and counts distinct users where the report says so', async () => {
    expect(topMap(await report('top_bandwidth_users'))).toEqual(tally(web, (e) => e.userid as string, (e) => e.bytes as number));
    const casb = web.filter((e) => e.is_casb === true);
    const users = new Map<string, Set<unknown>>();
    for (const e of casb) users.set(e.casb_app_name as string, (users.get(e.casb_app_name as string) ?? new Set()).add(e.userid));
    expect(topMap(await report('casb_app_users'))).toEqual(new Map([...users].map(([k, s]) => [k, s.size])));
  });

  it('applies its fixed conditions and joins composite dimensions', async () => {
    expect(topMap(await report('top_risk_sources'))).toEqual(tally(web.filter((e) => e.risk_score !== 'G'), (e) => e.domain as string));
    expect(topMap(await report('top_browser_versions'))).toEqual(
      tally(web.filter((e) => e.ua_type === 'browser'), (e) => `${e.browser} ${e.browser_version}`),
    );
    expect(topMap(await report('top_non_browser_ua'))).toEqual(tally(web.filter((e) => e.ua_type !== 'browser'), (e) => e['user-agent'] as string));
  });

  it('labels a file by its name and enumerations by their labels', async () => {
    const files = await report('top_files', { limit: 3 });
    expect(files.kind === 'top' && files.data.every((d) => typeof d.label === 'string' && /\.\w+$/.test(d.label))).toBe(true);
    const actions = await report('dlp_actions');
    expect(actions.kind === 'top' && actions.data.find((d) => d.key === 'allow')?.label).toBe('Skip Inspection');
  });

  it('filters like the log view: isolate as safeview, + and , as several values, all as none', async () => {
    const isolate = topMap(await report('top_domains', { pe_action: 'isolate' }));
    expect(isolate).toEqual(tally(web.filter((e) => e.pe_action === 'safeview'), (e) => e.domain as string));
    const two = await report('top_domains', { pe_action: 'block,safeview', risk_score: 'all', userid: '' });
    expect(two.total).toBe(web.filter((e) => e.pe_action === 'block' || e.pe_action === 'safeview').length);
  });

  it('drills from a category and from a user to their domains', async () => {
    const cat = topMap(await report('top_category_domains', { cats: '14' }));
    expect(cat).toEqual(tally(web.filter((e) => (e.cats as string[]).includes('14')), (e) => e.domain as string));
    const someone = web[0]!.userid as string;
    expect(topMap(await report('top_user_domains', { userid: someone }))).toEqual(tally(web.filter((e) => e.userid === someone), (e) => e.domain as string));
  });

  it('answers only the caller tenant', async () => {
    const r = await report('top_users', {}, TEST_TENANTS.other.id);
    expect(r.kind === 'top' && r.data.every((d) => d.key.endsWith('@othercorp.example'))).toBe(true);
  });
});

describe('threat-evasion summary', () => {
  it('gives every datum an id that drills into a log filter matching that many events', async () => {
    const r = await report('heat_summary');
    expect(r.kind).toBe('evasion');
    if (r.kind !== 'evasion') return;
    expect(r.data.length).toBeGreaterThan(3);
    for (const d of r.data.slice(0, 4)) {
      const { param, value } = threatEvasionDrillDown(d.id!);
      const decoded = new URLSearchParams(`${param}=${value}`).get(param)!;
      expect(decoded).toBe(d.key);
      const page = await logPage(db, {
        tenantId: TEST_TENANTS.demo.id,
        logType: 'web',
        range: { startMs: START * 1000, endMs: END * 1000 + 999 },
        query: { [param]: decoded, heat_evasion_techniques: param === 'lure_category' ? undefined : decoded },
        limit: 10_000,
      });
      const heat = page.events.filter((e) => Array.isArray((e.event as Ev).heat_evasion_techniques));
      expect(heat.length).toBe(d.value);
    }
  });
});

describe('time series and heat map', () => {
  it('splits the 30d range into 30 bins that add up to the total, split by action', async () => {
    const r = await report('action_summary');
    if (r.kind !== 'series') throw new Error(r.kind);
    expect(r.series).toHaveLength(30);
    expect(r.total).toBe(web.length);
    expect(r.series.reduce((a, p) => a + p.value, 0)).toBe(web.length);
    const byAction = tally(web, (e) => e.pe_action as string);
    const split = new Map<string, number>();
    for (const p of r.series) for (const [k, v] of Object.entries(p.split ?? {})) split.set(k, (split.get(k) ?? 0) + v);
    expect(split).toEqual(byAction);
    // Each bin's split names its keys in order, whatever order the store grouped its rows in.
    for (const p of r.series) expect(Object.keys(p.split ?? {})).toEqual(Object.keys(p.split ?? {}).sort());
    expect(r.series.some((p) => Object.keys(p.split ?? {}).length > 1)).toBe(true);
    const rows = [['safeview', 2], ['allow', 5], ['block', 1]].map(([s, value]) => ({ b: 1, s: s as string, value: value as number }));
    expect(Object.keys(seriesOf(reportSpec('action_summary'), [0], rows, 0).series[0]!.split!)).toEqual(['allow', 'block', 'safeview']);
  });

  it('buckets SMTP messages by local day with an explicit granularity and time zone', async () => {
    const r = await report('smtp_by_date', { granularity: 'P1D', timezone: 'America/New_York' });
    if (r.kind !== 'series') throw new Error(r.kind);
    const hours = r.series.map((p) =>
      Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date(p.ts * 1000))),
    );
    expect(new Set(hours)).toEqual(new Set([0]));
    expect(r.series.length).toBe(31);
    expect(r.total).toBe(email.length);
    expect(r.granularity).toBe('P1D');
  });

  it('fills all 168 day-and-hour cells of the scan heat map', async () => {
    const r = await report('scan_heat');
    if (r.kind !== 'heatmap') throw new Error(r.kind);
    expect(r.cells).toHaveLength(168);
    expect(r.total).toBe(web.filter((e) => e.av_scan_result !== undefined).length);
  });

  it('starts local days correctly across a daylight-saving change', () => {
    const range = { startMs: Date.UTC(2024, 2, 9, 12), endMs: Date.UTC(2024, 2, 12, 12) };
    const starts = bucketStarts('7d', range, 'P1D', 'America/New_York');
    // 10 March 2024 is 23 hours long in New York.
    expect(starts.slice(1).map((s, i) => (s - starts[i]!) / 3_600_000)).toEqual([24, 23, 24]);
    expect(localDayStart('Europe/Berlin', Date.UTC(2024, 5, 1, 23, 30))).toBe(Date.UTC(2024, 5, 1, 22));
  });

  it('refuses a granularity that would give thousands of points', async () => {
    await expect(report('action_summary', { granularity: 'PT1M' })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('every key of a top report', () => {
  it('holds more keys than a top-N may list (the directory groups call counts the groups by it)', async () => {
    const tenant = 'tenant-many-groups';
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2)', [tenant, 'Many Groups Corp']);
    // 1,500 groups with a request each in the last day, g0 with three by three users and g1 with two.
    const requests = (i: number) => (i === 0 ? 3 : i === 1 ? 2 : 1);
    const events = Array.from({ length: 1_500 }, (_, i) => Array.from({ length: requests(i) }, (_, j) => ({ ts: TEST_NOW - 1_000 * (i + 1), event: { group: `g${i}`, userid: `u${j}` } }))).flat();
    await sqlLogStore.ingest(db, tenant, 'web', events);
    const groups = await everyKey(sqlLogStore, db, tenant, 'top_groups', { start: START, end: END, interval: '30d' }, TEST_NOW);
    expect(groups).toHaveLength(1_500);
    // Most requests first, then by name.
    expect(groups.slice(0, 4)).toEqual([{ key: 'g0', value: 3 }, { key: 'g1', value: 2 }, { key: 'g10', value: 1 }, { key: 'g100', value: 1 }]);
    expect(groups[1_499]).toEqual({ key: 'g999', value: 1 });
    const users = await everyKey(sqlLogStore, db, tenant, 'group_users', { start: START, end: END, interval: '30d' }, TEST_NOW);
    expect(new Map(users.map((d) => [d.key, d.value]))).toEqual(new Map(Array.from({ length: 1_500 }, (_, i) => [`g${i}`, requests(i)])));
  });
});
