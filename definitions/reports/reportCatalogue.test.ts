import { describe, expect, it } from 'vitest';
import { REPORT_NAMES, reportSpec } from '../../schemas/reports';
import { reportCatalogue } from './reportCatalogue';

describe('the report catalogue', () => {
  it('has a place for every report of the catalogue, exactly once, in the groups of issue 9', () => {
    const placed = reportCatalogue.groups!.flatMap((g) => g.reports);
    expect([...placed].sort()).toEqual([...REPORT_NAMES].sort());
    expect(reportCatalogue.groups!.map((g) => g.title)).toEqual(
      expect.arrayContaining(['Web', 'Email', 'File scanning', 'Cloud applications (CASB)', 'Data loss prevention (DLP)', 'Firewall', 'Bandwidth', 'Protocols', 'Browsers and user agents', 'Threat evasion']),
    );
  });

  it('draws each report as a chart of its kind, and drills where spec 001 §2 says', () => {
    for (const w of reportCatalogue.widgets) {
      const kind = reportSpec(w.report).kind;
      const fits = { top: ['bar', 'pie', 'gauge'], evasion: ['bar'], series: ['line', 'stackedBar'], heatmap: ['heatmap'] }[kind];
      expect(fits, w.report).toContain(w.chart);
    }
    const drill = (r: string) => reportCatalogue.widgets.find((w) => w.report === r)?.drillReport;
    expect(drill('top_categories_v2')).toEqual({ report: 'top_category_domains', param: 'cats' });
    expect(drill('top_users')).toEqual({ report: 'top_user_domains', param: 'userid' });
    expect(drill('dlp_alert_types')).toEqual({ report: 'top_alert_type_users', param: 'alert_sub_type' });
    expect(drill('heat_summary')).toEqual({ report: 'heat_users', param: 'threatEvasion' });
    // Titles are told apart in the list.
    const titles = reportCatalogue.widgets.map((w) => w.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('offers the filters of each report’s log kind, isolation by its name', () => {
    const web = reportCatalogue.widgets.find((w) => w.report === 'top_domains')!.filterBar!;
    const action = web.find((f) => f.param === 'pe_action')!;
    expect(action.options).toMatchObject({ isolate: expect.any(String) });
    expect(action.options).not.toHaveProperty('safeview');
    expect(web.map((f) => f.param)).toEqual(expect.arrayContaining(['userid', 'domain', 'cats', 'risk_score', 'browser', 'ua_type']));
  });
});
