/** Contracts between the server's generic operation mount and its modules. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Environment, Grants } from '../schemas/access';
import type { SessionUser } from '../schemas/auth';
import type { OperationDef } from '../definitions/define';
import type { Registry } from '../definitions/registry';

/** The one storage interface: plain SQL with $1-style parameters, on PGlite or node-postgres. */
export interface Db {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
  /** Runs one or more statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs fn inside one transaction; the Db passed to fn is bound to it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** The signed-in caller, resolved from the session cookie. */
export interface Caller {
  /** Server-side id of the session: the SHA-256 of the `sid` cookie, never the cookie itself. */
  readonly sessionId: string;
  readonly tenantId: string;
  readonly user: SessionUser;
  readonly grants: Grants;
}

/** What a handler receives: input already validated against the operation's zod schemas. */
export interface HandlerContext<P = Record<string, unknown>, Q = Record<string, unknown>, B = unknown> {
  readonly op: OperationDef;
  readonly db: Db;
  readonly env: Environment;
  /** Undefined only for 'public' operations called without a session. */
  readonly caller: Caller | undefined;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** Returns the answer body (validated against op.response in tests), or throws an HttpError. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (ctx: HandlerContext<any, any, any>) => Promise<unknown>;

/** What a module's start hook may need besides the store and the environment. */
export interface StartContext {
  readonly registry: Registry;
  /** PORTAL_SEED: `small` seeds less bulk data (tests), `full` the whole demo. */
  readonly seed: 'full' | 'small';
}

/** A hand-written module: handlers keyed by operation id. */
export interface ServerModule {
  readonly name: string;
  readonly handlers: Readonly<Record<string, Handler>>;
  /** Runs once after migrations on every start (e.g. seeding), in module order; must be idempotent. */
  readonly onStart?: (db: Db, env: Environment, ctx: StartContext) => Promise<void>;
}

/** An error with an HTTP status and the API's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** The caller of an operation that needs a session; the mount has already answered 401 when there is none. */
export function requireCaller(ctx: { readonly caller: Caller | undefined }): Caller {
  if (!ctx.caller) throw new HttpError(401, 'User not authorized');
  return ctx.caller;
}
