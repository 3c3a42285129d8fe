/** Sign-in and session calls (spec 000 §7 Auth; on-prem equivalents of 001 §7 Login and session). */
import { z } from 'zod';
import { AuthParams, AuthParamsRequest, LoginRequest, PortalConfig, SessionUser, TfaRequest, TfaResult } from '../../schemas/auth';
import { OkText } from '../../schemas/http';
import { defineOperation } from '../define';

const tag = 'auth';

export const portalConfig = defineOperation({
  id: 'portal.config',
  method: 'GET',
  path: '/api/portal/config',
  summary: 'Deployment, app mode and product name; sets the xsrf cookie when missing',
  response: PortalConfig,
  access: 'public',
  tag,
});

export const authParams = defineOperation({
  id: 'auth.authParams',
  method: 'POST',
  path: '/api/auth/v1/auth_params',
  summary: 'Parameters of the single-sign-on form posted to login_url',
  body: AuthParamsRequest,
  response: AuthParams,
  access: 'public',
  xsrfExempt: true,
  tag,
});

export const login = defineOperation({
  id: 'auth.login',
  method: 'POST',
  path: '/api/auth/v1/login',
  summary: 'Sign in with user name and password; starts a new session',
  description:
    'Refused (401) from an address outside the tenant\'s allowed addresses, and (423, with Retry-After) while the ' +
    'account is locked after too many failed sign-ins. When a second factor is needed the answer is 401 with `tfa` ' +
    '(verify or enrol), a `challenge` and, to enrol, the `secret` and its `otpauth_uri`: send the code to the ' +
    'second-factor call.',
  body: LoginRequest,
  response: SessionUser,
  access: 'public',
  tag,
});

export const tfa = defineOperation({
  id: 'auth.tfa',
  method: 'POST',
  path: '/api/auth/v1/tfa',
  summary: 'Second factor of a sign-in: the code of the authenticator app or a recovery code; starts the session',
  description:
    'Takes the challenge of the sign-in answer. At enrolment the first right code confirms the secret, and the answer ' +
    'carries ten recovery codes, each good once. A wrong code counts as a failed sign-in; a challenge lasts five ' +
    'minutes and five attempts.',
  body: TfaRequest,
  response: TfaResult,
  access: 'public',
  tag,
});

export const logout = defineOperation({
  id: 'auth.logout',
  apiOnly: { reason: 'integration', why: 'The sign-out by GET, for clients that cannot send the XSRF header; the portal signs out with the POST.' },
  method: 'GET',
  path: '/api/auth/v1/logout',
  summary: 'End the session',
  description:
    'Kept for callers that sign out with a GET. A request a browser marks as coming from another site ' +
    '(Sec-Fetch-Site: cross-site) is refused with 403, so a link on another site cannot sign anyone out; the portal ' +
    'itself signs out with the POST, which carries the X-XSRFToken header.',
  response: OkText,
  responseKind: 'text',
  access: 'public',
  tag,
});

export const logoutPost = defineOperation({
  id: 'auth.logoutPost',
  method: 'POST',
  path: '/api/auth/v1/logout',
  summary: 'End the session (with the X-XSRFToken header)',
  response: OkText,
  responseKind: 'text',
  access: 'public',
  tag,
});

export const cookieRefresh = defineOperation({
  id: 'auth.cookieRefresh',
  method: 'POST',
  path: '/api/auth/v1/cookie_refresh',
  summary: 'Extend the session and the user cookie',
  response: OkText,
  responseKind: 'text',
  access: 'session',
  tag,
});

export const userInfo = defineOperation({
  id: 'auth.userInfo',
  method: 'GET',
  path: '/api/userinfo',
  summary: 'The signed-in user with roles and capabilities',
  response: SessionUser,
  access: 'session',
  tag,
});

const onPrem = { deployments: ['on_prem', 'dev'] } as const;

export const onPremLogin = defineOperation({
  ...login,
  id: 'dashboard.login',
  path: '/api/v1/login',
  summary: 'On-premises sign-in (dashboard v1 service)',
  env: onPrem,
});
export const onPremTfa = defineOperation({ ...tfa, id: 'dashboard.tfa', path: '/api/v1/tfa', summary: 'On-premises second factor of a sign-in', env: onPrem });
export const onPremLogout = defineOperation({ ...logout, id: 'dashboard.logout', path: '/api/v1/logout', env: onPrem });
export const onPremLogoutPost = defineOperation({ ...logoutPost, id: 'dashboard.logoutPost', path: '/api/v1/logout', env: onPrem });
export const onPremUserInfo = defineOperation({ ...userInfo, id: 'dashboard.userInfo', path: '/api/v1/userinfo', env: onPrem });
export const onPremCookieRefresh = defineOperation({
  ...cookieRefresh,
  id: 'dashboard.cookieRefresh',
  method: 'GET',
  path: '/api/v1/cookie_refresh',
  env: onPrem,
});

export const listUsers = defineOperation({
  id: 'auth.listUsers',
  method: 'GET',
  path: '/api/auth/v1/list_users',
  summary: 'Administrators of the tenant',
  response: z.object({
    users: z.array(z.object({ uid: z.string(), username: z.string(), first_name: z.string(), last_name: z.string() })),
  }),
  access: { any: ['settings:read', 'settings_cmr:read'] },
  tag,
});

/** The group server/modules/auth.ts implements. */
export const authOps = {
  portalConfig,
  authParams,
  login,
  tfa,
  logout,
  logoutPost,
  cookieRefresh,
  userInfo,
  onPremLogin,
  onPremTfa,
  onPremLogout,
  onPremLogoutPost,
  onPremUserInfo,
  onPremCookieRefresh,
  listUsers,
} as const;
