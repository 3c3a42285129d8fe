/**
 * The test of the design (DESIGN.md): adding a policy area is one definition file with its schema
 * (codegen/fixtures.ts) plus one registry line (`withFixtureArea`). With nothing else edited, the route and the
 * navigation entry (in the shell's generated catalog, with a lazy loader of the definition), the server route with
 * validation and RBAC, the client method, the OpenAPI operation and the docs page all appear.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { DEMO_ROLES } from '../../schemas/demoRoles';
import { MESSAGES } from '../../schemas/constants';
import { CATALOG_PATH, generateCatalog, screenSources } from '../../codegen/catalog';
import { generateClient } from '../../codegen/client';
import * as fixtures from '../../codegen/fixtures';
import { generate } from '../../codegen/generate';
import { loadDefinitionModules, ROOT } from '../../codegen/load';
import { generateOpenApi } from '../../codegen/openapi';
import { createAccessControl } from '../../engine/core/access';
import { callOperation, configureHttp, isApiError } from '../../engine/core/http';
import { buildNavigation, screensOf } from '../../engine/core/navigation';
import { startServer, type RunningServer } from '../../server/startServer';
import { seededStoreFolder, TEST_SERVER_VARS } from '../setup/start-server';
import type { Catalog } from '../../src/shell/catalog';
import { ACCOUNTS, ApiClient, signedIn } from './helpers';

const { fixtureArea, withFixtureArea } = fixtures;
const extended = withFixtureArea(registry);
const PATH = '/api/policy/v1/rules/fixture_area';
const rule = (id: string, host: string) => ({ id, host });

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await seededStoreFolder();
  // Its own embedded store, whatever DATABASE_URL says: the fixture area must not leak into the shared database.
  server = await startServer({
    registry: extended,
    vars: { ...TEST_SERVER_VARS, DATA_DIR: dataDir },
    logger: { level: 'error' },
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The catalog the shell would start with, generated in memory for the extended registry and imported from a file
 * beside the real one (so its lazy loaders resolve the same relative paths).
 */
async function fixtureCatalog(): Promise<Catalog> {
  const modules = [...(await loadDefinitionModules()), { file: 'codegen/fixtures.ts', exports: fixtures }];
  const text = generateCatalog(extended, screenSources(extended, modules));
  const file = join(ROOT, CATALOG_PATH.replace(/catalog\.gen\.ts$/, `.add-area-${process.pid}.gen.ts`));
  writeFileSync(file, text);
  try {
    return ((await import(file)) as { catalog: Catalog }).catalog;
  } finally {
    rmSync(file, { force: true });
  }
}

describe('a new policy area, added with one definition and one registry line', () => {
  it('gets its route and navigation entry in the catalog, for the users its read rule admits', async () => {
    expect(extended.screen('web.fixture-area')).toMatchObject({ id: fixtureArea.id, schema: fixtureArea.schema });
    const catalog = await fixtureCatalog();
    const policy = catalog.sections.find((s) => s.id === 'policy')!;
    const entry = screensOf(catalog, policy).find((s) => s.route === '/policy/web/fixture-area');
    expect(entry).toMatchObject({ id: 'web.fixture-area', kind: 'policyArea', title: 'Fixture Area', read: { any: ['web_policy:read'] } });
    expect(entry && 'schema' in entry).toBe(false);
    // Its definition, with the schema, arrives only when the route opens.
    expect(await entry!.load()).toBe(fixtureArea);

    const env = { deployment: 'cloud', appMode: 'cloud', production: true } as const;
    const navFor = (roles: { read: readonly string[]; write: readonly string[] }) => {
      const access = createAccessControl(env);
      access.setUser({ roles, capabilities: { rbac: true } });
      return buildNavigation(catalog, access).flatMap((s) => s.groups.flatMap((g) => g.screens.map((x) => ({ ...x, group: g.title }))));
    };
    expect(navFor(DEMO_ROLES.webadmin)).toContainEqual({ id: 'web.fixture-area', label: 'Fixture Area', route: '/policy/web/fixture-area', group: 'Web' });
    expect(navFor({ read: ['logs'], write: [] }).map((s) => s.id)).not.toContain('web.fixture-area');
  });

  it('is served with its stamp, validation, RBAC and the stale-save check', async () => {
    const admin = await signedIn('admin', server.url);
    const rev = (await admin.get('/api/policy/v1/rules')).body.staged_rev_id as number;
    const empty = await admin.get(`${PATH}/${rev}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ list: [], enabled: true, rev_id: rev });

    const saved = await admin.put(`${PATH}/${rev}`, { body: { ...empty.body, list: [rule('r1', 'www.example.com')] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ list: [{ id: 'r1', host: 'www.example.com', note: '', action: 'allow' }], state: 'staged' });
    expect((await admin.get(`${PATH}/${rev}`)).body).toEqual(saved.body);

    const invalid = await admin.put(`${PATH}/${rev}`, {
      body: { ...saved.body, list: [{ ...rule('r2', 'not a host!'), port: 70000, action: 'maybe' }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'list.0.host', key: 'invalidHostname' }),
        expect.objectContaining({ path: 'list.0.port', key: 'too_big' }),
        expect.objectContaining({ path: 'list.0.action', key: 'invalid_value' }),
      ]),
    );
    const stale = await admin.put(`${PATH}/${rev}`, { body: { ...empty.body, list: [] } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ msg: MESSAGES.staleSave, current: saved.body });

    const auditor = await signedIn('auditor', server.url);
    expect((await auditor.get(`${PATH}/${rev}`)).status).toBe(200);
    expect((await auditor.put(`${PATH}/${rev}`, { body: { ...saved.body, list: [] } })).status).toBe(403);
    expect((await new ApiClient(server.url).get(`${PATH}/${rev}`)).status).toBe(401);
    expect((await admin.get(`${PATH}/${rev}`)).body).toEqual(saved.body);
  });

  it('gets a client method that calls it through the engine core', async () => {
    const client = generateClient(generateOpenApi(extended, { version: '1' }));
    // Typed methods, made at run time from the operations table, each named by its id in camelCase.
    expect(client).toContain('  readonly webFixtureAreaGet: (input: OperationInput<"web.fixture-area.get">');
    expect(client).toContain('  readonly webFixtureAreaSave: (input: OperationInput<"web.fixture-area.save">');
    expect(client).toContain(
      '{"id":"web.fixture-area.save","method":"PUT","path":"/api/policy/v1/rules/fixture_area/{rev}","responseKind":"json","tag":"web policy"}',
    );

    // What the generated method runs: callOperation with the operation id, through the real HTTP core.
    const session = new ApiClient(server.url);
    expect((await session.login('webadmin', ACCOUNTS.webadmin)).status).toBe(200);
    configureHttp({
      operations: extended.operations,
      production: false,
      baseUrl: server.url,
      cookies: { get: (n) => session.cookies.get(n), delete: (n) => void session.cookies.delete(n) },
      fetch: (url, init) =>
        fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } }),
    });
    const rev = (await callOperation<{ staged_rev_id: number }>('policy.revision')).staged_rev_id;
    const doc = await callOperation<Record<string, unknown>>('web.fixture-area.get', { params: { rev } });
    const body = { ...doc, list: [rule('c1', 'client.example.com')] };
    const saved = await callOperation<{ list: unknown[] }>('web.fixture-area.save', { params: { rev }, body });
    expect(saved.list).toEqual([{ id: 'c1', host: 'client.example.com', note: '', action: 'allow' }]);
    const refused = await callOperation('web.fixture-area.save', { params: { rev }, body: { ...body, list: [rule('c2', '')] } }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(400);
  });

  it('gets an OpenAPI operation and a docs page', async () => {
    const files = generate(extended, { version: '1' });
    const doc = JSON.parse(files.get('docs/openapi.json')!);
    expect((await new Validator().validate(doc)).valid).toBe(true);
    expect(doc.paths['/api/policy/v1/rules/fixture_area/{rev}'].put).toMatchObject({
      operationId: 'web.fixture-area.save',
      'x-permission': { any: ['web_policy:write'] },
      'x-revision': 'staged',
    });
    expect(doc.paths['/api/policy/v1/rules/fixture_area/{rev}'].get.operationId).toBe('web.fixture-area.get');

    const page = files.get('docs/areas/web.fixture-area.md')!;
    expect(page).toContain('# Fixture Area');
    expect(page).toContain('| Write | `web_policy:write` | admin, webadmin, other-admin |');
    expect(page).toMatch(/\| `list\[\]\.host` \| Host \| text \| yes \|.*`invalidHostname`/);
    expect(files.get('docs/index.md')).toContain('[Fixture Area](areas/web.fixture-area.md)');
    expect(files.get('docs/site/areas/web.fixture-area.html')).toContain('<h1 id="fixture-area">Fixture Area</h1>');
  });
});
