/**
 * One API call of the contract (`OperationDef`) and the helpers that declare it: the part of the definition language
 * the operation modules (`definitions/api/`) need, kept apart from the screens' language (`define.ts`, which
 * re-exports it) so that screens may name operations' types without an import cycle.
 */
import type { z } from 'zod';
import type { EnvRule, FeatureFlag } from '../schemas/access';
import type { PermissionRule } from '../schemas/permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation: nobody signed in (`public`), any signed-in user (`session`), or an access rule whose
 * permissions are of the vocabulary (`schemas/permissions.ts`: a misspelt area or item does not compile).
 */
export type OperationAccess = 'public' | 'session' | PermissionRule;

/**
 * One API call: the single contract that drives the server route (with validation and RBAC), the generated client
 * method and the OpenAPI operation.
 */
export interface OperationDef {
  /** Stable id, `area.verb`, e.g. `auth.login`; the generated client method is named after it. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path under the server root; parameters as `{name}`, e.g. `/api/policy/v1/rules/{rev}`. */
  readonly path: string;
  /**
   * Other paths the same call is served at, with the same path parameters: the spec's name for a call this contract
   * serves under another path. The server mounts each with the same handler; the OpenAPI document lists each as an
   * alias of `path` (`x-alias-of`); the portal and the generated client use `path`.
   */
  readonly aliases?: readonly string[];
  readonly summary: string;
  readonly description?: string;
  /** Path parameters (strings in the URL; coerce in the schema). */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * How the body is sent: JSON (default) or a multipart/form-data upload, each body field a part (a field whose schema
   * has `contentMediaType` is sent as a file); the server parses every part as a string for the body schema; or NDJSON
   * (`application/x-ndjson`), given to the body schema as its text (bulk event ingestion).
   */
  readonly requestKind?: 'json' | 'multipart' | 'ndjson';
  /** Body of the 200 answer; for `text` and `binary` answers, a z.string(). */
  readonly response: z.ZodType;
  readonly responseKind?: 'json' | 'text' | 'binary';
  readonly access: OperationAccess;
  /** The path's `{rev}` is the staged policy revision. */
  readonly revision?: 'staged';
  readonly env?: EnvRule;
  readonly feature?: FeatureFlag;
  /** A state-changing call that needs no X-XSRFToken header because it hands the xsrf cookie out (auth_params). */
  readonly xsrfExempt?: true;
  /** Grouping tag for OpenAPI and the docs. */
  readonly tag: string;
  /** Handled by the generic document store (derived from a screen), not by a hand-written module. */
  readonly document?: { readonly screenId: string; readonly role: 'read' | 'save' };
  /**
   * Called from no screen, row action, widget or shell flow, on purpose: by whom and why. Every other operation is
   * reached from the portal (`definitions/reachability.ts`, held by its test).
   */
  readonly apiOnly?: ApiOnly;
}

/** Who calls an operation the portal itself never calls. */
export type ApiOnlyReason = 'integration' | 'script' | 'log-collector';
export const API_ONLY_REASONS: Readonly<Record<ApiOnlyReason, string>> = {
  integration: 'Integration',
  script: 'Script',
  'log-collector': 'Log collector',
};
export interface ApiOnly {
  readonly reason: ApiOnlyReason;
  /** Why no screen calls it, for auditors (e.g. the older path of a call a screen makes under the newer one). */
  readonly why: string;
}

export const defineOperation = <const O extends OperationDef>(op: O): O => op;

/** `top_users` → `top-users`, at the type level too. */
export type IdSegment<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${IdSegment<B>}` : S;

/**
 * An id segment made from one of the documents' own names (a report, log type or list such as `top_users`): ids are
 * dot-separated kebab-case segments (`reports.top-users`, `logs.fwaas-logs.query`, `web.ssl-bypass`), with a
 * camelCase verb as the last segment where an area has several calls (`users.updateSettings`); the path keeps the
 * documents' spelling.
 */
export const idSegment = <const S extends string>(name: S): IdSegment<S> => name.replaceAll('_', '-') as IdSegment<S>;
