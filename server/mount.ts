/**
 * The generic operation mount: one Fastify route per registry operation, with the pre-handling every call shares
 * (session or API token, access rule, feature flag, XSRF, schema validation) before its handler runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationDef } from '../definitions/define';
import type { Registry } from '../definitions/registry';
import { envAllows, featureFlags, rbacEnforced, ruleAllows, type Environment } from '../schemas/access';
import { ACCESS_STAMP_HEADER, BACKGROUND_HEADER, MESSAGES, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../schemas/constants';
import { fieldErrors, type FieldError } from '../schemas/http';
import { unsafeTextErrors } from '../schemas/safeText';
import { bearerToken, resolveApiToken } from './apiTokens';
import { SESSION_MAX_AGE_HOURS_DEFAULT } from './config';
import { documentHandler } from './documents';
import { accessStamp, resolveSession, xsrfMatches, xsrfTokenOf, type ResolvedSession } from './session';
import { HttpError, type Db, type OperationContext, type OperationHandler, type ServerModule } from './types';

type Handler = OperationHandler<OperationDef>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const XSRF_FAILED = 'The request is missing a valid X-XSRFToken header. Reload the page and try again.';

/** `/a/{b}` → `/a/:b`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The handler of every operation: document operations get the generic document handler, the others the one a module
 * provides. Throws when an operation has no handler, two modules handle one, or a module names an unknown operation.
 */
export function resolveHandlers(registry: Registry, modules: readonly ServerModule[]): Map<string, Handler> {
  const provided = new Map<string, { handler: Handler; module: string }>();
  for (const m of modules) {
    for (const { op: { id }, handle: handler } of m.implementations ?? []) {
      const other = provided.get(id);
      if (other) throw new Error(`Operation ${id} is handled by two server modules: ${other.module} and ${m.name}`);
      const op = registry.operation(id);
      if (!op) throw new Error(`Server module ${m.name} handles ${id}, which is no operation of the registry`);
      if (op.document) throw new Error(`Server module ${m.name} handles ${id}, a document operation served generically`);
      provided.set(id, { handler, module: m.name });
    }
  }
  const handlers = new Map<string, Handler>();
  const missing: string[] = [];
  for (const op of registry.operations) {
    const handler = op.document ? documentHandler(registry, op) : provided.get(op.id)?.handler;
    if (handler) handlers.set(op.id, handler);
    else missing.push(op.id);
  }
  if (missing.length) throw new Error(`No server handler for operation(s): ${missing.join(', ')}`);
  return handlers;
}

export interface MountOptions {
  readonly db: Db;
  readonly env: Environment;
  readonly registry: Registry;
  readonly modules: readonly ServerModule[];
  /** Absolute session lifetime; default SESSION_MAX_AGE_HOURS_DEFAULT. */
  readonly sessionMaxAgeMs?: number;
}

/** Registers a route for every operation whose environment rule allows `env`; the others stay unmounted (404). */
export function mountOperations(app: FastifyInstance, options: MountOptions): void {
  const { db, env, registry, modules } = options;
  const maxAgeMs = options.sessionMaxAgeMs ?? SESSION_MAX_AGE_HOURS_DEFAULT * 3_600_000;
  const handlers = resolveHandlers(registry, modules);
  for (const op of registry.operations) {
    if (!envAllows(op.env, env)) continue;
    const handler = handlers.get(op.id)!;
    for (const path of [op.path, ...(op.aliases ?? [])]) app.route({
      method: op.method,
      url: fastifyPath(path),
      handler: async (request, reply) => {
        // An API token (Authorization: Bearer) stands instead of the cookies: no session, no XSRF; a bad one is 401.
        const token = bearerToken(request.headers.authorization);
        const session =
          token === undefined
            ? await resolveSession(db, request.cookies[SESSION_COOKIE], maxAgeMs, { ip: request.ip, deployment: env.deployment, background: request.headers[BACKGROUND_HEADER.toLowerCase()] === '1' })
            : await resolveApiToken(db, token, request, env.deployment);
        if (token !== undefined && !session) throw new HttpError(401, MESSAGES.notAuthorized);
        // Also on a refusal: a 403 caused by a narrowed role tells the page to read the user's access again.
        if (session) reply.header(ACCESS_STAMP_HEADER, accessStamp(session.caller.user));
        authorize(op, env, session);
        if (STATE_CHANGING.has(op.method) && !op.xsrfExempt && token === undefined) checkXsrf(request, session);
        checkBodyKind(op, request);
        const input = validate(op, request);
        const result = await handler({ op, db, env, registry, caller: session?.caller, ...input, request, reply });
        return reply.sent ? reply : answer(op, reply, result);
      },
    });
  }
}

function authorize(op: OperationDef, env: Environment, session: ResolvedSession | undefined): void {
  const caller = session?.caller;
  if (op.access !== 'public') {
    if (!caller) throw new HttpError(401, MESSAGES.notAuthorized);
    if (op.access !== 'session' && rbacEnforced(env, caller.user.capabilities) && !ruleAllows(op.access, caller.grants)) {
      throw new HttpError(403, MESSAGES.forbidden);
    }
  }
  if (op.feature && caller && !featureFlags(caller.user.capabilities)[op.feature]) throw new HttpError(403, MESSAGES.forbidden);
}

const BODY_KINDS = { json: 'a JSON body', multipart: 'a multipart/form-data upload', ndjson: 'an application/x-ndjson body' } as const;

/** An operation takes the body kind it declares (JSON by default) and no other (415). */
function checkBodyKind(op: OperationDef, request: FastifyRequest): void {
  if (!op.body || request.body === undefined) return;
  const type = request.headers['content-type'] ?? '';
  const sent = /^multipart\/form-data\b/i.test(type) ? 'multipart' : /^application\/x-ndjson\b/i.test(type) ? 'ndjson' : 'json';
  const wanted = op.requestKind ?? 'json';
  if (sent !== wanted) throw new HttpError(415, `This call takes ${BODY_KINDS[wanted]}.`);
}

/** The header must echo the cookie; with a session, the cookie must also carry that session's token. */
function checkXsrf(request: FastifyRequest, session: ResolvedSession | undefined): void {
  const cookie = request.cookies[XSRF_COOKIE];
  const raw = request.headers[XSRF_HEADER.toLowerCase()];
  const header = typeof raw === 'string' ? safeDecode(raw) : undefined;
  const bound = !session || xsrfTokenOf(cookie) === session.xsrfToken;
  if (!xsrfMatches(header, cookie) || !bound) throw new HttpError(403, XSRF_FAILED);
}

function safeDecode(v: string): string | undefined {
  try {
    return decodeURIComponent(v);
  } catch {
    return undefined;
  }
}

/** The operation's input parsed by its schemas; an input the operation declares no schema for is `{}`. */
function validate(op: OperationDef, request: FastifyRequest): Pick<OperationContext<OperationDef>, 'params' | 'query' | 'body'> {
  // Strings that cannot be stored are refused first, whatever the schemas say (schemas/safeText.ts).
  const errors: FieldError[] = [
    ...unsafeTextErrors(request.params, 'params'),
    ...unsafeTextErrors(request.query, 'query'),
    ...unsafeTextErrors(request.body),
  ];
  if (errors.length) throw new HttpError(400, MESSAGES.validationFailed, { errors });
  const parse = (schema: OperationDef['body'], value: unknown, prefix?: string) => {
    if (!schema) return undefined;
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    errors.push(...fieldErrors(r.error, prefix));
    return undefined;
  };
  const params = (parse(op.params, request.params, 'params') ?? {}) as Record<string, unknown>;
  const query = (parse(op.query, request.query, 'query') ?? {}) as Record<string, unknown>;
  // A call without a body (e.g. auth_params with no options) is validated as an empty object; a JSON null is not.
  const body = op.body ? parse(op.body, request.body === undefined ? {} : request.body) : {};
  if (errors.length) throw new HttpError(400, MESSAGES.validationFailed, { errors });
  return { params, query, body };
}

function answer(op: OperationDef, reply: FastifyReply, result: unknown) {
  switch (op.responseKind ?? 'json') {
    case 'text':
      // A handler that sends a file of text sets its own type (XML, a registry file).
      if (!reply.hasHeader('content-type')) reply.type('text/plain; charset=utf-8');
      return reply.send(String(result));
    case 'binary':
      if (!reply.hasHeader('content-type')) reply.type('application/octet-stream');
      return reply.send(result);
    case 'json':
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  }
}
