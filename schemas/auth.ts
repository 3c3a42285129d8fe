/** Sign-in, session and user info (spec 000 §3, §7; 001 §3). */
import { z } from 'zod';
import { APP_MODES, DEPLOYMENTS } from './access';

export const LoginRequest = z.strictObject({
  username: z.string().min(1).max(200).meta({ title: 'User' }),
  password: z.string().min(1).max(200).meta({ title: 'Password' }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

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
