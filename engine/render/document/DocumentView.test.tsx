import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { definePolicyArea, type DocumentScreen } from '../../../definitions/define';
import { SslBypassDocument } from '../../../schemas/areas/sslBypass';
import { MESSAGES } from '../../../schemas/constants';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { DocumentView } from './DocumentView';

const area = definePolicyArea({
  id: 'test.bypass',
  title: 'SSL Bypass',
  description: 'Test area',
  route: '/policy/web/ssl-bypass',
  endpoint: { path: '/api/policy/v1/rules/sslbump_bypass/{rev}' },
  schema: SslBypassDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: ['destination', 'comment', { field: 'enabled', format: 'boolean' }],
    rowFields: { id: { widget: 'hidden' } },
    newRow: { destination: '', comment: '', enabled: true },
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
}) as unknown as DocumentScreen;

const T0 = '2025-03-01T10:00:00.000Z';
const T1 = '2025-03-01T10:05:00.000Z';
const revision = { staged_rev_id: 5, rev_id: 4, state: 'published', updated_at: T0 };
const mineRow = { id: 'a', destination: 'bank.example.com', comment: '', enabled: true };
const theirRow = { id: 'z', destination: 'their.example.com', comment: '', enabled: true };

function setup(opts: { write?: boolean; conflictOnce?: boolean } = {}) {
  const calls: [string, CallInput | undefined][] = [];
  let conflicted = false;
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'policy.revision') return revision;
    if (id === 'test.bypass.get') return { list: [mineRow], rev_id: 5, state: 'published', updated_at: T0 };
    if (id === 'test.bypass.save') {
      if (opts.conflictOnce && !conflicted) {
        conflicted = true;
        throw new ApiError(409, MESSAGES.staleSave, 'http', [], {
          msg: MESSAGES.staleSave,
          current: { list: [mineRow, theirRow], rev_id: 5, state: 'staged', updated_at: T1 },
        });
      }
      return { ...(input!.body as object), state: 'staged', updated_at: '2025-03-01T10:10:00.000Z' };
    }
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['web_policy'], write: opts.write === false ? [] : ['web_policy'] }, capabilities: { rbac: true } });
  const engine = { call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() };
  renderUi(
    <EngineProvider engine={engine}>
      <DocumentView screen={area} />
    </EngineProvider>,
  );
  return { calls, engine, user: userEvent.setup() };
}

async function addRow(user: ReturnType<typeof userEvent.setup>, destination: string) {
  await user.click(await screen.findByRole('button', { name: 'Add' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
  await user.type(within(dialog).getByLabelText(/^Destination/), destination);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add entry' })).toBeNull());
}

describe('DocumentView', () => {
  it('loads at the staged revision and saves with the stamp in one request: the answer stamps the revision', async () => {
    const { calls, user, engine } = setup();
    expect(await screen.findByText('bank.example.com')).toBeTruthy();
    expect(calls.find(([id]) => id === 'test.bypass.get')![1]).toEqual({ params: { rev: 5 } });
    expect(screen.getByRole('region', { name: 'Changes' }).style.position).toBe('');
    await addRow(user, 'new.example.com');
    expect(screen.getByText('You have 1 unsaved change.')).toBeTruthy();
    // While something is unsaved the bar stays in view at the bottom of the window.
    expect(screen.getByRole('region', { name: 'Changes' }).style.position).toBe('sticky');
    expect(engine.unsaved.has()).toBe(true);
    await addRow(user, 'other.example.com');
    expect(screen.getByText('You have 2 unsaved changes.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete other.example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete entry' })).getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('You have 1 unsaved change.')).toBeTruthy();
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    const [, input] = calls.find(([id]) => id === 'test.bypass.save')!;
    expect(input!.params).toEqual({ rev: 5 });
    expect(input!.body).toMatchObject({ rev_id: 5, state: 'published', updated_at: T0 });
    expect((input!.body as { list: unknown[] }).list).toHaveLength(2);
    // The revision is not read again: the save's answer carries the staged revision, its state and the time.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.slice(before).map(([id]) => id)).toEqual(['test.bypass.save']);
    expect(engine.revision.getState().revision).toEqual({ staged_rev_id: 5, rev_id: 4, state: 'staged', updated_at: '2025-03-01T10:10:00.000Z' });
    expect(engine.unsaved.has()).toBe(false);
  });

  it('on 409 shows what they changed; Keep editing keeps the typed rows and the next save carries their stamp', async () => {
    const { calls, user } = setup({ conflictOnce: true });
    await addRow(user, 'mine.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this area' });
    expect(within(dialog).getByRole('list', { name: 'Their changes' }).textContent).toMatch(/^Added.*: \+ their\.example\.com$/);
    expect(within(dialog).getByRole('list', { name: 'Your unsaved changes' }).textContent).toMatch(/^Added.*: \+ mine\.example\.com$/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Someone else changed this area' })).toBeNull());
    expect(screen.getByText('mine.example.com')).toBeTruthy();
    expect(screen.getByText('You have 1 unsaved change.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    const saves = calls.filter(([id]) => id === 'test.bypass.save');
    expect(saves[1]![1]!.body).toMatchObject({ updated_at: T1 });
  });

  it('on 409, Reload their version replaces the edits with the stored version', async () => {
    const { user } = setup({ conflictOnce: true });
    await addRow(user, 'mine.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this area' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload their version' }));
    expect(await screen.findByText('their.example.com')).toBeTruthy();
    expect(screen.queryByText('mine.example.com')).toBeNull();
    expect(screen.getByText('All changes saved.')).toBeTruthy();
  });

  it('turns read-only in place when the user loses write access while editing, dropping the unsaved rows', async () => {
    const { user, engine } = setup();
    await addRow(user, 'unsaved.example.com');
    expect(engine.unsaved.has()).toBe(true);
    // The session applies a narrowed role (read on the next answer's access stamp).
    act(() => engine.access.setUser({ roles: { read: ['web_policy'], write: [] }, capabilities: { rbac: true } }));
    expect(await screen.findByText('You can no longer change this screen')).toBeTruthy();
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.queryByText('unsaved.example.com')).toBeNull();
    expect(screen.getByText('bank.example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(engine.unsaved.has()).toBe(false);
  });

  it('a reader sees the rows with no save bar and no edit controls', async () => {
    setup({ write: false });
    expect(await screen.findByText('bank.example.com')).toBeTruthy();
    expect(screen.getByText('Read only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
