/**
 * A collection's summary line from a second call, on Directory Groups: the same operation asked for the count, with
 * the period chosen above the table; a skeleton while it loads (the table does not wait for it), and its reason with
 * a retry when it fails.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directoryGroups } from '../../../definitions/reports/directoryGroups';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import type { LogUrlQuery } from '../log/logController';
import { CollectionView } from './CollectionView';

afterEach(() => vi.restoreAllMocks());

const GROUPS = { total: 1234, groups: [{ name: 'Engineering', requests: 5120, users: 42 }, { name: 'Finance', requests: 830, users: 9 }] };

/** `count` answers the summary calls in turn (a function is called, a value returned, an error thrown). */
function setup(count: (input: CallInput | undefined) => Promise<unknown>, query: LogUrlQuery = {}) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id !== 'reportLookups.groups') throw new Error(`unexpected ${id}`);
    return (input?.query as { result_type?: string } | undefined)?.result_type === 'count' ? count(input) : GROUPS;
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['dashboard'], write: [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={directoryGroups} query={query} setQuery={() => undefined} />
    </EngineProvider>,
  );
  const summaryCalls = () => calls.filter(([, input]) => (input?.query as { result_type?: string } | undefined)?.result_type === 'count').map(([, input]) => input);
  return { calls, summaryCalls, user: userEvent.setup() };
}

describe('a collection summary line', () => {
  it('shows a skeleton while the count loads, beside a table that does not wait for it, then the count', async () => {
    let answer!: (value: unknown) => void;
    const { calls, summaryCalls } = setup(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByRole('status', { name: 'Loading the number of groups' })).toBeTruthy();
    expect(await screen.findByText('Engineering')).toBeTruthy();
    answer({ total: 1234 });
    expect(await screen.findByText('1,234 directory groups with web traffic in the last 7 days')).toBeTruthy();
    // The period the call takes when none is chosen shows as chosen.
    expect((screen.getAllByRole('combobox', { name: 'Period' })[0] as HTMLInputElement).value).toBe('Last 7 days');
    expect(screen.queryByRole('status', { name: 'Loading the number of groups' })).toBeNull();
    expect(summaryCalls()).toEqual([{ query: { result_type: 'count' } }]);
    // The list itself is asked without the count.
    expect(calls.find(([, input]) => input?.query === undefined)).toBeTruthy();
  });

  it('asks for the count over the period chosen above the table', async () => {
    const { summaryCalls } = setup(async () => ({ total: 1 }), { interval: '30d' });
    expect(await screen.findByText('1 directory group with web traffic in the last 30 days')).toBeTruthy();
    expect(summaryCalls()).toEqual([{ query: { interval: '30d', result_type: 'count' } }]);
  });

  it('says why the count could not be loaded, keeps the table, and loads it again on Try again', async () => {
    let failing = true;
    const { summaryCalls, user } = setup(async () => {
      if (failing) throw new ApiError(503, 'Reports are busy; try again in a minute.');
      return { total: 2 };
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The number of groups could not be loaded: Reports are busy; try again in a minute.');
    expect(await screen.findByText('Finance')).toBeTruthy();
    failing = false;
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 directory groups with web traffic in the last 7 days')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(summaryCalls().length).toBeGreaterThanOrEqual(2);
  });
});
