/**
 * Versioned documents: a policy area stored at an earlier schema version is migrated when read and stored at the
 * current version when saved; one that cannot be brought to the current version is answered with a clear error and
 * left as it is; a screen renamed with its old id as storage key keeps its data. Runs its own server on an embedded
 * store with a versioned copy of the fixture area.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { definePolicyArea, type DocumentMigration } from '../../definitions/define';
import { createRegistry } from '../../definitions/registry';
import { fixtureArea } from '../../codegen/fixtures';
import { startServer, type RunningServer } from '../../server/startServer';
import { seededStoreFolder, TEST_SERVER_VARS } from '../setup/start-server';
import { signedIn, stagedRev, type ApiClient } from './helpers';

/** Version 1 of the fixture area stored plain host names (`hosts`); version 2 stores rules (`list`). */
const hostsToRules: DocumentMigration = ({ hosts, ...rest }) => {
  if (!Array.isArray(hosts)) throw new Error('hosts is not a list');
  return { ...rest, list: hosts.map((host, i) => ({ id: `h${i + 1}`, host })) };
};
const versioned = definePolicyArea({ ...fixtureArea, endpoint: { path: fixtureArea.endpoint.path }, storage: { version: 2, migrations: [hostsToRules] } });
const renamed = definePolicyArea({
  ...versioned,
  id: 'web.fixture-renamed',
  route: '/policy/web/fixture-renamed',
  endpoint: { path: '/api/policy/v1/rules/fixture_renamed/{rev}' },
  storage: { key: fixtureArea.id, version: 2, migrations: [hostsToRules] },
});
const withScreen = (screen: typeof versioned) =>
  createRegistry({ sections: registry.sections, screens: [...registry.screens, screen], operations: registry.operations.filter((o) => !o.document) });

const PATH = '/api/policy/v1/rules/fixture_area';
let dataDir: string;
let server: RunningServer;
let admin: ApiClient;
let rev: number;

const start = async (screen: typeof versioned) => {
  server = await startServer({
    registry: withScreen(screen),
    vars: { ...TEST_SERVER_VARS, DATA_DIR: dataDir },
    logger: { level: 'error' },
  });
  admin = await signedIn('admin', server.url);
  rev = await stagedRev(admin);
};

/** Stores a body for the fixture area in the working revision, as an older server would have. */
async function store(body: unknown, version: number): Promise<void> {
  const { rows } = await server.db.query<{ id: string }>(`SELECT id FROM tenants WHERE name = 'Demo Corp'`);
  await server.db.query(
    `INSERT INTO policy_documents (tenant_id, screen_id, rev_id, body, schema_version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, now(), 'older-server')
     ON CONFLICT (tenant_id, screen_id, rev_id) DO UPDATE SET body = $4, schema_version = $5`,
    [rows[0]!.id, fixtureArea.id, rev, JSON.stringify(body), version],
  );
}

const storedRow = async () =>
  (await server.db.query<{ body: Record<string, unknown>; schema_version: number }>(
    `SELECT body, schema_version FROM policy_documents WHERE screen_id = $1 AND rev_id = $2`,
    [fixtureArea.id, rev],
  )).rows;

beforeAll(async () => {
  dataDir = await seededStoreFolder();
  await start(versioned);
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a document stored at an earlier version', () => {
  it('is read migrated to the current version, and a save stores it at that version', async () => {
    await store({ hosts: ['a.example.com', 'b.example.com'], enabled: false }, 1);
    const read = await admin.get(`${PATH}/${rev}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      enabled: false,
      list: [
        { id: 'h1', host: 'a.example.com', note: '', action: 'allow' },
        { id: 'h2', host: 'b.example.com', note: '', action: 'allow' },
      ],
    });
    expect(read.body).not.toHaveProperty('hosts');

    const saved = await admin.put(`${PATH}/${rev}`, { body: { ...read.body, enabled: true } });
    expect(saved.status, saved.text).toBe(200);
    const [row] = await storedRow();
    expect(row!.schema_version).toBe(2);
    expect(row!.body).toMatchObject({ enabled: true, list: [{ id: 'h1', host: 'a.example.com' }, { id: 'h2', host: 'b.example.com' }] });
  });
});

describe('a document that cannot be brought to the current version', () => {
  const unreadable = async (body: unknown, version: number, reason: RegExp) => {
    await store(body, version);
    const before = await storedRow();
    const res = await admin.get(`${PATH}/${rev}`);
    expect(res.status).toBe(500);
    expect(res.body.key).toBe('documentUnreadable');
    expect(res.body.msg).toMatch(new RegExp(`^The stored Fixture Area document \\(version ${version}\\) cannot be read: `));
    expect(res.body.msg).toMatch(reason);
    // A save over it is refused the same way, and the stored row stays as it was.
    const save = await admin.put(`${PATH}/${rev}`, { body: { list: [], enabled: true, rev_id: rev, state: 'staged', updated_at: new Date().toISOString() } });
    expect(save.status).toBe(500);
    expect(await storedRow()).toEqual(before);
  };

  it('is answered with an error naming why, for a newer version, a failing step and a result the schema refuses', async () => {
    await unreadable({ list: [] }, 3, /this server reads versions up to 2/);
    await unreadable({ hosts: 'a.example.com' }, 1, /the step from version 1 to 2 failed \(hosts is not a list\)/);
    await unreadable({ list: [{ id: 'x', host: 'not a host name!' }], enabled: true }, 2, /^.*: list\.0\.host: /);
  });
});

describe('a renamed screen with its old id as storage key', () => {
  it('reads and saves the data stored under the old id', async () => {
    await store({ list: [{ id: 'kept', host: 'kept.example.com' }], enabled: true }, 2);
    await server.close();
    await start(renamed);
    const read = await admin.get(`/api/policy/v1/rules/fixture_renamed/${rev}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ list: [{ id: 'kept', host: 'kept.example.com' }] });
    expect((await admin.get(`${PATH}/${rev}`)).status).toBe(404);
    const saved = await admin.put(`/api/policy/v1/rules/fixture_renamed/${rev}`, { body: { ...read.body, enabled: false } });
    expect(saved.status, saved.text).toBe(200);
    expect((await storedRow())[0]!.body).toMatchObject({ enabled: false, list: [{ id: 'kept' }] });
  });
});
