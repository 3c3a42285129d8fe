import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation, type OperationDef } from '../definitions/define';
import { createRegistry } from '../definitions/registry';
import type { Environment } from '../schemas/access';
import { MESSAGES } from '../schemas/constants';
import { buildApp } from './app';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { resolveHandlers } from './mount';
import { createSession, xsrfCookieValue } from './session';
import { HttpError, implement, implementAll, type Db, type ServerModule } from './types';

const cloud: Environment = { deployment: 'cloud', appMode: 'cloud', production: true };

const ops = {
  hello: defineOperation({ id: 'fx.hello', method: 'GET', path: '/api/fx/hello/{n}', summary: '', params: z.strictObject({ n: z.coerce.number().int() }), response: z.object({ n: z.number() }), access: 'public', tag: 'fx' }),
  text: defineOperation({ id: 'fx.text', method: 'GET', path: '/api/fx/text', summary: '', response: z.string(), responseKind: 'text', access: 'public', tag: 'fx' }),
  onPrem: defineOperation({ id: 'fx.onPrem', method: 'GET', path: '/api/fx/on-prem', summary: '', response: z.object({}), access: 'public', env: { deployments: ['on_prem'] }, tag: 'fx' }),
  boom: defineOperation({ id: 'fx.boom', method: 'GET', path: '/api/fx/boom', summary: '', response: z.object({}), access: 'public', tag: 'fx' }),
  teapot: defineOperation({ id: 'fx.teapot', method: 'GET', path: '/api/fx/teapot', summary: '', response: z.object({}), access: 'public', tag: 'fx' }),
  echo: defineOperation({ id: 'fx.echo', method: 'POST', path: '/api/fx/echo', summary: '', body: z.strictObject({ name: z.string().min(2) }), response: z.object({ name: z.string() }), access: 'session', tag: 'fx' }),
  casb: defineOperation({ id: 'fx.casb', method: 'GET', path: '/api/fx/casb', summary: '', response: z.object({}), access: 'session', feature: 'casb', tag: 'fx' }),
  guarded: defineOperation({ id: 'fx.guarded', method: 'GET', path: '/api/fx/guarded', summary: '', response: z.object({}), access: { any: ['fwaas:read'] }, tag: 'fx' }),
} satisfies Record<string, OperationDef>;

const fixtureModule: ServerModule = {
  name: 'fixture',
  implementations: implementAll(ops, {
    hello: async (ctx) => ({ n: ctx.params.n }),
    text: async () => 'plain',
    onPrem: async () => ({}),
    boom: async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    },
    teapot: async () => {
      throw new HttpError(418, 'short and stout', { context: 'kettle' });
    },
    echo: async (ctx) => ({ name: ctx.body.name }),
    casb: async () => ({}),
    guarded: async () => ({}),
  }),
};
const unknownOp = defineOperation({ ...ops.text, id: 'fx.nope', path: '/api/fx/nope' });

const registryOf = (operations: readonly OperationDef[]) => createRegistry({ sections: [], screens: [], operations });
const registry = registryOf(Object.values(ops));

describe('resolveHandlers', () => {
  it('throws at start-up when an operation has no handler', () => {
    expect(() => resolveHandlers(registry, [{ name: 'empty', implementations: [] }])).toThrow(/No server handler for operation\(s\): fx\.hello/);
  });

  it('throws when two modules handle one operation, or a module names an unknown one', () => {
    expect(() => resolveHandlers(registry, [fixtureModule, { name: 'again', implementations: [implement(ops.text, async () => '')] }])).toThrow(
      /handled by two server modules: fixture and again/,
    );
    expect(() => resolveHandlers(registry, [fixtureModule, { name: 'typo', implementations: [implement(unknownOp, async () => '')] }])).toThrow(
      /no operation of the registry/,
    );
  });
});

describe('mounted operations', () => {
  let db: Db;
  let app: ReturnType<typeof buildApp>;
  let cookie: (caps: Record<string, unknown>) => Promise<{ cookie: string; xsrf: string }>;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    app = buildApp({ db, env: cloud, registry, modules: [fixtureModule], distDir: '/nonexistent', docsDir: '/nonexistent' });
    let n = 0;
    cookie = async (caps) => {
      n += 1;
      await db.query('INSERT INTO tenants (id, name, capabilities) VALUES ($1, $1, $2)', [`t${n}`, JSON.stringify(caps)]);
      await db.query(`INSERT INTO users (id, tenant_id, username, password_hash) VALUES ($1, $1, $1, 'x')`, [`t${n}`]);
      const s = await createSession(db, { tenantId: `t${n}`, userId: `t${n}` });
      const xsrf = xsrfCookieValue(s.xsrfToken);
      return { cookie: `sid=${s.sid}; _xsrf=${xsrf}`, xsrf };
    };
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('converts {param} paths and validates params with params.-prefixed paths', async () => {
    expect((await app.inject({ url: '/api/fx/hello/7' })).json()).toEqual({ n: 7 });
    const bad = await app.inject({ url: '/api/fx/hello/seven' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'params.n' })]);
  });

  it('answers text operations as text/plain', async () => {
    const res = await app.inject({ url: '/api/fx/text' });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('plain');
  });

  it('leaves operations of another environment unmounted', async () => {
    expect((await app.inject({ url: '/api/fx/on-prem' })).statusCode).toBe(404);
  });

  it('answers an unexpected error as a bare 500, and an HttpError with its status and extras', async () => {
    const boom = await app.inject({ url: '/api/fx/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ msg: 'Internal server error' });
    expect(boom.body).not.toContain('secret internals');
    const teapot = await app.inject({ url: '/api/fx/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ msg: 'short and stout', context: 'kettle' });
  });

  it('checks session, then XSRF, then the body', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/fx/echo', payload: { name: 'ok' } })).statusCode).toBe(401);
    const { cookie: c, xsrf } = await cookie({ rbac: true });
    expect((await app.inject({ method: 'POST', url: '/api/fx/echo', headers: { cookie: c }, payload: { name: 'x' } })).statusCode).toBe(403);
    const headers = { cookie: c, 'x-xsrftoken': xsrf };
    const short = await app.inject({ method: 'POST', url: '/api/fx/echo', headers, payload: { name: 'x' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ path: 'name', key: 'too_small' })]);
    expect((await app.inject({ method: 'POST', url: '/api/fx/echo', headers, payload: { name: 'ok' } })).json()).toEqual({ name: 'ok' });
  });

  it('refuses an xsrf cookie minted for no session, even when the header echoes it', async () => {
    const { cookie: c } = await cookie({ rbac: true });
    const forged = xsrfCookieValue('0123456789abcdef0123456789abcdef');
    const res = await app.inject({
      method: 'POST',
      url: '/api/fx/echo',
      headers: { cookie: `${c.split(';')[0]}; _xsrf=${forged}`, 'x-xsrftoken': forged },
      payload: { name: 'ok' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses an operation whose feature flag is off for the tenant', async () => {
    const off = await cookie({ rbac: true, casb: false });
    const on = await cookie({ rbac: true, casb: true });
    expect((await app.inject({ url: '/api/fx/casb', headers: { cookie: off.cookie } })).json()).toEqual({ msg: MESSAGES.forbidden });
    expect((await app.inject({ url: '/api/fx/casb', headers: { cookie: on.cookie } })).statusCode).toBe(200);
  });

  it('enforces access rules only while the tenant has the rbac capability', async () => {
    const enforced = await cookie({ rbac: true });
    const relaxed = await cookie({ rbac: false });
    expect((await app.inject({ url: '/api/fx/guarded', headers: { cookie: enforced.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/fx/guarded', headers: { cookie: relaxed.cookie } })).statusCode).toBe(200);
  });
});
