/**
 * Actions of a collection whose calls are made at the staged revision, rendered from the Application Access screen's
 * definition: a row action's dialog starts from the values its `form.start` takes from the row (an id sent under
 * another name, the stamp the list answered), a selection action sends the body it makes from the selected rows, both
 * calls go to the staged revision, and the change they stage is the header's revision at once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applicationAccess } from '../../../definitions/privateAccess/applicationAccess';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';

const CATALOG_STAMP = '2026-11-20T08:00:00.000Z';
const RULES_STAMP = '2026-11-21T09:30:00.000Z';
const STAGED = { rev_id: 8, state: 'staged', updated_at: '2026-11-29T06:00:00.000Z' } as const;
const rule = (id: string, name: string) => ({ id, name, action: 'allow' as const });
const app = (id: string, name: string, cluster: string, rules: ReturnType<typeof rule>[]) => ({
  id,
  name,
  kind: 'web',
  address: `${id}.corp.example`,
  cluster_id: cluster,
  cluster_name: cluster === 'c1' ? 'Frankfurt' : 'Dublin',
  access_rules: rules,
  catalog_updated_at: CATALOG_STAMP,
  access_rules_updated_at: RULES_STAMP,
});
const RULES = [rule('r1', 'Finance staff'), rule('r2', 'Contractors'), rule('r3', 'Everyone else')];
const LIST = { rev_id: 7, applications: [app('erp', 'ERP', 'c1', [RULES[0]!, RULES[2]!]), app('wiki', 'Wiki', 'c1', [RULES[2]!])], rules: RULES };
const CLUSTERS = {
  list: [
    { id: 'c1', name: 'Frankfurt', region: 'eu-central-1', connectors: 2, internal_networks: [], description: '' },
    { id: 'c2', name: 'Dublin', region: 'eu-west-1', connectors: 2, internal_networks: [], description: '' },
  ],
  rev_id: 7,
  state: 'published',
  updated_at: CATALOG_STAMP,
};
/** What the screen reads by itself: the revision, the list and the clusters offered. */
const READS = ['policy.revision', 'privateAccess.applicationList', 'private-access.connector-clusters.get'];

function setup(answers: Record<string, (input?: CallInput) => unknown>) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'policy.revision') return { rev_id: 7, staged_rev_id: 7, state: 'published', updated_at: CATALOG_STAMP };
    if (id === 'privateAccess.applicationList') return LIST;
    if (id === 'private-access.connector-clusters.get') return CLUSTERS;
    if (id in answers) return answers[id]!(input);
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['private_access'], write: ['private_access'] }, capabilities: { private_access: true } });
  const revision = createRevisionStore(call);
  renderUi(
    <EngineProvider engine={{ call, access, revision, unsaved: createUnsavedChanges() }}>
      <CollectionView screen={applicationAccess} />
      <SnackbarHost />
    </EngineProvider>,
  );
  return { calls: () => calls.filter(([id]) => !READS.includes(id)), revision, ui: userEvent.setup() };
}

describe('collection actions at the staged revision', { timeout: 120_000 }, () => {
  it('starts a row’s dialog from its values, sends them at the staged revision, and stages the header’s revision', async () => {
    const { calls, revision, ui } = setup({ 'privateAccess.updateAccessPolicyApplication': () => ({ list: [], ...STAGED }) });
    const grid = await screen.findByRole('grid', { name: 'Application Access' });
    await ui.click(within(grid).getByRole('button', { name: 'Choose access rules… ERP' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Now named by Finance staff, Everyone else. The application is taken out of the rules you leave unchosen.');
    await ui.click(await within(dialog).findByRole('button', { name: 'Save access rules' }));
    await screen.findByText('ERP is now in 2 access rules (staged).');
    expect(calls()).toEqual([
      // (The row's key goes with the path parameters too; a path that does not name it leaves it out.)
      ['privateAccess.updateAccessPolicyApplication', { params: { id: 'erp', rev: 7 }, body: { application_id: 'erp', updated_at: RULES_STAMP, access_rules: ['r1', 'r3'] } }],
    ]);
    expect(revision.getState().revision).toMatchObject({ staged_rev_id: 8, state: 'staged' });
  });

  it('sends the stamp the selected rows were listed with, beside their ids and the cluster chosen', async () => {
    const { calls, revision, ui } = setup({ 'privateAccess.updateCatalogClusters': () => ({ list: [], ...STAGED }) });
    const grid = await screen.findByRole('grid', { name: 'Application Access' });
    for (const p of [1, 2]) await ui.click(within(grid).getByRole('checkbox', { name: `Select row ${p}` }));
    await ui.click(screen.getByRole('button', { name: 'Move to cluster (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to cluster 2 selected' });
    await ui.click(await within(dialog).findByRole('combobox', { name: /^Cluster/ }));
    await ui.click(await screen.findByRole('option', { name: 'Dublin' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Move' }));
    await screen.findByText('2 applications moved to the chosen cluster (staged).');
    expect(calls()).toEqual([['privateAccess.updateCatalogClusters', { params: { rev: 7 }, body: { cluster_id: 'c2', updated_at: CATALOG_STAMP, applications: ['erp', 'wiki'] } }]]);
    await waitFor(() => expect(revision.getState().revision).toMatchObject({ staged_rev_id: 8, state: 'staged' }));
  });
});
