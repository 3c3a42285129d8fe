/**
 * A document screen's download buttons, from the appliance exports page: each call's answer is saved as a file. And a
 * document table's row action that saves the file the server sends: the client profile export of Client Profiles,
 * through the real call layer (bytes, content type and Content-Disposition as the server answers them).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applianceExports } from '../../../definitions/appliance/applianceExports';
import type { DocumentScreen } from '../../../definitions/define';
import { clientProfiles } from '../../../definitions/settings/tenant/clientProfiles';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, callOperation, configureHttp, type CallInput, type CallOptions } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { currentSnackbars, dismissSnackbar } from '../../core/snackbar';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { DocumentView } from './DocumentView';
import { UNSAVED_ROW_TEXT } from './ScreenDownloads';
import { captureDownloads } from '../../../tests/setup/downloads';

const saved = captureDownloads();
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

describe('a document row action that saves the file the server sends', () => {
  const laptops = {
    uuid: 'e5a7c9e1-4f6b-4a2c-8e5f-7b9d1f3a5c64',
    name: 'Managed laptops',
    description: '',
    exportable: true,
    platforms: ['windows', 'macos'],
    mode: 'tunnel',
    auto_connect: true,
    allow_user_disable: false,
    trusted_networks: [],
    bypass_domains: [],
    posture_profile: '',
  };
  const kiosks = { ...laptops, uuid: 'f6b8d0f2-5a7c-4b3d-9f6a-8c0e2a4b6d75', name: 'Kiosks', exportable: false };
  /** Bytes no text decoding keeps as they are: a file is saved byte for byte. */
  const BYTES = new Uint8Array([0x7b, 0x0a, 0xff, 0xfe, 0x00, 0x80, 0x7d]);

  function setupProfiles(answer: () => Response, write = true) {
    const fetched: string[] = [];
    configureHttp({
      operations: [{ id: 'lookups.exportClientProfile', method: 'GET', path: '/api/settings/v1/tenants/export_client_profile', tag: 'lookups', responseKind: 'binary' }],
      production: true,
      fetch: vi.fn(async (url: string | URL | Request) => {
        fetched.push(String(url));
        return answer();
      }) as unknown as typeof fetch,
      cookies: { get: () => undefined, delete: () => undefined },
    });
    const call = vi.fn(async (id: string, input?: CallInput, options?: CallOptions) => {
      if (id === 'settings.client-profiles.get') return { profiles: [laptops, kiosks], updated_at: '2026-11-25T08:00:00.000Z' };
      if (id === 'settings.posture-profiles.get') return { profiles: [] };
      // The export goes through the real call layer.
      if (id === 'lookups.exportClientProfile') return callOperation(id, input, options);
      throw new Error(`unexpected ${id}`);
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
    access.setUser({ roles: { read: ['settings'], write: write ? ['settings'] : [] }, capabilities: { rbac: true } });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <DocumentView screen={clientProfiles as unknown as DocumentScreen} />
        <SnackbarHost />
      </EngineProvider>,
    );
    return { fetched, user: userEvent.setup() };
  }
  const served = (headers: Record<string, string>) => () => new Response(BYTES, { status: 200, headers });

  it('saves the bytes with the server\'s content type, under the name its Content-Disposition gives', async () => {
    const { fetched, user } = setupProfiles(
      served({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="Managed-laptops.json"; filename*=UTF-8''Managed%20laptops%20%C3%A9.json` }),
    );
    await user.click(await screen.findByRole('button', { name: 'More actions for Managed laptops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetched).toEqual([`/api/settings/v1/tenants/export_client_profile?uuid=${laptops.uuid}`]);
    expect(saved[0]!.name).toBe('Managed laptops é.json');
    expect(saved[0]!.blob.type).toMatch(/^application\/json/);
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(BYTES);
    expect(await saved[0]!.blob.text()).not.toBe('{}');
    expect(await screen.findByText('Downloading file ...')).toBeTruthy();
  });

  it('names the file after the row when the answer names none', async () => {
    const { user } = setupProfiles(served({ 'Content-Type': 'application/octet-stream' }));
    await user.click(await screen.findByRole('button', { name: 'More actions for Managed laptops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Managed laptops.json');
    expect(saved[0]!.blob.type).toBe('application/octet-stream');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(BYTES);
  });

  it('is offered to a reader (without Edit and Delete), and only for profiles that may be exported', async () => {
    const { user } = setupProfiles(served({ 'Content-Type': 'application/json' }), false);
    await user.click(await screen.findByRole('button', { name: 'More actions for Managed laptops' }));
    expect(await screen.findByRole('menuitem', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Managed laptops' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Managed laptops' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions for Kiosks' })).toBeNull();
  });

  it('asks to save a changed row first, and calls nothing', async () => {
    const { fetched, user } = setupProfiles(served({ 'Content-Type': 'application/json' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Managed laptops' }));
    // The row editor's code arrives with its first use: slow under a loaded test runner.
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    await user.type(within(dialog).getByLabelText(/^Description/), 'Changed');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit entry' })).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'More actions for Managed laptops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export' }));
    expect(await screen.findByText(UNSAVED_ROW_TEXT)).toBeTruthy();
    expect(fetched).toEqual([]);
    expect(saved).toHaveLength(0);
  });
});

describe('a screen download of the policy', () => {
  it('reads the staged revision (`{rev}` in its path) and saves what it answers', async () => {
    const { sslBypass } = await import('../../../definitions/policy/web/sslBypass');
    const { ScreenDownloads } = await import('./ScreenDownloads');
    const calls: [string, CallInput | undefined][] = [];
    const call = vi.fn(async (id: string, input?: CallInput) => {
      calls.push([id, input]);
      if (id === 'policy.revision') return { staged_rev_id: 12, rev_id: 11, state: 'staged', updated_at: '2026-11-01T08:00:00.000Z' };
      return { rev_id: 12, lists: [{ id: 'l1', name: 'SSL Bypass', source: 'tenant', destinations: ['*.bank.example'] }] };
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
    access.setUser({ roles: { read: ['web_policy'], write: [] }, capabilities: { rbac: true } });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <ScreenDownloads downloads={sslBypass.downloads!} />
      </EngineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download every destination not inspected' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.at(-1)).toEqual(['policyVariants.sslBumpLists', { params: { rev: 12 } }]);
    expect(saved[0]!.name).toBe('not-inspected-rev-12.csv');
    expect(await saved[0]!.blob.text()).toBe('destination,list,source\n*.bank.example,"SSL Bypass",tenant\n');
  });
});
