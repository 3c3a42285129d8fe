import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../definitions/define';
import { registry } from '../definitions/index';
import { createRegistry } from '../definitions/registry';
import { sections } from '../definitions/sections';
import { generateClient, generatePublicClient, generateRouteGroups, ROUTE_GROUPS_DIR, SHELL_ACCESS_OPERATIONS, SHELL_OPERATIONS } from './client';
import { FixtureRule, withFixtureArea } from './fixtures';
import { ROOT } from './load';
import { camelCase } from './names';
import { createApiClient } from '../engine/generated/client.gen';
import { generateOpenApi } from './openapi';

/** The full operations table of a generated client's source. */
const tableOf = (text: string): string => /^export const operationRoutes[^=]*= \[\n([\s\S]*?)^\];$/m.exec(text)![1]!;

const fixtureClient = () =>
  generateClient(generateOpenApi(withFixtureArea(registry), { names: new Map([[FixtureRule, 'FixtureRule']]), version: '1' }));

/** Type-checks sources placed in engine/generated/ against the real engine core, in memory. */
function typeErrors(files: Record<string, string>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  })!;
  const virtual = new Map(Object.entries(files).map(([name, text]) => [join(ROOT, 'engine/generated', name), text]));
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, lang) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  const program = ts.createProgram([...virtual.keys()], { ...config.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName.split('/').pop()}:${d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('generateClient', () => {
  it('has one method per operation, named after its id, calling its call function with that id', () => {
    const text = fixtureClient();
    const ops = withFixtureArea(registry).operations;
    expect(text.match(/^ {2}readonly \w+: \(input/gm)?.length).toBe(ops.length);
    expect(text).toContain(
      '  readonly webFixtureAreaSave: (input: OperationInput<"web.fixture-area.save">, options?: CallOptions) => Promise<OperationOutput<"web.fixture-area.save">>;\n',
    );
    expect(text).toContain('  readonly portalConfig: (input?: OperationInput<"portal.config">, options?: CallOptions)');
    expect(text).toContain('export function createApiClient(call: CallFn = callOperation): ApiClient {');
    // The methods are built from the table, each named by the id in camelCase, as the codegen names them.
    const source = /^const methodName = [\s\S]*?^};$/m.exec(text)![0];
    const js = ts.transpileModule(`${source}\nexport default methodName;`, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
    const mod = { exports: {} as { default: (id: string) => string } };
    new Function('module', 'exports', js)(mod, mod.exports);
    const ids = [...tableOf(text).matchAll(/^ {2}\{"id":"([^"]+)"/gm)].map((m) => m[1]!);
    expect(ids).toHaveLength(ops.length);
    expect(ids.map(mod.exports.default)).toEqual(ids.map(camelCase));
    expect(mod.exports.default('web.fixture-area.save')).toBe('webFixtureAreaSave');
    expect(mod.exports.default('3d.view')).toBe('op3dView');
  });

  it('carries the operations table the HTTP core is configured with, without access rules but those the shell reads', () => {
    const text = fixtureClient();
    expect(text).toContain(
      '  {"id":"auth.authParams","method":"POST","path":"/api/auth/v1/auth_params","responseKind":"json","tag":"auth","xsrfExempt":true},\n',
    );
    expect(text).not.toMatch(/^ {2}\{"id":.*"access":/m);
    const shellAccess = /^export const operationAccess[^=]*= \{\n([\s\S]*?)^\};$/m.exec(text)![1]!;
    const rules = JSON.parse(`{${shellAccess.replace(/,\n$/, '')}}`) as Record<string, unknown>;
    expect(Object.keys(rules)).toEqual([...SHELL_ACCESS_OPERATIONS]);
    for (const id of SHELL_ACCESS_OPERATIONS) expect(rules[id]).toEqual(withFixtureArea(registry).operations.find((o) => o.id === id)!.access);
    // The scripts' package keeps every rule.
    const pkg = generateClient(generateOpenApi(registry, { version: '1' }), 'package');
    expect(pkg).toMatch(/^ {2}\{"id":"auth\.authParams",.*"access":"public"\},$/m);
    expect(text).toMatch(/^ {2}\{"id":"auth\.logout","method":"GET","path":"\/api\/auth\/v1\/logout","responseKind":"text",/m);
    expect(tableOf(text).match(/^ {2}\{"id":/gm)?.length).toBe(withFixtureArea(registry).operations.length);
    expect(text.startsWith('// DO NOT EDIT. Generated by `npm run codegen`')).toBe(true);
  });

  it('gives each route the status its answer must carry (spec 001 §5), from the response schema', () => {
    const text = fixtureClient();
    const route = (id: string) => JSON.parse(new RegExp(`^ {2}(\\{"id":"${id.replace(/\./g, '\\.')}".*\\}),$`, 'm').exec(text)![1]!) as { replyStatus?: string };
    expect(route('provider.me').replyStatus).toBe('authenticated');
    expect(route('provider.tenants.list').replyStatus).toBe('Success');
    expect(route('provider.ovaKeys.create').replyStatus).toBe('Success');
    expect(route('policy.revision').replyStatus).toBeUndefined();
  });

  it('compiles against the engine core, and its types refuse a wrong call', () => {
    const usage = [
      "import { apiClient, callById, type FixtureRule } from './__fixture__.gen';",
      'export async function use(rev: number) {',
      '  const doc = await apiClient.webFixtureAreaGet({ params: { rev } });',
      '  const first: FixtureRule | undefined = doc.list[0];',
      "  const action: 'allow' | 'block' | undefined = first?.action;",
      '  await apiClient.webFixtureAreaSave({ params: { rev }, body: { list: [{ id: "a", host: "h" }], rev_id: doc.rev_id, state: doc.state, updated_at: doc.updated_at } });',
      '  // @ts-expect-error the body is required',
      '  await apiClient.webFixtureAreaSave({ params: { rev } });',
      "  // @ts-expect-error 'maybe' is no action",
      "  await apiClient.webFixtureAreaSave({ params: { rev }, body: { list: [{ id: 'a', host: 'h', action: 'maybe' }], rev_id: 1, state: 'staged', updated_at: '' } });",
      '  // @ts-expect-error rev is a number',
      "  await apiClient.webFixtureAreaGet({ params: { rev: 'x' } });",
      '  const text: string = await apiClient.authLogout();',
      '  const byId: boolean = (await callById("web.fixture-area.get", { params: { rev } })).enabled;',
      '  // @ts-expect-error the read takes the revision',
      '  await callById("web.fixture-area.get", {});',
      '  return [action, text, byId];',
      '}',
    ].join('\n');
    expect(typeErrors({ '__fixture__.gen.ts': fixtureClient(), '__usage__.ts': usage })).toEqual([]);
  });

  it("carries the shell's routes at once and every other one in its group's module, which the portal loads on first use", () => {
    const doc = generateOpenApi(registry, { version: '1' });
    const text = generateClient(doc);
    const shell = /^export const shellOperationRoutes[^=]*= \[\n([\s\S]*?)^\];$/m.exec(text)![1]!;
    expect([...shell.matchAll(/^ {2}\{"id":"([^"]+)"/gm)].map((m) => m[1])).toEqual([...SHELL_OPERATIONS]);
    const groups = generateRouteGroups(doc);
    const grouped = [...groups].flatMap(([path, source]) =>
      [...source.matchAll(/^ {2}(\{"id".*\}),$/gm)].map((m) => ({ path, route: JSON.parse(m[1]!) as { id: string; access?: unknown } })),
    );
    // Every operation once, in the module of its id's first segment, which the loader imports; no access rules.
    expect(grouped.map((g) => g.route.id).sort()).toEqual(registry.operations.map((o) => o.id).sort());
    for (const { path, route } of grouped) expect(path).toBe(`${ROUTE_GROUPS_DIR}/${route.id.split('.')[0]}.gen.ts`);
    expect(grouped.filter((g) => g.route.access !== undefined)).toEqual([]);
    for (const path of groups.keys()) expect(text).toContain(`import('./routes/${path.split('/').pop()!.replace(/\.ts$/, '')}')`);
  });

  it('refuses two operation ids that would give one method name', () => {
    const op = (id: string, path: string) =>
      defineOperation({ id, method: 'GET', path, summary: id, response: z.object({}), access: 'session', tag: 'x' });
    const twins = createRegistry({ sections, screens: [], operations: [op('a.b-c', '/api/1'), op('a.bC', '/api/2')] });
    expect(() => generateClient(generateOpenApi(twins, { version: '1' }))).toThrow(/method name aBC/);
  });
});

describe("the portal's client", () => {
  it("calls a shell operation's method at once and any other once its group's routes have loaded; other names are no methods", async () => {
    const calls: string[] = [];
    const api = createApiClient(async (id, input) => (calls.push(`${id} ${JSON.stringify(input)}`), id));
    const revision = api.policyRevision();
    expect(calls).toEqual(['policy.revision {}']);
    await expect(revision).resolves.toBe('policy.revision');
    await expect(api.webSslBypassGet({ params: { rev: 3 } })).resolves.toBe('web.ssl-bypass.get');
    await expect(api.callById('users.list', {} as never)).resolves.toBe('users.list');
    expect(calls.slice(1)).toEqual(['web.ssl-bypass.get {"params":{"rev":3}}', 'users.list {}']);
    // Not a promise, nor an object with other members: no `then`, no name outside the groups.
    const loose = api as unknown as Record<string, unknown>;
    expect([loose.then, loose.toJSON, loose.somethingElse]).toEqual([undefined, undefined, undefined]);
    await expect((loose.webNoSuchCall as () => Promise<unknown>)()).rejects.toThrow(/no method webNoSuchCall/);
  });
});

describe('generatePublicClient', () => {
  it('holds the routes of the operations callable before sign-in, and only those', () => {
    const doc = generateOpenApi(registry, { version: '1' });
    const source = generatePublicClient(doc);
    const routes = [...source.matchAll(/^ {2}(\{"id".*\}),$/gm)].map((m) => JSON.parse(m[1]!) as { id: string; access: unknown });
    const open = registry.operations.filter((o) => o.access === 'public').map((o) => o.id);
    expect(routes.map((r) => r.id).sort()).toEqual([...open].sort());
    expect(routes.every((r) => r.access === 'public')).toBe(true);
    expect(routes.map((r) => r.id)).toEqual(expect.arrayContaining(['portal.config', 'auth.login', 'dashboard.login']));
  });
});
