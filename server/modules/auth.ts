/**
 * Sign-in, session and user info (spec 000 §2, §4, §7, §8), cloud paths and their on-prem twins. Every sign-in
 * starts a new session; failures are throttled per account and address and per address (server/throttle.ts).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, PRODUCT_NAME, SESSION_COOKIE, XSRF_COOKIE } from '../../schemas/constants';
import { authOps } from '../../definitions/api/auth';
import type { LoginRequest } from '../../schemas/auth';
import { recordAudit } from '../audit';
import { hashPassword, needsRehash, verifyDecoy, verifyPassword } from '../passwords';
import {
  USER_ROW_COLUMNS,
  clearSessionCookies,
  createSession,
  deleteSession,
  newXsrfToken,
  secure,
  sessionUser,
  setSessionCookies,
  setUserCookie,
  setXsrfCookie,
  touchSession,
  xsrfTokenOf,
  type UserRow,
} from '../session';
import { attemptKeys, blockedFor, oneAtATime, recordFailure, recordSuccess } from '../throttle';
import { HttpError, implementAll, requireCaller, type CallContext, type ServerModule } from '../types';

export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const THROTTLED = 'Too many failed sign-in attempts. Try again in $1 seconds.';
/** Where the embedded identity provider takes the sign-in form (see server/idp.ts). */
export const IDP_AUTHORIZE_PATH = '/idp/authorize';
export const IDP_CLIENT_ID = 'portal';
/**
 * The cookie that ties a single-sign-on form to the browser that asked for it (HttpOnly; the form's csrf_token).
 * It is not the xsrf cookie on purpose: a sign-out answering in another tab deletes that one, and a sign-in started
 * meanwhile would then be refused.
 */
export const SSO_STATE_COOKIE = 'sso_state';
const SSO_STATE_MAX_AGE_S = 600;
const isSsoState = (v: string | undefined): v is string => v !== undefined && /^[0-9a-f]{32}$/.test(v);

/** The browser's sign-in state (kept while a sign-in is being started, so parallel ones share it), renewed. */
function ssoState(ctx: CallContext): string {
  const existing = ctx.request.cookies[SSO_STATE_COOKIE];
  const state = isSsoState(existing) ? existing : randomBytes(16).toString('hex');
  ctx.reply.setCookie(SSO_STATE_COOKIE, state, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(ctx.request),
    maxAge: SSO_STATE_MAX_AGE_S,
  });
  return state;
}

/** Whether a posted sign-in form carries the state of this browser. */
export function ssoStateMatches(token: string | undefined, cookie: string | undefined): boolean {
  return isSsoState(token) && isSsoState(cookie) && timingSafeEqual(Buffer.from(token), Buffer.from(cookie));
}

/** The xsrf cookie of the request, set first when missing (bound to the session when there is one). */
async function ensureXsrfCookie(ctx: CallContext): Promise<string> {
  const existing = ctx.request.cookies[XSRF_COOKIE];
  if (existing && xsrfTokenOf(existing)) return existing;
  const sessionToken = ctx.caller
    ? (await ctx.db.query<{ xsrf_token: string }>('SELECT xsrf_token FROM sessions WHERE id_hash = $1 AND tenant_id = $2', [
        ctx.caller.sessionId,
        ctx.caller.tenantId,
      ])).rows[0]?.xsrf_token
    : undefined;
  return setXsrfCookie(ctx.request, ctx.reply, sessionToken ?? newXsrfToken());
}

// The cloud and on-premises twins share these handlers, so they take only what both operations give.
const login = async (ctx: CallContext & { readonly body: LoginRequest }) => {
  const { db, request, reply } = ctx;
  const { username, password } = ctx.body;
  const keys = attemptKeys(username, request.ip);
  const row = await oneAtATime(keys, async () => {
    const delay = await blockedFor(db, keys);
    if (delay > 0) {
      reply.header('Retry-After', String(delay));
      throw new HttpError(429, THROTTLED, { delay });
    }
    const found = (
      await db.query<UserRow & { password_hash: string }>(
        `SELECT ${USER_ROW_COLUMNS}, u.password_hash FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.username = $1`,
        [username],
      )
    ).rows[0];
    // An unknown user, a disabled one (`disabled$…`) and one without a password take as long as a wrong password.
    const hashed = found?.password_hash.startsWith('scrypt$') ? found.password_hash : undefined;
    const ok = hashed ? await verifyPassword(password, hashed) : await verifyDecoy(password);
    const audit = (result: 'success' | 'failure') =>
      found && recordAudit(db, found.tenant_id, { action: 'login', user: found.username, tenant: found.tenant_name, result, ip: request.ip });
    if (!found || !ok) {
      await recordFailure(db, keys);
      await audit('failure');
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await recordSuccess(db, keys);
    // A hash made with a cost below today's is replaced while the password is at hand.
    if (needsRehash(found.password_hash)) {
      await db.query('UPDATE users SET password_hash = $3 WHERE tenant_id = $1 AND id = $2', [
        found.tenant_id,
        found.user_id,
        await hashPassword(password),
      ]);
    }
    await audit('success');
    return found;
  });

  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
  const session = await createSession(db, { tenantId: row.tenant_id, userId: row.user_id });
  setSessionCookies(request, reply, { sid: session.sid, uid: row.user_id, xsrfToken: session.xsrfToken });
  return sessionUser(row);
};

/** Ends the caller's session; the GET form refuses a request the browser marks as sent from another site. */
const logout = async (ctx: CallContext) => {
  const { db, request, reply, caller } = ctx;
  if (ctx.op.method === 'GET' && request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, MESSAGES.forbidden);
  // Spec 000 §4: logout never fails; the cookies go whatever happens to the stored session.
  try {
    if (caller) {
      await recordAudit(db, caller.tenantId, {
        action: 'logout',
        user: caller.user.username,
        tenant: caller.user.tenant_name,
        result: 'success',
        ip: request.ip,
      });
    }
    const sid = request.cookies[SESSION_COOKIE];
    if (sid) await deleteSession(db, sid);
  } catch (err) {
    request.log.error({ err }, 'logout could not end the stored session');
  }
  clearSessionCookies(reply);
  return 'ok';
};

const cookieRefresh = async (ctx: CallContext) => {
  const caller = requireCaller(ctx);
  await touchSession(ctx.db, caller.sessionId);
  setUserCookie(ctx.request, ctx.reply, caller.user.uid);
  return 'ok';
};

const userInfo = async (ctx: CallContext) => requireCaller(ctx).user;

/** The portal's origin as the browser addressed it. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const authModule: ServerModule = {
  name: 'auth',
  implementations: implementAll(authOps, {
    portalConfig: async (ctx) => {
      await ensureXsrfCookie(ctx);
      return { deployment: ctx.env.deployment, app_mode: ctx.env.appMode, production: ctx.env.production, product_name: PRODUCT_NAME };
    },
    authParams: async (ctx) => ({
      login_url: IDP_AUTHORIZE_PATH,
      redirect_uri: `${origin(ctx.request)}/`,
      client_id: IDP_CLIENT_ID,
      csrf_token: ssoState(ctx),
      scope: 'openid profile',
      ...(ctx.body.force_udb !== undefined ? { force_udb: ctx.body.force_udb } : {}),
    }),
    login,
    onPremLogin: login,
    logout,
    onPremLogout: logout,
    logoutPost: logout,
    onPremLogoutPost: logout,
    cookieRefresh,
    onPremCookieRefresh: cookieRefresh,
    userInfo,
    onPremUserInfo: userInfo,
    listUsers: async (ctx) => ({
      users: (
        await ctx.db.query<{ uid: string; username: string; first_name: string; last_name: string }>(
          'SELECT id AS uid, username, first_name, last_name FROM users WHERE tenant_id = $1 ORDER BY username',
          [requireCaller(ctx).tenantId],
        )
      ).rows,
    }),
  }),
};
