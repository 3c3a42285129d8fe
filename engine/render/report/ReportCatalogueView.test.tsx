import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { categoryListOps } from '../../../definitions/api/logs';
import { reportCatalogue } from '../../../definitions/reports/reportCatalogue';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import type { SvgChartProps } from './SvgChart';
import type { ReportQuery } from './IntervalSelect';
import { ReportView } from './ReportView';

// The chart needs a real layout engine; the stand-in lists the chart's datasets as buttons that "click a datum".
vi.mock('./SvgChart', () => ({
  SvgChart: ({ data, label, onDatum }: SvgChartProps) => (
    <div role="group" aria-label={`${label} chart`} data-kind={data.kind}>
      {data.datasets.map((d, i) => (
        <button key={i} type="button" onClick={() => onDatum?.(d.key)}>
          {d.name}
        </button>
      ))}
    </div>
  ),
}));

const meta = { start: 0, end: 100, granularity: 'P1D', bins: 7, expansion: null, metric: 'count' } as const;

function setup(query: Record<string, string>, stateful = false) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    // The category lists that name the ids of a category filter (not recorded: they are asked once per page).
    if (id === categoryListOps.cats_v2.id || id === categoryListOps.webroot_cats.id) return { categories: [{ value: 7, label: 'Gambling' }] };
    calls.push([id, input]);
    const report = reportCatalogue.widgets.find((w) => w.operation.id === id)!.report;
    const base = { report, title: report, interval: String(input?.query?.interval), ...meta, total: 10 };
    if (report === 'heat_summary') {
      return { kind: 'evasion', ...base, data: [{ key: 'Fake Login Page', label: 'Fake Login Page', id: 'lure_category-Fake_Login_Page', value: 3 }] };
    }
    if (report === 'scan_heat') return { kind: 'heatmap', ...base, cells: [{ day: 1, hour: 9, value: 4 }] };
    if (report === 'action_summary') return { kind: 'series', ...base, series: [{ ts: 10, value: 3, split: { allow: 3 } }] };
    if (report === 'top_categories_v2') return { kind: 'top', ...base, data: [{ key: '14', label: 'Social Networking', value: 6 }] };
    return { kind: 'top', ...base, data: [{ key: 'bob', value: 6 }] };
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  const engine = { call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() };
  const navigate = vi.fn();
  const setQuery = vi.fn();
  function Harness() {
    const [q, setQ] = useState<ReportQuery>(query);
    const set = (next: ReportQuery) => {
      setQuery(next);
      if (stateful) setQ(next);
    };
    return <ReportView screen={reportCatalogue} query={q} setQuery={set} navigate={navigate} />;
  }
  renderUi(
    <EngineProvider engine={engine}>
      <Harness />
    </EngineProvider>,
  );
  return { calls, navigate, setQuery, user: userEvent.setup() };
}

const reportList = () => screen.getByRole('navigation', { name: 'Reports' });

describe('ReportView (report catalogue)', () => {
  it('lists the reports by group, narrows them by a search, and opens the one clicked over the same interval', async () => {
    const { user, setQuery } = setup({ report: 'top_users', interval: '7d' });
    const groups = within(reportList()).getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(groups).toEqual(reportCatalogue.groups!.map((g) => g.title));
    expect(within(reportList()).getByRole('button', { name: 'Top users' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('textbox', { name: 'Search reports' }));
    await user.paste('bandwidth');
    const shown = within(reportList()).getAllByRole('button').map((b) => b.textContent);
    expect(shown.length).toBeGreaterThan(4);
    const inBandwidthGroup = within(within(reportList()).getByRole('group', { name: 'Bandwidth' })).getAllByRole('button').map((b) => b.textContent);
    expect(inBandwidthGroup).toEqual(['Top bandwidth users', 'Top bandwidth domains', 'Top bandwidth categories', 'Top bandwidth categories (earlier category list)']);
    expect(shown.every((t) => /bandwidth/i.test(t!))).toBe(true);
    expect(shown).not.toContain('Top users');
    await user.click(within(reportList()).getByRole('button', { name: 'Top bandwidth domains' }));
    expect(setQuery).toHaveBeenLastCalledWith({ report: 'top_bandwidth_domains', interval: '7d' });
  });

  it('runs the open report over the interval with the filters of the URL, and drills from a user into their domains', async () => {
    const { calls, user, setQuery } = setup({ report: 'top_users', interval: '7d', pe_action: 'isolate' });
    const chart = await screen.findByRole('group', { name: 'Top users chart' });
    // A top-N chart shows a readable ten unless the administrator asks for more.
    expect(calls).toEqual([['reports.top-users', expect.objectContaining({ query: { interval: '7d', limit: 10, pe_action: 'isolate' } })]]);
    await user.click(within(chart).getByRole('button', { name: 'bob' }));
    expect(setQuery).toHaveBeenLastCalledWith({ report: 'top_user_domains', interval: '7d', userid: 'bob' });
  });

  it('shows as many entries of a top-N chart as the administrator chooses, up to the report limit', async () => {
    const { calls, user, setQuery } = setup({ report: 'top_categories_v2', interval: '7d', top: '25' });
    await screen.findByRole('group', { name: 'Top categories chart' });
    expect(calls).toEqual([['reports.top-categories-v2', expect.objectContaining({ query: { interval: '7d', limit: 25 } })]]);
    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(within(show).getAllByRole('option').map((o) => o.textContent)).toEqual(['Top 10', 'Top 25', 'Top 50']);
    await user.selectOptions(show, 'Top 50');
    expect(setQuery).toHaveBeenLastCalledWith({ report: 'top_categories_v2', interval: '7d', top: '50' });
  });

  it('asks for charts over time with the report limit and offers no top-N choice for them', async () => {
    const { calls } = setup({ report: 'action_summary', interval: '24h', top: '25' });
    await screen.findByRole('group', { name: 'Action summary chart' });
    expect(calls).toEqual([['reports.action-summary', expect.objectContaining({ query: { interval: '24h', limit: 50 } })]]);
    expect(screen.queryByRole('combobox', { name: 'Show' })).toBeNull();
  });

  it('asks for a chart over days in calendar days of the administrator’s time zone, not rolling 24 hours', async () => {
    const { calls } = setup({ report: 'action_summary', interval: '7d' });
    await screen.findByRole('group', { name: 'Action summary chart' });
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(calls).toEqual([['reports.action-summary', expect.objectContaining({ query: { interval: '7d', limit: 50, granularity: 'P1D', timezone } })]]);
  });

  it('splits a threat-evasion id into the filter of the users facing it', async () => {
    const { user, setQuery } = setup({ report: 'heat_summary', interval: '24h' });
    await user.click(within(await screen.findByRole('group', { name: 'Evasive threats chart' })).getByRole('button', { name: 'Fake Login Page' }));
    expect(setQuery).toHaveBeenLastCalledWith({ report: 'heat_users', interval: '24h', lure_category: 'Fake Login Page' });
  });

  it('asks for the value a drill-down report needs instead of running it', async () => {
    const { calls } = setup({ report: 'top_category_domains' });
    expect(await screen.findByText(/Choose a category in the filters to see this report, or click one in Top categories/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('runs a drill-down report with the value it was opened with', async () => {
    const { calls } = setup({ report: 'top_category_domains', cats: '50', interval: '30d' });
    await screen.findByRole('group', { name: 'Top domains of a category · Category: 50 chart' });
    expect(calls).toEqual([['reports.top-category-domains', expect.objectContaining({ query: { interval: '30d', limit: 10, cats: '50' } })]]);
  });

  it('draws the file-scan heat map', async () => {
    setup({ report: 'scan_heat' });
    expect((await screen.findByRole('group', { name: 'File scans by day and hour chart' })).dataset.kind).toBe('heatmap');
  });

  it('names a drill-down’s value, not its id, in the filter chip and the chart title', async () => {
    const { user, setQuery } = setup({ report: 'top_categories_v2', interval: '7d' }, true);
    await user.click(within(await screen.findByRole('group', { name: 'Top categories chart' })).getByRole('button', { name: 'Social Networking' }));
    expect(setQuery).toHaveBeenLastCalledWith({ report: 'top_category_domains', interval: '7d', cats: '14' });
    expect((await screen.findByRole('heading', { level: 2, name: /Top domains of a category/ })).textContent).toBe('Top domains of a category · Category: Social Networking');
    const bar = screen.getByRole('search', { name: 'Top domains of a category filters' });
    expect(within(bar).getByRole('button', { name: /^Change filter/ }).textContent).toBe('Category: Social Networking');
  });

  it('names a category filter by the category list on a page opened from a link, with no drill-down before it', async () => {
    setup({ report: 'top_category_domains', interval: '7d', cats: '7' });
    // The names come with the category list, after a first paint that may show the id.
    const heading = await screen.findByRole('heading', { level: 2, name: /Top domains of a category/ });
    await vi.waitFor(() => expect(heading.textContent).toBe('Top domains of a category · Category: Gambling'), { timeout: 15_000 });
    const bar = screen.getByRole('search', { name: 'Top domains of a category filters' });
    expect(within(bar).getByRole('button', { name: /^Change filter/ }).textContent).toBe('Category: Gambling');
  });

  it('brings a report picked from the list into view and focuses its title', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { user } = setup({ report: 'top_users', interval: '7d' }, true);
    await screen.findByRole('group', { name: 'Top users chart' });
    expect(scrolled).toEqual([]);
    await user.click(within(reportList()).getByRole('button', { name: 'Top domains' }));
    const title = await screen.findByRole('heading', { level: 2, name: 'Top domains' });
    await vi.waitFor(() => expect(document.activeElement).toBe(title));
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]!.contains(title)).toBe(true);
  });

  it('shows a chart as a table on request, whose names drill down as the chart’s data do', async () => {
    const { user, setQuery } = setup({ report: 'top_categories_v2', interval: '7d' });
    await screen.findByRole('group', { name: 'Top categories chart' });
    await user.click(screen.getByRole('button', { name: 'View as table: Top categories' }));
    const table = screen.getByRole('table', { name: 'Top categories' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['NameValue', 'Social Networking6']);
    expect(screen.queryByRole('group', { name: 'Top categories chart' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Social Networking' }));
    expect(setQuery).toHaveBeenLastCalledWith({ report: 'top_category_domains', interval: '7d', cats: '14' });
    await user.click(screen.getByRole('button', { name: 'View as chart: Top categories' }));
    expect(await screen.findByRole('group', { name: 'Top categories chart' })).toBeTruthy();
  });
});
