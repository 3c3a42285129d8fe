/** The jobs screen shows how each job ended: a failed job's bar in red with its reason, never a finished job's "ok". */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { JobsView } from './JobsView';

const jobs = [
  { id: 'j1', title: 'Licence check', status: 'failed', progress: 100, result: 'ok', reason: 'license check failure', created_at: '2026-11-28T10:00:00Z', created_by: 'admin' },
  { id: 'j2', title: 'Restart', status: 'failed', progress: 100, result: 'ok', created_at: '2026-11-28T10:01:00Z', created_by: 'admin' },
  { id: 'j3', title: 'Update check', status: 'finished', progress: 100, result: '5.4.2', created_at: '2026-11-28T10:02:00Z', created_by: 'admin' },
];

describe('the jobs screen', () => {
  it('says why a job failed, and colours its bar by how it ended', async () => {
    const call = vi.fn(async (id: string) => {
      if (id === 'jobs.list') return { jobs };
      throw new Error(`unexpected ${id}`);
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'on_prem', appMode: 'safeview', production: true });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <JobsView canWrite={false} />
      </EngineProvider>,
    );
    const rows = (await screen.findAllByRole('row')).slice(1);
    const cells = (i: number) => within(rows[i]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(0)).toContain('license check failure');
    expect(cells(1)).toContain('Failed without a reason.');
    expect(cells(1)).not.toContain('ok');
    expect(cells(2)).toContain('5.4.2');
    const bar = (name: string) => screen.getByRole('progressbar', { name }).closest('[class*="Progress-root"]')!.querySelector('[class*="Progress-section"]') as HTMLElement;
    expect(bar('Progress of Licence check').style.getPropertyValue('--progress-section-color')).toContain('red');
    expect(bar('Progress of Update check').style.getPropertyValue('--progress-section-color')).toContain('teal');
  });
});
