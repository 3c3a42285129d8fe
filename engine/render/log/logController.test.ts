import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../schemas/constants';
import { ApiError } from '../../core/http';
import { createLogController, effectiveInterval, logErrorText, logRequestQuery, type LogPage } from './logController';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const page = (ids: number[], next: string, last = false): LogPage<{ id: number }> => ({
  events: ids.map((id) => ({ event: { id } })),
  paginate: { pagingIdentifiers: next, last_iteration: last },
});
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(opts: { onPrem?: boolean } = {}) {
  const first = vi.fn(async (_q: Record<string, unknown>) => page([1, 2], 'p1'));
  const next = vi.fn(async (_q: Record<string, unknown>, p: string) => (p === 'p1' ? page([3, 4], 'p2') : page([5], '', true)));
  const controller = createLogController({
    fetchers: { first, next },
    filterParams: ['userid', 'pe_action'],
    managementStation: false,
    onPrem: opts.onPrem ?? false,
    now: () => NOW,
  });
  const states: { loading: boolean; n: number }[] = [];
  controller.subscribe((s) => states.push({ loading: s.loading, n: s.events.length }));
  return { controller, first, next, states };
}

describe('log request query', () => {
  it('turns the interval into start and end, and applies the filter rules', () => {
    const q = logRequestQuery({ interval: '24h', userid: 'a+b', pe_action: 'isolate', domain: 'x', group: '' }, ['userid', 'pe_action', 'group'], {
      nowMs: NOW,
      managementStation: false,
    });
    expect(q).toEqual({ start: NOW / 1000 - 86_400, end: NOW / 1000, userid: ['a', 'b'], pe_action: ['safeview'] });
  });

  it('sends the exclusions of the view’s filters (not_p) by the same rules, and no others', () => {
    const q = logRequestQuery(
      { interval: '24h', not_pe_action: 'block+isolate', pe_action: 'allow', not_userid: ['a', ''], not_group: 'all', not_domain: 'x' },
      ['userid', 'pe_action', 'group'],
      { nowMs: NOW, managementStation: false },
    );
    expect(q).toEqual({ start: NOW / 1000 - 86_400, end: NOW / 1000, not_userid: ['a'], pe_action: ['allow'], not_pe_action: ['block', 'safeview'] });
  });

  it('converts the month-and-year form to the start and end of that month', () => {
    const q = logRequestQuery({ interval: '2026-02' }, [], { nowMs: NOW, managementStation: false });
    expect(q).toEqual({ start: Date.UTC(2026, 1, 1) / 1000, end: Date.UTC(2026, 2, 1) / 1000 - 1 });
  });

  it('drops "all" and empty values', () => {
    expect(logRequestQuery({ userid: 'all', pe_action: ',' }, ['userid', 'pe_action'], { nowMs: NOW, managementStation: false })).not.toHaveProperty(
      'userid',
    );
  });

  it('offers All time (180d) only on a management station; defaults to 7d', () => {
    expect(effectiveInterval({ interval: '180d' }, false)).toBe('7d');
    expect(effectiveInterval({ interval: '180d' }, true)).toBe('180d');
    expect(effectiveInterval({}, false)).toBe('7d');
    expect(effectiveInterval({ interval: 'bogus' }, false)).toBe('7d');
    expect(effectiveInterval({ interval: '15m' }, false)).toBe('15m');
  });
});

describe('log controller', () => {
  it('emits loading, then the first page; pages accumulate with the pagingIdentifiers and the same range', async () => {
    const { controller, first, next, states } = setup();
    controller.setQuery({ userid: 'alice' });
    expect(controller.getState().loading).toBe(true);
    await flush();
    expect(controller.getState().events.map((e) => e.id)).toEqual([1, 2]);
    controller.loadMore();
    await flush();
    controller.loadMore();
    await flush();
    expect(controller.getState().events.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(controller.getState().done).toBe(true);
    expect(next.mock.calls.map((c) => c[1])).toEqual(['p1', 'p2']);
    expect(next.mock.calls[0]![0]).toEqual(first.mock.calls[0]![0]);
    controller.loadMore();
    expect(next).toHaveBeenCalledTimes(2);
    expect(states).toEqual([
      { loading: true, n: 0 },
      { loading: false, n: 2 },
      { loading: true, n: 2 },
      { loading: false, n: 4 },
      { loading: true, n: 4 },
      { loading: false, n: 5 },
    ]);
  });

  it('resets the data when the filters change, and only then', async () => {
    const { controller, first } = setup();
    controller.setQuery({ userid: 'alice' });
    await flush();
    controller.loadMore();
    await flush();
    controller.setQuery({ userid: 'alice', unrelated: 'x' });
    expect(first).toHaveBeenCalledTimes(1);
    controller.setQuery({ userid: 'bob' });
    expect(controller.getState().events).toEqual([]);
    await flush();
    expect(controller.getState().events.map((e) => e.id)).toEqual([1, 2]);
    expect(first).toHaveBeenCalledTimes(2);
    expect(first.mock.calls[1]![0]).toMatchObject({ userid: ['bob'] });
  });

  it('resets the data when an exclusion changes, and the export’s request holds it', async () => {
    const { controller, first } = setup();
    controller.setQuery({ userid: 'alice' });
    await flush();
    controller.setQuery({ userid: 'alice', not_pe_action: 'block' });
    expect(first).toHaveBeenCalledTimes(2);
    await flush();
    expect(first.mock.calls[1]![0]).toMatchObject({ userid: ['alice'], not_pe_action: ['block'] });
    expect(controller.request()).toMatchObject({ userid: ['alice'], not_pe_action: ['block'] });
    controller.setQuery({ userid: 'alice', not_pe_action: ['block'] });
    expect(first).toHaveBeenCalledTimes(2);
  });

  it('drops the answer of a query that was left behind', async () => {
    const { controller, first } = setup();
    let resolveOld: (p: LogPage<{ id: number }>) => void = () => {};
    first.mockImplementationOnce(() => new Promise((r) => (resolveOld = r)));
    controller.setQuery({ userid: 'old' });
    controller.setQuery({ userid: 'new' });
    await flush();
    resolveOld(page([99], 'x'));
    await flush();
    expect(controller.getState().events.map((e) => e.id)).toEqual([1, 2]);
  });

  it('shows the error text; on-prem a 500 reads the local-logs text verbatim', async () => {
    const { controller, first } = setup({ onPrem: true });
    first.mockRejectedValueOnce(new ApiError(500, 'Internal error'));
    controller.setQuery({});
    await flush();
    expect(controller.getState()).toMatchObject({ loading: false, error: MESSAGES.onPremLogsDisabled });
    expect(MESSAGES.onPremLogsDisabled).toBe('Data loading failed. Please ensure that Local Logs are enabled in the Settings > Logs/Alerts page.');
    expect(logErrorText(new ApiError(500, 'Internal error'), false)).toBe('Internal error');
    expect(logErrorText(new ApiError(403, 'Forbidden'), true)).toBe('Forbidden');
  });
});
