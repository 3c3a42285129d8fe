import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserConfigPolicies } from '../../../definitions/posture/browserConfigPolicies';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { CollectionView } from './CollectionView';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const item = (id: string, name: string) => ({
  id,
  name,
  platform: 'windows',
  browser: 'chrome',
  version: '122',
  settings: {},
  status: 'not_configured',
  createdBy: 'admin',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  updated_by: 'admin',
});

/** The collection over a fake API whose list loses what a batch delete names. */
function setup(names: string[]) {
  let list = names.map((n, i) => item(ids[i]!, n));
  const call = vi.fn(async (id: string, input?: CallInput) => {
    if (id === 'posture.listPolicies') return { list };
    if (id === 'posture.batchDelete') {
      const gone = (input?.body as { ids: string[] }).ids;
      list = list.filter((i) => !gone.includes(i.id));
      return { deleted: gone.length };
    }
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['browser_posture_management'], write: ['browser_posture_management'] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={browserConfigPolicies} />
    </EngineProvider>,
  );
  return userEvent.setup();
}

const rowNamed = (name: string) => screen.getByText(name).closest('tr');

async function deleteSelected(user: ReturnType<typeof userEvent.setup>, count: number) {
  await user.click(screen.getByRole('button', { name: `Delete selected (${count})` }));
  const warning = await screen.findByRole('dialog', { name: 'Deletion Warning' });
  await waitFor(() => expect(document.activeElement).toBe(within(warning).getByRole('button', { name: 'Cancel' })));
  await user.click(within(warning).getByRole('button', { name: 'Yes, Delete' }));
}

describe('CollectionView keeps the keyboard focus after a delete', () => {
  it('the warning opens on Cancel, and after the delete the focus is on the row now in the deleted one’s place', async () => {
    const user = setup(['Alpha', 'Beta', 'Gamma']);
    const grid = await screen.findByRole('grid', { name: 'Browser Configuration Policies' });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select row 2' }));
    await deleteSelected(user, 1);
    await waitFor(() => expect(screen.queryByText('Beta')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(rowNamed('Gamma')));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(rowNamed('Gamma'));
  });

  it('with no row left, the focus is on Add', async () => {
    const user = setup(['Alpha']);
    const grid = await screen.findByRole('grid', { name: 'Browser Configuration Policies' });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select row 1' }));
    await deleteSelected(user, 1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add' })));
  });
});
