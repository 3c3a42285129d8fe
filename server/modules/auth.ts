/**
 * Sign-in, session and user info (spec 000 §2, §4, §7, §8), cloud paths and their on-prem twins. Every sign-in
 * starts a new session; failures are throttled per user name and per client address.
 */
import type { FastifyRequest } from 'fastify';
import { PRODUCT_NAME, SESSION_COOKIE, XSRF_COOKIE } from '../../schemas/constants';
import type { AuthParams, LoginRequest, PortalConfig } from '../../schemas/auth';
import { recordAudit } from '../audit';
import { verifyDecoy, verifyPassword } from '../passwords';
import {
  USER_ROW_COLUMNS,
  clearSessionCookies,
  createSession,
  deleteSession,
  newXsrfToken,
  sessionUser,
  setSessionCookies,
  setUserCookie,
  setXsrfCookie,
  touchSession,
  xsrfTokenOf,
  type UserRow,
} from '../session';
import { admitAttempt, clearFailures, throttleKeys } from '../throttle';
import { HttpError, requireCaller, type Handler, type HandlerContext, type ServerModule } from '../types';

export const INVALID_CREDENTIALS = 'Invalid user name or password.';
export const THROTTLED = 'Too many failed sign-in attempts. Try again in $1 seconds.';
/** Where the embedded identity provider takes the sign-in form (see server/idp.ts). */
export const IDP_AUTHORIZE_PATH = '/idp/authorize';
export const IDP_CLIENT_ID = 'portal';

/** The xsrf cookie of the request, set first when missing (bound to the session when there is one). */
async function ensureXsrfCookie(ctx: HandlerContext<object, object, unknown>): Promise<string> {
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

const login: Handler = async (ctx: HandlerContext<object, object, LoginRequest>) => {
  const { db, request, reply } = ctx;
  const { username, password } = ctx.body;
  const keys = throttleKeys(username, request.ip);
  const delay = await admitAttempt(db, keys);
  if (delay > 0) throw new HttpError(429, THROTTLED, { delay });

  const row = (
    await db.query<UserRow & { password_hash: string }>(
      `SELECT ${USER_ROW_COLUMNS}, u.password_hash FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.username = $1`,
      [username],
    )
  ).rows[0];
  const ok = row ? await verifyPassword(password, row.password_hash) : await verifyDecoy(password);
  const audit = (result: 'success' | 'failure') =>
    row && recordAudit(db, row.tenant_id, { action: 'login', user: row.username, tenant: row.tenant_name, result, ip: request.ip });
  if (!row || !ok) {
    await audit('failure');
    throw new HttpError(401, INVALID_CREDENTIALS);
  }

  await clearFailures(db, keys);
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
  const session = await createSession(db, { tenantId: row.tenant_id, userId: row.user_id });
  setSessionCookies(request, reply, { sid: session.sid, uid: row.user_id, xsrfToken: session.xsrfToken });
  await audit('success');
  return sessionUser(row);
};

const logout: Handler = async (ctx) => {
  const { db, request, reply, caller } = ctx;
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

const cookieRefresh: Handler = async (ctx) => {
  const caller = requireCaller(ctx);
  await touchSession(ctx.db, caller.sessionId);
  setUserCookie(ctx.request, ctx.reply, caller.user.uid);
  return 'ok';
};

const userInfo: Handler = async (ctx) => requireCaller(ctx).user;

/** The portal's origin as the browser addressed it. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const authModule: ServerModule = {
  name: 'auth',
  handlers: {
    'portal.config': async (ctx): Promise<PortalConfig> => {
      await ensureXsrfCookie(ctx);
      return { deployment: ctx.env.deployment, app_mode: ctx.env.appMode, production: ctx.env.production, product_name: PRODUCT_NAME };
    },
    'auth.authParams': async (ctx: HandlerContext<object, object, { force_udb?: string }>): Promise<AuthParams> => ({
      login_url: IDP_AUTHORIZE_PATH,
      redirect_uri: `${origin(ctx.request)}/`,
      client_id: IDP_CLIENT_ID,
      csrf_token: await ensureXsrfCookie(ctx),
      scope: 'openid profile',
      ...(ctx.body.force_udb !== undefined ? { force_udb: ctx.body.force_udb } : {}),
    }),
    'auth.login': login,
    'dashboard.login': login,
    'auth.logout': logout,
    'dashboard.logout': logout,
    'auth.cookieRefresh': cookieRefresh,
    'dashboard.cookieRefresh': cookieRefresh,
    'auth.userInfo': userInfo,
    'dashboard.userInfo': userInfo,
    'auth.listUsers': async (ctx) => ({
      users: (
        await ctx.db.query<{ uid: string; username: string; first_name: string; last_name: string }>(
          'SELECT id AS uid, username, first_name, last_name FROM users WHERE tenant_id = $1 ORDER BY username',
          [requireCaller(ctx).tenantId],
        )
      ).rows,
    }),
  },
};
