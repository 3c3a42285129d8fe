/** The event drawer's downloads: the web logs' sandbox report, offered for an event that has one, saved as a file. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { webLogs } from '../../../definitions/logs/webLogs';
import { renderUi } from '../../../tests/setup/component';
import { captureDownloads } from '../../../tests/setup/downloads';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { EventDownloads } from './EventDownloads';

const saved = captureDownloads();
const sha = 'a'.repeat(64);

function render(event: Record<string, unknown>, call: CallFn) {
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: false });
  access.setUser({ roles: { read: ['*'], write: [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <EventDownloads downloads={webLogs.eventDownloads!} event={event} />
    </EngineProvider>,
  );
}

describe('event downloads', () => {
  it('saves the sandbox report of an event that has one, asked by its hash and report id', async () => {
    const calls: [string, CallInput | undefined][] = [];
    const call = vi.fn(async (id: string, input?: CallInput) => {
      calls.push([id, input]);
      return new Blob(['{"verdict":"malicious"}'], { type: 'application/json' });
    }) as unknown as CallFn;
    render({ timestamp: '2026-11-20T10:00:00.000Z', userid: 'alice', sandbox: true, sha256: sha, file_id: 'r-17', file_name: 'invoice.pdf' }, call);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download the sandbox report' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls).toEqual([['logs.sandboxReport', { params: { sha256: sha, file_id: 'r-17' } }]]);
    expect(saved[0]!.name).toBe('sandbox-report-invoice.pdf.json');
  });

  it('offers nothing for an event without a report', () => {
    render({ timestamp: '2026-11-20T10:00:00.000Z', userid: 'alice', sha256: sha }, vi.fn() as unknown as CallFn);
    expect(screen.queryByRole('button', { name: 'Download the sandbox report' })).toBeNull();
  });
});
