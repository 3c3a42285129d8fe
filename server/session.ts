/**
 * Server-side sessions and the cookies that carry them (team brief, spec 000 §4): `sid` (HttpOnly), `user_id`
 * (readable uid) and the Tornado-style `_xsrf` cookie `2|mask|masked-token|timestamp`, bound to the session.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { grantsFromRoles, type Capabilities, type Deployment, type Roles } from '../schemas/access';
import type { SessionUser } from '../schemas/auth';
import {
  ACTIVITY_THROTTLE_MS,
  DAY_MS,
  SESSION_COOKIE,
  SESSION_LOGOUT_DAYS_DEFAULT,
  USER_COOKIE,
  USER_COOKIE_LIFETIME_MS,
  XSRF_COOKIE,
} from '../schemas/constants';
import { adminAccessColumn, addressPermitted, addressRefusedText, adminAccessOf, idleMinutes, type StoredAdminAccess } from './adminAccess';
import { recordAudit } from './audit';
import { HttpError, type Caller, type Db } from './types';

/** Sign-in answer for a user of a tenant the provider disabled. */
export const TENANT_DISABLED = 'This organization is disabled. Contact your service provider.';

/** A user row joined with its tenant: what a SessionUser is built from. */
export interface UserRow {
  readonly user_id: string;
  readonly tenant_id: string;
  readonly username: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly roles: Roles;
  readonly tenant_name: string;
  readonly capabilities: Capabilities;
  readonly settings: { readonly session_logout_days?: unknown };
  /** The tenant's stored access pages (adminAccessColumn); absent where no session is made. */
  readonly admin_access?: StoredAdminAccess | null;
}

/** SQL selecting the UserRow columns from `users u JOIN tenants t`, with the access pages that apply in `deployment`. */
export const userRowColumns = (deployment: Deployment): string => `u.id AS user_id, u.tenant_id, u.username, u.first_name, u.last_name, u.roles,
  t.name AS tenant_name, t.capabilities, t.settings, ${adminAccessColumn(deployment)}`;

/** The tenant's inactivity time-out in days, or the spec's default when unset or not a positive number. */
export function sessionLogoutDays(settings: UserRow['settings']): number {
  const days = settings.session_logout_days;
  return typeof days === 'number' && days > 0 ? days : SESSION_LOGOUT_DAYS_DEFAULT;
}

/**
 * The idle sign-out in days: the access pages' idle time, or the service provider's inactivity limit
 * for the tenant when that is shorter. The page answers it as session_logout_days, so its inactivity timer follows.
 */
export function idleDays(row: Pick<UserRow, 'settings' | 'admin_access'>): number {
  const provider = sessionLogoutDays(row.settings);
  return row.admin_access === undefined ? provider : Math.min(provider, idleMinutes(adminAccessOf(row.admin_access ?? {})) / (DAY_MS / 60_000));
}

export function sessionUser(row: UserRow): SessionUser {
  return {
    uid: row.user_id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    tenant_name: row.tenant_name,
    tid: row.tenant_id,
    roles: { read: [...row.roles.read], write: [...row.roles.write], ...(row.roles.deny ? { deny: [...row.roles.deny] } : {}) },
    capabilities: row.capabilities,
    show_change_password: false,
    status_ui_v2: true,
    appliance_manager_ui_v2: true,
    portal_v2: row.capabilities.portal2 === true,
    session_logout_days: idleDays(row),
  };
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** ACCESS_STAMP_HEADER's value: changes whenever the user's permissions or the tenant's capabilities do. */
export const accessStamp = (user: Pick<SessionUser, 'roles' | 'capabilities'>): string =>
  sha256(JSON.stringify([user.roles, user.capabilities])).slice(0, 16);

// ---- xsrf ---------------------------------------------------------------------------------------------------------

export const newXsrfToken = (): string => randomBytes(16).toString('hex');

function xor(data: Buffer, mask: Buffer): Buffer {
  return Buffer.from(data.map((b, i) => b ^ mask[i % mask.length]!));
}

/** A fresh cookie value for `token`, masked anew each time as Tornado does. */
export function xsrfCookieValue(token: string): string {
  const mask = randomBytes(4);
  return `2|${mask.toString('hex')}|${xor(Buffer.from(token, 'hex'), mask).toString('hex')}|${Math.floor(Date.now() / 1000)}`;
}

/** The token inside a cookie value, or undefined when the value is not a version-2 xsrf cookie. */
export function xsrfTokenOf(value: string | undefined): string | undefined {
  const m = value === undefined ? null : /^2\|([0-9a-f]{8})\|([0-9a-f]{32})\|\d+$/.exec(value);
  return m ? xor(Buffer.from(m[2]!, 'hex'), Buffer.from(m[1]!, 'hex')).toString('hex') : undefined;
}

const withoutLastPart = (v: string) => v.slice(0, Math.max(0, v.lastIndexOf('|')));

/** Header and cookie agree, compared without their last `|`-part (the timestamp). */
export function xsrfMatches(header: string | undefined, cookie: string | undefined): boolean {
  if (!header || !cookie) return false;
  const a = Buffer.from(withoutLastPart(header));
  const b = Buffer.from(withoutLastPart(cookie));
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

// ---- cookies ------------------------------------------------------------------------------------------------------

/** Cookies are `Secure` when the browser reached us over HTTPS (directly or through a trusted proxy). */
export const secure = (request: FastifyRequest): boolean => request.protocol === 'https';
// The xsrf value holds `|`, a valid cookie character; the page reads and echoes it unencoded.
const raw = (v: string) => v;

export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): string {
  const value = xsrfCookieValue(token);
  reply.setCookie(XSRF_COOKIE, value, { path: '/', sameSite: 'lax', secure: secure(request), encode: raw });
  return value;
}

/** Sets `sid`, `user_id` and a fresh `_xsrf` bound to the new session. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, s: { sid: string; uid: string; xsrfToken: string }): void {
  reply.setCookie(SESSION_COOKIE, s.sid, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
  setUserCookie(request, reply, s.uid);
  setXsrfCookie(request, reply, s.xsrfToken);
}

export function setUserCookie(request: FastifyRequest, reply: FastifyReply, uid: string): void {
  reply.setCookie(USER_COOKIE, uid, {
    path: '/',
    sameSite: 'lax',
    secure: secure(request),
    maxAge: Math.round(USER_COOKIE_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [SESSION_COOKIE, USER_COOKIE, XSRF_COOKIE]) reply.clearCookie(name, { path: '/' });
}

// ---- sessions -----------------------------------------------------------------------------------------------------

/** A live session: the caller, and the xsrf token the session's cookie must carry. */
export interface ResolvedSession {
  readonly caller: Caller;
  readonly xsrfToken: string;
}

/**
 * The session named by the `sid` cookie. An idle one (no activity within `idleDays`) or an old one (signed in more
 * than `maxAgeMs` ago, however active) is deleted and treated as absent; otherwise the call counts as activity, unless
 * it is a `background` one (a poll the page made on its own): last_seen_at is refreshed, written at most once per
 * ACTIVITY_THROTTLE_MS. A request from an address outside the tenant's allow-list (Settings → Administrator Access)
 * ends the session, is audited, and is answered 401 with the reason.
 */
export async function resolveSession(
  db: Db,
  sid: string | undefined,
  maxAgeMs: number,
  { ip, deployment, background = false, now = Date.now() }: { readonly ip: string; readonly deployment: Deployment; readonly background?: boolean; readonly now?: number },
): Promise<ResolvedSession | undefined> {
  if (!sid) return undefined;
  const idHash = sha256(sid);
  const { rows } = await db.query<UserRow & { xsrf_token: string; created_at: Date; last_seen_at: Date }>(
    `SELECT s.xsrf_token, s.created_at, s.last_seen_at, ${userRowColumns(deployment)}
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.tenant_id = s.tenant_id JOIN tenants t ON t.id = s.tenant_id
      WHERE s.id_hash = $1 AND NOT t.disabled`,
    [idHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const idle = now - row.last_seen_at.getTime();
  if (idle > idleDays(row) * DAY_MS || now - row.created_at.getTime() > maxAgeMs) {
    await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    return undefined;
  }
  const rules = adminAccessOf(row.admin_access ?? {});
  if (!addressPermitted(rules, ip)) {
    await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    await recordAudit(db, row.tenant_id, {
      action: 'login',
      user: row.username,
      tenant: row.tenant_name,
      details: 'Session ended: a request came from an address outside the allowed addresses',
      result: 'failure',
      ip,
    });
    throw new HttpError(401, addressRefusedText(rules, ip));
  }
  if (!background && idle > ACTIVITY_THROTTLE_MS) await touchSession(db, idHash, now);
  const user = sessionUser(row);
  return {
    caller: { sessionId: idHash, tenantId: row.tenant_id, user, grants: grantsFromRoles(user.roles) },
    xsrfToken: row.xsrf_token,
  };
}

/** Marks the session active now. */
export async function touchSession(db: Db, sessionId: string, now = Date.now()): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1', [sessionId, new Date(now).toISOString()]);
}

/** Starts a session for the user; returns the secret id for the cookie and the session's xsrf token. */
export async function createSession(db: Db, user: { tenantId: string; userId: string }): Promise<{ sid: string; xsrfToken: string }> {
  const sid = randomBytes(32).toString('base64url');
  const xsrfToken = newXsrfToken();
  const now = new Date().toISOString();
  // A tenant the provider disabled gets no session (its users' sign-in is refused).
  const { rows } = await db.query(
    `INSERT INTO sessions (id_hash, tenant_id, user_id, xsrf_token, created_at, last_seen_at)
     SELECT $1, $2, $3, $4, $5, $5 FROM tenants WHERE id = $2 AND NOT disabled RETURNING id_hash`,
    [sha256(sid), user.tenantId, user.userId, xsrfToken, now],
  );
  if (rows.length === 0) throw new HttpError(403, TENANT_DISABLED);
  return { sid, xsrfToken };
}

/** Ends the session named by its secret id, if it exists. */
export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [sha256(sid)]);
}

/**
 * Ends every session of one user, e.g. when the user is disabled or their password is reset: their next call is
 * answered 401 wherever they are signed in. Returns how many sessions ended.
 */
export async function endUserSessions(db: Db, tenantId: string, userId: string): Promise<number> {
  const { rows } = await db.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2 RETURNING id_hash', [tenantId, userId]);
  return rows.length;
}
