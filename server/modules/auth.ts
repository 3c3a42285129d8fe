/**
 * Sign-in, session and user info (spec 000 §2, §4, §7, §8), cloud paths and their on-prem twins. Every sign-in
 * starts a new session; failures are throttled per account and address and per address (server/throttle.ts), and
 * the tenant's Administrator Access settings hold: the address allow-list, the account lock-out and the second
 * factor (TOTP, server/totp.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, PRODUCT_NAME, SESSION_COOKIE, XSRF_COOKIE } from '../../schemas/constants';
import { authOps } from '../../definitions/api/auth';
import type { LoginRequest, TfaChallenge, TfaRequest } from '../../schemas/auth';
import { addressPermitted, addressRefusedText, adminAccessOf, type AccessRules } from '../adminAccess';
import { recordAudit } from '../audit';
import { hashPassword, needsRehash, verifyDecoy, verifyPassword } from '../passwords';
import {
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
  userRowColumns,
  type UserRow,
} from '../session';
import { attemptKeys, blockedFor, oneAtATime, recordFailure, recordSuccess } from '../throttle';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri, verifyTotp } from '../totp';
import { HttpError, implementAll, requireCaller, type CallContext, type Db, type ServerModule } from '../types';

/** The least time a wrong user name or password takes to answer (the bookkeeping of a known user's failure fits in it). */
const FAILED_SIGN_IN_FLOOR_MS = 300;

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

// ---- administrator access: lock-out and second factor ---------------------------------------------------------------

export const ACCOUNT_LOCKED = 'This account is locked after too many failed sign-ins. Try again after $2 UTC (in $3).';
export const TFA_VERIFY = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
export const TFA_ENROL = 'Two-factor authentication is required. Add this key to your authenticator app, then enter the 6-digit code it shows.';
export const TFA_WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app, or a recovery code.';
export const TFA_EXPIRED = 'This sign-in has expired. Sign in again with your user name and password.';
/** How long a sign-in waits for its second factor, and how many codes it may try. */
export const TFA_CHALLENGE_MS = 5 * 60_000;
export const TFA_CHALLENGE_ATTEMPTS = 5;

const minutesText = (ms: number) => {
  const m = Math.max(1, Math.ceil(ms / 60_000));
  return m === 1 ? '1 minute' : `${m} minutes`;
};

/** 423 saying until when the account is locked, with the seconds in `delay` and Retry-After. */
function lockedError(reply: CallContext['reply'], until: Date, now: number): HttpError {
  const delay = Math.max(1, Math.ceil((until.getTime() - now) / 1000));
  reply.header('Retry-After', String(delay));
  const msg = ACCOUNT_LOCKED.replace('$2', until.toISOString().slice(0, 16).replace('T', ' ')).replace('$3', minutesText(until.getTime() - now));
  return new HttpError(423, msg, { delay, locked_until: until.toISOString() });
}

interface LockState {
  readonly failed_logins: number;
  readonly locked_until: Date | null;
}

/**
 * Counts a wrong password or code against the account (any address); the max_failed_logins-th in a row locks it for
 * lockout_minutes (audited). Answers the lock's end when this failure set it.
 */
async function countAccountFailure(db: Db, user: UserRow, settings: AccessRules, ip: string, now: number): Promise<Date | undefined> {
  const { rows } = await db.query<LockState>(
    'UPDATE users SET failed_logins = failed_logins + 1 WHERE tenant_id = $1 AND id = $2 RETURNING failed_logins, locked_until',
    [user.tenant_id, user.user_id],
  );
  if ((rows[0]?.failed_logins ?? 0) < settings.max_failed_logins) return undefined;
  const until = new Date(now + settings.lockout_minutes * 60_000);
  await db.query('UPDATE users SET failed_logins = 0, locked_until = $3 WHERE tenant_id = $1 AND id = $2', [user.tenant_id, user.user_id, until.toISOString()]);
  await recordAudit(db, user.tenant_id, {
    action: 'login',
    user: user.username,
    tenant: user.tenant_name,
    details: `Account locked for ${minutesText(settings.lockout_minutes * 60_000)} after ${settings.max_failed_logins} failed sign-ins`,
    result: 'failure',
    ip,
  });
  return until;
}

type SignInRow = UserRow & LockState & { password_hash: string; tfa_enrolled: boolean };

/** Starts the session of a user who passed every check, replacing the browser's previous one. */
async function startSession(ctx: CallContext, row: UserRow): Promise<void> {
  const { db, request, reply } = ctx;
  await db.query('UPDATE users SET failed_logins = 0 WHERE tenant_id = $1 AND id = $2', [row.tenant_id, row.user_id]);
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
  const session = await createSession(db, { tenantId: row.tenant_id, userId: row.user_id });
  setSessionCookies(request, reply, { sid: session.sid, uid: row.user_id, xsrfToken: session.xsrfToken });
}

/** The 401 that asks for the second factor: a challenge stored by its hash, and at enrolment a new secret. */
async function tfaChallenge(ctx: CallContext, row: SignInRow, now: number): Promise<HttpError> {
  const challenge = randomBytes(32).toString('base64url');
  const secret = row.tfa_enrolled ? undefined : newTotpSecret();
  await ctx.db.query('DELETE FROM tfa_challenges WHERE created_at < $1', [new Date(now - TFA_CHALLENGE_MS).toISOString()]);
  await ctx.db.query('INSERT INTO tfa_challenges (id_hash, tenant_id, user_id, enrol_secret, created_at) VALUES ($1, $2, $3, $4, $5)', [
    sha256(challenge),
    row.tenant_id,
    row.user_id,
    secret ?? null,
    new Date(now).toISOString(),
  ]);
  const body: Omit<TfaChallenge, 'msg'> = secret
    ? { tfa: 'enrol', challenge, secret, otpauth_uri: otpauthUri(PRODUCT_NAME, `${row.username}@${row.tenant_name}`, secret) }
    : { tfa: 'verify', challenge };
  return new HttpError(401, secret ? TFA_ENROL : TFA_VERIFY, body);
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

// The cloud and on-premises twins share these handlers, so they take only what both operations give.
const login = async (ctx: CallContext & { readonly body: LoginRequest }) => {
  const { db, request, reply } = ctx;
  const { username, password } = ctx.body;
  const keys = attemptKeys(username, request.ip);
  const now = Date.now();
  const row = await oneAtATime(keys, async () => {
    const started = performance.now();
    const delay = await blockedFor(db, keys);
    if (delay > 0) {
      reply.header('Retry-After', String(delay));
      throw new HttpError(429, THROTTLED, { delay });
    }
    const found = (
      await db.query<SignInRow>(
        `SELECT ${userRowColumns(ctx.env.deployment)}, u.password_hash, u.failed_logins, u.locked_until, u.mfa_enrolled AND u.tfa_secret IS NOT NULL AS tfa_enrolled
           FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.username = $1`,
        [username],
      )
    ).rows[0];
    const settings = found && adminAccessOf(found.admin_access ?? {});
    const audit = (result: 'success' | 'failure', details?: string) =>
      found &&
      recordAudit(db, found.tenant_id, {
        action: 'login',
        user: found.username,
        tenant: found.tenant_name,
        result,
        ip: request.ip,
        ...(details ? { details } : {}),
      });
    // A locked account and a refused address are answered before the password is looked at.
    if (found?.locked_until && found.locked_until.getTime() > now) {
      await audit('failure', 'Refused: the account is locked');
      throw lockedError(reply, found.locked_until, now);
    }
    if (settings && !addressPermitted(settings, request.ip)) {
      await verifyDecoy(password);
      await audit('failure', 'Refused: the address is not in the allowed addresses');
      throw new HttpError(401, addressRefusedText(settings, request.ip));
    }
    // An unknown user, a disabled one (`disabled$…`) and one without a password take as long as a wrong password.
    const hashed = found?.password_hash.startsWith('scrypt$') ? found.password_hash : undefined;
    const ok = hashed ? await verifyPassword(password, hashed) : await verifyDecoy(password);
    if (!found || !settings || !ok) {
      await recordFailure(db, keys);
      await audit('failure');
      const lockedUntil = found && settings && hashed ? await countAccountFailure(db, found, settings, request.ip, now) : undefined;
      if (lockedUntil) throw lockedError(reply, lockedUntil, now);
      // A known user's failure is also audited and counted: no wrong password is answered sooner than the floor, so
      // the time of the answer does not tell a known user name from an unknown one.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + FAILED_SIGN_IN_FLOOR_MS - performance.now())));
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
    if (settings.require_tfa || (ctx.body.setup_tfa === true && !found.tfa_enrolled)) {
      await audit('success', 'Password accepted; second factor asked');
      throw await tfaChallenge(ctx, found, now);
    }
    await audit('success');
    return found;
  });
  await startSession(ctx, row);
  return sessionUser(row);
};

/** The error with `restart`: the page goes back to the password (the challenge is over). */
const restart = (e: HttpError) => new HttpError(e.status, e.message, { ...e.extra, restart: true });

type ChallengeRow = SignInRow & { enrol_secret: string | null; attempts: number; created_at: Date; tfa_secret: string | null; tfa_last_step: number };

/** The second factor of a sign-in: a TOTP code (or at enrolment, the first code of the new secret) or a recovery code. */
const tfa = async (ctx: CallContext & { readonly body: TfaRequest }) => {
  const { db, request, reply } = ctx;
  const now = Date.now();
  const idHash = sha256(ctx.body.challenge);
  const row = (
    await db.query<ChallengeRow>(
      `SELECT ${userRowColumns(ctx.env.deployment)}, u.password_hash, u.failed_logins, u.locked_until, u.mfa_enrolled AND u.tfa_secret IS NOT NULL AS tfa_enrolled,
              u.tfa_secret, u.tfa_last_step, c.enrol_secret, c.attempts, c.created_at
         FROM tfa_challenges c JOIN users u ON u.id = c.user_id AND u.tenant_id = c.tenant_id JOIN tenants t ON t.id = c.tenant_id
        WHERE c.id_hash = $1 AND NOT t.disabled`,
      [idHash],
    )
  ).rows[0];
  if (!row || now - row.created_at.getTime() > TFA_CHALLENGE_MS || row.attempts >= TFA_CHALLENGE_ATTEMPTS) {
    if (row) await db.query('DELETE FROM tfa_challenges WHERE id_hash = $1', [idHash]);
    throw new HttpError(401, TFA_EXPIRED, { restart: true });
  }
  const settings = adminAccessOf(row.admin_access ?? {});
  const audit = (result: 'success' | 'failure', details: string) =>
    recordAudit(db, row.tenant_id, { action: 'tfa', user: row.username, tenant: row.tenant_name, result, ip: request.ip, details });
  if (row.locked_until && row.locked_until.getTime() > now) {
    await audit('failure', 'Refused: the account is locked');
    throw restart(lockedError(reply, row.locked_until, now));
  }
  if (!addressPermitted(settings, request.ip)) {
    await audit('failure', 'Refused: the address is not in the allowed addresses');
    throw new HttpError(401, addressRefusedText(settings, request.ip), { restart: true });
  }
  const code = ctx.body.code.trim();
  let recoveryCodes: string[] | undefined;
  let how: string | undefined;
  if (row.enrol_secret) {
    const step = verifyTotp(row.enrol_secret, code, now);
    if (step !== undefined) {
      // The challenge is claimed first: two requests with one right code cannot both enrol (and issue two sets of codes).
      const claimed = await db.query('DELETE FROM tfa_challenges WHERE id_hash = $1 RETURNING id_hash', [idHash]);
      if (claimed.rows.length === 0) throw new HttpError(401, TFA_EXPIRED, { restart: true });
      recoveryCodes = newRecoveryCodes();
      await db.query(
        `UPDATE users SET tfa_secret = $3, tfa_last_step = $4, tfa_recovery = $5, mfa_enrolled = true, updated_at = $6
          WHERE tenant_id = $1 AND id = $2`,
        [row.tenant_id, row.user_id, row.enrol_secret, step, JSON.stringify(recoveryCodes.map(hashRecoveryCode)), new Date(now).toISOString()],
      );
      how = 'Enrolled an authenticator app; recovery codes issued';
    }
  } else if (row.tfa_secret) {
    const step = verifyTotp(row.tfa_secret, code, now, row.tfa_last_step);
    // The step is claimed atomically: two requests with one code cannot both pass.
    const claimed =
      step !== undefined &&
      (await db.query('UPDATE users SET tfa_last_step = $3 WHERE tenant_id = $1 AND id = $2 AND tfa_last_step < $3 RETURNING id', [row.tenant_id, row.user_id, step]))
        .rows.length === 1;
    if (claimed) how = 'Authenticator code';
    else {
      const used = await db.query<{ left: number }>(
        `UPDATE users SET tfa_recovery = tfa_recovery - $3::text WHERE tenant_id = $1 AND id = $2 AND tfa_recovery @> jsonb_build_array($3::text)
         RETURNING jsonb_array_length(tfa_recovery) AS left`,
        [row.tenant_id, row.user_id, hashRecoveryCode(code)],
      );
      if (used.rows[0]) how = `Recovery code used (${used.rows[0].left} left)`;
    }
  }
  if (!how) {
    await db.query('UPDATE tfa_challenges SET attempts = attempts + 1 WHERE id_hash = $1', [idHash]);
    await audit('failure', row.enrol_secret ? 'Wrong code while enrolling' : 'Wrong code');
    const lockedUntil = await countAccountFailure(db, row, settings, request.ip, now);
    if (lockedUntil) {
      await db.query('DELETE FROM tfa_challenges WHERE id_hash = $1', [idHash]);
      throw restart(lockedError(reply, lockedUntil, now));
    }
    throw new HttpError(401, TFA_WRONG_CODE);
  }
  await db.query('DELETE FROM tfa_challenges WHERE id_hash = $1', [idHash]);
  await audit('success', how);
  await startSession(ctx, row);
  return { ...sessionUser(row), ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) };
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
    tfa,
    onPremTfa: tfa,
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
