/**
 * The permission vocabulary (spec 000 §5–§6): the areas a permission `area:action:item` names, with what an
 * administrator calls each, and the item segments some areas have. Every access rule of a definition is typed
 * against it (`RequiredPermission`, a misspelt `'web_polcy:write'` does not compile), and the role editor offers
 * these areas. Grants stay plain strings: they are stored data, matched by `schemas/access.ts`.
 */
import { LOG_TYPES } from './logs';

/** Each area and its title on the role editor and in audit lines. */
export const PERMISSION_AREAS = {
  browser_posture_management: 'Browser posture',
  casb_policy: 'Cloud app policy (CASB)',
  content_inspection: 'Content inspection',
  customization: 'Customization',
  dashboard: 'Dashboard',
  dlp_policy: 'Data loss prevention policy',
  egress_policy: 'Egress policy',
  email_policy: 'Email policy',
  fwaas: 'Firewall',
  logs: 'Logs',
  private_access: 'Private access',
  provider: 'Provider console',
  reports: 'Reports',
  roles: 'Roles',
  setting: 'Web and mail isolation services',
  settings: 'Settings',
  settings_cmr: 'Management station settings',
  users: 'Users',
  web_policy: 'Web policy',
} as const satisfies Record<string, string>;
export type PermissionArea = keyof typeof PERMISSION_AREAS;
export const PERMISSION_AREA_NAMES = Object.keys(PERMISSION_AREAS).sort() as PermissionArea[];

/**
 * The item segments of an area's action: the web policy edit sub-permissions (definitions/policy/webFieldGates.ts
 * and the areas whose write rule names one) and the log kinds (`logs:read:<kind>`, definitions/api/logs.ts).
 */
export const PERMISSION_ITEMS = {
  web_policy: {
    write: ['bnb', 'browser_and_version', 'categories', 'domain', 'exceptions', 'threats', 'sha256', 'user-agent', 'webroot_cats'],
  },
  logs: { read: LOG_TYPES },
} as const;
export type WebPolicySubPermission = (typeof PERMISSION_ITEMS)['web_policy']['write'][number];

type Items = typeof PERMISSION_ITEMS;
type ItemPermission = {
  [A in keyof Items]: { [X in keyof Items[A] & string]: `${A}:${X}:${Items[A][X] extends readonly (infer I extends string)[] ? I : never}` }[keyof Items[A] &
    string];
}[keyof Items];

/** A permission an access rule may require: an area's read or write, any action (`*`), or an item of the vocabulary. */
export type RequiredPermission =
  | '*:*'
  | `${PermissionArea}:${'read' | 'write' | '*'}`
  | `${PermissionArea}:*:*`
  | ItemPermission;

/** An access rule over the vocabulary: exactly one of `any` / `all` (spec 000 §5). */
export type PermissionRule =
  | { readonly any: readonly RequiredPermission[]; readonly all?: never }
  | { readonly all: readonly RequiredPermission[]; readonly any?: never };
