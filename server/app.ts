/** Builds the Fastify application: security headers, error answers, health check, every operation, pages. */
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Registry } from '../definitions/registry';
import type { Environment } from '../schemas/access';
import { MESSAGES } from '../schemas/constants';
import { QueueFullError } from './db/queue';
import { parseMultipart } from './multipart';
import { INVALID_CHARACTERS_KEY, INVALID_CHARACTERS_MESSAGE, jsonNestsDeeperThan, TOO_DEEP_KEY, TOO_DEEP_MESSAGE } from '../schemas/safeText';
import { idpRoutes } from './idp';
import { mountOperations } from './mount';
import { registerIngestGate } from './modules/ingest';
import { registerNdjsonBodies } from './ndjson';
import { registerStaticPages } from './staticPages';
import { HttpError, type Db, type ServerModule } from './types';

export interface AppOptions {
  readonly db: Db;
  readonly env: Environment;
  readonly registry: Registry;
  readonly modules: readonly ServerModule[];
  /** The built portal (vite's output). */
  readonly distDir: string;
  /** The generated docs folder; its `site/` is served at /docs/ when present. */
  readonly docsDir: string;
  readonly logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy (config TRUST_PROXY): the client address and scheme from a trusted proxy's headers. */
  readonly trustProxy?: boolean | number | string;
  /** Absolute session lifetime (config SESSION_MAX_AGE_HOURS). */
  readonly sessionMaxAgeMs?: number;
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Largest request body: a rule list of 10,000 entries fits with room to spare. */
const BODY_LIMIT = 16 * 1024 * 1024;
/** Answers no cache may keep: the API, the provider console's API and identity provider, the tenant IdP, health. */
const NO_STORE = /^\/(api|idp)\/|^\/gdmanage(?=[/?]|$)|^\/healthz$/;
/** Sent only over HTTPS (a browser ignores it over HTTP); one year, as the HSTS preload list asks. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Trusts the nearest `n` proxies (Fastify's typings lack the hop count it accepts). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

/** A Fastify instance serving `registry` with `modules`; throws at once when an operation has no handler. */
export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Fastify answers 404 for a path parameter over 100 characters; longer ones reach the operation's schema and get
    // its 400 with the field named.
    routerOptions: { maxParamLength: 2048 },
    // A URL Fastify cannot decode (e.g. an unpaired surrogate's invalid UTF-8) gets the API's 400 shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply).code(400).send({ msg: MESSAGES.validationFailed, context: error.message });
    },
    trustProxy: typeof options.trustProxy === 'number' ? hops(options.trustProxy) : (options.trustProxy ?? false),
    // One line per request would drown the errors that matter; failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.register(fastifyCookie);

  // A JSON body must be UTF-8 (RFC 8259) and nest at most MAX_BODY_DEPTH levels. Bytes that are not (e.g. an unpaired surrogate's CESU-8 form) are refused
  // like a NUL, instead of being stored as U+FFFD; the rest is Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      const errors = [{ path: '', key: INVALID_CHARACTERS_KEY, message: INVALID_CHARACTERS_MESSAGE }];
      return done(new HttpError(400, MESSAGES.validationFailed, { errors }), undefined);
    }
    // Measured before parsing, so that no walk over the body (checks, diffs, the store) meets an unbounded depth.
    if (jsonNestsDeeperThan(text)) {
      return done(new HttpError(400, MESSAGES.validationFailed, { errors: [{ path: '', key: TOO_DEEP_KEY, message: TOO_DEEP_MESSAGE }] }), undefined);
    }
    parseJson(request, text, done);
  });
  // Uploads (operations with requestKind 'multipart'); the mount refuses a multipart body for any other operation.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, request.headers['content-type'] ?? ''));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  // Event batches (operations with requestKind 'ndjson'), with their own size limit, and the ingestion calls' gate.
  registerNdjsonBodies(app);
  registerIngestGate(app, options.db);

  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (NO_STORE.test(request.url)) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  });

  // A module may say the system is not answering for a while (an appliance restarting): the API answers 503 meanwhile.
  const availability = options.modules.flatMap((m) => (m.unavailable ? [m.unavailable] : []));
  if (availability.length > 0) {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      for (const check of availability) {
        const down = await check(options.db);
        if (down) return reply.code(503).header('Retry-After', String(down.retryAfterSeconds)).send({ msg: down.msg, restarting: true, retry_after_seconds: down.retryAfterSeconds });
      }
    });
  }

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      // A refusal that says when to come back says it in the header too.
      if (typeof error.extra.retry_after === 'number') reply.header('Retry-After', String(error.extra.retry_after));
      return reply.code(error.status).send({ msg: error.message, ...error.extra });
    }
    if (error instanceof QueueFullError) return reply.code(503).header('Retry-After', '2').send({ msg: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: a body that is not JSON, too large, of an unsupported type.
      return reply.code(status).send(status === 400 ? { msg: MESSAGES.validationFailed, context: error.message } : { msg: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ msg: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send({ msg: `Not found: ${request.method} ${request.url.split('?')[0]}` }));

  app.get('/healthz', async (_request, reply) => {
    try {
      await options.db.query('SELECT 1');
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false });
    }
  });

  mountOperations(app, options);
  app.register(idpRoutes);
  registerStaticPages(app, options);
  return app;
}
