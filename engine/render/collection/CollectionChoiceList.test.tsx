/**
 * A screen form whose list field takes its choices from another operation (the provider console's bulk move of
 * tenants between deployments): the field is a multiselect of those answers, and the call gets the chosen values as a list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectorStatus } from '../../../definitions/privateAccess/connectorStatus';
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
  it('is a multiselect of them; the call gets the chosen values as a list', async () => {
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
    const tenants = await screen.findByRole('combobox', { name: 'Tenants to move' });
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

describe('a collection whose list and form choices are read at the staged revision', () => {
  it('reads both at the staged revision and shows the issued key once', async () => {
    const calls: [string, CallInput | undefined][] = [];
    const cluster = (id: string, name: string, hint: string) => ({
      id,
      name,
      region: 'eu-central-1',
      region_label: 'Europe (Frankfurt)',
      applications: 2,
      connectors: [{ name: `${id}-connector-1`, state: hint ? 'connected' : 'awaiting_key' }],
      state: hint ? 'connected' : 'awaiting_key',
      key_hint: hint,
      key_issued_at: hint ? '2026-11-01T08:00:00.000Z' : null,
      key_issued_by: hint ? 'admin' : '',
    });
    const answers: Record<string, unknown> = {
      'policy.revision': { staged_rev_id: 12, rev_id: 11, state: 'staged', updated_at: '2026-11-01T08:00:00.000Z' },
      'privateAccess.clusterList': { rev_id: 12, clusters: [cluster('cl-fra', 'Frankfurt data centre', 'x9Qz'), cluster('cl-sgp', 'Singapore lab', '')] },
      'privateAccess.setProvisioningKeyLookup': { cluster_id: 'cl-sgp', key: 'pak_new-key-shown-once', hint: 'once', issued_at: '2026-11-02T08:00:00.000Z', message: 'Issued.' },
    };
    const call = vi.fn(async (id: string, input?: CallInput) => {
      calls.push([id, input]);
      if (!(id in answers)) throw new Error(`unexpected ${id}`);
      return answers[id];
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: false });
    access.setUser({ roles: { read: ['private_access'], write: ['private_access'] }, capabilities: { rbac: true, private_access: true } });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <CollectionView screen={connectorStatus} />
        <SnackbarHost />
      </EngineProvider>,
    );
    expect(await screen.findByText('Waiting for a key')).toBeTruthy();
    expect(screen.getByText('x9Qz')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Cluster' }));
    await user.click(await screen.findByRole('option', { name: /Singapore lab/ }));
    await user.click(screen.getByRole('button', { name: 'Issue key' }));
    expect(await screen.findByText('pak_new-key-shown-once')).toBeTruthy();
    expect(calls.find(([id]) => id === 'privateAccess.setProvisioningKeyLookup')?.[1]?.body).toEqual({ cluster_id: 'cl-sgp' });
    expect(calls.filter(([id]) => id === 'privateAccess.clusterList').every(([, input]) => input?.params?.rev === 12)).toBe(true);
  });
});
