/**
 * Row actions that save a file and the browser connectivity check, rendered from the on-premises definitions: the
 * certificate of a managed appliance downloaded by a reader, and the check from this browser (sign-in, sites, probes,
 * results) whose outcome the list then shows.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applianceCertificates } from '../../../definitions/appliance/applianceCertificates';
import { applianceConnectivity } from '../../../definitions/appliance/applianceConnectivity';
import { managedCertificates } from '../../../definitions/appliance/managedCertificates';
import type { CollectionDef } from '../../../definitions/define';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
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
  vi.unstubAllGlobals();
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});

function setup(def: CollectionDef, answers: Record<string, unknown>, write: boolean) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (!(id in answers)) throw new Error(`unexpected ${id}`);
    const answer = answers[id];
    return typeof answer === 'function' ? (answer as (input?: CallInput) => unknown)(input) : answer;
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'on_prem', appMode: 'management_station', production: true });
  access.setUser({ roles: { read: ['settings'], write: write ? ['settings'] : [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={def} />
      <SnackbarHost />
    </EngineProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const alpha = { system_id: 'sys-1', name: 'alpha', subject: 'CN=alpha', issuer: 'CN=alpha', valid_to: '2027-01-01T00:00:00.000Z', fingerprint_sha256: 'AA:BB', pem: PEM };
const beta = { system_id: 'sys-2', name: 'beta', error: 'Could not fetch appliance certificate' };

describe('a row action that saves a file', () => {
  it('fetches the certificate and saves it under the name its definition makes of the answer', async () => {
    const { calls, user } = setup(managedCertificates, { 'manager.remoteCertificates': { certificates: [alpha, beta] }, 'manager.remoteCertificate': alpha }, false);
    await user.click(await screen.findByRole('button', { name: 'Download alpha' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.find(([id]) => id === 'manager.remoteCertificate')![1]).toEqual({ params: { id: 'sys-1' } });
    expect(saved[0]!.name).toBe('alpha.pem');
    expect(saved[0]!.blob.type).toBe('application/x-pem-file');
    expect(await saved[0]!.blob.text()).toBe(PEM);
    expect(await screen.findByText('Downloading file ...')).toBeTruthy();
    // An appliance that sent no certificate has nothing to download.
    expect(screen.queryByRole('button', { name: 'Download beta' })).toBeNull();
  });

  it('is the one action a reader gets: the inspection CA certificate, as a PEM file named after it', async () => {
    const cert = (kind: string, name: string, subject: string) => ({
      kind,
      name,
      subject,
      issuer: subject,
      serial_number: '01',
      valid_from: '2026-01-01T00:00:00.000Z',
      valid_to: '2031-01-01T00:00:00.000Z',
      fingerprint_sha256: 'AA:BB',
      is_ca: kind === 'inspection_ca',
      pem: PEM,
      self_signed: true,
      csr_pem: null,
      csr_pending: false,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const ca = cert('inspection_ca', 'Inspection CA', 'CN=Appliance Inspection CA');
    const { user } = setup(
      applianceCertificates,
      { 'applianceCerts.list': { certificates: [ca, cert('service', 'Service certificate', 'CN=appliance.local')] }, 'applianceCerts.caCert': ca },
      false,
    );
    await user.click(await screen.findByRole('button', { name: 'Download certificate Inspection CA' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('appliance-inspection-ca.pem');
    expect(await saved[0]!.blob.text()).toBe(PEM);
    expect(screen.queryByRole('button', { name: /Reinitialize|Install|Actions for/ })).toBeNull();
  });
});

describe('the check from this browser', () => {
  const sites = {
    data: [
      { id: 'site-1', purpose: 'DNS server', host: '192.0.2.53', port: 53 },
      { id: 'browser-a', purpose: 'Isolation service', host: 'appliance.local', port: 443, url: '/connectivity/probe/browser-a' },
      { id: 'browser-b', purpose: 'Standby isolation service', host: 'standby.invalid', port: 443, url: '/connectivity/probe/browser-b' },
    ],
  };

  it('signs in, probes the sites with an address no-cors with the test id, posts the results and reads the list again', async () => {
    const fetched: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        fetched.push({ url, init });
        if (url.includes('browser-b')) return new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
        return Promise.resolve(new Response(null));
      }),
    );
    let lists = 0;
    const { calls, user } = setup(
      applianceConnectivity,
      {
        'connectivity.results': () => (lists++, { results: [] }),
        'connectivity.isolationSignIn': { test_id: 'browser-t1', timeout_ms: 200 },
        'connectivity.sites': sites,
        'connectivity.postResults': { test_id: 'browser-t1', stored: 2 },
      },
      true,
    );
    await user.click(await screen.findByRole('button', { name: 'Check from this browser' }));
    expect(await screen.findByText('1 of 2 services answered this browser.')).toBeTruthy();
    expect(fetched.map((f) => new URL(f.url).pathname + new URL(f.url).search)).toEqual([
      '/connectivity/probe/browser-a?testId=browser-t1',
      '/connectivity/probe/browser-b?testId=browser-t1',
    ]);
    expect(fetched.every((f) => f.init.mode === 'no-cors')).toBe(true);
    const posted = calls.find(([id]) => id === 'connectivity.postResults')![1]!.body as { test_id: string; results: { site_id: string; ok: boolean; time_ms: number; error?: string }[] };
    expect(posted.test_id).toBe('browser-t1');
    expect(posted.results.map(({ site_id, ok, error }) => ({ site_id, ok, error }))).toEqual([
      { site_id: 'browser-a', ok: true, error: undefined },
      { site_id: 'browser-b', ok: false, error: 'No answer within 0.2 seconds' },
    ]);
    expect(posted.results[1]!.time_ms).toBeGreaterThanOrEqual(190);
    await waitFor(() => expect(lists).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Check from this browser' })).toBeTruthy();
  });

  it('is not offered to a reader', async () => {
    setup(applianceConnectivity, { 'connectivity.results': { results: [] } }, false);
    expect(await screen.findByText(/No check has run yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check from this browser' })).toBeNull();
  });
});
