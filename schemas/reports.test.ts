import { describe, expect, it } from 'vitest';
import { LOG_EVENT_SCHEMAS } from './logs';
import {
  DRILL_DOWNS,
  GRANULARITY_MS,
  REPORTS,
  REPORT_INTERVALS,
  REPORT_NAMES,
  reportFilterValue,
  reportFilters,
  reportQuerySchema,
  reportSpec,
  seriesBuckets,
  threatEvasionDrillDown,
  threatEvasionId,
} from './reports';

describe('interval table (spec 001 §9)', () => {
  it('expands 1h, 24h and 30d to bins of their expansion step', () => {
    for (const name of ['1h', '24h'] as const) {
      const { expansion, bins } = REPORT_INTERVALS[name];
      const span = bins * GRANULARITY_MS[expansion];
      expect(seriesBuckets(name, 0, span - 1)).toEqual({ widthMs: GRANULARITY_MS[expansion], count: bins });
    }
    const month = seriesBuckets('30d', 0, 30 * 86_400_000 - 1);
    expect(month).toEqual({ widthMs: 86_400_000, count: 30 });
  });

  it('gives one bucket per step of an explicit granularity', () => {
    expect(seriesBuckets('30d', 0, 7 * 86_400_000 - 1, 'P1D')).toEqual({ widthMs: 86_400_000, count: 7 });
  });

  it('defaults to 30d with P2D and a limit of 50', () => {
    const q = reportQuerySchema('top_domains').parse({});
    expect(q).toMatchObject({ interval: '30d', limit: 50 });
    expect(REPORT_INTERVALS[q.interval].granularity).toBe('P2D');
  });
});

describe('threat-evasion drill-down ids (spec 001 §5)', () => {
  it('splits on the dash and turns underscores into plus signs', () => {
    expect(threatEvasionDrillDown('lure_category-Fake_Login_Page')).toEqual({
      param: 'lure_category',
      value: 'Fake+Login+Page',
    });
    expect(threatEvasionDrillDown('heat_evasion_techniques-HTML_Smuggling')).toEqual({
      param: 'heat_evasion_techniques',
      value: 'HTML+Smuggling',
    });
  });

  it('round-trips a value with spaces through the id and the query string', () => {
    const { param, value } = threatEvasionDrillDown(threatEvasionId('lure_category', 'Fake Login Page'));
    expect(new URLSearchParams(`${param}=${value}`).get(param)).toBe('Fake Login Page');
  });

  it('refuses an id without a parameter or a value', () => {
    expect(() => threatEvasionDrillDown('malware')).toThrow();
    expect(() => threatEvasionDrillDown('-x')).toThrow();
    expect(() => threatEvasionDrillDown('x-')).toThrow();
  });
});

describe('isolate is sent as safeview (spec 001 §5)', () => {
  it('maps the action value only', () => {
    expect(reportFilterValue('pe_action', 'isolate')).toBe('safeview');
    expect(reportFilterValue('pe_action', 'block')).toBe('block');
    expect(reportFilterValue('userid', 'isolate')).toBe('isolate');
  });

  it('accepts isolate wherever isolation is an action, and not elsewhere', () => {
    expect(reportQuerySchema('top_domains').safeParse({ pe_action: 'isolate' }).success).toBe(true);
    expect(reportQuerySchema('smtp_actions').safeParse({ pe_action: 'isolate' }).success).toBe(true);
    expect(reportQuerySchema('fwaas_actions').safeParse({ pe_action: 'isolate' }).success).toBe(false);
    expect(reportFilters('fwaas_logs').pe_action?.field).toBe('action');
  });
});

describe('report catalogue', () => {
  it('groups, splits and conditions only on fields the events of its log kind have', () => {
    for (const name of REPORT_NAMES) {
      const spec = reportSpec(name);
      const fields = Object.keys(LOG_EVENT_SCHEMAS[spec.logType].shape);
      const used = [
        ...(spec.dimension === undefined ? [] : typeof spec.dimension === 'string' ? [spec.dimension] : spec.dimension),
        ...(spec.splitBy ? [spec.splitBy] : []),
        ...(spec.labelField ? [spec.labelField] : []),
        ...(spec.where ?? []).map((c) => c.field),
      ];
      for (const f of used) expect(fields, `${name}: ${f}`).toContain(f);
      if (spec.kind === 'top') expect(spec.dimension, name).toBeDefined();
    }
  });

  it('names every report of 001 §7 that the spec names', () => {
    for (const name of [
      'top_categories', 'top_categories_v2', 'top_users', 'top_domains', 'risks_averted', 'action_summary', 'top_risks',
      'top_risk_sources', 'top_risk_users', 'top_bandwidth_users', 'top_bandwidth_domains', 'top_bandwidth_categories',
      'top_bandwidth_categories_v2', 'top_protocols', 'top_browsers', 'top_browser_versions', 'top_non_browser_ua',
      'top_ua_type', 'top_ua', 'emails_rewritten', 'top_response_risks', 'top_scan_results', 'top_files', 'scan_heat',
    ]) {
      expect(REPORTS, name).toHaveProperty(name);
    }
    expect(REPORT_NAMES.filter((n) => n.startsWith('casb_')).length).toBeGreaterThan(3);
    expect(REPORT_NAMES.filter((n) => n.startsWith('fwaas_')).length).toBeGreaterThan(3);
    expect(REPORT_NAMES.filter((n) => n.startsWith('smtp_')).length).toBeGreaterThan(3);
    expect(REPORT_NAMES.filter((n) => n.endsWith('_email')).length).toBeGreaterThan(3);
  });

  it('drills into reports that require the clicked parameter', () => {
    for (const [from, dd] of Object.entries(DRILL_DOWNS)) {
      if (dd.param === 'threatEvasion') continue;
      expect(reportSpec(dd.report).requires, from).toBe(dd.param);
      const q = reportQuerySchema(dd.report);
      expect(q.safeParse({}).success, `${dd.report} without ${dd.param}`).toBe(false);
      expect(q.safeParse({ [dd.param]: 'all' }).success).toBe(false);
    }
    expect(reportQuerySchema('top_category_domains').safeParse({ cats: '12' }).success).toBe(true);
  });

  it('refuses filters that do not apply to the report’s log kind', () => {
    expect(reportQuerySchema('top_domains').safeParse({ alert_sub_type: 'ssn' }).success).toBe(false);
    expect(reportQuerySchema('dlp_top_users').safeParse({ alert_sub_type: 'ssn' }).success).toBe(true);
    expect(reportQuerySchema('top_domains').safeParse({ timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(reportQuerySchema('smtp_by_date').safeParse({ timezone: 'Europe/Berlin', granularity: 'P1D' }).success).toBe(true);
  });
});
