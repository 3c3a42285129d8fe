/**
 * A collection's form keeps what the administrator chose when its choices are read again: on Users, a list of users
 * read again after an import must not put the form back on the first user, or "Reset password" would be sent for
 * that user instead of the one chosen. Nor may a search typed in the list above it (the filters change, the form's
 * scope stays what it was). The form starts with no user chosen at all, so it is never sent for one nobody picked.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../../definitions/settings/users';
import { SEARCH_DEBOUNCE_MS } from './CollectionFilters';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { CollectionView } from './CollectionView';

const account = (username: string) => ({ username, first_name: '', last_name: '', email: '', role: 'auditor' });

/**
 * The Users screen over a fake server: `listUsers` answers each read of the user list (the form's choices); the
 * list's reads and the resets sent are kept.
 */
function renderUsers(listUsers: (read: number) => ReturnType<typeof account>[]) {
  const sent: CallInput[] = [];
  const lists: unknown[] = [];
  let reads = 0;
  const call = vi.fn(async (id: string, input?: CallInput) => {
    if (id === 'auth.listUsers') return { users: listUsers(++reads) };
    if (id === 'users.list') {
      lists.push(input?.query);
      return { users: [] };
    }
    if (id === 'users.tenants') return { tenants: [{ users: 2, max_users: null }] };
    if (id === 'users.resetPassword') {
      sent.push(input!);
      return {};
    }
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['*'], write: ['*'] }, capabilities: {} });
  const { queryClient } = renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={users} />
    </EngineProvider>,
  );
  return { sent, lists, queryClient, reads: () => reads };
}

const adminAndAnn = () => [account('admin'), account('ann')];
const userField = () => screen.getByRole('combobox', { name: /^User/ }) as HTMLInputElement;

/** Chooses ann in the form. */
async function chooseAnn() {
  fireEvent.click(await screen.findByRole('combobox', { name: /^User/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'ann' }));
  await waitFor(() => expect(userField().value).toBe('ann'));
}

/** Fills a new password and presses Reset password. */
function sendReset() {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'A-long-enough-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('a collection form whose choices are read again', () => {
  it('sends the user the administrator chose, not the first one offered after the list changed', async () => {
    const { sent, queryClient, reads } = renderUsers((read) => (read === 1 ? adminAndAnn() : [account('aaron'), ...adminAndAnn()]));
    await chooseAnn();

    // The list is read again (as after an import) and now starts with another user.
    await queryClient.invalidateQueries({ queryKey: ['collection-choices'] });
    await waitFor(() => expect(reads()).toBe(2));
    sendReset();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ username: 'ann' });
  });

  it('sends the user the administrator chose after a search was typed in the list', async () => {
    const { sent, lists } = renderUsers(adminAndAnn);
    await chooseAnn();

    // A search typed in the list: once it is sent, the list is read with it.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'an' } });
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50)));
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));
    expect(userField().value).toBe('ann');
    sendReset();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ username: 'ann' });
  });

  it('starts with no user chosen, and sends nothing until one is', async () => {
    const { sent } = renderUsers(adminAndAnn);
    const user = (await screen.findByRole('combobox', { name: /^User/ })) as HTMLInputElement;
    expect(user.value).toBe('');
    sendReset();
    await waitFor(() => expect(user.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Nothing is chosen: choose one from the list.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
