/**
 * A screen form whose list field takes its choices from another operation (the provider console's bulk move of
 * tenants between deployments): the field is a multiselect of those answers, and the call gets the chosen values as a list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tenantPlacements } from '../../../definitions/provider/tenantPlacements';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';

const placements = {
  status: 'Success',
  items: [
    { tid: 't1', name: 'Alpha Ltd', deployment: 'eu-central' },
    { tid: 't2', name: 'Beta plc', deployment: 'eu-central' },
    { tid: 't3', name: 'Gamma AG', deployment: 'us-east' },
  ],
};
const deployments = {
  status: 'Success',
  items: ['eu-central', 'us-east'].map((id) => ({ id, deployment_id: id, name: id.toUpperCase(), region: '', note: '', tenants: 1, default: false, updated_at: '', updated_by: '' })),
};

describe('a form field choosing several answers of another operation', () => {
  it('is a multiselect of them; the call gets the chosen values as a list', { timeout: 60_000 }, async () => {
    const calls: [string, CallInput | undefined][] = [];
    const answers: Record<string, unknown> = {
      'provider.deployments.tenants': placements,
      'provider.deployments.list': deployments,
      'provider.deployments.moveTenants': { status: 'Success', moved: [] },
    };
    const call = vi.fn(async (id: string, input?: CallInput) => {
      calls.push([id, input]);
      if (!(id in answers)) throw new Error(`unexpected ${id}`);
      return answers[id];
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'dev', appMode: 'cloud', production: false });
    access.setUser({ roles: { read: ['provider'], write: ['provider'] }, capabilities: { rbac: true } });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <CollectionView screen={tenantPlacements} />
        <SnackbarHost />
      </EngineProvider>,
    );
    const user = userEvent.setup();
    const tenants = await screen.findByRole('combobox', { name: 'Tenants to move' }, { timeout: 15_000 });
    await user.click(tenants);
    await user.click(await screen.findByRole('option', { name: /Alpha Ltd/ }));
    await user.click(await screen.findByRole('option', { name: /Gamma AG/ }));
    await user.keyboard('{Escape}');
    const to = screen.getByRole('combobox', { name: 'To deployment' });
    await user.click(to);
    await user.click(await screen.findByRole('option', { name: /US-EAST/ }));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(calls.find(([id]) => id === 'provider.deployments.moveTenants')?.[1]?.body).toEqual({ tids: ['t1', 't3'], deployment: 'us-east' }));
    expect(await screen.findByText('2 tenants moved to us-east.')).toBeTruthy();
    expect(within(document.body).queryByText(/unexpected/)).toBeNull();
  });
});
