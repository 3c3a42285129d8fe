/**
 * Identity administration (definitions/api/identity.ts): directory users, their second factor, roles and API
 * tokens of the caller's tenant. A user's `roles` column is the copy of their role's lists that sessions read, so a
 * role or user change applies to the user's next request; disabling a user or resetting their password ends their
 * sessions at once. Every change is audited.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { identityOps } from '../../definitions/api/identity';
import { ruleAllows, type Roles } from '../../schemas/access';
import { MESSAGES } from '../../schemas/constants';
import { DEMO_ROLES } from '../../schemas/demoRoles';
import type { FieldError } from '../../schemas/http';
import { roleSettingsSchema, userSettingsSchema, type ApiToken, type DirectoryUser, type NewUser, type Role, type RoleInput } from '../../schemas/areas/identity';
import { PERMISSION_AREA_NAMES } from '../../schemas/permissions';
import { areaLine, areaTitle, mayDo } from '../../schemas/rolePreview';
import { hashApiToken, newApiTokenSecret } from '../apiTokens';
import type { AuditAction } from '../../schemas/logEnums';
import { recordAudit, type AuditChange } from '../audit';
import { hashPassword } from '../passwords';
import { endUserSessions } from '../session';
import { isStale } from '../stamps';
import { HttpError, implementAll, requireCaller, type CallContext, type Caller, type Db, type ServerModule } from '../types';

const DISABLED = 'disabled$';

// ---- helpers -------------------------------------------------------------------------------------------------------

const invalid = (errors: FieldError[]) => new HttpError(400, MESSAGES.validationFailed, { errors });
const iso = (d: Date | string) => new Date(d).toISOString();

interface UserDbRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  role_name: string | null;
  password_hash: string;
  mfa_enrolled: boolean;
  created_at: Date;
  updated_at: Date;
}
const USER_COLUMNS = 'id, username, first_name, last_name, email, role_name, password_hash, mfa_enrolled, created_at, updated_at';

function toUser(r: UserDbRow): DirectoryUser {
  const hash = r.password_hash.startsWith(DISABLED) ? r.password_hash.slice(DISABLED.length) : r.password_hash;
  return {
    uid: r.id,
    username: r.username,
    name: `${r.first_name} ${r.last_name}`.trim() || r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    role: r.role_name,
    enabled: !r.password_hash.startsWith(DISABLED),
    mfa_enrolled: r.mfa_enrolled,
    has_password: hash !== '',
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

async function findUser(db: Db, tenantId: string, idOrName: string): Promise<UserDbRow | undefined> {
  const { rows } = await db.query<UserDbRow>(`SELECT ${USER_COLUMNS} FROM users WHERE tenant_id = $1 AND (id = $2 OR username = $2)`, [
    tenantId,
    idOrName,
  ]);
  return rows[0];
}

async function mustFindUser(db: Db, tenantId: string, idOrName: string): Promise<UserDbRow> {
  const u = await findUser(db, tenantId, idOrName);
  if (!u) throw new HttpError(404, 'No such user.');
  return u;
}

interface RoleDbRow {
  name: string;
  description: string;
  grants: Roles;
  builtin: boolean;
  updated_at: Date;
  users: number;
}

type RoleLists = { read: string[]; write: string[]; deny: string[] };
const rolesOf = (g: Roles): RoleLists => ({ read: [...(g.read ?? [])], write: [...(g.write ?? [])], deny: [...(g.deny ?? [])] });

async function loadRole(db: Db, tenantId: string, name: string): Promise<RoleDbRow | undefined> {
  const { rows } = await db.query<RoleDbRow>(
    `SELECT r.name, r.description, r.grants, r.builtin, r.updated_at,
            (SELECT count(*) FROM users u WHERE u.tenant_id = r.tenant_id AND u.role_name = r.name)::int AS users
       FROM roles r WHERE r.tenant_id = $1 AND r.name = $2`,
    [tenantId, name],
  );
  return rows[0];
}

/** The role named at `path`, or a 400 naming that field. */
async function roleFor(db: Db, tenantId: string, name: string, path: string): Promise<RoleLists> {
  const role = await loadRole(db, tenantId, name);
  if (!role) throw invalid([{ path, key: 'unknownRole', message: `There is no role named ${name}.` }]);
  return rolesOf(role.grants);
}

/** Whether the caller may read (or write) the area; `*` only when the caller holds `*` itself. */
function callerHolds(caller: Caller, area: string, action: 'read' | 'write'): boolean {
  const { read, write } = caller.user.roles;
  if (area === '*') return write.includes('*') || (action === 'read' && read.includes('*'));
  return ruleAllows({ any: [`${area}:${action}`] }, caller.grants);
}

/** 403 unless the role grants nothing the caller lacks and keeps every deny the caller has. */
function assertNoEscalation(caller: Caller, roles: RoleLists): void {
  const ok =
    roles.read.every((a) => callerHolds(caller, a, 'read')) &&
    roles.write.every((a) => callerHolds(caller, a, 'write')) &&
    (caller.user.roles.deny ?? []).every((d) => roles.deny.includes(d));
  if (!ok) throw new HttpError(403, MESSAGES.forbidden);
}

/** An audit event's line for the reader and, for a change, its fields before and after. */
interface AuditEntry {
  readonly details: string;
  readonly changes?: readonly AuditChange[];
}

function audit(ctx: CallContext, db: Db, action: AuditAction, entry: string | AuditEntry, area: string): Promise<void> {
  const caller = requireCaller(ctx);
  const { details, changes } = typeof entry === 'string' ? { details: entry, changes: undefined } : entry;
  return recordAudit(db, caller.tenantId, {
    action,
    user: caller.user.username,
    tenant: caller.user.tenant_name,
    area,
    details,
    result: 'success',
    ip: ctx.request.ip,
    changes,
  });
}


function toRole(r: RoleDbRow, areas: readonly string[]): Role {
  const g = rolesOf(r.grants);
  const may_do = mayDo(areas, g);
  return {
    name: r.name,
    description: r.description,
    ...g,
    builtin: r.builtin,
    users: r.users,
    updated_at: iso(r.updated_at),
    may_do,
    may_view: areaLine(may_do, 'read'),
    may_change: areaLine(may_do, 'write'),
  };
}

async function insertUser(db: Db, tenantId: string, u: Omit<NewUser, 'role'> & { role: string | null }, grants: RoleLists): Promise<DirectoryUser> {
  const hash = u.password === '' ? '' : await hashPassword(u.password);
  const now = new Date().toISOString();
  const { rows } = await db.query<UserDbRow>(
    `INSERT INTO users (id, tenant_id, username, password_hash, first_name, last_name, email, role_name, roles, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING ${USER_COLUMNS}`,
    [randomUUID(), tenantId, u.username, (u.enabled ? '' : DISABLED) + hash, u.first_name, u.last_name, u.email, u.role, JSON.stringify(grants), now],
  );
  return toUser(rows[0]!);
}

async function usernamesTaken(db: Db, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ username: string }>('SELECT username FROM users WHERE username = ANY($1)', [names]);
  return new Set(rows.map((r) => r.username));
}

async function assertRoom(db: Db, caller: Caller, adding: number): Promise<void> {
  const max = caller.user.capabilities.max_users;
  if (typeof max !== 'number') return;
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1', [caller.tenantId]);
  if (rows[0]!.n + adding > max) throw new HttpError(409, `The tenant may have at most ${max} users.`);
}

/** Sets enabled / role of one user; ends their sessions when disabled. Returns whether anything changed. */
async function applyUserChange(
  db: Db,
  tenantId: string,
  user: UserDbRow,
  change: { first_name?: string; last_name?: string; email?: string; role?: string; grants?: RoleLists; enabled?: boolean },
): Promise<UserDbRow> {
  const wasEnabled = !user.password_hash.startsWith(DISABLED);
  const bare = wasEnabled ? user.password_hash : user.password_hash.slice(DISABLED.length);
  const enabled = change.enabled ?? wasEnabled;
  const { rows } = await db.query<UserDbRow>(
    `UPDATE users SET first_name = $3, last_name = $4, email = $5, role_name = $6, roles = COALESCE($7::jsonb, roles),
            password_hash = $8, updated_at = $9
      WHERE tenant_id = $1 AND id = $2 RETURNING ${USER_COLUMNS}`,
    [
      tenantId,
      user.id,
      change.first_name ?? user.first_name,
      change.last_name ?? user.last_name,
      change.email ?? user.email,
      change.role ?? user.role_name,
      change.grants ? JSON.stringify(change.grants) : null,
      (enabled ? '' : DISABLED) + bare,
      new Date().toISOString(),
    ],
  );
  if (wasEnabled && !enabled) await endUserSessions(db, tenantId, user.id);
  return rows[0]!;
}

function toSettingsItem(r: UserDbRow) {
  const u = toUser(r);
  return {
    uid: u.uid,
    username: u.username,
    settings: { role: u.role, enabled: u.enabled, first_name: u.first_name, last_name: u.last_name, email: u.email },
    updated_at: u.updated_at,
  };
}

/** A value as plain text: Yes / No, a list by its entries, '' for nothing. */
function plain(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.join(', ');
  return v === null || v === undefined ? '' : String(v);
}

/** A value as an audit line shows it: (none) for nothing, a text quoted. */
function shown(v: unknown): string {
  const text = plain(v);
  if (text === '') return '(none)';
  return typeof v === 'string' ? `“${text}”` : text;
}

/**
 * The audit entry of a change, field by field: the line "what: Title from → to; …" for each field whose value differs,
 * or "what: no change", and the same fields as the event's changes (before → after).
 */
function changeLine(what: string, fields: readonly { title: string; before: unknown; after: unknown }[]): AuditEntry {
  const changed = fields.filter((f) => plain(f.before) !== plain(f.after));
  return {
    details: `${what}: ${changed.map((f) => `${f.title} ${shown(f.before)} → ${shown(f.after)}`).join('; ') || 'no change'}`,
    changes: changed.map((f) => ({ field: f.title, before: plain(f.before), after: plain(f.after) })),
  };
}

const USER_FIELD_TITLES = { first_name: 'First name', last_name: 'Last name', email: 'Email', role: 'Role', enabled: 'Enabled' } as const;

function describeChange(before: UserDbRow, after: UserDbRow): AuditEntry {
  const a = toUser(before);
  const b = toUser(after);
  return changeLine(
    `User ${b.username}`,
    (Object.keys(USER_FIELD_TITLES) as (keyof typeof USER_FIELD_TITLES)[]).map((k) => ({ title: USER_FIELD_TITLES[k], before: a[k], after: b[k] })),
  );
}

/** The audit line of a role change: its description and lists (areas by their titles), each from → to. */
function describeRoleChange(name: string, before: { description: string; grants: RoleLists } | undefined, after: { description: string; grants: RoleLists }): AuditEntry {
  const titles = (list: readonly string[] | undefined) => list?.map(areaTitle);
  return changeLine(before ? `Role ${name}` : `Role ${name} created`, [
    { title: 'Description', before: before?.description, after: after.description },
    { title: 'May view', before: titles(before?.grants.read), after: titles(after.grants.read) },
    { title: 'May change', before: titles(before?.grants.write), after: titles(after.grants.write) },
    { title: 'Denied permissions', before: before?.grants.deny, after: after.grants.deny },
  ]);
}

interface RoleChange {
  readonly name: string;
  readonly description: string;
  readonly read: readonly string[];
  readonly write: readonly string[];
  readonly deny: readonly string[];
  readonly updated_at?: string;
}

/**
 * Creates or replaces a role after checking its areas (errors at `prefix` + field), the caller's own permissions,
 * built-in roles and the stamp; copies the lists to the users holding it and audits the change.
 */
async function storeRole(ctx: CallContext, input: RoleChange, prefix = '', mode: 'upsert' | 'create' | 'update' = 'upsert'): Promise<RoleDbRow> {
  const caller = requireCaller(ctx);
  const areas = PERMISSION_AREA_NAMES;
  const known = new Set(['*', ...areas]);
  const errors: FieldError[] = [];
  for (const list of ['read', 'write'] as const) {
    input[list].forEach((a, i) => {
      if (!known.has(a)) errors.push({ path: `${prefix}${list}.${i}`, key: 'unknownArea', message: `No screen or call of the portal checks the area ${a}.` });
    });
  }
  if (errors.length) throw invalid(errors);
  const grants: RoleLists = { read: [...new Set(input.read)], write: [...new Set(input.write)], deny: [...new Set(input.deny)] };
  assertNoEscalation(caller, grants);
  return ctx.db.transaction(async (tx) => {
    const existing = await loadRole(tx, caller.tenantId, input.name);
    if (mode === 'update' && !existing) throw new HttpError(404, 'No such role.');
    if (mode === 'create' && existing) throw invalid([{ path: 'name', key: 'roleTaken', message: 'A role with this name exists.' }]);
    if (existing?.builtin) throw invalid([{ path: 'name', key: 'builtinRole', message: 'A built-in role cannot be changed; save it under a new name.' }]);
    // A stale save answers the stored role, in the shape the caller reads it in.
    if (existing && mode !== 'update' && isStale(input.updated_at, existing.updated_at)) throw new HttpError(409, MESSAGES.staleSave, { current: toRole(existing, areas) });
    if (existing && mode === 'update' && input.updated_at !== undefined && isStale(input.updated_at, existing.updated_at)) {
      throw new HttpError(409, MESSAGES.staleSave, { current: toRoleSettings(existing) });
    }
    if (!existing && input.updated_at !== undefined) throw new HttpError(409, MESSAGES.staleSave);
    const now = new Date().toISOString();
    await tx.query(
      `INSERT INTO roles (tenant_id, name, description, grants, builtin, updated_at, updated_by) VALUES ($1, $2, $3, $4, false, $5, $6)
       ON CONFLICT (tenant_id, name) DO UPDATE SET description = $3, grants = $4, updated_at = $5, updated_by = $6`,
      [caller.tenantId, input.name, input.description, JSON.stringify(grants), now, caller.user.username],
    );
    // Users holding the role get it on their next request (sessions read users.roles).
    await tx.query('UPDATE users SET roles = $3 WHERE tenant_id = $1 AND role_name = $2', [caller.tenantId, input.name, JSON.stringify(grants)]);
    const before = existing && { description: existing.description, grants: rolesOf(existing.grants) };
    await audit(ctx, tx, 'role_update', describeRoleChange(input.name, before, { description: input.description, grants }), 'roles');
    return (await loadRole(tx, caller.tenantId, input.name))!;
  });
}

async function saveRole(ctx: CallContext & { body: RoleInput }): Promise<Role> {
  return toRole(await storeRole(ctx, ctx.body), PERMISSION_AREA_NAMES);
}

function toRoleSettings(r: RoleDbRow) {
  return { name: r.name, builtin: r.builtin, settings: { description: r.description, ...rolesOf(r.grants) }, updated_at: iso(r.updated_at) };
}

async function mustLoadRole(db: Db, tenantId: string, name: string): Promise<RoleDbRow> {
  const role = await loadRole(db, tenantId, name);
  if (!role) throw new HttpError(404, 'No such role.');
  return role;
}

/** Refuses (409) deleting a built-in role or one a user or token holds. */
async function assertDeletable(db: Db, tenantId: string, role: RoleDbRow): Promise<void> {
  if (role.builtin) throw new HttpError(409, `${role.name} is a built-in role and cannot be deleted.`);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_tokens WHERE tenant_id = $1 AND role_name = $2', [tenantId, role.name]);
  if (role.users > 0 || rows[0]!.n > 0) {
    throw new HttpError(409, `${role.name} is held by ${role.users} user(s) and ${rows[0]!.n} API token(s); give them another role first.`);
  }
}

async function listRoles(ctx: CallContext) {
  const caller = requireCaller(ctx);
  const areas = PERMISSION_AREA_NAMES;
  const { rows } = await ctx.db.query<RoleDbRow>(
    `SELECT r.name, r.description, r.grants, r.builtin, r.updated_at,
            (SELECT count(*) FROM users u WHERE u.tenant_id = r.tenant_id AND u.role_name = r.name)::int AS users
       FROM roles r WHERE r.tenant_id = $1 ORDER BY r.builtin DESC, r.name`,
    [caller.tenantId],
  );
  return { roles: rows.map((r) => toRole(r, areas)), areas };
}

interface TokenDbRow {
  id: string;
  name: string;
  role_name: string;
  created_at: Date;
  created_by: string;
  expires_at: Date;
  last_used_at: Date | null;
}
const toToken = (r: TokenDbRow, now = Date.now()): ApiToken => ({
  id: r.id,
  name: r.name,
  role: r.role_name,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  expires_at: iso(r.expires_at),
  last_used_at: r.last_used_at ? iso(r.last_used_at) : null,
  expired: r.expires_at.getTime() <= now,
});

// ---- seed ----------------------------------------------------------------------------------------------------------

/** Built-in roles every tenant has, from the demo role lists; the demo users hold the role of their name. */
const BUILTIN_ROLES = {
  admin: { description: 'Reads and changes everything', grants: DEMO_ROLES.admin },
  auditor: { description: 'Reads everything, changes nothing', grants: DEMO_ROLES.auditor },
  webadmin: { description: 'Changes web policy; reads the dashboard and logs', grants: DEMO_ROLES.webadmin },
} as const;
const DEMO_USER_ROLES: Readonly<Record<string, keyof typeof BUILTIN_ROLES>> = { admin: 'admin', auditor: 'auditor', webadmin: 'webadmin', 'other-admin': 'admin' };

/** Gives a tenant the built-in roles it lacks (a tenant the provider console creates gets them at once). */
export async function insertBuiltinRoles(db: Db, tenantId: string, now = new Date().toISOString()): Promise<void> {
  for (const [name, r] of Object.entries(BUILTIN_ROLES)) {
    await db.query(
      `INSERT INTO roles (tenant_id, name, description, grants, builtin, updated_at, updated_by) VALUES ($1, $2, $3, $4, true, $5, 'system')
       ON CONFLICT (tenant_id, name) DO NOTHING`,
      [tenantId, name, r.description, JSON.stringify(rolesOf(r.grants)), now],
    );
  }
}

async function seedRoles(db: Db): Promise<void> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants');
  const now = new Date().toISOString();
  for (const { id } of rows) await insertBuiltinRoles(db, id, now);
  for (const [username, role] of Object.entries(DEMO_USER_ROLES)) {
    await db.query('UPDATE users SET role_name = $2 WHERE username = $1 AND role_name IS NULL', [username, role]);
  }
}

// ---- module --------------------------------------------------------------------------------------------------------

export const identityModule: ServerModule = {
  name: 'identity',
  onStart: async (db) => seedRoles(db),
  implementations: implementAll(identityOps, {
    listDirectoryUsers: async (ctx) => {
      const { tenantId } = requireCaller(ctx);
      const { search, limit, offset } = ctx.query;
      const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = `tenant_id = $1 AND ($2::text IS NULL OR username ILIKE $2 OR first_name ILIKE $2 OR last_name ILIKE $2 OR email ILIKE $2
        OR (first_name || ' ' || last_name) ILIKE $2)`;
      const { rows } = await ctx.db.query<UserDbRow>(`SELECT ${USER_COLUMNS} FROM users WHERE ${where} ORDER BY username LIMIT $3 OFFSET $4`, [
        tenantId,
        like,
        limit,
        offset,
      ]);
      const total = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where}`, [tenantId, like]);
      return { users: rows.map(toUser), total: total.rows[0]!.n };
    },

    getDirectoryUser: async (ctx) => toUser(await mustFindUser(ctx.db, requireCaller(ctx).tenantId, ctx.params.id)),

    createDirectoryUser: async (ctx) => {
      const caller = requireCaller(ctx);
      const grants = await roleFor(ctx.db, caller.tenantId, ctx.body.role, 'role');
      assertNoEscalation(caller, grants);
      if ((await usernamesTaken(ctx.db, [ctx.body.username])).size) {
        throw invalid([{ path: 'username', key: 'usernameTaken', message: 'This user name is taken.' }]);
      }
      await assertRoom(ctx.db, caller, 1);
      return ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, caller.tenantId, ctx.body, grants);
        await audit(ctx, tx, 'user_create', `${user.username} with role ${user.role}${user.enabled ? '' : ', disabled'}`, 'users');
        return user;
      });
    },

    updateDirectoryUser: async (ctx) => {
      const caller = requireCaller(ctx);
      const user = await mustFindUser(ctx.db, caller.tenantId, ctx.params.id);
      const { role, enabled } = ctx.body;
      if (enabled === false && user.id === caller.user.uid) {
        throw invalid([{ path: 'enabled', key: 'cannotDisableSelf', message: 'You cannot disable your own account.' }]);
      }
      const grants = role === undefined ? undefined : await roleFor(ctx.db, caller.tenantId, role, 'role');
      if (grants) assertNoEscalation(caller, grants);
      return ctx.db.transaction(async (tx) => {
        const after = await applyUserChange(tx, caller.tenantId, user, { ...ctx.body, grants });
        await audit(ctx, tx, 'user_update', describeChange(user, after), 'users');
        return toUser(after);
      });
    },

    deleteDirectoryUser: async (ctx) => {
      const caller = requireCaller(ctx);
      const user = await mustFindUser(ctx.db, caller.tenantId, ctx.params.id);
      if (user.id === caller.user.uid) throw new HttpError(409, 'You cannot delete your own account.');
      await ctx.db.transaction(async (tx) => {
        await tx.query('DELETE FROM users WHERE tenant_id = $1 AND id = $2', [caller.tenantId, user.id]);
        await audit(ctx, tx, 'user_delete', user.username, 'users');
      });
      return { deleted: [user.id] };
    },

    directoryTenants: async (ctx) => {
      const caller = requireCaller(ctx);
      const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE tenant_id = $1', [caller.tenantId]);
      const max = caller.user.capabilities.max_users;
      return { tenants: [{ tid: caller.tenantId, name: caller.user.tenant_name, max_users: typeof max === 'number' ? max : null, users: rows[0]!.n }] };
    },

    bulkModifyUsers: async (ctx) => {
      const caller = requireCaller(ctx);
      const { uid_list, changes } = ctx.body;
      const users: UserDbRow[] = [];
      const errors: FieldError[] = [];
      for (const [i, uid] of uid_list.entries()) {
        const u = await findUser(ctx.db, caller.tenantId, uid);
        if (!u) errors.push({ path: `uid_list.${i}`, key: 'unknownUser', message: 'No such user.' });
        else if (changes.enabled === false && u.id === caller.user.uid) {
          errors.push({ path: `uid_list.${i}`, key: 'cannotDisableSelf', message: 'You cannot disable your own account.' });
        } else users.push(u);
      }
      if (errors.length) throw invalid(errors);
      const grants = changes.role === undefined ? undefined : await roleFor(ctx.db, caller.tenantId, changes.role, 'changes.role');
      if (grants) assertNoEscalation(caller, grants);
      return ctx.db.transaction(async (tx) => {
        const modified: string[] = [];
        for (const u of users) {
          const after = await applyUserChange(tx, caller.tenantId, u, { ...changes, grants });
          await audit(ctx, tx, 'user_update', describeChange(u, after), 'users');
          modified.push(u.id);
        }
        return { modified };
      });
    },

    bulkDeleteUsers: async (ctx) => {
      const caller = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; username: string }>(
          'DELETE FROM users WHERE tenant_id = $1 AND (id = ANY($2) OR username = ANY($2)) AND id <> $3 RETURNING id, username',
          [caller.tenantId, ctx.body.uid_list, caller.user.uid],
        );
        for (const r of rows) await audit(ctx, tx, 'user_delete', r.username, 'users');
        return { deleted: rows.map((r) => r.id) };
      });
    },

    bulkCreateUsers: async (ctx) => {
      const caller = requireCaller(ctx);
      const list = ctx.body.user_list;
      const errors: FieldError[] = [];
      const taken = await usernamesTaken(ctx.db, list.map((u) => u.username));
      const seen = new Set<string>();
      const grantsByRole = new Map<string, RoleLists>();
      for (const [i, u] of list.entries()) {
        if (taken.has(u.username) || seen.has(u.username)) {
          errors.push({ path: `user_list.${i}.username`, key: 'usernameTaken', message: 'This user name is taken.' });
        }
        seen.add(u.username);
        if (!grantsByRole.has(u.role)) {
          const role = await loadRole(ctx.db, caller.tenantId, u.role);
          if (role) grantsByRole.set(u.role, rolesOf(role.grants));
        }
        if (!grantsByRole.has(u.role)) errors.push({ path: `user_list.${i}.role`, key: 'unknownRole', message: `There is no role named ${u.role}.` });
      }
      if (errors.length) throw invalid(errors);
      for (const g of grantsByRole.values()) assertNoEscalation(caller, g);
      await assertRoom(ctx.db, caller, list.length);
      return ctx.db.transaction(async (tx) => {
        const created: DirectoryUser[] = [];
        for (const u of list) {
          const user = await insertUser(tx, caller.tenantId, u, grantsByRole.get(u.role)!);
          await audit(ctx, tx, 'user_create', `${user.username} with role ${user.role} (bulk import)`, 'users');
          created.push(user);
        }
        return { created };
      });
    },

    resetPassword: async (ctx) => {
      const caller = requireCaller(ctx);
      const user = await mustFindUser(ctx.db, caller.tenantId, ctx.body.username);
      const temporary = ctx.body.password === undefined ? randomBytes(12).toString('base64url') : undefined;
      const hash = await hashPassword(ctx.body.password ?? temporary!);
      return ctx.db.transaction(async (tx) => {
        const prefix = user.password_hash.startsWith(DISABLED) ? DISABLED : '';
        await tx.query('UPDATE users SET password_hash = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2', [
          caller.tenantId,
          user.id,
          prefix + hash,
          new Date().toISOString(),
        ]);
        const ended = await endUserSessions(tx, caller.tenantId, user.id);
        await audit(ctx, tx, 'password_change', `${user.username}: password reset by an administrator`, 'users');
        return { username: user.username, ...(temporary ? { temporary_password: temporary } : {}), sessions_ended: ended };
      });
    },

    directoryDomains: async (ctx) => {
      const { rows } = await ctx.db.query<{ domain: string }>(
        `SELECT DISTINCT lower(split_part(email, '@', 2)) AS domain FROM users WHERE tenant_id = $1 AND email <> '' ORDER BY 1`,
        [requireCaller(ctx).tenantId],
      );
      return { domains: rows.map((r) => r.domain) };
    },

    directoryDomainsFull: async (ctx) => {
      const { rows } = await ctx.db.query<{ domain: string; users: number }>(
        `SELECT lower(split_part(email, '@', 2)) AS domain, count(*)::int AS users FROM users WHERE tenant_id = $1 AND email <> ''
          GROUP BY 1 ORDER BY 1`,
        [requireCaller(ctx).tenantId],
      );
      return { domains: rows };
    },

    directoryUsernames: async (ctx) => {
      const { rows } = await ctx.db.query<{ username: string }>('SELECT username FROM users WHERE tenant_id = $1 ORDER BY username', [
        requireCaller(ctx).tenantId,
      ]);
      return { usernames: rows.map((r) => r.username) };
    },

    mfaUsers: async (ctx) => {
      const { rows } = await ctx.db.query<{ uid: string; username: string; mfa_enrolled: boolean }>(
        'SELECT id AS uid, username, mfa_enrolled FROM users WHERE tenant_id = $1 ORDER BY username',
        [requireCaller(ctx).tenantId],
      );
      return { users: rows };
    },

    mfaReset: async (ctx) => {
      const caller = requireCaller(ctx);
      const user = await mustFindUser(ctx.db, caller.tenantId, ctx.params.username);
      return ctx.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET mfa_enrolled = false, updated_at = $3 WHERE tenant_id = $1 AND id = $2', [
          caller.tenantId,
          user.id,
          new Date().toISOString(),
        ]);
        await audit(ctx, tx, 'user_update', `${user.username}: second factor reset by an administrator`, 'users');
        return { uid: user.id, username: user.username, mfa_enrolled: false as const };
      });
    },

    userSettingsSchema: async (ctx) => {
      const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM roles WHERE tenant_id = $1 ORDER BY builtin DESC, name', [
        requireCaller(ctx).tenantId,
      ]);
      const names = rows.map((r) => r.name);
      return z.toJSONSchema(userSettingsSchema(names.length ? (names as [string, ...string[]]) : ['admin']), { target: 'draft-07' }) as Record<string, unknown>;
    },

    getUserSettings: async (ctx) => toSettingsItem(await mustFindUser(ctx.db, requireCaller(ctx).tenantId, ctx.params.id)),

    updateUserSettings: async (ctx) => {
      const caller = requireCaller(ctx);
      const user = await mustFindUser(ctx.db, caller.tenantId, ctx.params.id);
      if (isStale(ctx.body.updated_at, user.updated_at)) {
        throw new HttpError(409, MESSAGES.staleSave, { current: toSettingsItem(user) });
      }
      const { new_password, role, ...rest } = ctx.body.settings;
      if (rest.enabled === false && user.id === caller.user.uid) {
        throw invalid([{ path: 'settings.enabled', key: 'cannotDisableSelf', message: 'You cannot disable your own account.' }]);
      }
      const roleChanged = role !== null && role !== user.role_name;
      const grants = roleChanged ? await roleFor(ctx.db, caller.tenantId, role, 'settings.role') : undefined;
      if (grants) assertNoEscalation(caller, grants);
      const hash = new_password ? await hashPassword(new_password) : undefined;
      return ctx.db.transaction(async (tx) => {
        let after = await applyUserChange(tx, caller.tenantId, user, { ...rest, ...(roleChanged ? { role, grants } : {}) });
        await audit(ctx, tx, 'user_update', describeChange(user, after), 'users');
        if (hash) {
          const prefix = after.password_hash.startsWith(DISABLED) ? DISABLED : '';
          after = (
            await tx.query<UserDbRow>(`UPDATE users SET password_hash = $3 WHERE tenant_id = $1 AND id = $2 RETURNING ${USER_COLUMNS}`, [
              caller.tenantId,
              user.id,
              prefix + hash,
            ])
          ).rows[0]!;
          await endUserSessions(tx, caller.tenantId, user.id);
          await audit(ctx, tx, 'password_change', `${user.username}: password set by an administrator`, 'users');
        }
        return toSettingsItem(after);
      });
    },

    createUserFromScreen: async (ctx) => {
      const caller = requireCaller(ctx);
      const { settings: _settings, role, ...rest } = ctx.body;
      const grants = role === undefined ? { read: [], write: [], deny: [] } : await roleFor(ctx.db, caller.tenantId, role, 'role');
      assertNoEscalation(caller, grants);
      if ((await usernamesTaken(ctx.db, [rest.username])).size) {
        throw invalid([{ path: 'username', key: 'usernameTaken', message: 'This user name is taken.' }]);
      }
      await assertRoom(ctx.db, caller, 1);
      return ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, caller.tenantId, { ...rest, role: role ?? null, enabled: true }, grants);
        await audit(ctx, tx, 'user_create', `${user.username} with role ${user.role ?? '(none)'}`, 'users');
        return toSettingsItem((await findUser(tx, caller.tenantId, user.uid))!);
      });
    },

    deleteUsersFromScreen: async (ctx) => {
      const caller = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ username: string }>(
          'DELETE FROM users WHERE tenant_id = $1 AND (id = ANY($2) OR username = ANY($2)) AND id <> $3 RETURNING username',
          [caller.tenantId, ctx.body.ids, caller.user.uid],
        );
        for (const r of rows) await audit(ctx, tx, 'user_delete', r.username, 'users');
        return { deleted: rows.length };
      });
    },

    rbacV2: listRoles,
    rbacV1: listRoles,
    saveRbacV2: saveRole,
    saveRbacV1: saveRole,

    deleteRbacV2: async (ctx) => {
      const caller = requireCaller(ctx);
      const role = await mustLoadRole(ctx.db, caller.tenantId, ctx.params.name);
      await assertDeletable(ctx.db, caller.tenantId, role);
      await ctx.db.transaction(async (tx) => {
        await tx.query('DELETE FROM roles WHERE tenant_id = $1 AND name = $2', [caller.tenantId, role.name]);
        await audit(ctx, tx, 'role_update', `${role.name}: deleted`, 'roles');
      });
      return { deleted: role.name };
    },

    roleSettingsSchema: async () => {
      const areas = ['*', ...PERMISSION_AREA_NAMES] as [string, ...string[]];
      return z.toJSONSchema(roleSettingsSchema(areas), { target: 'draft-07' }) as Record<string, unknown>;
    },

    getRoleSettings: async (ctx) => toRoleSettings(await mustLoadRole(ctx.db, requireCaller(ctx).tenantId, ctx.params.id)),

    updateRoleSettings: async (ctx) =>
      toRoleSettings(await storeRole(ctx, { name: ctx.params.id, ...ctx.body.settings, updated_at: ctx.body.updated_at }, 'settings.', 'update')),

    createRoleFromScreen: async (ctx) =>
      toRoleSettings(await storeRole(ctx, { name: ctx.body.name, description: ctx.body.description, read: [], write: [], deny: [] }, '', 'create')),

    deleteRolesFromScreen: async (ctx) => {
      const caller = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        let deleted = 0;
        for (const name of new Set(ctx.body.ids)) {
          const role = await loadRole(tx, caller.tenantId, name);
          if (!role) continue;
          await assertDeletable(tx, caller.tenantId, role);
          await tx.query('DELETE FROM roles WHERE tenant_id = $1 AND name = $2', [caller.tenantId, name]);
          await audit(ctx, tx, 'role_update', `${name}: deleted`, 'roles');
          deleted++;
        }
        return { deleted };
      });
    },

    listApiTokens: async (ctx) => {
      const { rows } = await ctx.db.query<TokenDbRow>(
        'SELECT id, name, role_name, created_at, created_by, expires_at, last_used_at FROM api_tokens WHERE tenant_id = $1 ORDER BY created_at DESC, name',
        [requireCaller(ctx).tenantId],
      );
      return { tokens: rows.map((r) => toToken(r)) };
    },

    generateApiToken: async (ctx) => {
      const caller = requireCaller(ctx);
      const grants = await roleFor(ctx.db, caller.tenantId, ctx.body.role, 'role');
      assertNoEscalation(caller, grants);
      const secret = newApiTokenSecret();
      const now = Date.now();
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<TokenDbRow>(
          `INSERT INTO api_tokens (id, tenant_id, name, token_hash, role_name, created_at, created_by, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, name, role_name, created_at, created_by, expires_at, last_used_at`,
          [
            randomUUID(),
            caller.tenantId,
            ctx.body.name,
            hashApiToken(secret),
            ctx.body.role,
            new Date(now).toISOString(),
            caller.user.username,
            new Date(now + ctx.body.expires_in_days * 86_400_000).toISOString(),
          ],
        );
        const token = toToken(rows[0]!, now);
        await audit(ctx, tx, 'api_token_create', `${token.name}: scope ${token.role}, expires ${token.expires_at}`, 'api-tokens');
        return { token, secret };
      });
    },

    updateApiTokens: async (ctx) => {
      const caller = requireCaller(ctx);
      const now = Date.now();
      return ctx.db.transaction(async (tx) => {
        for (const [i, change] of ctx.body.tokens.entries()) {
          const expires = new Date(now + change.expires_in_days * 86_400_000).toISOString();
          const { rows } = await tx.query<{ name: string }>(
            `UPDATE api_tokens t SET name = $3, expires_at = $4 FROM (SELECT name FROM api_tokens WHERE tenant_id = $1 AND id = $2) old
             WHERE t.tenant_id = $1 AND t.id = $2 RETURNING old.name`,
            [caller.tenantId, change.id, change.name, expires],
          );
          if (!rows[0]) {
            const message = 'No such API token.';
            throw new HttpError(400, message, { errors: [{ path: `tokens.${i}.id`, key: 'unknownToken', message }] });
          }
          const renamed = rows[0].name === change.name ? change.name : `${rows[0].name}: renamed to ${change.name}`;
          await audit(ctx, tx, 'api_token_update', `${renamed}, expires ${expires}`, 'api-tokens');
        }
        const { rows } = await tx.query<TokenDbRow>(
          'SELECT id, name, role_name, created_at, created_by, expires_at, last_used_at FROM api_tokens WHERE tenant_id = $1 ORDER BY created_at DESC, name',
          [caller.tenantId],
        );
        return { tokens: rows.map((r) => toToken(r, now)) };
      });
    },

    deleteApiToken: async (ctx) => {
      const caller = requireCaller(ctx);
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; name: string }>('DELETE FROM api_tokens WHERE tenant_id = $1 AND id = $2 RETURNING id, name', [
          caller.tenantId,
          ctx.params.id,
        ]);
        if (!rows[0]) throw new HttpError(404, 'No such API token.');
        await audit(ctx, tx, 'api_token_delete', rows[0].name, 'api-tokens');
        return { deleted: rows[0].id };
      });
    },
  }),
};
