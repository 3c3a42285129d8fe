/** The on-premises deployment: its sign-in twins, and RBAC switched off outside a management station (spec 000 §5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPremUserInfo } from '../../definitions/api/auth';
import { startTestServer, type TestServer } from '../setup/start-server';
import { ApiClient, SSL_BYPASS, asResponseOf, stagedRev } from './helpers';

describe('on-prem management station', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem' } });
  });
  afterAll(() => server.close());

  it('answers the deployment and signs in through /api/v1', async () => {
    const client = new ApiClient(server.url);
    expect((await client.start()).body).toMatchObject({ deployment: 'on_prem', app_mode: 'management_station' });
    const login = await client.post('/api/v1/login', { body: { username: 'auditor', password: 'auditor-demo' } });
    expect(login.status).toBe(200);
    expect(asResponseOf(onPremUserInfo, (await client.get('/api/v1/userinfo')).body).username).toBe('auditor');
    expect((await client.get('/api/v1/cookie_refresh')).text).toBe('ok');
    expect((await client.get('/api/v1/logout')).text).toBe('ok');
    expect((await client.get('/api/v1/userinfo')).status).toBe(401);
  });

  it('enforces permissions: the auditor cannot save', async () => {
    const client = new ApiClient(server.url);
    await client.login('auditor', 'auditor-demo');
    const rev = await stagedRev(client);
    const doc = (await client.get(`${SSL_BYPASS}/${rev}`)).body;
    expect((await client.put(`${SSL_BYPASS}/${rev}`, { body: doc })).status).toBe(403);
  });
});

describe('on-prem appliance outside a management station', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEPLOYMENT: 'on_prem', PORTAL_APP_MODE: 'safeview' } });
  });
  afterAll(() => server.close());

  it('does not mount areas whose environment rule excludes it', async () => {
    const client = new ApiClient(server.url);
    await client.login('admin', 'admin-demo');
    expect((await client.get(`${SSL_BYPASS}/${await stagedRev(client)}`)).status).toBe(404);
  });

  it('does not enforce permissions: the auditor may publish', async () => {
    const client = new ApiClient(server.url);
    await client.login('auditor', 'auditor-demo');
    expect((await client.post(`/api/policy/v1/rules/${await stagedRev(client)}`)).status).toBe(200);
  });
});
