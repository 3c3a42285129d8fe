/**
 * The HTTP client (spec 000 §7–§8). Every call goes through `callOperation` with an operation id of the generated
 * operations table (engine/generated/client.gen.ts: the portal configures the shell's routes and loads every other
 * group on first use): the path comes from the operation's template, every request carries no-cache headers and the xsrf header, and
 * failures become `ApiError` values with the spec's texts (401, 403 snackbar, time-out, the server's `msg`).
 */
import type { HttpMethod, OperationAccess } from '../../definitions/define';
import {
  ACCESS_STAMP_HEADER,
  BACKGROUND_HEADER,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  SKIP_403_SNACKBAR_HEADER,
  SNACKBAR_403_MS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../../schemas/constants';
import type { FieldError } from '../../schemas/http';
import { browserCookies, type CookieJar } from './cookies';
import { showSnackbar } from './snackbar';
import { logger } from './logger';
import { announcedRestart, reportRestart } from './restart';

/** What the client needs of an operation: plain data, generated (an `OperationDef` has it too). */
export interface OperationRoute {
  readonly id: string;
  readonly method: HttpMethod;
  /** Path template with `{param}`s. */
  readonly path: string;
  readonly tag: string;
  readonly responseKind?: 'json' | 'text' | 'binary';
  /**
   * A multipart/form-data upload: each body field a part, `fileFields` sent as files (named after the field); or an
   * NDJSON body, the body string sent as it is.
   */
  readonly requestKind?: 'json' | 'multipart' | 'ndjson';
  readonly fileFields?: readonly string[];
  /** A state-changing call that hands the xsrf cookie out (the server does not check the header). */
  readonly xsrfExempt?: true;
  /** Who may call it; the shell reads it for controls such as publish. */
  readonly access?: OperationAccess;
  /** The `status` its answer must carry (spec 001 §5: "Success", or "authenticated" for the operator); else an error. */
  readonly replyStatus?: string;
}

/** The error body of the API plus whatever else the answer carried (e.g. `current` on a 409). */
export type ApiErrorBody = {
  readonly msg?: string;
  readonly errors?: readonly FieldError[];
  readonly delay?: number;
  readonly context?: string;
  readonly [key: string]: unknown;
};

/** Why a call failed: an HTTP answer, the time-out, no answer at all. */
export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** A failed call, as a value: the HTTP status (0 without an answer), the text to show, field errors, the body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly kind: ApiErrorKind = 'http',
    readonly fieldErrors: readonly FieldError[] = [],
    readonly body: ApiErrorBody = {},
  ) {
    super(message);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export interface CallInput {
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

export interface CallOptions {
  /** Do not show the 403 permission snackbar; the header telling the server so is sent too. */
  readonly skip403Snackbar?: boolean;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** A 401 does not log the user out (the sign-in call itself, the session probe). */
  readonly skipUnauthorizedHandling?: boolean;
  /** A poll the page makes by itself (jobs, status): sent with BACKGROUND_HEADER, so it is not session activity. */
  readonly background?: boolean;
  /** The answer is a file to save: the call resolves with a `DownloadedFile` whatever the operation's responseKind. */
  readonly asFile?: boolean;
}

/** An answer read as a file: its bytes with the server's content type, and the name its Content-Disposition gives. */
export interface DownloadedFile {
  readonly blob: Blob;
  readonly fileName?: string;
}

/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 5987, UTF-8) before `filename`; folders and
 * control characters are dropped, so the name cannot point elsewhere. Undefined when it gives none.
 */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim());
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
  }
  // eslint-disable-next-line no-control-regex
  const safe = name?.split(/[/\\]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return safe && safe !== '.' && safe !== '..' ? safe : undefined;
}

async function readFile(res: Response): Promise<DownloadedFile> {
  const bytes = await res.blob();
  const type = res.headers.get('content-type') ?? '';
  // The blob carries the answer's content type; a runtime that leaves it out gets it from the header.
  const blob = bytes.type || !type ? bytes : new Blob([bytes], { type });
  const fileName = dispositionFileName(res.headers.get('content-disposition'));
  return fileName ? { blob, fileName } : { blob };
}

export interface HttpConfig {
  readonly operations: readonly OperationRoute[];
  /**
   * The routes to look an operation up in when `operations` lacks it (the generated client's `loadOperationRoutes`:
   * the group of operations it belongs to, loaded on its first call).
   */
  readonly loadOperations?: (operationId: string) => Promise<readonly OperationRoute[]>;
  /** Outside production the server's `context` is appended to error texts. */
  readonly production: boolean;
  /** Called on a 401 (spec 000 §8: the user is logged out). */
  readonly onUnauthorized?: () => void;
  /**
   * Whether a call made now is the page's own rather than the user's (the user has been away a while): it carries
   * BACKGROUND_HEADER, so polls do not keep an idle session alive on the server.
   */
  readonly isBackground?: () => boolean;
  /** Called with ACCESS_STAMP_HEADER of every answer that carries it, refusals included. */
  readonly onAccessStamp?: (stamp: string) => void;
  readonly fetch?: typeof fetch;
  readonly cookies?: CookieJar;
  /** Prefix of every path, e.g. an origin in tests; empty in the browser. */
  readonly baseUrl?: string;
}

let config: (HttpConfig & { byId: Map<string, OperationRoute> }) | undefined;

/** Sets up the client; called once by the application entry (and by tests). */
export function configureHttp(next: HttpConfig): void {
  config = { ...next, byId: new Map(next.operations.map((o) => [o.id, o])) };
}

/** Fills `{name}` placeholders of a path template; a missing parameter is a programming error. */
export function buildPath(template: string, params: CallInput['params'] = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

/** Query string from an object: arrays become repeated parameters; undefined and null are left out. */
export function buildQuery(query: CallInput['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) search.append(key, String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

async function readErrorBody(res: Response): Promise<ApiErrorBody> {
  const text = await res.text().catch(() => '');
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ApiErrorBody) : {};
  } catch {
    return {};
  }
}

async function readBody(res: Response, kind: OperationRoute['responseKind']): Promise<unknown> {
  if (kind === 'text') return res.text();
  if (kind === 'binary') return res.blob();
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** An operation's route from the configured loader, remembered with the rest of its group; undefined without one. */
async function loadedRoute(cfg: NonNullable<typeof config>, operationId: string): Promise<OperationRoute | undefined> {
  if (!cfg.loadOperations) return undefined;
  for (const route of await cfg.loadOperations(operationId)) if (!cfg.byId.has(route.id)) cfg.byId.set(route.id, route);
  return cfg.byId.get(operationId);
}

/**
 * Calls an operation of the registry. Resolves with the answer (JSON, text or a Blob per the operation's
 * responseKind, or a `DownloadedFile` when asked `asFile`); rejects with an `ApiError`, or with the caller's abort reason when `signal` aborts.
 */
export async function callOperation<T>(operationId: string, input: CallInput = {}, options: CallOptions = {}): Promise<T> {
  if (!config) throw new Error('configureHttp() must run before the first call');
  const cfg = config;
  const op = cfg.byId.get(operationId) ?? (await loadedRoute(cfg, operationId));
  if (!op) throw new Error(`Unknown operation: ${operationId}`);

  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache, no-store, must-revalidate',
    Pragma: 'no-cache',
    Accept: !options.asFile && (op.responseKind === 'json' || op.responseKind === undefined) ? 'application/json' : '*/*',
  };
  const xsrf = (cfg.cookies ?? browserCookies()).get(XSRF_COOKIE);
  if (xsrf !== undefined) headers[XSRF_HEADER] = xsrf;
  if (options.skip403Snackbar) headers[SKIP_403_SNACKBAR_HEADER] = '1';
  if (options.background || cfg.isBackground?.()) headers[BACKGROUND_HEADER] = '1';
  let body: string | FormData | undefined;
  if (input.body !== undefined && op.requestKind === 'multipart') {
    body = formData(input.body as Record<string, unknown>, op.fileFields ?? []);
  } else if (input.body !== undefined && op.requestKind === 'ndjson') {
    headers['Content-Type'] = 'application/x-ndjson';
    body = String(input.body);
  } else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }

  const url = `${cfg.baseUrl ?? ''}${buildPath(op.path, input.params)}${buildQuery(input.query)}`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    let res: Response;
    try {
      res = await (cfg.fetch ?? fetch)(url, {
        method: op.method,
        headers,
        body,
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch (e) {
      if (timedOut) throw logged(op, new ApiError(0, MESSAGES.timeout(op.tag, op.id), 'timeout'));
      if (options.signal?.aborted) throw options.signal.reason;
      throw logged(op, new ApiError(0, `The server could not be reached. (${e instanceof Error ? e.message : String(e)})`, 'network'));
    }
    const stamp = res.headers.get(ACCESS_STAMP_HEADER);
    if (stamp) cfg.onAccessStamp?.(stamp);
    if (res.ok) {
      try {
        const answer = await (options.asFile ? readFile(res) : readBody(res, op.responseKind));
        const restart = announcedRestart(answer);
        if (restart !== undefined) reportRestart(restart);
        if (op.replyStatus !== undefined) checkReplyStatus(op, res.status, answer);
        return answer as T;
      } catch (e) {
        if (timedOut) throw new ApiError(0, MESSAGES.timeout(op.tag, op.id), 'timeout');
        throw e;
      }
    }
    throw logged(op, await toApiError(res, op, options, cfg));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * Spec 001 §5 and §8: an answer without the status its operation declares is an error, raised with that status text
 * (or, when it carries none, naming the status it lacks), and logged.
 */
function checkReplyStatus(op: OperationRoute, httpStatus: number, answer: unknown): void {
  const status = answer !== null && typeof answer === 'object' ? (answer as { status?: unknown }).status : undefined;
  if (status === op.replyStatus) return;
  const message = typeof status === 'string' && status !== '' ? status : `The answer carries no status "${op.replyStatus}".`;
  throw logged(op, new ApiError(httpStatus, message, 'http', [], (answer ?? {}) as ApiErrorBody));
}

/** A multipart body: strings as they are, other values as JSON; file fields as files named after the field. */
function formData(fields: Record<string, unknown>, files: readonly string[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (files.includes(name)) form.append(name, new Blob([text], { type: 'application/json' }), `${name}.json`);
    else form.append(name, text);
  }
  return form;
}

/** Spec 000 §8, 001 §8, 002 §7: every call has a time-out and its failures are logged, with the call's context. */
function logged(op: OperationRoute, error: ApiError): ApiError {
  logger.warn(`${op.method} ${op.path} (${op.tag} : ${op.id}) failed: ${error.status ? `HTTP ${error.status}, ` : ''}${error.message}`);
  return error;
}

async function toApiError(
  res: Response,
  op: OperationRoute,
  options: CallOptions,
  cfg: HttpConfig,
): Promise<ApiError> {
  const body = await readErrorBody(res);
  const fieldErrors = body.errors ?? [];
  const restart = res.status === 503 ? announcedRestart(body) : undefined;
  if (restart !== undefined) reportRestart(restart);
  if (res.status === 401 && !options.skipUnauthorizedHandling) {
    cfg.onUnauthorized?.();
    return new ApiError(401, MESSAGES.notAuthorized, 'http', fieldErrors, body);
  }
  if (res.status === 403) {
    if (!options.skip403Snackbar) {
      showSnackbar({ message: MESSAGES.forbidden, duration: SNACKBAR_403_MS, closable: true, kind: 'error' });
    }
    return new ApiError(403, withContext(body.msg ?? MESSAGES.forbidden, body, cfg), 'http', fieldErrors, body);
  }
  const message = body.msg ?? (res.status === 401 ? MESSAGES.notAuthorized : `Request failed (HTTP ${res.status}).`);
  return new ApiError(res.status, withContext(message, body, cfg), 'http', fieldErrors, body);
}

function withContext(message: string, body: ApiErrorBody, cfg: HttpConfig): string {
  return !cfg.production && body.context ? `${message} (${body.context})` : message;
}
