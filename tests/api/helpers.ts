/** Real HTTP calls against the test server with a small cookie jar that echoes the xsrf cookie as the browser page does. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { z } from 'zod';
import { registry } from '../../definitions';
import type { OperationDef } from '../../definitions/define';
import { XSRF_COOKIE, XSRF_HEADER } from '../../schemas/constants';

/** The demo accounts of the README. */
export const ACCOUNTS = {
  admin: 'admin-demo',
  auditor: 'auditor-demo',
  webadmin: 'webadmin-demo',
  'other-admin': 'other-demo',
} as const;
export type Account = keyof typeof ACCOUNTS;

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body, or undefined when the answer is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  /** Set-Cookie lines of the answer. */
  readonly setCookies: readonly string[];
}

export interface RequestOptions {
  readonly body?: unknown;
  /** Sent as is, without JSON encoding (with its content type). */
  readonly raw?: { readonly data: string; readonly type: string };
  /** X-XSRFToken: the jar's cookie (default for state-changing calls), a given value, or none. */
  readonly xsrf?: string | false;
  readonly headers?: Readonly<Record<string, string>>;
}

export const baseUrl = (): string => inject('baseUrl');

/** A multipart/form-data body (for `raw`): text fields, and file parts given as `{ file: text }` (sent as JSON files). */
export async function multipart(fields: Readonly<Record<string, string | { readonly file: string }>>): Promise<{ data: string; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.file], { type: 'application/json' }), `${name}.json`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { data: await request.text(), type: request.headers.get('content-type')! };
}

/** The multipart upload that creates a browser configuration policy (uploadFile, name; createdBy when given). */
export const policyUpload = (name: string, file: Readonly<Record<string, unknown>>, createdBy?: string) =>
  multipart({ uploadFile: { file: JSON.stringify(file) }, name, ...(createdBy ? { createdBy } : {}) });

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string = baseUrl()) {}

  /** A second client holding the same cookies (e.g. to replay an old session). */
  copy(): ApiClient {
    const c = new ApiClient(this.base);
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = options.xsrf ?? (method === 'GET' ? false : this.cookies.get(XSRF_COOKIE));
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    let body: string | undefined;
    if (options.raw) {
      body = options.raw.data;
      headers['content-type'] = options.raw.type;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('application/json') ? (JSON.parse(text) as unknown) : undefined;
    return { status: res.status, headers: res.headers, text, body: json, setCookies };
  }

  private store(line: string): void {
    const [pair, ...attrs] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k, v = ''] = a.trim().split('=');
      return (k!.toLowerCase() === 'max-age' && Number(v) <= 0) || (k!.toLowerCase() === 'expires' && Date.parse(v) <= Date.now());
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  get = (path: string, o?: RequestOptions) => this.request('GET', path, o);
  post = (path: string, o?: RequestOptions) => this.request('POST', path, o);
  put = (path: string, o?: RequestOptions) => this.request('PUT', path, o);

  /** GET /api/portal/config, which hands out the xsrf cookie. */
  start = () => this.get('/api/portal/config');

  /** Fetches the xsrf cookie when missing, then signs in. */
  async login(username: string, password: string): Promise<ApiResponse> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.start();
    return this.post('/api/auth/v1/login', { body: { username, password } });
  }
}

/** A client signed in as a demo account; fails the test when sign-in fails. */
export async function signedIn(account: Account, base?: string): Promise<ApiClient> {
  const client = new ApiClient(base);
  const res = await client.login(account, ACCOUNTS[account]);
  if (res.status !== 200) throw new Error(`Sign-in as ${account} failed: ${res.status} ${res.text}`);
  return client;
}

/**
 * A user of the demo tenant signed in with a role of its own (areas to read and write, permission lines denied), both
 * made through the identity API by the admin as an administrator would: no server of its own is needed for it.
 */
export async function signedInWithRole(role: { readonly read: readonly string[]; readonly write?: readonly string[]; readonly deny?: readonly string[] }): Promise<ApiClient> {
  const admin = await signedIn('admin');
  const id = randomBytes(4).toString('hex');
  const made = async (path: string, body: object) => {
    const res = await admin.post(path, { body });
    if (res.status !== 200) throw new Error(`POST ${path} failed: ${res.status} ${res.text}`);
  };
  await made('/api/policy/v2/rbac', { name: `Role-${id}`, ...role });
  await made('/api/udb-rest/v2/users?limit=1', { username: `user-${id}`, password: 'Correct-horse-7', role: `Role-${id}` });
  const client = new ApiClient();
  const res = await client.login(`user-${id}`, 'Correct-horse-7');
  if (res.status !== 200) throw new Error(`Sign-in as user-${id} failed: ${res.status} ${res.text}`);
  return client;
}

/**
 * Parses an answer with the response schema the registry declares for the operation (given as its definition, or
 * its id for derived ones), so a shape drift fails the test.
 */
export function asResponseOf<O extends OperationDef>(op: O | string, body: unknown): z.infer<O['response']> {
  const id = typeof op === 'string' ? op : op.id;
  const declared = registry.operation(id);
  if (!declared) throw new Error(`No operation ${id} in the registry`);
  return declared.response.parse(body) as z.infer<O['response']>;
}

export const SSL_BYPASS = '/api/policy/v1/rules/sslbump_bypass';

/** The working revision of the caller's tenant. */
export async function stagedRev(client: ApiClient): Promise<number> {
  const res = await client.get('/api/policy/v1/rules');
  if (res.status !== 200) throw new Error(`GET /api/policy/v1/rules: ${res.status} ${res.text}`);
  return res.body.staged_rev_id as number;
}
