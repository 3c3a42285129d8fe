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
import type { ApexChartProps } from './ApexChart';
import { ReportView } from './ReportView';

// apexcharts needs a real layout engine; the stand-in lists the chart's datasets as buttons that "click a datum".
vi.mock('./ApexChart', () => ({
  ApexChart: ({ data, label, onDatum }: ApexChartProps) => (
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

function setup() {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    const report = dashboard.widgets.find((w) => w.operation.id === id)?.report;
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
  return { calls, navigate, setQuery, user: userEvent.setup() };
}

describe('ReportView (dashboard)', () => {
  it('loads each widget’s report over the interval and draws it as its chart kind', async () => {
    const { calls } = setup();
    const users = await screen.findByRole('group', { name: 'Top users chart' });
    expect(users.dataset.kind).toBe('bar');
    expect(within(users).getAllByRole('button').map((b) => b.textContent)).toEqual(['alice: 6', 'bob: 4']);
    expect((await screen.findByRole('group', { name: 'Top risks chart' })).dataset.kind).toBe('gauge');
    expect((await screen.findByRole('group', { name: 'Top categories chart' })).dataset.kind).toBe('pie');
    expect((await screen.findByRole('group', { name: 'Action summary chart' })).dataset.kind).toBe('line');
    expect((await screen.findByRole('group', { name: 'Firewall events over time chart' })).dataset.kind).toBe('stackedBar');
    expect(new Set(calls.map(([id]) => id))).toEqual(new Set(dashboard.widgets.map((w) => w.operation.id)));
    expect(calls.every(([, input]) => input?.query?.interval === '24h')).toBe(true);
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
