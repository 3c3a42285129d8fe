/** The header's jobs indicator announces a job's end once: not when the screen that started the job says so itself. */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOBS_ROUTE } from '../../definitions/appliance/common';
import { renderUi } from '../../tests/setup/component';
import { createAccessControl } from '../../engine/core/access';
import { announceJobStarted } from '../../engine/core/jobs';
import type { NavSection } from '../../engine/core/navigation';
import { createRevisionStore, type CallFn } from '../../engine/core/revision';
import { currentSnackbars, dismissSnackbar } from '../../engine/core/snackbar';
import { createUnsavedChanges } from '../../engine/core/unsavedChanges';
import { EngineProvider } from '../../engine/render/shell/EngineContext';
import { JobsIndicator, jobEndText } from './JobsIndicator';

const navigation = [
  { id: 'system', title: 'System', route: '/system', externalHref: undefined, groups: [{ title: undefined, screens: [{ id: 'jobs', label: 'Jobs', route: JOBS_ROUTE }] }] },
] as unknown as readonly NavSection[];

const job = (id: string, title: string, status: string, reason?: string) => ({
  id, title, status, progress: status === 'running' ? 40 : 100, created_at: '2026-11-28T10:00:00Z', created_by: 'admin', ...(reason && { reason }),
});

afterEach(() => {
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
  vi.useRealTimers();
});

describe('the jobs indicator', () => {
  it('shows running jobs and announces the end only of those no screen of this tab follows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = [job('j1', 'Licence check', 'running'), job('j2', 'Update check', 'running')];
    const call = vi.fn(async (id: string) => {
      if (id === 'jobs.list') return { jobs: answer };
      throw new Error(`unexpected ${id}`);
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'on_prem', appMode: 'safeview', production: true });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <JobsIndicator navigation={navigation} />
      </EngineProvider>,
    );
    expect(await screen.findByText('2 jobs running')).toBeTruthy();
    // The licence screen started j1 and will say how it ended.
    await act(async () => announceJobStarted('j1'));
    answer = [job('j1', 'Licence check', 'failed', 'license check failure'), job('j2', 'Update check', 'finished')];
    await act(async () => void (await vi.advanceTimersByTimeAsync(1_100)));
    expect(screen.queryByText(/jobs? running/)).toBeNull();
    expect(currentSnackbars().map((n) => n.message)).toEqual(['Update check finished.']);
  });

  it('words an ended job as a sentence, with a failed job’s reason', () => {
    expect(jobEndText({ title: 'Update check', status: 'failed', reason: 'No update is available.' })).toBe('Update check failed: No update is available.');
    expect(jobEndText({ title: 'Licence check', status: 'failed' })).toBe('Licence check failed: no reason given.');
    expect(jobEndText({ title: 'Restart', status: 'cancelled' })).toBe('Restart was cancelled.');
  });
});
