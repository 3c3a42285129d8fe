/** Sign-in, session and user info (spec 000 §3, §7; 001 §3). */
import { z } from 'zod';
import { APP_MODES, DEPLOYMENTS } from './access';

export const LoginRequest = z.strictObject({
  username: z.string().min(1).max(200).meta({ title: 'User' }),
  password: z.string().min(1).max(200).meta({ title: 'Password' }),
  setup_tfa: z.boolean().optional().meta({ description: 'Set up a second factor at this sign-in even where two-factor authentication is not required' }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * The 401 answer of a sign-in whose password was right and that needs its second factor: `tfa` says whether the user
 * enters a code (`verify`) or first adds `secret` to an authenticator app (`enrol`); the challenge goes to the
 * second-factor call.
 */
export const TfaChallenge = z.object({
  msg: z.string(),
  tfa: z.enum(['verify', 'enrol']),
  challenge: z.string(),
  secret: z.string().optional().meta({ description: 'Base32 TOTP secret (SHA-1, 6 digits, 30 s), enrolment only' }),
  otpauth_uri: z.string().optional().meta({ description: 'The otpauth:// URI of the secret, enrolment only' }),
});
export type TfaChallenge = z.infer<typeof TfaChallenge>;

export const TfaRequest = z.strictObject({
  challenge: z.string().min(1).max(100),
  code: z.string().min(1).max(40).meta({ title: 'Code', description: 'The 6-digit code of the authenticator app, or a recovery code' }),
});
export type TfaRequest = z.infer<typeof TfaRequest>;

export const AuthParamsRequest = z.strictObject({ force_udb: z.enum(['true', '']).optional() });
export const AuthParams = z.object({
  login_url: z.string(),
  redirect_uri: z.string(),
  client_id: z.string(),
  csrf_token: z.string(),
  scope: z.string(),
  id_token_hint: z.string().optional(),
  force_udb: z.string().optional(),
});
export type AuthParams = z.infer<typeof AuthParams>;

export const UserRoles = z.object({
  read: z.array(z.string()),
  write: z.array(z.string()),
  deny: z.array(z.string()).optional(),
});

/** GET /api/userinfo. */
export const SessionUser = z.object({
  uid: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tenant_name: z.string(),
  tid: z.string(),
  roles: UserRoles,
  capabilities: z.record(z.string(), z.unknown()),
  show_change_password: z.boolean(),
  status_ui_v2: z.boolean(),
  appliance_manager_ui_v2: z.boolean(),
  portal_v2: z.boolean(),
  session_logout_days: z.number().positive().meta({ description: 'Inactivity time-out in days' }),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** The answer of a completed second factor: the user, and at enrolment the recovery codes, shown this once. */
export const TfaResult = SessionUser.extend({
  recovery_codes: z.array(z.string()).optional().meta({ description: 'Single-use codes that stand in for the app; given at enrolment only' }),
});

/** GET /api/portal/config: what the page needs before anyone signs in. */
export const PortalConfig = z.object({
  deployment: z.enum(DEPLOYMENTS),
  app_mode: z.enum(APP_MODES),
  production: z.boolean(),
  product_name: z.string(),
});
export type PortalConfig = z.infer<typeof PortalConfig>;

/** Multi-tenant association (spec 000 §3). */
export const MultiTenantAssociation = z.object({
  uuid: z.string(),
  primary_name: z.string(),
  secondary_name: z.string(),
  status: z.string().meta({ description: '"active", or another value meaning pending approval' }),
});
export const MultiTenantInfo = z.object({
  role: z.enum(['primary', 'secondary', 'none']),
  associations: z.array(MultiTenantAssociation),
});
