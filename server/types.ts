/** Contracts between the server's generic operation mount and its modules. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
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
  /** The database vacuums and analyses its tables itself (PostgreSQL's autovacuum; PGlite has none). */
  readonly autovacuum: boolean;
  /**
   * The store for heavy reads (reports, log pages): they never hold up interactive calls (on PGlite they wait while
   * one is waiting; on PostgreSQL they use their own connections), and `signal` cancels them (dropped before they
   * start; on PostgreSQL a running query is cancelled).
   */
  heavy(signal?: AbortSignal): Db;
}

/** The signed-in caller, resolved from the session cookie. */
export interface Caller {
  /** Server-side id of the session: the SHA-256 of the `sid` cookie, never the cookie itself. */
  readonly sessionId: string;
  readonly tenantId: string;
  readonly user: SessionUser;
  readonly grants: Grants;
}

/** What a module's start hook may need besides the store and the environment. */
export interface StartContext {
  readonly registry: Registry;
  /** PORTAL_SEED: `small` seeds less bulk data (tests), `full` the whole demo. */
  readonly seed: 'full' | 'small';
}

/** What an operation's schema parses to; an operation without that schema receives an empty object. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What every handler receives besides its operation's input. */
export interface CallContext {
  /** The operation being answered (its id, path, access rule); the schemas already ran. */
  readonly op: OperationDef;
  readonly db: Db;
  readonly env: Environment;
  /** The registry the server serves. */
  readonly registry: Registry;
  /** Undefined only for 'public' operations called without a session. */
  readonly caller: Caller | undefined;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** What the handler of operation `O` receives: params, query and body typed from the operation's own schemas. */
export interface OperationContext<O extends OperationDef> extends CallContext {
  readonly params: Parsed<O['params']>;
  readonly query: Parsed<O['query']>;
  readonly body: Parsed<O['body']>;
}

/** The handler of operation `O`: its answer must have the shape of the operation's response schema. */
export type OperationHandler<O extends OperationDef> = (ctx: OperationContext<O>) => Promise<z.output<O['response']>>;

/** An operation bound to its handler, as a module lists it. */
export interface Implementation {
  readonly op: OperationDef;
  readonly handle: OperationHandler<OperationDef>;
}

/** Binds one operation to its handler; params, query, body and the answer are checked against the operation. */
export function implement<const O extends OperationDef>(op: O, handle: OperationHandler<O>): Implementation {
  return { op, handle: handle as unknown as Implementation['handle'] };
}

/**
 * Binds every operation of a group (an object of operations, as a `definitions/api/*.ts` file exports it) to its
 * handler: leaving one out, naming one the group does not have, or answering the wrong shape is a compile error.
 */
export function implementAll<const G extends Readonly<Record<string, OperationDef>>>(
  group: G,
  handlers: NoInfer<{ readonly [K in keyof G]: OperationHandler<G[K]> }>,
): Implementation[] {
  return (Object.keys(group) as (keyof G & string)[]).map((k) => ({
    op: group[k]!,
    handle: handlers[k] as unknown as Implementation['handle'],
  }));
}

/** A hand-written module: the operations it implements. */
export interface ServerModule {
  readonly name: string;
  readonly implementations?: readonly Implementation[];
  /** Runs once after migrations on every start (e.g. seeding), in module order; must be idempotent. */
  readonly onStart?: (db: Db, env: Environment, ctx: StartContext) => Promise<void>;
  /**
   * Runs the module's most frequent reads for one tenant, changing nothing: the start-up warm-up of PGlite
   * (startServer.ts), repeated a few times after the start hooks and before the server listens.
   */
  readonly warmUp?: (db: Db, tenantId: string, ctx: StartContext) => Promise<void>;
  /**
   * Whether the system is answering (an appliance restarting is not): when it gives an answer, every API call gets a
   * 503 with it, `restarting: true` and `Retry-After`.
   */
  readonly unavailable?: (db: Db) => Promise<{ readonly msg: string; readonly retryAfterSeconds: number } | undefined>;
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
