/**
 * Role lists of the demo users (README "Demo accounts"), as pure data. The server's seed gives each user these roles,
 * and codegen evaluates every screen's read and write rule against them for the auditors' permission matrix, so the
 * matrix in /docs says exactly what the seeded users may do.
 */
import type { Roles } from './access';

/** `*` as an area name grants `*:read` / `*:write`, which match every area's read or write permission. */
export const DEMO_ROLES = {
  admin: { read: ['*'], write: ['*'] },
  auditor: { read: ['*'], write: [] },
  webadmin: { read: ['dashboard', 'logs'], write: ['web_policy'] },
  'other-admin': { read: ['*'], write: ['*'] },
} as const satisfies Readonly<Record<string, Roles>>;

export type DemoUserName = keyof typeof DEMO_ROLES;
