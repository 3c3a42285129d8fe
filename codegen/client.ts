/**
 * The typed API client (engine/generated/client.gen.ts), generated from the OpenAPI document: the operations table
 * the HTTP core is configured with (method, path, answer kind, tag, xsrf exemption; the access rules only in the
 * scripts' package, the portal's client carries those the shell reads, `operationAccess`), one method per
 * operation, named after its id, wrapping `callOperation` of engine/core/http.ts, and `callById` for callers whose
 * id is computed. Types come from the document's JSON Schemas, so the engine never imports a particular definition.
 */
import { DO_NOT_EDIT, tsHeader } from './header';
import type { JsonSchema } from './jsonSchema';
import { camelCase } from './names';
import type { OpenApiDocument, OpenApiOperation, OpenApiParameter } from './openapi';
import { declaration, docComment, propertyKey, tsType } from './tsTypes';

/** Where the generated client lives, relative to the repository root. */
export const CLIENT_PATH = 'engine/generated/client.gen.ts';

interface Entry {
  readonly method: string;
  readonly path: string;
  readonly op: OpenApiOperation;
}

/** The document's operations; an alias (`x-alias-of`, the same call at the spec's path) gets no method of its own. */
function entries(doc: OpenApiDocument): Entry[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => !op['x-alias-of'])
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

function paramsType(params: readonly OpenApiParameter[], indent: string): string | undefined {
  if (params.length === 0) return undefined;
  const inner = indent + '  ';
  const lines = params.map(
    (p) => `${docComment({ description: p.description }, inner)}${inner}${propertyKey(p.name)}${p.required ? '' : '?'}: ${tsType(p.schema, inner)};\n`,
  );
  return `{\n${lines.join('')}${indent}}`;
}

function outputType(op: OpenApiOperation): string {
  const ok = op.responses['200'] as { content?: Record<string, { schema: JsonSchema }> } | undefined;
  const [[mediaType, media] = []] = Object.entries(ok?.content ?? {});
  if (mediaType === 'application/json' && media) return tsType(media.schema);
  if (mediaType === 'application/octet-stream') return 'Blob';
  if (mediaType?.startsWith('text/')) return 'string';
  return 'unknown';
}

const permissionText = (p: OpenApiOperation['x-permission']): string =>
  typeof p === 'string' ? p : 'any' in p && p.any ? `any of ${p.any.join(', ')}` : `all of ${(p.all ?? []).join(', ')}`;

/** Names the generated module declares besides the component types. */
const RESERVED = ['AnswerOf', 'CallOptions', 'CallFn', 'ApiClient', 'OperationRoute', 'OperationTypes', 'OperationId', 'OperationInput', 'OperationOutput'];
/** Members of the client besides the operation methods. */
const CLIENT_MEMBERS = ['callById'];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function responseKind(op: OpenApiOperation): 'json' | 'text' | 'binary' {
  const ok = op.responses['200'] as { content?: Record<string, unknown> } | undefined;
  const mediaType = Object.keys(ok?.content ?? {})[0];
  if (mediaType === 'application/octet-stream') return 'binary';
  return mediaType?.startsWith('text/') ? 'text' : 'json';
}

/**
 * The `status` every 200 answer of the operation carries, when its schema fixes one (spec 001 §5: the management
 * service's "Success", the operator's "authenticated"): the HTTP core refuses an answer without it.
 */
function replyStatus(op: OpenApiOperation, schemas: Record<string, JsonSchema>): string | undefined {
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined => (typeof s?.$ref === 'string' ? resolve(schemas[s.$ref.split('/').pop()!]) : s);
  const ok = op.responses['200'] as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  const answer = resolve(ok?.content?.['application/json']?.schema);
  const status = resolve((answer?.properties as Record<string, JsonSchema> | undefined)?.status);
  return typeof status?.const === 'string' ? status.const : undefined;
}

/** The parts of a multipart body sent as files: properties whose schema names a `contentMediaType`. */
function fileFields(schema: JsonSchema, schemas: Record<string, JsonSchema>): string[] {
  const ref = typeof schema.$ref === 'string' ? schemas[schema.$ref.split('/').pop()!] : undefined;
  if (ref) return fileFields(ref, schemas);
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(props).filter((name) => typeof props[name]?.contentMediaType === 'string');
}

/**
 * The operations whose access rule the portal's shell reads before any screen has loaded (the header's Publish, the
 * Insights link). The portal's operations table carries no access rule (the server enforces them; a screen's own
 * operations come with their rules in its definition), so that the first download holds only these.
 */
export const SHELL_ACCESS_OPERATIONS: readonly string[] = ['policy.publish', 'reports.insights'];

/**
 * The operations the portal's shell calls as it starts, whichever screen opens (the configuration, the sign-in
 * redirect, the session's calls on either deployment, the policy revision, the jobs indicator): their routes come
 * with the first download (`shellOperationRoutes`). Every other route loads with its group (the operations whose id
 * starts with the same segment, `routes/<segment>.gen.ts`) on the first call of one of them, so a screen downloads
 * the routes of its own area rather than the table of every operation.
 */
export const SHELL_OPERATIONS: readonly string[] = [
  'portal.config',
  'auth.authParams',
  'auth.userInfo',
  'auth.logoutPost',
  'auth.cookieRefresh',
  'dashboard.userInfo',
  'dashboard.logoutPost',
  'dashboard.cookieRefresh',
  'tenantUtils.multiTenant',
  'tenantUtils.tosStatus',
  'tenantUtils.acceptTos',
  'lookups.savePortalVersion',
  'policy.revision',
  'policy.publish',
  'policy.rollback',
  'jobs.list',
];

/** Where the route groups of the portal's client are written (`<segment>.gen.ts`), relative to the repository root. */
export const ROUTE_GROUPS_DIR = 'engine/generated/routes';

/** The group of an operation: the first segment of its id (`web.ssl-bypass.get` → `web`). */
const groupOf = (id: string): string => id.split('.')[0]!;

/** The route group modules of the portal's client: each group's routes, as `generateClient` loads them. */
export function generateRouteGroups(doc: OpenApiDocument): Map<string, string> {
  const groups = new Map<string, Entry[]>();
  for (const e of entries(doc)) groups.set(groupOf(e.op.operationId), [...(groups.get(groupOf(e.op.operationId)) ?? []), e]);
  return new Map(
    [...groups].map(([group, es]) => [
      `${ROUTE_GROUPS_DIR}/${group}.gen.ts`,
      [
        tsHeader(),
        `/** The routes of the operations whose id starts with \`${group}.\`: loaded by the portal's client on the first call of one. */\n`,
        "import type { OperationRoute } from '../../core/http';\n",
        '\n',
        'export const routes: readonly OperationRoute[] = [\n',
        ...es.map((e) => routeLine(e, doc.components.schemas, false)),
        '];\n',
      ].join(''),
    ]),
  );
}

/**
 * The runtime spelling of an operation's method name, the same as `camelCase` of codegen/names.ts (the client test
 * holds them equal for every operation): the generated client derives each name from the id instead of listing them.
 */
const METHOD_NAME_SOURCE = [
  'const methodName = (id: string): string => {\n',
  "  const p = id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');\n",
  '  const c = p.charAt(0).toLowerCase() + p.slice(1);\n',
  '  return /^[0-9]/.test(c) ? `op${p}` : c;\n',
  '};\n',
].join('');

/**
 * The plain data `callOperation` needs of an operation, as one line of the generated table; with its access rule
 * unless `withAccess` is false (the portal's own table).
 */
function routeLine(e: Entry, schemas: Record<string, JsonSchema>, withAccess = true): string {
  const xsrfExempt = STATE_CHANGING.has(e.method) && !e.op.security.some((s) => 'xsrf' in s);
  const status = replyStatus(e.op, schemas);
  const route = {
    id: e.op.operationId,
    method: e.method,
    path: e.path,
    responseKind: responseKind(e.op),
    ...(e.op.requestBody?.content['multipart/form-data'] ? { requestKind: 'multipart', fileFields: fileFields(e.op.requestBody.content['multipart/form-data'].schema, schemas) } : {}),
    ...(e.op.requestBody?.content['application/x-ndjson'] ? { requestKind: 'ndjson' } : {}),
    tag: e.op.tags[0] ?? '',
    ...(xsrfExempt ? { xsrfExempt: true } : {}),
    ...(status ? { replyStatus: status } : {}),
    ...(withAccess ? { access: e.op['x-permission'] } : {}),
  };
  return `  ${JSON.stringify(route)},
`;
}

function operationBlock(e: Entry, methods: Set<string>): { name: string; method: string; map: string } {
  const id = e.op.operationId;
  const name = camelCase(id);
  if (methods.has(name)) throw new Error(`Operation ${id}: another operation id also gives the method name ${name}.`);
  methods.add(name);
  const params = e.op.parameters ?? [];
  const parts: { name: string; type: string; required: boolean }[] = [];
  const path = paramsType(
    params.filter((p) => p.in === 'path'),
    '      ',
  );
  if (path) parts.push({ name: 'params', type: path, required: true });
  const queryParams = params.filter((p) => p.in === 'query');
  const query = paramsType(queryParams, '      ');
  if (query) parts.push({ name: 'query', type: query, required: queryParams.some((p) => p.required) });
  const body = e.op.requestBody;
  if (body) {
    const schema = Object.values(body.content)[0]?.schema ?? {};
    parts.push({ name: 'body', type: tsType(schema, '      '), required: body.required });
  }
  const input = parts.length
    ? `{\n${parts.map((p) => `      ${p.name}${p.required ? '' : '?'}: ${p.type};\n`).join('')}    }`
    : 'Record<string, never>';
  const doc = `${e.op.summary}. \`${e.method} ${e.path}\`; ${permissionText(e.op['x-permission'])}.`.replace(/\*\//g, '*\\/');
  const key = JSON.stringify(id);
  const arg = parts.some((p) => p.required) ? `input: OperationInput<${key}>` : `input?: OperationInput<${key}>`;
  // A type only: at run time every method is the same small function over the operations table (createApiClient).
  const method = `  /** ${doc} */\n  readonly ${name}: (${arg}, options?: CallOptions) => Promise<OperationOutput<${key}>>;\n`;
  const map = `  /** ${doc} */\n  ${key}: {\n    input: ${input};\n    output: ${outputType(e.op)};\n  };\n`;
  return { name, method, map };
}

/**
 * The client module's source text. `engine` (the portal's own client) calls through the HTTP core and exports a
 * ready `apiClient`; `package` (the client package for scripts) takes its call function from the package's transport.
 */
export function generateClient(doc: OpenApiDocument, target: 'engine' | 'package' = 'engine'): string {
  const engine = target === 'engine';
  const schemas = doc.components.schemas;
  for (const name of RESERVED) {
    if (name in schemas) throw new Error(`A component schema is named ${name}, which the generated client reserves.`);
  }
  const methods = new Set<string>(CLIENT_MEMBERS);
  const blocks = entries(doc).map((e) => operationBlock(e, methods));
  const shellAccess = SHELL_ACCESS_OPERATIONS.map((id) => {
    const e = entries(doc).find((x) => x.op.operationId === id);
    if (!e) throw new Error(`The shell reads the access rule of ${id}, which the API lacks.`);
    return `  ${JSON.stringify(id)}: ${JSON.stringify(e.op['x-permission'])},\n`;
  });
  const shellRoutes = engine
    ? SHELL_OPERATIONS.map((id) => {
        const e = entries(doc).find((x) => x.op.operationId === id);
        if (!e) throw new Error(`The shell calls ${id}, which the API lacks.`);
        return e;
      })
    : [];
  const groups = [...new Set(entries(doc).map((e) => groupOf(e.op.operationId)))];
  return [
    tsHeader(),
    '/**\n',
    ' * The typed API client: one method per operation of docs/openapi.json, named after the operation id, each a call\n',
    " * of `callOperation` with that id, and the table of operations the HTTP core is configured with. Entity types are\n",
    " * the document's component schemas.\n",
    ' */\n',
    engine
      ? "import type { CallFn } from '../core/call';\nimport { callOperation, type CallOptions, type OperationRoute } from '../core/http';\n"
      : "import type { CallFn, CallOptions, OperationRoute } from './transport';\n",
    '\n',
    engine ? 'export type { CallOptions };\n' : 'export type { CallFn, CallOptions };\n',
    '\n',
    engine
      ? '/** What `callOperation` needs of every operation, for scripts and tests (the portal loads them by group: `shellOperationRoutes`, `loadOperationRoutes`). No access rules (see `operationAccess`). */\n'
      : '/** What `callOperation` needs of every operation: pass it to `configureHttp({ operations })`. */\n',
    'export const operationRoutes: readonly OperationRoute[] = [\n',
    ...entries(doc).map((e) => routeLine(e, schemas, !engine)),
    '];\n',
    '\n',
    ...(engine
      ? [
          '/**\n',
          " * The routes of the operations the shell calls as it starts (codegen/client.ts, SHELL_OPERATIONS): the portal's\n",
          ' * `configureHttp({ operations })`, with `loadOperations: loadOperationRoutes` for every other one.\n',
          ' */\n',
          'export const shellOperationRoutes: readonly OperationRoute[] = [\n',
          ...shellRoutes.map((e) => routeLine(e, schemas, false)),
          '];\n',
          '\n',
          '/** The routes of the group an operation id belongs to (its first segment), loaded on first use; none for an unknown group. */\n',
          'export function loadOperationRoutes(id: string): Promise<readonly OperationRoute[]> {\n',
          "  switch (id.split('.')[0]) {\n",
          ...groups.map((g) => `    case ${JSON.stringify(g)}:\n      return import('./routes/${g}.gen').then((m) => m.routes);\n`),
          '    default:\n',
          '      return Promise.resolve([]);\n',
          '  }\n',
          '}\n',
          '\n',
          '/** The groups of the operations (the first segment of their ids), for `createApiClient` to find a method\'s operation. */\n',
          `const OPERATION_GROUPS: readonly string[] = ${JSON.stringify(groups)};\n`,
          '\n',
          '/** The access rules the shell reads before any screen has loaded, by operation id (codegen/client.ts, SHELL_ACCESS_OPERATIONS). */\n',
          "export const operationAccess: Readonly<Record<string, NonNullable<OperationRoute['access']>>> = {\n",
          ...shellAccess,
          '};\n',
          '\n',
        ]
      : []),
    ...Object.entries(schemas).map(([name, schema]) => declaration(name, schema) + '\n'),
    '/** Input (`params`, `query`, `body`) and answer of every operation, by operation id. */\n',
    'export interface OperationTypes {\n',
    ...blocks.map((b) => b.map),
    '}\n',
    '\n',
    'export type OperationId = keyof OperationTypes;\n',
    "export type OperationInput<Id extends OperationId> = OperationTypes[Id]['input'];\n",
    "export type OperationOutput<Id extends OperationId> = OperationTypes[Id]['output'];\n",
    "/** The answer of a client method, by its name (`AnswerOf<'policyHistory'>`): the same types without writing an id. */\n",
    "export type AnswerOf<M extends Exclude<keyof ApiClient, 'callById'>> = Awaited<ReturnType<ApiClient[M]>>;\n",
    '\n',
    '/** Whether a computed id names an operation of the table. */\n',
    'export const isOperationId = (id: string): id is OperationId => operationRoutes.some((o) => o.id === id);\n',
    '\n',
    ...(engine
      ? ["/** What the client calls through: the HTTP core's `callOperation`, or a fake in tests (engine/core/call.ts). */\n", 'export type { CallFn };\n', '\n']
      : []),
    '/** The method name of an operation: its id in camelCase (`web.ssl-bypass.get` → `webSslBypassGet`). */\n',
    METHOD_NAME_SOURCE,
    '\n',
    '/**\n',
    ' * Every operation as a method, `<operation id in camelCase>(input, options)`, over a call function; and `callById`\n',
    ' * for generic callers whose id is computed (document screens), typed by the maps above.\n',
    ' */\n',
    'export interface ApiClient {\n',
    '  /** Calls an operation by its id. */\n',
    '  readonly callById: <Id extends OperationId>(id: Id, input: OperationInput<Id>, options?: CallOptions) => Promise<OperationOutput<Id>>;\n',
    ...blocks.map((b) => b.method),
    '}\n',
    '\n',
    ...(engine
      ? [
          '/**\n',
          " * The client over a call function. Its methods are found by name when called rather than built from a table of\n",
          " * every operation: those of the shell's operations at once, any other once its group's routes have loaded (the\n",
          ' * first call of a group waits for them). A name that starts with no group is no method (undefined).\n',
          ' */\n',
          'export function createApiClient(call: CallFn = callOperation): ApiClient {\n',
          '  const ids = new Map<string, string>(shellOperationRoutes.map(({ id }) => [methodName(id), id]));\n',
          '  const callById = (id: string, input: Parameters<CallFn>[1], options?: CallOptions) => call(id, input, options);\n',
          '  const groups = (name: string) => OPERATION_GROUPS.filter((g) => name.startsWith(methodName(g)));\n',
          '  async function idOf(name: string): Promise<string> {\n',
          '    for (const group of groups(name)) for (const { id } of await loadOperationRoutes(`${group}.`)) ids.set(methodName(id), id);\n',
          '    const id = ids.get(name);\n',
          '    if (id === undefined) throw new TypeError(`The API client has no method ${name}.`);\n',
          '    return id;\n',
          '  }\n',
          '  const methods = new Map<string, unknown>([[\'callById\', callById]]);\n',
          '  const method = (name: string) => (input: Parameters<CallFn>[1] = {}, options?: CallOptions) => {\n',
          '    const id = ids.get(name);\n',
          '    return id === undefined ? idOf(name).then((found) => call(found, input, options)) : call(id, input, options);\n',
          '  };\n',
          '  return new Proxy({} as ApiClient, {\n',
          '    get(_, name) {\n',
          "      if (typeof name !== 'string' || (!methods.has(name) && !ids.has(name) && groups(name).length === 0)) return undefined;\n",
          '      if (!methods.has(name)) methods.set(name, method(name));\n',
          '      return methods.get(name);\n',
          '    },\n',
          '  });\n',
          '}\n',
        ]
      : [
          '/**\n',
          ' * The client over a call function. The methods are built from the operations table rather than written out one by\n',
          ' * one: the same calls and types, in a fraction of the download (300 method bodies were 6 KB of gzipped script).\n',
          ' */\n',
          'export function createApiClient(call: CallFn): ApiClient {\n',
          '  const client: Record<string, unknown> = { callById: (id: string, input: Parameters<CallFn>[1], options?: CallOptions) => call(id, input, options) };\n',
          '  for (const { id } of operationRoutes) {\n',
          '    client[methodName(id)] = (input: Parameters<CallFn>[1] = {}, options?: CallOptions) => call(id, input, options);\n',
          '  }\n',
          '  return client as unknown as ApiClient;\n',
          '}\n',
        ]),
    ...(engine
      ? [
          '\n',
          '/** The client over the HTTP core: `apiClient.<operation id in camelCase>(input, options)`. */\n',
          'export const apiClient: ApiClient = createApiClient();\n',
          '\n',
          '/** `apiClient.callById`: an operation by its computed id, typed by `OperationInput` / `OperationOutput`. */\n',
          'export const callById = apiClient.callById;\n',
        ]
      : []),
  ].join('');
}

/** Where the client package for scripts is written, relative to the repository root. */
export const CLIENT_PACKAGE_DIR = 'engine/generated/portal-client';

/**
 * The client package for scripts outside the portal: its package.json, the typed client (`api.ts`, the same
 * generator as the portal's own), the transport (`codegen/clientPackage/transport.ts` as it is) and `index.ts` with
 * `portalClient({ baseUrl, token })`, whose `signIn(username, password)` keeps the session like a browser.
 */
/** The `portal` command's sources (copied as they are) and its generated area list, with the versions it depends on. */
export interface CliSources {
  /** codegen/clientPackage/cli.ts. */
  readonly cli: string;
  /** The change presenter of the publish review (engine/core/changes.ts). */
  readonly changes: string;
  /** The package's areas.ts (codegen/cliAreas.ts). */
  readonly areas: string;
  /** Version ranges of the packages the command runs on (yaml, zod, tsx), as the project's package.json has them. */
  readonly dependencies: Readonly<Record<string, string>>;
}

/** The package's `portal` executable: tsx runs the TypeScript sources on Node. */
const PORTAL_BIN = [
  '#!/usr/bin/env node',
  `// ${DO_NOT_EDIT}`,
  "import { register } from 'tsx/esm/api';",
  '',
  'register();',
  "const { main } = await import('../cli.ts');",
  'process.exitCode = await main(process.argv.slice(2));',
  '',
].join('\n');

export function generateClientPackage(
  doc: OpenApiDocument,
  transportSource: string,
  wire: { xsrfCookie: string; xsrfHeader: string },
  cli?: CliSources,
): Map<string, string> {
  const methodOf = (id: string) => {
    if (!entries(doc).some((e) => e.op.operationId === id)) throw new Error(`The client package signs in with ${id}, which the API lacks.`);
    return camelCase(id);
  };
  const index = [
    tsHeader(),
    '/**\n',
    ` * The ${doc.info.title} client for scripts: \`portalClient({ baseUrl })\` then \`signIn(username, password)\`, or\n`,
    ' * `portalClient({ baseUrl, token })` with an API token; then one typed method per operation of the API, named after\n',
    ' * its operation id in camelCase (`web.ssl-bypass.get` → `webSslBypassGet`). A refused call throws `PortalError`.\n',
    ' */\n',
    "import { createApiClient, operationRoutes } from './api';\n",
    "import { connection, type ConnectOptions } from './transport';\n",
    '\n',
    "export * from './api';\n",
    "export { PortalError, type ConnectOptions, type FieldError } from './transport';\n",
    '\n',
    '/** The cookie and header names of the xsrf double submit. */\n',
    `export const WIRE = ${JSON.stringify(wire)};\n`,
    '\n',
    '/** A client of one portal: every operation as a method, and `signIn` / `signOut` for a password session. */\n',
    'export function portalClient(options: ConnectOptions) {\n',
    '  const { call } = connection(options, operationRoutes, WIRE);\n',
    '  const api = createApiClient(call);\n',
    '  return {\n',
    '    ...api,\n',
    "    /** Signs in with a user's password; later calls carry the session and the xsrf header. */\n",
    '    async signIn(username: string, password: string) {\n',
    `      await api.${methodOf('portal.config')}();\n`,
    `      return api.${methodOf('auth.login')}({ body: { username, password } });\n`,
    '    },\n',
    '    /** Ends the session. */\n',
    `    signOut: () => api.${methodOf('auth.logoutPost')}(),\n`,
    '  };\n',
    '}\n',
    '\n',
    'export type PortalClient = ReturnType<typeof portalClient>;\n',
  ].join('');
  const packageJson = {
    $comment: DO_NOT_EDIT,
    name: 'portal-client',
    version: doc.info.version,
    description: `Typed client of the ${doc.info.title.replace(/ API$/, '')} API, generated from its OpenAPI document.`,
    type: 'module',
    main: 'index.ts',
    types: 'index.ts',
    exports: { '.': './index.ts' },
    engines: { node: '>=20.3' },
    ...(cli ? { bin: { portal: './bin/portal.mjs' }, dependencies: cli.dependencies } : {}),
  };
  const command: [string, string][] = cli
    ? [
        [`${CLIENT_PACKAGE_DIR}/bin/portal.mjs`, PORTAL_BIN],
        [`${CLIENT_PACKAGE_DIR}/cli.ts`, `${tsHeader()}${cli.cli}`],
        [`${CLIENT_PACKAGE_DIR}/changes.ts`, `${tsHeader()}${cli.changes}`],
        [`${CLIENT_PACKAGE_DIR}/areas.ts`, cli.areas],
      ]
    : [];
  return new Map([
    ...command,
    [`${CLIENT_PACKAGE_DIR}/package.json`, JSON.stringify(packageJson, null, 2) + '\n'],
    [`${CLIENT_PACKAGE_DIR}/api.ts`, generateClient(doc, 'package')],
    [`${CLIENT_PACKAGE_DIR}/transport.ts`, `${tsHeader()}${transportSource}`],
    [`${CLIENT_PACKAGE_DIR}/index.ts`, index],
  ]);
}

export const PUBLIC_CLIENT_PATH = 'engine/generated/publicClient.gen.ts';

/**
 * The operations anyone may call (sign-in, the portal's configuration), as a module of their own: the sign-in page
 * configures the HTTP core with these alone, so its download does not grow with every operation of the portal.
 * Types come from the full client and are erased in the build.
 */
export function generatePublicClient(doc: OpenApiDocument): string {
  const open = entries(doc).filter((e) => e.op['x-permission'] === 'public');
  const ids = open.map((e) => JSON.stringify(e.op.operationId));
  return [
    tsHeader(),
    '/** The operations callable before sign-in: their routes for `configureHttp` and a typed call. */\n',
    "import { callOperation, type CallOptions, type OperationRoute } from '../core/http';\n",
    "import type { OperationInput, OperationOutput } from './client.gen';\n",
    '\n',
    `export type PublicOperationId = ${ids.join(' | ') || 'never'};\n`,
    '\n',
    'export const publicOperationRoutes: readonly OperationRoute[] = [\n',
    ...open.map((e) => routeLine(e, doc.components.schemas)),
    '];\n',
    '\n',
    '/** Calls an operation callable before sign-in. */\n',
    'export const callPublic = <Id extends PublicOperationId>(id: Id, input?: OperationInput<Id>, options?: CallOptions): Promise<OperationOutput<Id>> =>\n',
    '  callOperation<OperationOutput<Id>>(id, input ?? {}, options);\n',
  ].join('');
}
