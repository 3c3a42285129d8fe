/**
 * The OpenAPI 3.1 document of every operation in the registry: the same zod schemas the server validates with,
 * the permission rule (`x-permission`), revision binding (`x-revision`), environment and feature rules as
 * extensions, and the API's error answers (400 / 401 / 403 / 409).
 */
import type { z } from 'zod';
import type { AccessRule } from '../schemas/access';
import { MESSAGES, PRODUCT_NAME, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../schemas/constants';
import { ErrorBody } from '../schemas/http';
import type { OperationDef } from '../definitions/define';
import { isDocumentScreen } from '../definitions/define';
import type { Registry } from '../definitions/registry';
import { DO_NOT_EDIT } from './header';
import { COMPONENT_PREFIX, Components, type JsonSchema, type SchemaNames } from './jsonSchema';
import { pascalCase } from './names';

/** The parts of an OpenAPI document the other generators read. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
  readonly components: { readonly schemas: Record<string, JsonSchema> } & Record<string, unknown>;
  readonly [extension: string]: unknown;
}

export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: { readonly required: boolean; readonly content: Record<string, { readonly schema: JsonSchema }> };
  readonly responses: Record<string, unknown>;
  readonly security: readonly Record<string, readonly string[]>[];
  readonly 'x-permission': 'public' | 'session' | AccessRule;
  /** On an alias: the id of the operation whose call this path repeats. */
  readonly 'x-alias-of'?: string;
  readonly [extension: string]: unknown;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Component name of a document screen's document with its stamp: `<ScreenId>Document`. */
const DOCUMENT_SUFFIX = 'Document';

export const isStateChanging = (op: OperationDef): boolean => STATE_CHANGING.has(op.method);

/** Adds component names for what the registry builds itself: each document screen's document with its stamp. */
export function withDocumentNames(registry: Registry, names: SchemaNames): SchemaNames {
  const out = new Map(names);
  for (const screen of registry.screens.filter(isDocumentScreen)) {
    const read = registry.operation(screen.operationIds.read);
    if (read && !out.has(read.response)) out.set(read.response, pascalCase(screen.id) + DOCUMENT_SUFFIX);
  }
  return out;
}

const errorResponse = (description: string, schema: JsonSchema = { $ref: COMPONENT_PREFIX + 'ErrorBody' }) => ({
  description,
  content: { 'application/json': { schema } },
});

const RESPONSES = {
  ValidationFailed: errorResponse(
    'The request is not valid; nothing was changed. `errors` lists each problem with its dotted field path ' +
      '(e.g. `list.0.destination`) and its error key (a shared validator key such as `invalidHostname`, or the zod ' +
      'issue code such as `too_big`).',
  ),
  Unauthorized: errorResponse(`No session, or the session expired (msg "${MESSAGES.notAuthorized}").`),
  Forbidden: errorResponse(
    `The caller lacks the permission in \`x-permission\`, the tenant lacks the feature in \`x-feature\`, or the ` +
      `${XSRF_HEADER} header does not match the ${XSRF_COOKIE} cookie; nothing was changed.`,
  ),
  Error: errorResponse('Any other error: 404 unknown resource, 429 sign-in throttled (`delay` in seconds).'),
};

const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

function parameters(op: OperationDef, components: Components): OpenApiParameter[] {
  const out: OpenApiParameter[] = [];
  const declared = op.params ? components.inline(op.params, 'input') : { properties: {} };
  const props = (declared.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(props)) {
    if (!pathParams(op.path).includes(name)) {
      throw new Error(`Operation ${op.id}: its params schema declares "${name}", which the path ${op.path} lacks.`);
    }
  }
  for (const name of pathParams(op.path)) {
    const schema = props[name] ?? { type: 'string' };
    const description =
      op.revision === 'staged' && name === 'rev'
        ? 'The staged revision (`staged_rev_id` of the current policy revision); any other revision gets 409.'
        : (schema.description as string | undefined);
    out.push({ name, in: 'path', required: true, ...(description ? { description } : {}), schema });
  }
  if (op.query) {
    const query = components.inline(op.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      const description = schema.description as string | undefined;
      out.push({ name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema });
    }
  }
  return out;
}

function successContent(op: OperationDef, components: Components): Record<string, { schema: JsonSchema }> {
  switch (op.responseKind ?? 'json') {
    case 'text':
      return { 'text/plain': { schema: { type: 'string' } } };
    case 'binary':
      return { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } };
    default:
      return { 'application/json': { schema: components.ref(op.response, 'output') } };
  }
}

function security(op: OperationDef): Record<string, string[]>[] {
  const xsrf = isStateChanging(op) && !op.xsrfExempt;
  if (op.access === 'public') return xsrf ? [{ xsrf: [] }] : [];
  return [xsrf ? { session: [], xsrf: [] } : { session: [] }];
}

function conflict(op: OperationDef, registry: Registry, components: Components): unknown {
  const screen = op.document && registry.screen(op.document.screenId);
  const read = screen && isDocumentScreen(screen) ? registry.operation(screen.operationIds.read) : undefined;
  if (!read) return errorResponse('`{rev}` is not the staged revision; nothing was changed.');
  return errorResponse(
    `Stale save: the body's \`updated_at\` is older than the stored document's, or \`{rev}\` is not the staged ` +
      `revision (msg "${MESSAGES.staleSave}"). Nothing was changed; \`current\` holds the stored document.`,
    {
      allOf: [
        { $ref: COMPONENT_PREFIX + 'ErrorBody' },
        { type: 'object', properties: { current: components.ref(read.response, 'output') } },
      ],
    },
  );
}

const accepts = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;

function operation(op: OperationDef, registry: Registry, components: Components): OpenApiOperation {
  const params = parameters(op, components);
  const responses: Record<string, unknown> = {
    '200': { description: op.summary, content: successContent(op, components) },
  };
  if (op.params || op.query || op.body) responses['400'] = { $ref: '#/components/responses/ValidationFailed' };
  if (op.access !== 'public') responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (typeof op.access === 'object' || op.feature || (isStateChanging(op) && !op.xsrfExempt)) {
    responses['403'] = { $ref: '#/components/responses/Forbidden' };
  }
  if (isStateChanging(op) && (op.document?.role === 'save' || op.revision === 'staged')) {
    responses['409'] = conflict(op, registry, components);
  }
  responses.default = { $ref: '#/components/responses/Error' };
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            // The server validates a missing body as `{}`.
            required: !accepts(op.body, undefined) && !accepts(op.body, {}),
            content: { [op.requestKind === 'multipart' ? 'multipart/form-data' : op.requestKind === 'ndjson' ? 'application/x-ndjson' : 'application/json']: { schema: components.ref(op.body, 'input') } },
          },
        }
      : {}),
    responses,
    security: security(op),
    'x-permission': op.access,
    ...(op.revision ? { 'x-revision': op.revision } : {}),
    ...(op.env ? { 'x-environment': op.env } : {}),
    ...(op.feature ? { 'x-feature': op.feature } : {}),
    ...(op.document ? { 'x-document': op.document } : {}),
    ...(op.apiOnly ? { 'x-api-only': op.apiOnly } : {}),
    ...(op.aliases?.length ? { 'x-aliases': op.aliases } : {}),
  };
}

const DESCRIPTION = [
  `The reference API of the ${PRODUCT_NAME}. Every operation here is mounted by the server from the same definition`,
  'registry and validated with the same zod schemas.',
  '',
  `Sign in with \`auth.login\`; the server sets the HttpOnly \`${SESSION_COOKIE}\` session cookie. Every`,
  `state-changing call (POST, PUT, PATCH, DELETE) must send the \`${XSRF_HEADER}\` header equal to the \`${XSRF_COOKIE}\``,
  'cookie (set by `portal.config`).',
  '',
  '`x-permission` is the access rule the server checks: `public`, `session` (any signed-in user), or `{ any: [...] }` /',
  '`{ all: [...] }` of permissions `area:action` matched with `*` wildcards; deny beats allow. `x-revision: staged` means',
  'the path\'s `{rev}` must be the staged policy revision. `x-environment` and `x-feature` restrict where the operation',
  'exists. Policy saves carry `rev_id`, `state` and `updated_at`; a save older than the stored document gets 409.',
  '`x-api-only` marks an operation the portal never calls, with who calls it (an integration, a script, the log',
  'collector) and why; every other operation is called from a screen or a flow of the portal.',
].join('\n');

/** Builds the OpenAPI document of the registry. `names` names the shared component schemas. */
export function generateOpenApi(registry: Registry, options: { names?: SchemaNames; version: string }): OpenApiDocument {
  const components = new Components(withDocumentNames(registry, options.names ?? new Map()));
  // Error answers may carry more than the common fields (a 409 sends `current`).
  components.define('ErrorBody', ErrorBody.loose(), 'output');
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const op of registry.operations) {
    const item = (paths[op.path] ??= {});
    item[op.method.toLowerCase()] = operation(op, registry, components);
    (op.aliases ?? []).forEach((alias, i) => {
      const description = `The same call as ${op.method} \`${op.path}\` (\`${op.id}\`), at the path the specification names.`;
      (paths[alias] ??= {})[op.method.toLowerCase()] = { ...operation(op, registry, components), operationId: `${op.id}.alias${i + 1}`, description, 'x-alias-of': op.id };
    });
  }
  const tags = [...new Set(registry.operations.map((o) => o.tag))].map((name) => ({ name }));
  return {
    'x-generated': DO_NOT_EDIT,
    openapi: '3.1.0',
    info: { title: `${PRODUCT_NAME} API`, version: options.version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: components.all(),
      responses: RESPONSES,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Server-side session, set by sign-in.' },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: `Must equal the \`${XSRF_COOKIE}\` cookie (compared without its last |-part).`,
        },
      },
    },
  };
}
