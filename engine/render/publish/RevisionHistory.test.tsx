import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { RevisionHistory } from './RevisionHistory';

const T = '2026-01-01T00:00:00.000Z';
const published = (rev_id: number, reason: string) => ({
  rev_id,
  state: 'published',
  updated_at: T,
  published_at: T,
  published_by: 'admin',
  reason,
  areas: ['web.ssl-bypass'],
});

function setup(state: 'staged' | 'published') {
  const call = vi.fn(async (id: string) => {
    if (id === 'policy.revision') return { staged_rev_id: state === 'staged' ? 3 : 2, rev_id: 2, state, updated_at: T };
    if (id === 'policy.history') return { revisions: [published(2, 'Second'), published(1, 'First')], limit: 25, offset: 0, total: 2 };
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  const revision = createRevisionStore(call);
  void revision.load();
  const screens = (id: string) => (id === 'web.ssl-bypass' ? { title: 'SSL Bypass', load: () => Promise.reject(new Error('not needed')) } : undefined);
  renderUi(
    <EngineProvider engine={{ call, access, revision, unsaved: createUnsavedChanges() }}>
      <RevisionHistory screens={screens} canRollBack />
    </EngineProvider>,
  );
}

describe('RevisionHistory', () => {
  it('lists who published what and why, with the areas by title; nothing to roll back to on the live revision', async () => {
    setup('published');
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.getAllByText('SSL Bypass')).toHaveLength(2);
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roll back to revision 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Roll back to revision 2' })).toBeNull();
  });

  it('offers the live revision while changes are staged: rolling back to it undoes them', async () => {
    setup('staged');
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Roll back to revision 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roll back to revision 1' })).toBeTruthy();
  });
});
