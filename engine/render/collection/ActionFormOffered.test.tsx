/**
 * A form offered only for some answers of its `initial` call (`initial.offered`): on an appliance, the Management
 * Station screen offers the Register form until the appliance is managed, then shows only where it stands.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applianceRegistration } from '../../../definitions/appliance/applianceRegistration';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { CollectionView } from './CollectionView';

function setup(registration: Record<string, unknown>) {
  const call = vi.fn(async (id: string, _input?: CallInput) => {
    if (id === 'station.registration') return registration;
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'on_prem', appMode: 'safeview', production: true });
  access.setUser({ roles: { read: ['settings'], write: ['settings'] }, capabilities: {} });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={applianceRegistration} query={{}} setQuery={() => undefined} />
    </EngineProvider>,
  );
}

describe('a form offered for some answers only', () => {
  it('offers the Register form to an appliance no station manages', async () => {
    setup({ status: 'unregistered', name: 'branch-nantes' });
    expect(await screen.findByText('This appliance is not managed by a management station.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('shows a managed appliance where it stands, without the form', async () => {
    setup({ status: 'managed', name: 'branch-nantes', station: 'manager.example.com', group: 'Branches' });
    expect(await screen.findByText('Managed by manager.example.com as branch-nantes, in the group Branches.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
