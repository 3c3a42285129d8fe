/**
 * Selection actions of a collection, rendered from the Users screen's definition: the selected users are named in the
 * dialog before anything is sent, and the action is one call with their ids in the body's list field (the spec's
 * bulkuserdelete and bulkusermodify); an action offered only for some rows acts on those; a refusal says why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../../definitions/settings/users';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';

const user = (uid: string, username: string, enabled = true) => ({
  uid,
  username,
  name: username,
  first_name: '',
  last_name: '',
  email: `${username}@example.com`,
  role: 'auditor',
  enabled,
  mfa_enrolled: false,
  has_password: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const LIST = { users: [user('u1', 'ann'), user('u2', 'bob'), user('u3', 'cy', false)], total: 3 };
const ROLES = { roles: [{ name: 'auditor', description: '' }, { name: 'webadmin', description: '' }], areas: [] };

/** What the screen reads by itself: the list, its summary line, the role and user choices. */
const READS = ['users.list', 'users.tenants', 'rbac.list', 'auth.listUsers'];

function setup(answers: Record<string, (input?: CallInput) => unknown>) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'users.list') return LIST;
    if (id === 'users.tenants') return { tenants: [{ tid: 't', name: 'T', max_users: null, users: 3 }] };
    if (id === 'rbac.list') return ROLES;
    if (id === 'auth.listUsers') return { users: LIST.users.map(({ username }) => ({ username })) };
    if (id in answers) return answers[id]!(input);
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['users', 'roles'], write: ['users'] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={users} />
      <SnackbarHost />
    </EngineProvider>,
  );
  return { calls: () => calls.filter(([id]) => !READS.includes(id)), ui: userEvent.setup() };
}

async function selectRows(ui: ReturnType<typeof userEvent.setup>, ...positions: number[]) {
  const grid = await screen.findByRole('grid', { name: 'Users' });
  for (const p of positions) await ui.click(within(grid).getByRole('checkbox', { name: `Select row ${p}` }));
}

// Each test opens dialogs whose forms load lazily: slow on a busy machine.
describe('selection actions', { timeout: 120_000 }, () => {
  it('names every selected user before deleting, then deletes them in one call', async () => {
    const { calls, ui } = setup({ 'users.bulkDelete': () => ({ deleted: ['u1', 'u2'] }) });
    await selectRows(ui, 1, 2);
    await ui.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 selected' });
    const named = within(within(dialog).getByRole('list', { name: 'Selected' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(named).toEqual(['ann', 'bob']);
    expect(calls()).toEqual([]);
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 users deleted.');
    expect(calls()).toEqual([['users.bulkDelete', { body: { uid_list: ['u1', 'u2'] } }]]);
  });

  it('asks for the new role of the selected users and changes it in one call', async () => {
    const { calls, ui } = setup({ 'users.bulkModify': () => ({ modified: ['u1', 'u3'] }) });
    await selectRows(ui, 1, 3);
    await ui.click(screen.getByRole('button', { name: 'Change role (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role 2 selected' });
    expect(within(dialog).getByText('cy')).toBeTruthy();
    // The call accepts a change without a role; the dialog does not.
    const role = await within(dialog).findByRole('combobox', { name: /^New role/ });
    await ui.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(role.getAttribute('aria-invalid')).toBe('true'));
    expect(calls()).toEqual([]);
    await ui.click(role);
    await ui.click(await screen.findByRole('option', { name: 'webadmin' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await screen.findByText('2 users now have the role webadmin.');
    expect(calls()).toEqual([['users.bulkModify', { body: { changes: { role: 'webadmin' }, uid_list: ['u1', 'u3'] } }]]);
  });

  it('offers an action for the selected rows it applies to, and says why a refused call changed nothing', async () => {
    const { calls, ui } = setup({
      'users.bulkModify': () => {
        throw new ApiError(400, 'Invalid request', 'http', [{ path: 'uid_list.0', key: 'cannotDisableSelf', message: 'You cannot disable your own account.' }]);
      },
    });
    await selectRows(ui, 1, 3);
    // cy is disabled already: Disable acts on ann alone, Enable on cy alone.
    expect(screen.getByRole('button', { name: 'Enable (1)' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Disable (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable ann' });
    await ui.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await screen.findByText('You cannot disable your own account.');
    expect(calls()).toEqual([['users.bulkModify', { body: { changes: { enabled: false }, uid_list: ['u1'] } }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
