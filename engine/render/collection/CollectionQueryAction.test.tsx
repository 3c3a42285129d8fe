/**
 * A row action whose call carries a query chosen in its dialog, from the browser configuration policies: the export
 * asks for a format among those the policy's platform has, sends it as `?format=`, and saves the file the server sends
 * under the policy's name with the format's extension (through the real call layer).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postureOps } from '../../../definitions/api/posture';
import { browserConfigPolicies } from '../../../definitions/posture/browserConfigPolicies';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { callOperation, configureHttp, type CallInput, type CallOptions } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { currentSnackbars, dismissSnackbar } from '../../core/snackbar';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';
import { captureDownloads } from '../../../tests/setup/downloads';

const saved = captureDownloads();
afterEach(() => {
  vi.restoreAllMocks();
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});

const T = '2026-11-25T08:00:00.000Z';
const policy = (id: string, name: string, platform: string) => ({
  id,
  name,
  platform,
  browser: 'edge',
  version: '121',
  settings: { PasswordManagerEnabled: false },
  status: 'Configured',
  createdBy: 'admin',
  created_at: T,
  updated_at: T,
  updated_by: 'admin',
});
const windows = policy('7b0c6a52-0a4e-4d1b-9d55-1f0f7f3f0a01', 'Office laptops', 'windows');
const mac = policy('7b0c6a52-0a4e-4d1b-9d55-1f0f7f3f0a02', 'Design Macs', 'macos');
const linux = policy('7b0c6a52-0a4e-4d1b-9d55-1f0f7f3f0a03', 'Build hosts', 'linux');
const REG = 'Windows Registry Editor Version 5.00\r\n\r\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\Edge]\r\n"PasswordManagerEnabled"=dword:00000000\r\n';

function setup(write: boolean) {
  const fetched: { url: string; method: string | undefined }[] = [];
  const { exportConfigPolicy: op } = postureOps;
  configureHttp({
    operations: [{ id: op.id, method: op.method, path: op.path, tag: op.tag, responseKind: op.responseKind }],
    production: true,
    fetch: vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      fetched.push({ url: String(url), method: init?.method });
      const format = new URL(String(url), 'http://portal.test').searchParams.get('format');
      return new Response(format === 'registry' ? REG : '{"displayName":"x"}\n', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }) as unknown as typeof fetch,
    cookies: { get: () => undefined, delete: () => undefined },
  });
  const call = vi.fn(async (id: string, input?: CallInput, options?: CallOptions) => {
    if (id === postureOps.listConfigPolicies.id) return { list: [windows, mac, linux] };
    if (id === op.id) return callOperation(id, input, options);
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['browser_posture_management'], write: write ? ['browser_posture_management'] : [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={browserConfigPolicies} />
      <SnackbarHost />
    </EngineProvider>,
  );
  return { fetched, user: userEvent.setup() };
}

describe('a row action with a query chosen in its dialog', () => {
  it('offers the formats of a Windows policy by name, sends the one chosen as ?format= and saves it as a .reg file', async () => {
    const { fetched, user } = setup(true);
    await user.click(await screen.findByRole('button', { name: 'Actions for Office laptops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Office laptops' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Format/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Microsoft Intune (JSON)',
      'Windows registry file (.reg)',
      'Group Policy registry preferences (XML)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Windows registry file (.reg)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetched).toEqual([{ url: `/api/brw-posture-mgmt/v1/configPolicies/${windows.id}/export?format=registry`, method: 'POST' }]);
    expect(saved[0]!.name).toBe('Office-laptops.reg');
    expect(await saved[0]!.blob.text()).toBe(REG);
  });

  it('offers a macOS policy the Intune format alone, and a Linux policy no export', async () => {
    const { fetched, user } = setup(true);
    await user.click(await screen.findByRole('button', { name: 'Actions for Design Macs' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Design Macs' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Format/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Microsoft Intune (JSON)']);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetched[0]!.url).toBe(`/api/brw-posture-mgmt/v1/configPolicies/${mac.id}/export?format=microsoftIntune`);
    expect(saved[0]!.name).toBe('Design-Macs.json');

    await user.click(screen.getByRole('button', { name: 'Actions for Build hosts' }));
    expect(await screen.findByRole('menuitem', { name: 'Assess against every benchmark' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Export…' })).toBeNull();
  });

  it('is offered to a reader, who exports and changes nothing', async () => {
    const { user } = setup(false);
    // A reader gets the two actions that save a file (export, the policy as entered), not the assessment.
    await user.click(await screen.findByRole('button', { name: 'Actions for Office laptops' }));
    expect(screen.queryByRole('menuitem', { name: /Assess/ })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export Office laptops' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Office-laptops.json');
  });
});
