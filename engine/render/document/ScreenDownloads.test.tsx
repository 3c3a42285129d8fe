/** A document screen's download buttons, from the appliance exports page: each call's answer is saved as a file. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applianceExports } from '../../../definitions/appliance/applianceExports';
import type { DocumentScreen } from '../../../definitions/define';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { currentSnackbars, dismissSnackbar } from '../../core/snackbar';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { DocumentView } from './DocumentView';

let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  let current: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    current = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: current! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});

const DOC = { enabled: false, kind: 'configuration', host: '', port: 22, username: '', password: '', remote_path: '', schedule: 'daily', hour: 2 };

function setup(exportAnswer: (input?: CallInput) => unknown, write = false) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'appliance.exports.get') return DOC;
    if (id === 'appliance.exportConfig') return exportAnswer(input);
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'on_prem', appMode: 'safeview', production: true });
  access.setUser({ roles: { read: ['settings'], write: write ? ['settings'] : [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <DocumentView screen={applianceExports as unknown as DocumentScreen} />
      <SnackbarHost />
    </EngineProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('screen downloads', () => {
  it('saves the configuration and the diagnostics under the names made of each answer, for a reader too', async () => {
    const { calls, user } = setup((input) => ({
      appliance: 'edge-01.example.com',
      kind: (input!.query as { kind: string }).kind,
      exported_at: '2026-11-25T08:00:00.000Z',
      settings: {},
    }));
    await user.click(await screen.findByRole('button', { name: 'Download configuration' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Download diagnostics' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(calls.filter(([id]) => id === 'appliance.exportConfig').map(([, input]) => input)).toEqual([
      { query: { kind: 'configuration' } },
      { query: { kind: 'diagnostics' } },
    ]);
    expect(saved.map((f) => [f.name, f.blob.type])).toEqual([
      ['edge-01-configuration-2026-11-25.json', 'application/json'],
      ['edge-01-diagnostics-2026-11-25.json', 'application/json'],
    ]);
    expect(JSON.parse(await saved[0]!.blob.text())).toMatchObject({ appliance: 'edge-01.example.com', kind: 'configuration' });
  });

  it('says why when the call fails, and saves nothing', async () => {
    const { user } = setup(() => {
      throw new ApiError(500, 'The export could not be made.');
    });
    await user.click(await screen.findByRole('button', { name: 'Download configuration' }));
    expect(await screen.findByText('The export could not be made.')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
