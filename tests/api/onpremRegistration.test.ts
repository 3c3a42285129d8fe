/**
 * An appliance registering with its management station until it is managed (definitions/appliance/applianceRegistration.ts,
 * stationOps and the station's registration calls): the appliance's administrator registers it, the station's
 * administrator approves it into a group, and the appliance reads itself managed. A development server mounts both
 * sides, as a pair of an appliance and its station would answer them; written to run again on a database that keeps
 * what an earlier run did (the PostgreSQL run): names are made unique.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, listRegistrations, listSystems, registerWithStation, stationRegistration } from '../../definitions/api/appliance';
import { applianceRegistration } from '../../definitions/appliance/applianceRegistration';
import { pollJob } from '../../engine/core/jobs';
import { JOB_POLL_MS } from '../../schemas/constants';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, asResponseOf, signedIn } from './helpers';

const SELF = '/api/mgr/v1/reg/self';
const STATION = '192.0.2.50';

describe('an appliance registered with its management station and approved there is managed', () => {
  let server: TestServer;
  /** The appliance's administrator, and the station's. */
  let appliance: ApiClient;
  let station: ApiClient;
  let auditor: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'dev' } });
    [appliance, station, auditor] = await Promise.all([signedIn('admin', server.url), signedIn('admin', server.url), signedIn('auditor', server.url)]);
  }, 180_000);
  afterAll(() => server?.close());

  const self = async (client = appliance) => asResponseOf(stationRegistration, (await client.get(SELF)).body);
  const follow = (job_id: string) =>
    pollJob(async () => asResponseOf(getJob, (await station.get(`/api/mgr/v1/jobs/${job_id}`)).body), { timeoutMs: 30_000, intervalMs: JOB_POLL_MS });
  /** The line the Management Station screen shows above its form for an answer of the registration. */
  const screenText = (answer: unknown) => applianceRegistration.form!.initial!.intro!(answer as never);

  it('shows the station, its name and the group it joined; the appliance cannot register again, and the station lists it as managed', async () => {
    // A database kept from an earlier run holds that run's registration of this appliance.
    await server.db.query('DELETE FROM appliance_station_registration');
    const name = `branch-${randomUUID().slice(0, 8)}`;

    const registered = await appliance.put(SELF, { body: { station: STATION, name } });
    expect(registered.status, registered.text).toBe(200);
    const waiting = asResponseOf(registerWithStation, registered.body);
    expect(waiting).toMatchObject({ status: 'waiting', station: STATION, name });

    // The station's administrator finds the request and approves it into Branch offices: a job, polled to its end.
    const request = asResponseOf(listRegistrations, (await station.get('/api/mgr/v1/reg')).body).registrations.find((r) => r.name === name);
    expect(request).toMatchObject({ status: 'pending', app_mode: 'safeview' });
    const approval = await station.post(`/api/mgr/v1/reg/${request!.id}/approve`, { body: { group_id: '2' } });
    expect(approval.status, approval.text).toBe(200);
    // While the approval runs the appliance still waits, with no reason to show.
    const during = await self();
    expect(during.status).toBe('waiting');
    expect(during.reason).toBeUndefined();
    expect(await follow(approval.body.job_id)).toMatchObject({ status: 'finished' });

    const managed = await self();
    expect(managed).toEqual({ status: 'managed', station: STATION, name, group: 'Branch offices', requested_at: waiting.requested_at });
    // Readers see the same; the screen says it in words.
    expect(await self(auditor)).toEqual(managed);
    expect(screenText(managed)).toBe(`Managed by ${STATION} as ${name}, in the group Branch offices.`);
    expect(screenText(waiting)).toMatch(new RegExp(`^Registered with ${STATION.replace(/\./g, '\\.')} as ${name} on .+: waiting for the station’s administrator to approve it\\.$`));

    // A managed appliance is not registered again, with this station or another, nor by a reader; it stays as it was.
    for (const body of [{ station: STATION, name }, { station: '192.0.2.51', name: `${name}-2` }]) {
      const again = await appliance.put(SELF, { body });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual([expect.objectContaining({ path: 'station', key: 'registered', message: `This appliance is already managed by ${STATION}.` })]);
    }
    expect((await auditor.put(SELF, { body: { station: STATION, name: `${name}-3` } })).status).toBe(403);
    expect(await self()).toEqual(managed);

    // The station no longer lists the request (approving it again finds nothing) but manages the appliance, in the
    // group the appliance reports.
    const requests = asResponseOf(listRegistrations, (await station.get('/api/mgr/v1/reg')).body).registrations;
    expect(requests.some((r) => r.name === name)).toBe(false);
    expect((await station.post(`/api/mgr/v1/reg/${request!.id}/approve`, { body: { group_id: '1' } })).status).toBe(404);
    const systems = asResponseOf(listSystems, (await station.get('/api/mgr/v1/managed_systems')).body).systems;
    expect(systems.filter((s) => s.name === name)).toEqual([
      expect.objectContaining({ group: 'Branch offices', status: 'online', app_mode: 'safeview', auto_group: false }),
    ]);
    expect(await self()).toEqual(managed);
  });
});
