/**
 * The provider console's management service (definitions/api/provider.ts): operator sign-in through the hosted
 * identity provider, and tenant management over the same store the tenant portal uses. Only accounts of the
 * provider tenant are operators; every change is audited in the provider tenant's audit log (who, what, when, which
 * tenant) and in the changed tenant's own.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES, SESSION_COOKIE } from '../../schemas/constants';
import { DEMO_ROLES } from '../../schemas/demoRoles';
import { providerOps } from '../../definitions/api/provider';
import type { z } from 'zod';
import {
  STANDARD_CAPABILITIES,
  type CategoryOverrideInput,
  type OvaKeyBody,
  type TenantAdmin,
  type TenantCapabilities,
  type TenantSummary,
} from '../../schemas/areas/provider';
import { CAPABILITY_DESCRIPTIONS } from '../../schemas/areas/lookups';
import { visibleCategories } from '../../schemas/logs';
import { recordAudit } from '../audit';
import { categoryList } from '../logs/catalog';
import { isStale } from '../stamps';
import { hashPassword, verifyDecoy, verifyPassword } from '../passwords';
import {
  clearSessionCookies,
  createSession,
  deleteSession,
  sessionLogoutDays,
  setSessionCookies,
  setUserCookie,
  touchSession,
} from '../session';
import { PROVIDER_TENANT_ID } from '../seed/provider';
import { insertBuiltinRoles } from './identity';
import { attemptKeys, blockedFor, oneAtATime, recordFailure, recordSuccess } from '../throttle';
import { HttpError, implementAll, type CallContext, type Caller, type Db, type ServerModule } from '../types';
import { DAY_MS } from '../../schemas/constants';

const IDP_TOKEN_TTL_S = 60;
const INVALID_CREDENTIALS = 'Invalid user name or password.';
const INVALID_TOKEN = 'The sign-in token is not valid or has expired. Sign in again.';
const TENANT_NOT_FOUND = 'Tenant not found';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

type Caps = z.infer<typeof TenantCapabilities>;
type Summary = z.infer<typeof TenantSummary>;

/** The caller when it is an operator (a user of the provider tenant); 403 for anyone else. */
export function requireOperator(ctx: CallContext): Caller {
  if (!ctx.caller) throw new HttpError(401, MESSAGES.notAuthorized);
  if (ctx.caller.tenantId !== PROVIDER_TENANT_ID) throw new HttpError(403, MESSAGES.forbidden);
  return ctx.caller;
}

export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function operatorSession(ctx: CallContext, caller: Caller, lastSeen = Date.now()) {
  return {
    status: 'Success' as const,
    username: caller.user.username,
    key_id: caller.sessionId.slice(0, 16),
    expires: isoSeconds(lastSeen + caller.user.session_logout_days * DAY_MS),
    Authorization: 'cookie',
  };
}

const TENANT_SELECT = `SELECT t.id AS tid, t.name, t.disabled, t.capabilities, t.settings,
  (SELECT count(*)::int FROM users u WHERE u.tenant_id = t.id) AS users FROM tenants t`;
type TenantRow = Omit<Summary, 'session_logout_days'> & { settings: { session_logout_days?: unknown } };
const summaryOf = ({ settings, ...row }: TenantRow): Summary => ({ ...row, session_logout_days: sessionLogoutDays(settings) });

/** The deployment a tenant never moved runs in, as an SQL expression. */
export const DEFAULT_DEPLOYMENT = `COALESCE((SELECT value #>> '{}' FROM provider_settings WHERE name = 'default_deployment'), '')`;

/** The name of each deployment by its id (an id no deployment has reads as itself). */
export async function deploymentNames(db: Db): Promise<(id: string) => string> {
  const { rows } = await db.query<{ id: string; name: string }>("SELECT id, body->>'name' AS name FROM provider_records WHERE kind = 'deployment'");
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return (id) => names.get(id) ?? id;
}

export interface TenantFilters {
  readonly search?: string | undefined;
  readonly state?: 'enabled' | 'disabled' | undefined;
  readonly deployment?: string | undefined;
  readonly tag?: string | undefined;
  /** A page (v2, v3); none: every tenant (v1). */
  readonly limit?: number;
  readonly offset?: number;
}

/** The tenants matching the filters by name, each with its deployment and tags (one page of them), and how many match. */
export async function tenantPage(db: Db, f: TenantFilters) {
  const from = `FROM tenants t
    LEFT JOIN provider_tenant_deployments d ON d.tenant_id = t.id
    LEFT JOIN provider_records tg ON tg.kind = 'tenant-tags' AND tg.id = t.id
   WHERE t.id <> $1
     AND ($2::text IS NULL OR strpos(lower(t.name), lower($2::text)) > 0)
     AND ($3::boolean IS NULL OR t.disabled = $3::boolean)
     AND ($4::text IS NULL OR COALESCE(d.deployment_id, ${DEFAULT_DEPLOYMENT}) = $4::text)
     AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(tg.body->'tags') x WHERE lower(x) = lower($5::text)))`;
  const params = [PROVIDER_TENANT_ID, f.search?.trim() || null, f.state === undefined ? null : f.state === 'disabled', f.deployment ?? null, f.tag ?? null];
  const { rows } = await db.query<TenantRow & { deployment: string; tags: string[] | null }>(
    `${TENANT_SELECT.replace(/ FROM tenants t$/, '')}, COALESCE(d.deployment_id, ${DEFAULT_DEPLOYMENT}) AS deployment, tg.body->'tags' AS tags ${from}
      ORDER BY lower(t.name), t.id LIMIT $6 OFFSET $7`,
    [...params, f.limit ?? null, f.offset ?? 0],
  );
  const nameOf = await deploymentNames(db);
  const tenants = rows.map(({ deployment, tags, ...row }) => ({ ...summaryOf(row), deployment, deployment_name: nameOf(deployment), tags: tags ?? [] }));
  const total = f.limit === undefined ? tenants.length : (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params)).rows[0]!.n;
  return { tenants, total };
}

/** A tenant other than the provider tenant, or 404. */
export async function loadTenant(db: Db, tid: string): Promise<Summary> {
  const row = (await db.query<TenantRow>(`${TENANT_SELECT} WHERE t.id = $1 AND t.id <> $2`, [tid, PROVIDER_TENANT_ID])).rows[0];
  if (!row) throw new HttpError(404, TENANT_NOT_FOUND);
  return summaryOf(row);
}

/** Capabilities as the answer's list: switches and limits by name. */
const entriesOf = (caps: Caps) =>
  Object.entries(caps)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ({ name, value, kind: typeof value === 'boolean' ? ('switch' as const) : ('limit' as const), description: CAPABILITY_DESCRIPTIONS[name] ?? '' }));
const capabilitiesAnswer = (dryRun: boolean, capabilities: Caps, changes: ReturnType<typeof diff>) => ({
  status: 'Success' as const,
  dry_run: dryRun,
  capabilities,
  entries: entriesOf(capabilities),
  changes,
});

/** An audit event of an operator change (who, what, when) as the provider tenant's log records it. */
export async function auditService(ctx: CallContext, caller: Caller, what: string, subject: string, detail?: unknown) {
  const details = `${what}: ${subject}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`;
  const event = { action: 'save', area: ctx.op.id, details, result: 'success', ip: ctx.request.ip } as const;
  await recordAudit(ctx.db, PROVIDER_TENANT_ID, { ...event, user: caller.user.username, tenant: caller.user.tenant_name });
  return event;
}

/** Audits an operator change in the provider tenant's log and in the changed tenant's own. */
export async function audit(ctx: CallContext, caller: Caller, what: string, tenant: { tid: string; name: string }, detail?: unknown) {
  const event = await auditService(ctx, caller, what, `${tenant.name} (${tenant.tid})`, detail);
  await recordAudit(ctx.db, tenant.tid, { ...event, user: `${caller.user.username} (service provider)`, tenant: tenant.name });
}

async function nameTaken(db: Db, name: string, except?: string): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM tenants WHERE lower(name) = lower($1) AND id <> $2', [name.trim(), except ?? '']);
  if (rows.length > 0) throw new HttpError(409, 'A tenant with this name already exists.');
}

type NewAdmin = z.output<typeof TenantAdmin>;

/**
 * New administrators of a tenant, checked and ready to store: user names unique in the request (400 naming
 * users.N.username) and unused in the service (409), passwords hashed.
 */
export async function prepareAdmins(db: Db, users: readonly NewAdmin[]) {
  const names = users.map((u) => u.username);
  const errors = names.flatMap((n, i) => (names.indexOf(n) === i ? [] : [{ path: `users.${i}.username`, key: 'duplicate', message: 'User names must be unique.' }]));
  if (errors.length > 0) throw new HttpError(400, 'User names must be unique.', { errors });
  const taken = (await db.query<{ username: string }>('SELECT username FROM users WHERE username = ANY($1::text[])', [names])).rows;
  if (taken.length > 0) throw new HttpError(409, `User name already in use: ${taken.map((r) => r.username).join(', ')}`);
  const hashes = await Promise.all(users.map((u) => hashPassword(u.password)));
  return users.map((u, i) => ({ ...u, uid: randomUUID(), password_hash: hashes[i]! }));
}

/** Stores prepared administrators in a tenant holding its built-in "admin" role (inside the caller's transaction). */
export async function insertAdmins(tx: Db, tid: string, admins: Awaited<ReturnType<typeof prepareAdmins>>) {
  for (const u of admins) {
    await tx.query(
      `INSERT INTO users (id, tenant_id, username, password_hash, first_name, last_name, role_name, roles) VALUES ($1, $2, $3, $4, $5, $6, 'admin', $7)`,
      [u.uid, tid, u.username, u.password_hash, u.first_name, u.last_name, JSON.stringify(DEMO_ROLES.admin)],
    );
  }
}

/** What setting `next` over `prev` changes, capability by capability. */
function diff(prev: Caps, next: Caps) {
  const names = [...new Set([...Object.keys(prev), ...Object.keys(next)])].sort();
  return names
    .filter((n) => prev[n] !== next[n])
    .map((n) => ({ name: n, before: prev[n] ?? null, after: next[n] ?? null }));
}

async function changeCapabilities(ctx: CallContext & { params: { tid: string }; query: { DryRun?: 'true' | 'false' } }, change: (c: Caps) => Caps) {
  const caller = requireOperator(ctx);
  const tenant = await loadTenant(ctx.db, ctx.params.tid);
  const next = change(tenant.capabilities);
  const changes = diff(tenant.capabilities, next);
  const dryRun = ctx.query.DryRun === 'true';
  if (!dryRun && changes.length > 0) {
    await ctx.db.query('UPDATE tenants SET capabilities = $2 WHERE id = $1', [tenant.tid, JSON.stringify(next)]);
    await audit(ctx, caller, 'capabilities', tenant, changes);
  }
  return capabilitiesAnswer(dryRun, dryRun ? tenant.capabilities : next, changes);
}

async function setDisabled(ctx: CallContext, tid: string, disabled: boolean) {
  const caller = requireOperator(ctx);
  const tenant = await loadTenant(ctx.db, tid);
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE tenants SET disabled = $2 WHERE id = $1', [tid, disabled]);
    if (disabled) await tx.query('DELETE FROM sessions WHERE tenant_id = $1', [tid]);
  });
  await audit(ctx, caller, disabled ? 'disable tenant' : 'reenable tenant', tenant);
  return { status: 'Success' as const, tenant: await loadTenant(ctx.db, tid) };
}

async function rename(ctx: CallContext, tid: string, name: string) {
  const caller = requireOperator(ctx);
  const tenant = await loadTenant(ctx.db, tid);
  await nameTaken(ctx.db, name, tid);
  await ctx.db.query('UPDATE tenants SET name = $2 WHERE id = $1', [tid, name.trim()]);
  await audit(ctx, caller, 'rename tenant', tenant, { from: tenant.name, to: name.trim() });
  return { status: 'Success' as const, tenant: await loadTenant(ctx.db, tid) };
}

// ---- licence keys (OVA keys) and category overrides: service-wide records, the saved payload as body -------------

type OvaBody = z.output<typeof OvaKeyBody>;
type OvaRow = { key_id: string; body: OvaBody; updated_at: Date | string; updated_by: string };
const OVA_KEY_NOT_FOUND = 'Licence key not found';
const ovaKeyOf = ({ key_id, body, updated_at, updated_by }: OvaRow) => ({
  ...body,
  key_id,
  expired: !body.does_not_expire && body.expires_at !== undefined && Date.parse(body.expires_at) <= Date.now(),
  updated_at: new Date(updated_at).toISOString(),
  updated_by,
});
async function loadOvaKey(db: Db, keyId: string) {
  const row = (await db.query<OvaRow>('SELECT key_id, body, updated_at, updated_by FROM ova_keys WHERE key_id = $1', [keyId])).rows[0];
  if (!row) throw new HttpError(404, OVA_KEY_NOT_FOUND);
  return ovaKeyOf(row);
}
/** A new stamp, later than the stored one even within its millisecond. */
export const nextStamp = (storedAt: Date | string) => new Date(Math.max(Date.now(), new Date(storedAt).getTime() + 1)).toISOString();

/**
 * Saves a key's body. With `stamp` (an edit) the key must still be at the updated_at the editor read, else 409 with
 * the stored key; the check and the write are one statement, so of two editors of one version only one lands.
 */
async function saveOvaKey(ctx: CallContext, caller: Caller, keyId: string, body: OvaBody, what: string, stamp?: string) {
  const current = await loadOvaKey(ctx.db, keyId);
  if (stamp !== undefined && isStale(stamp, current.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current });
  const { rows } = await ctx.db.query(
    'UPDATE ova_keys SET body = $2, updated_at = $3, updated_by = $4 WHERE key_id = $1 AND updated_at = $5 RETURNING key_id',
    [keyId, JSON.stringify(body), nextStamp(current.updated_at), caller.user.username, current.updated_at],
  );
  if (rows.length === 0) throw new HttpError(409, MESSAGES.staleSave, { current: await loadOvaKey(ctx.db, keyId) });
  await auditService(ctx, caller, what, `licence key ${keyId}`, { tenant_name: body.tenant_name, expires_at: body.expires_at ?? null, does_not_expire: body.does_not_expire });
  return { status: 'Success' as const, key: await loadOvaKey(ctx.db, keyId) };
}

type OverrideBody = z.output<typeof CategoryOverrideInput>;
type OverrideRow = { id: string; body: OverrideBody; updated_at: Date | string; updated_by: string };
const OVERRIDE_NOT_FOUND = 'Category override not found';
const overrideOf = ({ id, body, updated_at, updated_by }: OverrideRow) => ({ ...body, id, updated_at: new Date(updated_at).toISOString(), updated_by });
async function loadOverride(db: Db, id: string) {
  const row = (await db.query<OverrideRow>('SELECT id, body, updated_at, updated_by FROM category_overrides WHERE id = $1', [id])).rows[0];
  if (!row) throw new HttpError(404, OVERRIDE_NOT_FOUND);
  return overrideOf(row);
}
/** 400 naming `tenants.N` for a tenant id that is not a tenant of the service. */
async function tenantsExist(db: Db, tids: readonly string[]) {
  if (tids.length === 0) return;
  const known = new Set(
    (await db.query<{ id: string }>('SELECT id FROM tenants WHERE id = ANY($1::text[]) AND id <> $2', [tids, PROVIDER_TENANT_ID])).rows.map((r) => r.id),
  );
  const errors = tids.flatMap((tid, i) => (known.has(tid) ? [] : [{ path: `tenants.${i}`, key: 'unknownTenant', message: 'No tenant has this id.' }]));
  if (errors.length > 0) throw new HttpError(400, 'Unknown tenant', { errors });
}

export const providerModule: ServerModule = {
  name: 'provider',
  implementations: implementAll(providerOps, {
    idpToken: async (ctx) => {
      const { db, request } = ctx;
      const { username, password } = ctx.body;
      const keys = attemptKeys(username, request.ip);
      const user = await oneAtATime(keys, async () => {
        const delay = await blockedFor(db, keys);
        if (delay > 0) {
          ctx.reply.header('Retry-After', String(delay));
          throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${delay} seconds.`, { delay });
        }
        const found = (
          await db.query<{ id: string; tenant_id: string; password_hash: string }>(
            'SELECT id, tenant_id, password_hash FROM users WHERE username = $1 AND tenant_id = $2',
            [username, PROVIDER_TENANT_ID],
          )
        ).rows[0];
        const ok = found ? await verifyPassword(password, found.password_hash) : await verifyDecoy(password);
        if (!found || !ok) {
          await recordFailure(db, keys);
          throw new HttpError(401, INVALID_CREDENTIALS);
        }
        await recordSuccess(db, keys);
        return found;
      });
      const token = randomBytes(32).toString('base64url');
      await db.query('DELETE FROM provider_idp_tokens WHERE expires_at < $1', [new Date().toISOString()]);
      await db.query('INSERT INTO provider_idp_tokens (token_hash, tenant_id, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
        sha256(token),
        user.tenant_id,
        user.id,
        new Date(Date.now() + IDP_TOKEN_TTL_S * 1000).toISOString(),
      ]);
      return { access_token: token, token_type: 'Bearer' as const, expires_in: IDP_TOKEN_TTL_S, identity_provider: 'local' as const };
    },

    oauthLogin: async (ctx) => {
      const { db, request, reply } = ctx;
      const row = (
        await db.query<{ tenant_id: string; user_id: string; username: string }>(
          `DELETE FROM provider_idp_tokens p USING users u
            WHERE p.token_hash = $1 AND p.expires_at >= $2 AND u.id = p.user_id AND u.tenant_id = p.tenant_id
            RETURNING p.tenant_id, p.user_id, u.username`,
          [sha256(ctx.query.access_token), new Date().toISOString()],
        )
      ).rows[0];
      if (!row || row.tenant_id !== PROVIDER_TENANT_ID) throw new HttpError(401, INVALID_TOKEN);
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(db, previous);
      const session = await createSession(db, { tenantId: row.tenant_id, userId: row.user_id });
      setSessionCookies(request, reply, { sid: session.sid, uid: row.user_id, xsrfToken: session.xsrfToken });
      await recordAudit(db, PROVIDER_TENANT_ID, { action: 'login', user: row.username, tenant: 'provider', result: 'success', ip: request.ip });
      const settings = (await db.query<{ settings: { session_logout_days?: unknown } }>('SELECT settings FROM tenants WHERE id = $1', [row.tenant_id]))
        .rows[0]!.settings;
      return {
        status: 'Success' as const,
        username: row.username,
        key_id: sha256(session.sid).slice(0, 16),
        expires: isoSeconds(Date.now() + sessionLogoutDays(settings) * DAY_MS),
        Authorization: 'cookie',
      };
    },

    me: async (ctx) => {
      if (!ctx.caller || ctx.caller.tenantId !== PROVIDER_TENANT_ID) throw new HttpError(401, MESSAGES.cannotGetUser);
      return { ...ctx.caller.user, status: 'authenticated' as const };
    },

    sessionCookie: async (ctx) => {
      if (!ctx.caller || ctx.caller.tenantId !== PROVIDER_TENANT_ID) throw new HttpError(401, MESSAGES.cannotSetCookie);
      await touchSession(ctx.db, ctx.caller.sessionId);
      setUserCookie(ctx.request, ctx.reply, ctx.caller.user.uid);
      return operatorSession(ctx, ctx.caller);
    },

    sessionLogout: async (ctx) => {
      const { db, request, reply, caller } = ctx;
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, MESSAGES.forbidden);
      try {
        if (caller && caller.tenantId === PROVIDER_TENANT_ID) {
          await recordAudit(db, PROVIDER_TENANT_ID, { action: 'logout', user: caller.user.username, tenant: 'provider', result: 'success', ip: request.ip });
          const sid = request.cookies[SESSION_COOKIE];
          if (sid) await deleteSession(db, sid);
          clearSessionCookies(reply);
        }
      } catch (err) {
        request.log.error({ err }, 'operator logout could not end the stored session');
        clearSessionCookies(reply);
      }
      return { status: 'Success' as const };
    },

    extendKey: async (ctx) => {
      const caller = requireOperator(ctx);
      const now = Date.now();
      await touchSession(ctx.db, caller.sessionId, now);
      setUserCookie(ctx.request, ctx.reply, caller.user.uid);
      return operatorSession(ctx, caller, now);
    },

    listTenants: async (ctx) => {
      requireOperator(ctx);
      return { status: 'Success' as const, tenants: (await tenantPage(ctx.db, ctx.query)).tenants };
    },

    getTenant: async (ctx) => {
      requireOperator(ctx);
      return { status: 'Success' as const, tenant: await loadTenant(ctx.db, ctx.params.tid) };
    },

    createTenant: async (ctx) => {
      const caller = requireOperator(ctx);
      const { name, capabilities, users } = ctx.body;
      const tid = randomUUID();
      await nameTaken(ctx.db, name);
      const admins = await prepareAdmins(ctx.db, users);
      const names = admins.map((u) => u.username);
      const now = new Date().toISOString();
      await ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tenants (id, name, capabilities, settings) VALUES ($1, $2, $3, $4)', [
          tid,
          name.trim(),
          JSON.stringify({ ...STANDARD_CAPABILITIES, ...capabilities }),
          '{}',
        ]);
        await insertBuiltinRoles(tx, tid, now);
        await insertAdmins(tx, tid, admins);
        // As the seed does: revision 1 published (the initial, empty policy), revision 2 the working revision.
        await tx.query(
          `INSERT INTO policy_revisions (tenant_id, rev_id, state, updated_at, published_at, published_by) VALUES
             ($1, 1, 'published', $2, $2, $3), ($1, 2, 'published', $2, NULL, NULL)`,
          [tid, now, caller.user.username],
        );
      });
      const tenant = await loadTenant(ctx.db, tid);
      await audit(ctx, caller, 'create tenant', tenant, { users: names });
      ctx.reply.status(201);
      return { status: 'Success' as const, tenant };
    },

    editTenant: async (ctx) => {
      const caller = requireOperator(ctx);
      if (ctx.body.group_id !== ctx.params.tid) {
        throw new HttpError(400, 'group_id must be the tenant id', {
          errors: [{ path: 'group_id', key: 'mismatch', message: 'group_id must be the tenant id of the path' }],
        });
      }
      const tenant = await loadTenant(ctx.db, ctx.params.tid);
      if (ctx.body.name !== undefined && ctx.body.name.trim() !== tenant.name) await rename(ctx, tenant.tid, ctx.body.name);
      if (ctx.body.session_logout_days !== undefined) {
        await ctx.db.query(`UPDATE tenants SET settings = settings || $2::jsonb WHERE id = $1`, [
          tenant.tid,
          JSON.stringify({ session_logout_days: ctx.body.session_logout_days }),
        ]);
        await audit(ctx, caller, 'edit tenant', tenant, { session_logout_days: ctx.body.session_logout_days });
      }
      return { status: 'Success' as const, tenant: await loadTenant(ctx.db, tenant.tid) };
    },

    reenableTenant: (ctx) => setDisabled(ctx, ctx.params.tid, false),
    disableTenant: (ctx) => setDisabled(ctx, ctx.body.tid, true),
    renameTenant: (ctx) => rename(ctx, ctx.body.tid, ctx.body.name),

    tenantUsers: async (ctx) => {
      requireOperator(ctx);
      const tenant = await loadTenant(ctx.db, ctx.params.tid);
      const { rows } = await ctx.db.query<{ uid: string; username: string; first_name: string; last_name: string; mfa_enrolled: boolean }>(
        'SELECT id AS uid, username, first_name, last_name, mfa_enrolled FROM users WHERE tenant_id = $1 ORDER BY username',
        [tenant.tid],
      );
      return { status: 'Success' as const, users: rows };
    },

    disableUserMfa: async (ctx) => {
      const caller = requireOperator(ctx);
      const tenant = await loadTenant(ctx.db, ctx.params.tid);
      const user = (
        await ctx.db.query<{ uid: string; username: string; mfa_enrolled: boolean }>(
          'SELECT id AS uid, username, mfa_enrolled FROM users WHERE tenant_id = $1 AND id = $2',
          [tenant.tid, ctx.params.uid],
        )
      ).rows[0];
      if (!user) throw new HttpError(404, 'User not found');
      if (user.mfa_enrolled) {
        await ctx.db.query('UPDATE users SET mfa_enrolled = false, updated_at = $3 WHERE tenant_id = $1 AND id = $2', [
          tenant.tid,
          user.uid,
          new Date().toISOString(),
        ]);
        await audit(ctx, caller, 'disable multi-factor authentication', tenant, { user: user.username });
      }
      return { status: 'Success' as const, user: { ...user, mfa_enrolled: false } };
    },

    getCapabilities: async (ctx) => {
      requireOperator(ctx);
      const tenant = await loadTenant(ctx.db, ctx.params.tid);
      return capabilitiesAnswer(ctx.query.DryRun === 'true', tenant.capabilities, []);
    },
    patchCapabilities: (ctx) => changeCapabilities(ctx, (c) => ({ ...c, ...ctx.body.capabilities })),
    deleteCapabilities: (ctx) =>
      changeCapabilities(ctx, (c) => Object.fromEntries(Object.entries(c).filter(([k]) => !ctx.body.names.includes(k)))),
    listOvaKeys: async (ctx) => {
      requireOperator(ctx);
      const { rows } = await ctx.db.query<OvaRow>('SELECT key_id, body, updated_at, updated_by FROM ova_keys ORDER BY key_id');
      return { status: 'Success' as const, keys: rows.map(ovaKeyOf) };
    },
    createOvaKey: async (ctx) => {
      const caller = requireOperator(ctx);
      const { key_id, ...body } = ctx.body;
      const { rows } = await ctx.db.query(
        'INSERT INTO ova_keys (key_id, body, updated_at, updated_by) VALUES ($1, $2, $3, $4) ON CONFLICT (key_id) DO NOTHING RETURNING key_id',
        [key_id, JSON.stringify(body), new Date().toISOString(), caller.user.username],
      );
      if (rows.length === 0) throw new HttpError(409, 'A licence key with this key id already exists.');
      await auditService(ctx, caller, 'issue licence key', `licence key ${key_id}`, { tenant_name: body.tenant_name, license_type: body.license_type });
      ctx.reply.status(201);
      return { status: 'Success' as const, key: await loadOvaKey(ctx.db, key_id) };
    },
    updateOvaKey: (ctx) => {
      const { updated_at: stamp, ...body } = ctx.body;
      return saveOvaKey(ctx, requireOperator(ctx), ctx.params.key_id, body, 'edit licence key', stamp);
    },
    expireOvaKey: async (ctx) => {
      const caller = requireOperator(ctx);
      const { key_id, expired: _expired, updated_at: _at, updated_by: _by, ...body } = await loadOvaKey(ctx.db, ctx.params.key_id);
      return saveOvaKey(ctx, caller, key_id, { ...body, does_not_expire: false, expires_at: isoSeconds(Date.now()) }, 'expire licence key');
    },
    deleteOvaKey: async (ctx) => {
      const caller = requireOperator(ctx);
      const { rows } = await ctx.db.query('DELETE FROM ova_keys WHERE key_id = $1 RETURNING key_id', [ctx.params.key_id]);
      if (rows.length === 0) throw new HttpError(404, OVA_KEY_NOT_FOUND);
      await ctx.db.query("DELETE FROM provider_records WHERE kind = 'ova-key-skus' AND id = $1", [ctx.params.key_id]);
      await auditService(ctx, caller, 'delete licence key', `licence key ${ctx.params.key_id}`);
      return { status: 'Success' as const };
    },

    listCategories: async (ctx) => {
      requireOperator(ctx);
      return { name: 'cats_v2' as const, categories: visibleCategories(categoryList('cats_v2')) };
    },
    listCategoryOverrides: async (ctx) => {
      requireOperator(ctx);
      const { rows } = await ctx.db.query<OverrideRow>('SELECT id, body, updated_at, updated_by FROM category_overrides ORDER BY body->>\'url\', created_at');
      return { status: 'Success' as const, overrides: rows.map(overrideOf) };
    },
    createCategoryOverride: async (ctx) => {
      const caller = requireOperator(ctx);
      await tenantsExist(ctx.db, ctx.body.tenants);
      const id = randomUUID();
      const now = new Date().toISOString();
      await ctx.db.query('INSERT INTO category_overrides (id, body, created_at, updated_at, updated_by) VALUES ($1, $2, $3, $3, $4)', [
        id,
        JSON.stringify(ctx.body),
        now,
        caller.user.username,
      ]);
      await auditService(ctx, caller, 'add category override', ctx.body.url, { category_ids: ctx.body.category_ids, tenants: ctx.body.tenants });
      ctx.reply.status(201);
      return { status: 'Success' as const, override: await loadOverride(ctx.db, id) };
    },
    updateCategoryOverride: async (ctx) => {
      const caller = requireOperator(ctx);
      const { updated_at: stamp, ...body } = ctx.body;
      const current = await loadOverride(ctx.db, ctx.params.id);
      if (isStale(stamp, current.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current });
      await tenantsExist(ctx.db, body.tenants);
      const { rows } = await ctx.db.query(
        'UPDATE category_overrides SET body = $2, updated_at = $3, updated_by = $4 WHERE id = $1 AND updated_at = $5 RETURNING id',
        [ctx.params.id, JSON.stringify(body), nextStamp(current.updated_at), caller.user.username, current.updated_at],
      );
      if (rows.length === 0) throw new HttpError(409, MESSAGES.staleSave, { current: await loadOverride(ctx.db, ctx.params.id) });
      await auditService(ctx, caller, 'edit category override', body.url, { category_ids: body.category_ids, tenants: body.tenants, active: body.active });
      return { status: 'Success' as const, override: await loadOverride(ctx.db, ctx.params.id) };
    },
    deleteCategoryOverride: async (ctx) => {
      const caller = requireOperator(ctx);
      const gone = (await ctx.db.query<{ url: string }>("DELETE FROM category_overrides WHERE id = $1 RETURNING body->>'url' AS url", [ctx.params.id])).rows[0];
      if (!gone) throw new HttpError(404, OVERRIDE_NOT_FOUND);
      await auditService(ctx, caller, 'delete category override', gone.url);
      return { status: 'Success' as const };
    },
  }),
};
