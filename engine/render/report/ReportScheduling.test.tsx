import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../schemas/constants';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { ReportScheduling } from './ReportScheduling';

const T0 = '2026-11-01T10:00:00.000Z';
const weekly = {
  id: 's-1',
  name: 'Weekly risks',
  reports: ['top_risks'],
  interval: '7d',
  frequency: '1d',
  recipients: ['ciso@demo.example'],
  filters: {},
  limit: 50,
  enabled: true,
};

function setup(opts: { stale?: boolean } = {}) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'reports.scheduled.get') return { list: [weekly], updated_at: T0 };
    if (id === 'reports.scheduled.save') {
      if (opts.stale) throw new ApiError(409, MESSAGES.staleSave, 'http', [], { msg: MESSAGES.staleSave, current: { list: [], updated_at: T0 } });
      return { ...(input!.body as object), updated_at: '2026-11-01T10:05:00.000Z' };
    }
    if (id === 'reports.past.list') return { reports: [], limit: 25, offset: 0, total: 0 };
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  const engine = { call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() };
  renderUi(
    <EngineProvider engine={engine}>
      <ReportScheduling canWrite />
    </EngineProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('ReportScheduling', () => {
  it('lists the scheduled reports and saves a disabled one with the stamp it read', async () => {
    const { calls, user } = setup();
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    expect(within(table).getByText('Weekly risks')).toBeTruthy();
    expect(within(table).getByText('Top risks')).toBeTruthy();
    await user.click(within(table).getByRole('checkbox', { name: 'Weekly risks enabled' }));
    await waitFor(() => expect(calls.some(([id]) => id === 'reports.scheduled.save')).toBe(true));
    const body = calls.find(([id]) => id === 'reports.scheduled.save')![1]!.body as { list: { enabled: boolean }[]; updated_at: string };
    expect(body.updated_at).toBe(T0);
    expect(body.list[0]!.enabled).toBe(false);
    expect(await screen.findByText('No past reports yet.')).toBeTruthy();
  });

  it('a stale save shows the conflict and the stored list', async () => {
    const { user } = setup({ stale: true });
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    await user.click(within(table).getByRole('button', { name: 'Delete Weekly risks' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.staleSave);
    expect(await screen.findByText('No scheduled reports yet.')).toBeTruthy();
  });

  it('edits a schedule in place: the form takes its values, Save replaces it with the same id and keeps the rest', async () => {
    const { calls, user } = setup();
    const table = await screen.findByRole('table', { name: 'Scheduled reports' });
    await user.click(within(table).getByRole('button', { name: 'Edit Weekly risks' }));
    const form = within(screen.getByRole('region', { name: 'Edit Weekly risks' }));
    const name = form.getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Weekly risks');
    expect((form.getByLabelText(/^Recipients/) as HTMLInputElement).value).toBe('ciso@demo.example');
    await user.clear(name);
    await user.type(name, 'Weekly risks for the board');
    await user.type(form.getByLabelText(/^Recipients/), ', board@demo.example');
    await user.click(form.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls.some(([id]) => id === 'reports.scheduled.save')).toBe(true));
    const body = calls.find(([id]) => id === 'reports.scheduled.save')![1]!.body as { list: (typeof weekly)[] };
    expect(body.list).toEqual([{ ...weekly, name: 'Weekly risks for the board', recipients: ['ciso@demo.example', 'board@demo.example'] }]);
    expect(await screen.findByRole('region', { name: 'New schedule' })).toBeTruthy();
  });
});
