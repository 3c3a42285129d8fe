/**
 * Collections with row actions, a screen form and jobs, rendered from the on-premises definitions: managed
 * appliances (an update asked in a dialog and followed as a job, restarts, maintenance mode offered by the row's
 * state), CA certificates (a form whose refusal shows the server's reason) and the licence (a form whose job decides).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applianceCaCertificates } from '../../../definitions/appliance/applianceCaCertificates';
import { applianceLicense } from '../../../definitions/appliance/applianceLicense';
import { managedSystems } from '../../../definitions/appliance/managedSystems';
import type { CollectionDef } from '../../../definitions/define';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { SnackbarHost } from '../shell/SnackbarHost';
import { CollectionView } from './CollectionView';

const JOB = '33333333-3333-4333-8333-333333333333';
const system = (id: string, name: string, maintenance = false) => ({
  id,
  name,
  address: `${name}.example.com`,
  app_mode: 'safeview',
  group_id: 1,
  group: 'Default',
  auto_group: false,
  version: '24.2.0',
  status: maintenance ? 'maintenance' : 'online',
  maintenance,
  last_contact: '2026-01-01T10:00:00.000Z',
});
const job = (status: string, reason?: string) => ({
  id: JOB,
  kind: 'update',
  title: 'Update',
  status,
  progress: status === 'finished' ? 100 : 50,
  // A finished job reports ok (spec 001 §3), unless it says why not.
  ...(status === 'finished' && !reason && { ok: true }),
  ...(reason && { reason }),
  created_by: 'admin',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
});

/** Renders a collection over a fake API; `answers` maps an operation id to its answer (a function gets the input). */
function setup(def: CollectionDef, answers: Record<string, unknown>, write = true) {
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

const appliances = { systems: [system('a1', 'alpha'), system('b2', 'beta', true)] };
const check = { current: '24.2.0', available: [{ version: '24.3.2', description: 'Security fixes' }, { version: '24.3.1', description: 'Faster publishing' }] };

describe('collection row actions', () => {
  it('asks for an update in a dialog with choices from the check, starts the job and says when it has finished', async () => {
    const { calls, user } = setup(managedSystems, {
      'manager.listSystems': appliances,
      'manager.checkUpdate': check,
      'manager.installUpdate': { job_id: JOB },
      'jobs.get': job('finished'),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Update…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update alpha' });
    expect(await within(dialog).findByText('Installed version: 24.2.0')).toBeTruthy();
    expect((within(dialog).getByRole('checkbox', { name: 'Enter maintenance mode while the update installs' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /^Version to install/ }));
    await user.click(await screen.findByRole('option', { name: '24.3.1: Faster publishing' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enter maintenance mode while the update installs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('alpha now runs 24.3.1.')).toBeTruthy();
    expect(calls.find(([id]) => id === 'manager.checkUpdate')?.[1]).toMatchObject({ params: { id: 'a1' } });
    expect(calls.find(([id]) => id === 'manager.installUpdate')?.[1]).toEqual({ params: { id: 'a1' }, body: { version: '24.3.1', enter_maintenance_mode: false } });
    expect(calls.find(([id]) => id === 'jobs.get')?.[1]).toEqual({ params: { id: JOB } });
  });

  it("says why a started job failed, with the job's reason", async () => {
    const { calls, user } = setup(managedSystems, {
      'manager.listSystems': appliances,
      'manager.restart': { job_id: JOB },
      'jobs.get': job('failed', 'beta did not come back after the restart.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for beta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart in an hour' }));
    expect(await screen.findByText('beta did not come back after the restart.')).toBeTruthy();
    expect(screen.queryByText('beta has restarted.')).toBeNull();
    expect(calls.find(([id]) => id === 'manager.restart')?.[1]).toEqual({ params: { id: 'b2' }, body: { delay_seconds: 3600 } });
  });

  it('asks before restarting an appliance now, opening on Cancel, and restarts it only when confirmed', async () => {
    const { calls, user } = setup(managedSystems, {
      'manager.listSystems': appliances,
      'manager.restart': { job_id: JOB },
      'jobs.get': job('finished'),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart now' }));
    const question = await screen.findByRole('dialog', { name: 'Restart now alpha' });
    expect(within(question).getByText(/alpha restarts now and is offline for a few seconds/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' })));
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.some(([id]) => id === 'manager.restart')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Actions for alpha' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart now' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restart now alpha' })).getByRole('button', { name: 'Restart now' }));
    expect(await screen.findByText('alpha has restarted.')).toBeTruthy();
    expect(calls.find(([id]) => id === 'manager.restart')?.[1]).toEqual({ params: { id: 'a1' }, body: { delay_seconds: 0 } });
  });

  it("offers maintenance mode by the row's state: entering for one in service, ending for one in maintenance", async () => {
    const { calls, user } = setup(managedSystems, {
      'manager.listSystems': appliances,
      'manager.setMaintenance': (input?: CallInput) => ({ ...system(String(input?.params?.id), 'beta'), maintenance: false }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for alpha' }));
    expect(await screen.findByRole('menuitem', { name: 'Enter maintenance mode' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'End maintenance mode' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for beta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'End maintenance mode' }));
    expect(await screen.findByText('beta is out of maintenance mode.')).toBeTruthy();
    expect(calls.find(([id]) => id === 'manager.setMaintenance')?.[1]).toEqual({ params: { id: 'b2' }, body: { enable: false } });
  });

  it('reads the list again while an appliance is restarting, until it is back', async () => {
    let restarting = true;
    const { calls } = setup(managedSystems, {
      'manager.listSystems': () => {
        const answer = { systems: [{ ...system('a1', 'alpha'), ...(restarting && { status: 'offline' }) }] };
        restarting = false;
        return answer;
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Managed Appliances' });
    expect(within(grid).getByText('Restarting')).toBeTruthy();
    expect(await within(grid).findByText('Online')).toBeTruthy();
    expect(calls.filter(([id]) => id === 'manager.listSystems').length).toBe(2);
  });

  it('shows readers the list without actions, with the version being installed and a scheduled restart', async () => {
    const restartAt = '2026-01-01T11:00:00.000Z';
    const busy = { ...system('a1', 'alpha'), pending_version: '24.3.2', restart_at: restartAt };
    setup(managedSystems, { 'manager.listSystems': { systems: [busy, system('b2', 'beta', true)] } }, false);
    const grid = await screen.findByRole('grid', { name: 'Managed Appliances' });
    expect(within(grid).getByText('Maintenance mode')).toBeTruthy();
    expect(within(grid).getByText('→ 24.3.2')).toBeTruthy();
    expect(within(grid).getByText(`restart at ${new Date(restartAt).toLocaleTimeString()}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for alpha' })).toBeNull();
  });
});

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2E=\n-----END CERTIFICATE-----';
const cert = { name: 'proxy-ca', subject: 'CN=Proxy CA', issuer: 'CN=Proxy CA', serial_number: '01', valid_from: '2025-01-01T00:00:00.000Z', valid_to: '2030-01-01T00:00:00.000Z', fingerprint_sha256: 'AB:CD', is_ca: true, uploaded_at: '2025-01-01T00:00:00.000Z', uploaded_by: 'admin' };

describe('collection form', () => {
  it("shows the server's reason when it refuses a certificate, and adds one it accepts", async () => {
    let refuse = true;
    const { calls, user } = setup(applianceCaCertificates, {
      'appliance.listCaCerts': { certificates: [cert] },
      'appliance.uploadCaCert': (input?: CallInput) => {
        if (refuse) throw new ApiError(400, 'Invalid request', 'http', [{ path: 'pem', key: 'expired', message: 'The certificate expired on 2024-01-01.' }]);
        return { certificates: [cert, { ...cert, name: input?.params?.name }] };
      },
    });
    expect(await screen.findByRole('grid', { name: 'CA Certificates' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a CA certificate' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'old-root');
    await user.click(within(form).getByRole('textbox', { name: /^Certificate \(PEM\)/ }));
    await user.paste(PEM);
    await user.click(within(form).getByRole('button', { name: 'Add certificate' }));
    const alert = await screen.findByRole('alert', { name: 'The certificate was not added' });
    expect(within(alert).getByText('The certificate expired on 2024-01-01.')).toBeTruthy();
    expect(calls.find(([id]) => id === 'appliance.uploadCaCert')?.[1]).toEqual({ params: { name: 'old-root' }, body: { pem: PEM } });

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Add certificate' }));
    expect(await screen.findByText('Certificate old-root added.')).toBeTruthy();
    await waitFor(() => expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'The certificate was not added' })).toBeNull());
  });

  it('reads the certificate from a chosen file into the text box', async () => {
    const { user } = setup(applianceCaCertificates, { 'appliance.listCaCerts': { certificates: [] } });
    expect(await screen.findByText('No CA certificates added yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add a CA certificate' });
    const input = form.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.pem,.crt,.cer');
    await user.upload(input, new File([PEM], 'root.pem', { type: 'application/x-pem-file' }));
    await waitFor(() => expect((within(form).getByRole('textbox', { name: /^Certificate \(PEM\)/ }) as HTMLTextAreaElement).value).toBe(PEM));
  });

  it('deletes a certificate from its row', async () => {
    const { calls, user } = setup(applianceCaCertificates, { 'appliance.listCaCerts': { certificates: [cert] }, 'appliance.deleteCaCert': { certificates: [] } });
    await user.click(await screen.findByRole('button', { name: 'Delete proxy-ca' }));
    expect(await screen.findByText('Certificate proxy-ca removed.')).toBeTruthy();
    expect(calls.find(([id]) => id === 'appliance.deleteCaCert')?.[1]).toEqual({ params: { name: 'proxy-ca' } });
  });

  it('installs a licence only when its job finishes, and otherwise says why', async () => {
    let outcome = job('failed', 'The licence string is not valid.');
    let license: { state: 'none' | 'valid'; ends_with?: string } = { state: 'none' };
    const { calls, user } = setup(applianceLicense, { 'appliance.setLicense': { job_id: JOB }, 'jobs.get': () => outcome, 'system.about': () => ({ license }) });
    // What is installed now is said above the form, and read again once an installation has finished.
    expect(await screen.findByText('No licence is installed yet.')).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: /^Licence string/ });
    await user.type(box, 'WXYZ');
    await user.click(screen.getByRole('button', { name: 'Check and install' }));
    const alert = await screen.findByRole('alert', { name: 'The licence was not installed' });
    expect(within(alert).getByText('The licence string is not valid.')).toBeTruthy();
    expect(calls.find(([id]) => id === 'appliance.setLicense')?.[1]).toEqual({ body: { license_string: 'WXYZ' } });

    outcome = job('finished');
    license = { state: 'valid', ends_with: 'WXYZ' };
    await user.click(screen.getByRole('button', { name: 'Check and install' }));
    const done = await screen.findByRole('status', { name: 'Licence installed' });
    expect(within(done).getByText('The licence is valid and installed.')).toBeTruthy();
    expect(await screen.findByText('Installed now: a valid licence whose string ends in WXYZ.')).toBeTruthy();
  });
});
