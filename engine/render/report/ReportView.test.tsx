import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboard } from '../../../definitions/reports/dashboard';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import type { SvgChartProps } from './SvgChart';
import { ReportView } from './ReportView';

// The chart needs a real layout engine; the stand-in lists the chart's datasets as buttons that "click a datum".
vi.mock('./SvgChart', () => ({
  SvgChart: ({ data, label, onDatum }: SvgChartProps) => (
    <div role="group" aria-label={`${label} chart`} data-kind={data.kind}>
      {data.datasets.map((d, i) => (
        <button key={i} type="button" onClick={() => onDatum?.(d.key)}>
          {`${d.name}: ${'value' in d ? d.value : d.values.length}`}
        </button>
      ))}
    </div>
  ),
}));

const meta = { start: 0, end: 100, granularity: 'P1D', bins: 7, expansion: null, metric: 'count' } as const;

const { arrange } = dashboard;
const layoutGet = arrange!.get.id;
const layoutSave = arrange!.save.id;
const STAMP = '2026-11-24T10:00:00.000Z';

interface Setup {
  /** The user's stored arrangement (none: the dashboard's own charts, unstamped). */
  layout?: readonly string[];
  /** What a save answers: the saved layout, or a failure. */
  save?: (body: { widgets: string[]; updated_at?: string }) => unknown;
}

function setup({ layout, save }: Setup = {}) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === layoutGet) return layout ? { widgets: layout, updated_at: STAMP } : { widgets: dashboard.widgets.map((w) => w.report) };
    if (id === layoutSave) {
      const body = input?.body as { widgets: string[]; updated_at?: string };
      return save ? save(body) : { ...body, updated_at: '2026-11-24T11:00:00.000Z' };
    }
    const report = [...dashboard.widgets, ...arrange!.from.widgets].find((w) => w.operation.id === id)?.report;
    const interval = String(input?.query?.interval);
    if (report === 'top_domains') throw new ApiError(500, 'Report failed');
    if (report === 'action_summary' || report === 'fwaas_timeline') {
      return { kind: 'series', report, title: report, interval, ...meta, total: 3, series: [{ ts: 10, value: 3, split: { safeview: 2, block: 1 } }] };
    }
    return {
      kind: 'top',
      report,
      title: report,
      interval,
      ...meta,
      total: 10,
      data: [
        { key: 'alice', value: 6 },
        { key: 'bob', value: 4 },
      ],
    };
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  const engine = { call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() };
  const navigate = vi.fn();
  const setQuery = vi.fn();
  renderUi(
    <EngineProvider engine={engine}>
      <ReportView screen={dashboard} query={{ interval: '24h' }} setQuery={setQuery} navigate={navigate} />
    </EngineProvider>,
  );
  const reportCalls = () => calls.filter(([id]) => id !== layoutGet && id !== layoutSave);
  return { calls, reportCalls, navigate, setQuery, user: userEvent.setup() };
}

/** The chart titles of the dashboard, in the order drawn. */
const drawn = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label')).filter((t) => t !== 'Arrange the dashboard');

describe('ReportView (dashboard)', () => {
  it('loads each widget’s report over the interval and draws it as its chart kind', async () => {
    const { reportCalls } = setup();
    const users = await screen.findByRole('group', { name: 'Top users chart' });
    expect(users.dataset.kind).toBe('bar');
    expect(within(users).getAllByRole('button').map((b) => b.textContent)).toEqual(['alice: 6', 'bob: 4']);
    expect((await screen.findByRole('group', { name: 'Top risks chart' })).dataset.kind).toBe('gauge');
    expect((await screen.findByRole('group', { name: 'Top categories chart' })).dataset.kind).toBe('pie');
    expect((await screen.findByRole('group', { name: 'Action summary chart' })).dataset.kind).toBe('line');
    expect((await screen.findByRole('group', { name: 'Firewall events over time chart' })).dataset.kind).toBe('stackedBar');
    expect(new Set(reportCalls().map(([id]) => id))).toEqual(new Set(dashboard.widgets.map((w) => w.operation.id)));
    expect(reportCalls().every(([, input]) => input?.query?.interval === '24h')).toBe(true);
  });

  it('a click on a datum opens the filtered log view with the same interval', async () => {
    const { navigate, user } = setup();
    await user.click(await within(await screen.findByRole('group', { name: 'Top users chart' })).findByRole('button', { name: 'bob: 4' }));
    expect(navigate).toHaveBeenCalledWith('/logs/web?interval=24h&userid=bob');
    await user.click(within(await screen.findByRole('group', { name: 'Action summary chart' })).getByRole('button', { name: 'Isolate: 1' }));
    expect(navigate).toHaveBeenLastCalledWith('/logs/web?interval=24h&pe_action=isolate');
    await user.click(within(await screen.findByRole('group', { name: 'Firewall events over time chart' })).getAllByRole('button')[1]!);
    expect(navigate).toHaveBeenLastCalledWith('/logs/fwaas_logs?interval=24h&action=block');
  });

  it('shows a widget’s failure in its card and keeps the interval in the URL', async () => {
    const { setQuery, user } = setup();
    const card = await screen.findByRole('region', { name: 'Top domains' });
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toContain('Report failed'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'Last 7 days');
    expect(setQuery).toHaveBeenCalledWith({ interval: '7d' });
  });
});

describe('ReportView (arranging the dashboard)', () => {
  it('draws the user’s own arrangement, in its order', async () => {
    const { reportCalls } = setup({ layout: ['top_domains', 'top_protocols', 'top_users'] });
    await screen.findByRole('group', { name: 'Top users chart' });
    expect(drawn()).toEqual(['Top domains', 'Top protocols', 'Top users']);
    expect(reportCalls().map(([id]) => id).sort()).toEqual(['reports.top-domains', 'reports.top-protocols', 'reports.top-users']);
  });

  it('reorders with the keyboard, removes and adds charts, and saves the arrangement with its stamp', async () => {
    const saved: unknown[] = [];
    const { user } = setup({ layout: ['top_domains', 'top_users', 'top_risks'], save: (body) => (saved.push(body), { ...body, updated_at: '2026-11-24T11:00:00.000Z' }) });
    await user.click(await screen.findByRole('button', { name: 'Arrange' }));
    const panel = screen.getByRole('region', { name: 'Arrange the dashboard' });
    const order = () => within(within(panel).getByRole('list', { name: 'Charts on the dashboard' })).getAllByRole('listitem').map((li) => li.textContent);

    // Keyboard only: focus "Move Top users up" and press Enter twice; the focus follows the chart.
    within(panel).getByRole('button', { name: 'Move Top users up' }).focus();
    await user.keyboard('{Enter}');
    expect(order()[0]).toMatch(/^1\. Top users/);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Move Top users down' }));
    expect(within(panel).getByText('Top users moved to place 1 of 3.')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Remove Top risks' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Add a chart' }));
    await user.keyboard('Top protocols');
    await user.click(await screen.findByRole('option', { name: 'Top protocols' }));
    expect(order()).toEqual([expect.stringMatching(/Top users/), expect.stringMatching(/Top domains/), expect.stringMatching(/Top protocols/)]);

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ widgets: ['top_users', 'top_domains', 'top_protocols'], updated_at: STAMP }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Arrange the dashboard' })).toBeNull());
    expect(drawn()).toEqual(['Top users', 'Top domains', 'Top protocols']);
  });

  it('offers no chart twice and no drill-down report, and Cancel keeps the arrangement', async () => {
    const { user } = setup({ layout: ['top_users'] });
    await user.click(await screen.findByRole('button', { name: 'Arrange' }));
    const panel = screen.getByRole('region', { name: 'Arrange the dashboard' });
    await user.click(within(panel).getByRole('combobox', { name: 'Add a chart' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('Top users');
    expect(options).not.toContain('Top domains of a user');
    expect(options).toContain('Top domains');
    await user.click(within(panel).getByRole('button', { name: 'Remove Top users' }));
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(drawn()).toEqual(['Top users']);
  });

  it('answers a stale save by showing the arrangement saved meanwhile', async () => {
    const current = { widgets: ['top_protocols'], updated_at: '2026-11-24T10:30:00.000Z' };
    const { user } = setup({
      layout: ['top_users', 'top_domains'],
      save: () => {
        throw new ApiError(409, 'Stale', 'http', [], { current } as never);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Arrange' }));
    await user.click(within(screen.getByRole('region', { name: 'Arrange the dashboard' })).getByRole('button', { name: 'Remove Top users' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/arranged in another window meanwhile/)).toBeTruthy();
    await waitFor(() => expect(drawn()).toEqual(['Top protocols']));
  });
});
