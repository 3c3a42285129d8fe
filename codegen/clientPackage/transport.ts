/**
 * The HTTP side of the portal's client package, for scripts outside the portal (Node 18 or later, or any runtime with
 * `fetch`). Copied as it is into the package by `npm run codegen`; it imports nothing, so the package stands alone.
 * A connection signs in with a user's password (it keeps the session and xsrf cookies like a browser, and sends the
 * xsrf header on every call that changes something) or carries an API token (`Authorization: Bearer`). A reply
 * other than 2xx becomes a `PortalError` with the status, the server's text and its field errors.
 */

/** What a call needs of an operation (the package's `operationRoutes`). */
export interface OperationRoute {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly responseKind: 'json' | 'text' | 'binary';
  readonly tag?: string;
  readonly xsrfExempt?: true;
  readonly access?: unknown;
  /** A multipart/form-data upload: each body field a part, `fileFields` sent as files; or an NDJSON body sent as it is. */
  readonly requestKind?: 'multipart' | 'ndjson';
  readonly fileFields?: readonly string[];
  /** The `status` its answer must carry (the management service's "Success", the operator's "authenticated"). */
  readonly replyStatus?: string;
}

export interface CallInput {
  readonly params?: Readonly<Record<string, string | number | boolean>>;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: unknown;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Give up after this long (default 60 s). */
  readonly timeoutMs?: number;
}

export type CallFn = <T>(operationId: string, input?: CallInput, options?: CallOptions) => Promise<T>;

/** A field the server refused: its path in the request, the rule's key and the message. */
export interface FieldError {
  readonly path: string;
  readonly key: string;
  readonly message: string;
}

export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly FieldError[],
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

export interface ConnectOptions {
  /** The portal's address, e.g. `https://portal.example.com`. */
  readonly baseUrl: string;
  /** An API token; without one, sign in with a user's password. */
  readonly token?: string;
  readonly fetch?: typeof fetch;
  /** Cookies of an earlier session to continue (name → value), e.g. as a saved profile holds them. */
  readonly cookies?: Iterable<readonly [string, string]>;
}

/** Names the server uses on the wire (written into the package by codegen). */
export interface Wire {
  readonly xsrfCookie: string;
  readonly xsrfHeader: string;
}

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathOf(template: string, params: CallInput['params'] = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(query: CallInput['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) search.append(key, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A connection to one portal: `call` for the generated client, and the cookies it holds. */
export function connection(options: ConnectOptions, routes: readonly OperationRoute[], wire: Wire) {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const cookies = new Map<string, string>(options.cookies ?? []);
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');

  const keep = (line: string) => {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [k = '', v = ''] = a.trim().split('=');
      return (k.toLowerCase() === 'max-age' && Number(v) <= 0) || (k.toLowerCase() === 'expires' && Date.parse(v) <= Date.now());
    });
    if (expired || value === '') cookies.delete(name);
    else cookies.set(name, value);
  };

  const call: CallFn = async <T>(operationId: string, input: CallInput = {}, callOptions: CallOptions = {}): Promise<T> => {
    const route = byId.get(operationId);
    if (!route) throw new Error(`Unknown operation ${operationId}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    else if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = cookies.get(wire.xsrfCookie);
    if (!options.token && CHANGES.has(route.method) && xsrf !== undefined) headers[wire.xsrfHeader] = xsrf;
    let body: string | FormData | undefined;
    if (input.body !== undefined && route.requestKind === 'multipart') {
      const form = new FormData();
      for (const [name, value] of Object.entries(input.body as Record<string, unknown>)) {
        if (value === undefined) continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        if (route.fileFields?.includes(name)) form.append(name, new Blob([text], { type: 'application/json' }), `${name}.json`);
        else form.append(name, text);
      }
      body = form;
    } else if (input.body !== undefined && route.requestKind === 'ndjson') {
      body = String(input.body);
      headers['content-type'] = 'application/x-ndjson';
    } else if (input.body !== undefined) {
      body = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
    const signals = [AbortSignal.timeout(callOptions.timeoutMs ?? 60_000), ...(callOptions.signal ? [callOptions.signal] : [])];
    const res = await doFetch(`${base}${pathOf(route.path, input.params)}${queryOf(input.query)}`, {
      method: route.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any(signals),
    });
    for (const line of res.headers.getSetCookie()) keep(line);
    if (!res.ok) {
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the text is the message.
      }
      const reply = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { msg?: unknown; errors?: unknown };
      const message = typeof reply.msg === 'string' ? reply.msg : `${route.method} ${route.path}: ${res.status} ${res.statusText}`;
      throw new PortalError(res.status, message, Array.isArray(reply.errors) ? (reply.errors as FieldError[]) : [], parsed);
    }
    if (route.responseKind === 'binary') return (await res.blob()) as T;
    if (route.responseKind === 'text') return (await res.text()) as T;
    const answer = (await res.json()) as { status?: unknown } | null;
    if (route.replyStatus !== undefined && answer?.status !== route.replyStatus) {
      const message = typeof answer?.status === 'string' && answer.status !== '' ? answer.status : `The answer carries no status "${route.replyStatus}".`;
      throw new PortalError(res.status, message, [], answer);
    }
    return answer as T;
  };

  return { call, cookies: cookies as ReadonlyMap<string, string> };
}
