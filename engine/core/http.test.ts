import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_STAMP_HEADER,
  BACKGROUND_HEADER,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  SKIP_403_SNACKBAR_HEADER,
  SNACKBAR_403_MS,
  XSRF_HEADER,
} from '../../schemas/constants';
import type { CookieJar } from './cookies';
import { ApiError, buildPath, buildQuery, callOperation, configureHttp, dispositionFileName, type DownloadedFile, type OperationRoute } from './http';
import { serverRestart } from './restart';
import { currentSnackbars, dismissSnackbar } from './snackbar';

const operations: OperationRoute[] = [
  { id: 'policy.revision', method: 'GET', path: '/api/policy/v1/rules', tag: 'policy' },
  { id: 'web.ssl-bypass.save', method: 'PUT', path: '/api/policy/v1/rules/sslbump_bypass/{rev}', tag: 'web policy' },
  { id: 'auth.logout', method: 'GET', path: '/api/auth/v1/logout', tag: 'auth', responseKind: 'text' },
  { id: 'reports.download', method: 'GET', path: '/api/reports/v1/past_reports/{id}', tag: 'reports', responseKind: 'binary' },
  { id: 'auth.login', method: 'POST', path: '/api/auth/v1/login', tag: 'auth' },
  { id: 'provider.tenants.list', method: 'GET', path: '/gdmanage/api/v1/tenants', tag: 'provider', replyStatus: 'Success' },
  { id: 'provider.me', method: 'GET', path: '/gdmanage/api/me', tag: 'provider', replyStatus: 'authenticated' },
  { id: 'posture.listPolicies', method: 'GET', path: '/api/brw-posture-mgmt/v1/configPolicies', tag: 'browser posture' },
];

const jar = (values: Record<string, string>): CookieJar => ({
  get: (n) => values[n],
  delete: (n) => void delete values[n],
});

type FetchArgs = [string, RequestInit];
function setup(answer: (url: string, init: RequestInit) => Promise<Response> | Response, production = true) {
  const calls: FetchArgs[] = [];
  const onUnauthorized = vi.fn();
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push([String(url), init ?? {}]);
    return answer(String(url), init ?? {});
  }) as unknown as typeof fetch;
  configureHttp({
    operations,
    production,
    onUnauthorized,
    fetch: fetchImpl,
    cookies: jar({ _xsrf: '2|ab|cd|123' }),
  });
  return { calls, onUnauthorized };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});
afterEach(() => vi.useRealTimers());

describe('buildPath / buildQuery', () => {
  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(buildPath('/api/x/{area}/{rev}', { area: 'a b', rev: 4 })).toBe('/api/x/a%20b/4');
    expect(() => buildPath('/api/x/{rev}', {})).toThrow(/rev/);
  });
  it('repeats array values and leaves out undefined and null', () => {
    expect(buildQuery({ a: [1, 2], b: undefined, c: null, d: 'x' })).toBe('?a=1&a=2&d=x');
    expect(buildQuery({})).toBe('');
  });
});

describe('callOperation', () => {
  it('sends the method, path, no-cache headers, xsrf header and JSON body, and returns the JSON answer', async () => {
    const { calls } = setup(() => json(200, { ok: true }));
    const out = await callOperation('web.ssl-bypass.save', { params: { rev: 7 }, body: { list: [] } });
    expect(out).toEqual({ ok: true });
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/policy/v1/rules/sslbump_bypass/7');
    expect(init.method).toBe('PUT');
    const h = init.headers as Record<string, string>;
    expect(h['Cache-Control']).toContain('no-cache');
    expect(h.Pragma).toBe('no-cache');
    expect(h[XSRF_HEADER]).toBe('2|ab|cd|123');
    expect(h['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"list":[]}');
  });

  it('sends the xsrf header on reads too', async () => {
    const { calls } = setup(() => json(200, {}));
    await callOperation('policy.revision');
    expect((calls[0]![1].headers as Record<string, string>)[XSRF_HEADER]).toBe('2|ab|cd|123');
  });

  it('reads text and binary answers per the operation', async () => {
    setup((url) => new Response(url.includes('logout') ? 'OK' : new Uint8Array([1, 2, 3]), { status: 200 }));
    await expect(callOperation('auth.logout')).resolves.toBe('OK');
    const blob = await callOperation<Blob>('reports.download', { params: { id: 'r1' } });
    expect(blob.size).toBe(3);
  });

  it('reads an answer as a file when asked: its bytes, the server\'s content type and the name it gives', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);
    const { calls } = setup(
      () => new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="report.zip"' } }),
    );
    const file = await callOperation<DownloadedFile>('policy.revision', {}, { asFile: true });
    expect(file.fileName).toBe('report.zip');
    expect(file.blob.type).toBe('application/zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
    // A JSON operation asked for a file takes any type, and its JSON is not parsed.
    expect((calls[0]![1].headers as Record<string, string>).Accept).toBe('*/*');
    setup(() => new Response('{"a":1}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const json = await callOperation<DownloadedFile>('policy.revision', {}, { asFile: true });
    expect(json.fileName).toBeUndefined();
    expect(await json.blob.text()).toBe('{"a":1}');
  });

  it('fails with the time-out text naming the service (tag) and method (operation id)', async () => {
    vi.useFakeTimers();
    setup(
      (_url, init) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = callOperation('policy.revision');
    const check = expect(pending).rejects.toMatchObject({ message: 'Request timeout. ({policy : policy.revision})', kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await check;
  });

  it('honours a per-call time-out', async () => {
    vi.useFakeTimers();
    setup((_u, init) => new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('x')))));
    const pending = callOperation('auth.login', { body: {} }, { timeoutMs: 500 });
    const check = expect(pending).rejects.toThrow(MESSAGES.timeout('auth', 'auth.login'));
    await vi.advanceTimersByTimeAsync(500);
    await check;
  });

  it('on 401 logs the user out and fails with "User not authorized"', async () => {
    const { onUnauthorized } = setup(() => json(401, { msg: 'Session expired' }));
    await expect(callOperation('policy.revision')).rejects.toMatchObject({ status: 401, message: MESSAGES.notAuthorized });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to the caller that opts out (the sign-in call)', async () => {
    const { onUnauthorized } = setup(() => json(401, { msg: 'Wrong user name or password.' }));
    await expect(callOperation('auth.login', { body: {} }, { skipUnauthorizedHandling: true })).rejects.toMatchObject({
      status: 401,
      message: 'Wrong user name or password.',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 403 shows the permission snackbar for 5 s with a Close button', async () => {
    setup(() => json(403, { msg: 'Forbidden' }));
    await expect(callOperation('policy.revision')).rejects.toMatchObject({ status: 403 });
    const [notice] = currentSnackbars();
    expect(notice).toMatchObject({ message: MESSAGES.forbidden, duration: SNACKBAR_403_MS, closable: true });
  });

  it('skips the 403 snackbar on request and tells the server with the skip header', async () => {
    const { calls } = setup(() => json(403, { msg: 'Forbidden' }));
    await expect(callOperation('policy.revision', {}, { skip403Snackbar: true })).rejects.toBeInstanceOf(ApiError);
    expect(currentSnackbars()).toHaveLength(0);
    expect((calls[0]![1].headers as Record<string, string>)[SKIP_403_SNACKBAR_HEADER]).toBeDefined();
  });

  it('marks a call made while the page says the user is away with the background header, and only then', async () => {
    let away = false;
    const calls: FetchArgs[] = [];
    configureHttp({
      operations,
      production: true,
      isBackground: () => away,
      fetch: (async (url: string, init: RequestInit) => (calls.push([url, init]), json(200, {}))) as unknown as typeof fetch,
      cookies: jar({}),
    });
    await callOperation('policy.revision');
    away = true;
    await callOperation('policy.revision');
    expect(calls.map(([, init]) => (init.headers as Record<string, string>)[BACKGROUND_HEADER])).toEqual([undefined, '1']);
  });

  it('marks a call the page makes by itself (a poll) as background while the user is present too', async () => {
    const calls: FetchArgs[] = [];
    configureHttp({
      operations,
      production: true,
      isBackground: () => false,
      fetch: (async (url: string, init: RequestInit) => (calls.push([url, init]), json(200, {}))) as unknown as typeof fetch,
      cookies: jar({}),
    });
    await callOperation('policy.revision', {}, { background: true });
    await callOperation('policy.revision');
    expect(calls.map(([, init]) => (init.headers as Record<string, string>)[BACKGROUND_HEADER])).toEqual(['1', undefined]);
  });

  it('hands the access stamp of every answer to the session, a refusal’s too', async () => {
    const stamps: string[] = [];
    let status = 200;
    configureHttp({
      operations,
      production: true,
      onAccessStamp: (s) => stamps.push(s),
      fetch: (async () =>
        new Response('{}', { status, headers: { 'Content-Type': 'application/json', [ACCESS_STAMP_HEADER]: `s${status}` } })) as unknown as typeof fetch,
      cookies: jar({}),
    });
    await callOperation('policy.revision');
    status = 403;
    await expect(callOperation('web.ssl-bypass.save', { params: { rev: 1 }, body: {} }, { skip403Snackbar: true })).rejects.toMatchObject({ status: 403 });
    expect(stamps).toEqual(['s200', 's403']);
  });

  it('uses the server msg, with the context appended outside production', async () => {
    setup(() => json(500, { msg: 'Database unavailable', context: 'rules.get' }), true);
    await expect(callOperation('policy.revision')).rejects.toThrow(/^Database unavailable$/);
    setup(() => json(500, { msg: 'Database unavailable', context: 'rules.get' }), false);
    await expect(callOperation('policy.revision')).rejects.toThrow('Database unavailable (rules.get)');
  });

  it('carries field errors and the rest of the body (e.g. current on 409)', async () => {
    setup(() =>
      json(400, { msg: 'The request is not valid.', errors: [{ path: 'list.0.destination', key: 'invalidDomain', message: 'bad' }] }),
    );
    const err = await callOperation('web.ssl-bypass.save', { params: { rev: 1 }, body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fieldErrors).toEqual([{ path: 'list.0.destination', key: 'invalidDomain', message: 'bad' }]);

    setup(() => json(409, { msg: MESSAGES.staleSave, current: { list: [] } }));
    const stale = (await callOperation('web.ssl-bypass.save', { params: { rev: 1 }, body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({ list: [] });
  });

  it('logs every failure with the call it was (a time-out, a refusal, a server error), and announces a restart', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup(() => json(503, { msg: 'The appliance is restarting.', restarting: true, retry_after_seconds: 3 }));
    await expect(callOperation('policy.revision')).rejects.toMatchObject({ status: 503 });
    expect(warn).toHaveBeenCalledWith('GET /api/policy/v1/rules (policy : policy.revision) failed: HTTP 503, The appliance is restarting.');
    expect(serverRestart.getState()).toMatchObject({ backInSeconds: 3 });
    setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(callOperation('policy.revision')).rejects.toMatchObject({ kind: 'network' });
    expect(warn).toHaveBeenLastCalledWith('GET /api/policy/v1/rules (policy : policy.revision) failed: The server could not be reached. (fetch failed)');
    warn.mockRestore();
  });

  it('refuses a management-service answer without the status spec 001 §5 requires, with that status as the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup(() => json(200, { status: 'Success', tenants: [] }));
    await expect(callOperation('provider.tenants.list')).resolves.toEqual({ status: 'Success', tenants: [] });
    setup(() => json(200, { status: 'Tenant store unavailable', tenants: [] }));
    await expect(callOperation('provider.tenants.list')).rejects.toMatchObject({ name: 'ApiError', message: 'Tenant store unavailable', status: 200 });
    expect(warn).toHaveBeenLastCalledWith('GET /gdmanage/api/v1/tenants (provider : provider.tenants.list) failed: HTTP 200, Tenant store unavailable');
    setup(() => json(200, { tenants: [] }));
    await expect(callOperation('provider.tenants.list')).rejects.toThrow('The answer carries no status "Success".');
    setup(() => json(200, { status: 'Success', username: 'operator' }));
    await expect(callOperation('provider.me')).rejects.toThrow('Success');
    setup(() => json(200, { status: 'authenticated', username: 'operator' }));
    await expect(callOperation('provider.me')).resolves.toMatchObject({ username: 'operator' });
    // Calls that declare no status are taken as they come.
    setup(() => json(200, { status: 'anything' }));
    await expect(callOperation('policy.revision')).resolves.toEqual({ status: 'anything' });
    warn.mockRestore();
  });

  it('times out and logs a failed browser-posture call (spec 002 §7)', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup((_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const pending = callOperation('posture.listPolicies');
    const check = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await check;
    expect(warn).toHaveBeenLastCalledWith(
      `GET /api/brw-posture-mgmt/v1/configPolicies (browser posture : posture.listPolicies) failed: ${MESSAGES.timeout('browser posture', 'posture.listPolicies')}`,
    );
    setup(() => json(502, { msg: 'The posture service did not answer.' }));
    await expect(callOperation('posture.listPolicies')).rejects.toMatchObject({ status: 502 });
    expect(warn).toHaveBeenLastCalledWith('GET /api/brw-posture-mgmt/v1/configPolicies (browser posture : posture.listPolicies) failed: HTTP 502, The posture service did not answer.');
    warn.mockRestore();
  });

  it('looks an operation it was not configured with up in the loader, once per group, and still rejects an unknown one', async () => {
    const calls: FetchArgs[] = [];
    const loads: string[] = [];
    configureHttp({
      operations: [],
      loadOperations: async (id) => (loads.push(id), operations.filter((o) => o.id.split('.')[0] === id.split('.')[0])),
      production: true,
      fetch: (async (url: string, init: RequestInit) => (calls.push([url, init]), json(200, { ok: 1 }))) as unknown as typeof fetch,
      cookies: jar({}),
    });
    await expect(callOperation('web.ssl-bypass.save', { params: { rev: 7 }, body: {} })).resolves.toEqual({ ok: 1 });
    await callOperation('web.ssl-bypass.save', { params: { rev: 8 }, body: {} });
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'PUT /api/policy/v1/rules/sslbump_bypass/7',
      'PUT /api/policy/v1/rules/sslbump_bypass/8',
    ]);
    expect(loads).toEqual(['web.ssl-bypass.save']);
    await expect(callOperation('nope.nothing')).rejects.toThrow(/Unknown operation: nope.nothing/);
  });

  it('fails on a network error with an error value, and rejects an unknown operation id', async () => {
    setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(callOperation('policy.revision')).rejects.toMatchObject({ status: 0, kind: 'network' });
    await expect(callOperation('nope.nothing')).rejects.toThrow(/Unknown operation/);
  });

  it('rejects with the caller abort reason when the caller aborts', async () => {
    setup((_u, init) => new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('x')))));
    const controller = new AbortController();
    const pending = callOperation('policy.revision', {}, { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });
});

describe('dispositionFileName', () => {
  it('takes the UTF-8 name before the plain one, unquotes a quoted name, and answers undefined without one', () => {
    expect(dispositionFileName(`attachment; filename="Buero.json"; filename*=UTF-8''B%C3%BCro%20Ger%C3%A4te.json`)).toBe('Büro Geräte.json');
    expect(dispositionFileName('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
    expect(dispositionFileName('attachment; filename=plain.reg')).toBe('plain.reg');
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.json"`)).toBe('fallback.json');
    expect(dispositionFileName('attachment')).toBeUndefined();
    expect(dispositionFileName(null)).toBeUndefined();
  });

  it('keeps no folder or control character in the name', () => {
    expect(dispositionFileName('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(dispositionFileName(`attachment; filename*=UTF-8''..%5C..%5Cboot.ini`)).toBe('boot.ini');
    expect(dispositionFileName('attachment; filename="a\tb.txt"')).toBe('ab.txt');
    expect(dispositionFileName('attachment; filename=".."')).toBeUndefined();
  });
});
