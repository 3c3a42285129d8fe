/**
 * A row action that names its item under a path parameter of its own (`param`): the Roles screen deletes a role at
 * `/rbac/{name}` while its other item calls take `{id}`. A screen form whose choices are a list of strings (the
 * Second Factor screen's user names): each string is offered as itself and sent as the path parameter.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { roles } from '../../../definitions/settings/roles';
import { secondFactor } from '../../../definitions/settings/secondFactor';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';
import type { CollectionDef } from '../../../definitions/define';

const role = (name: string, builtin: boolean, users: number) => ({
  name,
  description: '',
  read: ['web_policy'],
  write: [],
  deny: [],
  builtin,
  users,
  updated_at: '2026-11-20T10:00:00.000Z',
  may_do: [],
  may_view: 'Web policy',
  may_change: '',
});

function render(def: CollectionDef, answers: Record<string, unknown>) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (!(id in answers)) throw new Error(`unexpected ${id}`);
    return answers[id];
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: false });
  access.setUser({ roles: { read: ['*'], write: ['*'] }, capabilities: { rbac: true, tfa: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={def} />
      <SnackbarHost />
    </EngineProvider>,
  );
  return calls;
}

describe('a row action with its own path parameter', () => {
  it('sends the row key under that parameter (the role’s name), after asking', async () => {
    const calls = render(roles, {
      'rbac.list': { roles: [role('administrator', true, 2), role('auditor-lite', false, 0)], areas: ['web_policy'] },
      'rbac.delete': { deleted: 'auditor-lite' },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for auditor-lite' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText(/Delete the role auditor-lite\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find(([id]) => id === 'rbac.delete')?.[1]).toEqual({ params: { name: 'auditor-lite' } }));
    expect(await screen.findByText('auditor-lite is deleted.')).toBeTruthy();
    // A built-in role offers neither action.
    expect(screen.queryByRole('button', { name: 'Actions for administrator' })).toBeNull();
  });
});

describe('a form whose choices are a list of strings', () => {
  it('offers each string as itself and sends the chosen one', async () => {
    const calls = render(secondFactor, {
      'users.mfaList': { users: [{ uid: 'u1', username: 'alice', mfa_enrolled: true }] },
      'users.usernames': { usernames: ['alice', 'bob'] },
      'users.mfaReset': { uid: 'u2', username: 'bob', mfa_enrolled: false },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^User/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['alice', 'bob']);
    await user.click(screen.getByRole('option', { name: 'bob' }));
    await user.click(screen.getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() => expect(calls.find(([id]) => id === 'users.mfaReset')?.[1]).toEqual({ params: { username: 'bob' } }));
    expect(await screen.findByText('bob enrols a new second factor at their next sign-in.')).toBeTruthy();
  });
});
