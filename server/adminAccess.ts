/**
 * Administrator access, enforced: the address allow-lists at sign-in and on every session and API-token request,
 * the idle sign-out, the account lock-out's numbers, and the refusal of a save that would shut out the administrator
 * making it. The rules come from every page that applies where this server runs (ACCESS_PAGES): Settings →
 * Administrator Access everywhere, and on an on-premises appliance also the appliance's own Access and Administrator
 * Sign-in pages; where two pages set one rule, the stricter holds. The second factor and the lock-out itself are in
 * modules/auth.ts.
 */
import { applianceAccess } from '../definitions/appliance/applianceAccess';
import { applianceAdminAuth } from '../definitions/appliance/applianceAdminAuth';
import { adminAccessControl } from '../definitions/settings/tenant/adminAccessControl';
import { documentStorage } from '../definitions/define';
import type { Deployment } from '../schemas/access';
import { MESSAGES } from '../schemas/constants';
import { addressAllowed } from '../schemas/ipAllowList';
import { AccessDocument } from '../schemas/areas/appliance';
import { AdminAuthDocument } from '../schemas/areas/applianceAuth';
import { AdminAccessControlDocument } from '../schemas/areas/tenantSettings';
import { recordAudit } from './audit';
import { HttpError, type Caller, type Db } from './types';

/** The access rules in force: the strictest of the pages that apply. */
export interface AccessRules {
  /** The lists an address must be in, each with the page and field that set it (none: every address). */
  readonly addressLists: readonly { readonly page: string; readonly field: string; readonly list: readonly string[] }[];
  readonly require_tfa: boolean;
  readonly max_failed_logins: number;
  readonly lockout_minutes: number;
  readonly idle_timeout_minutes: number;
}

/** A page that sets access rules: how its stored document narrows them. */
interface AccessPage {
  readonly screen: typeof adminAccessControl | typeof applianceAccess | typeof applianceAdminAuth;
  readonly apply: (rules: AccessRules, body: unknown) => AccessRules;
}

const cloudPage: AccessPage = {
  screen: adminAccessControl,
  apply: (r, body) => {
    const d = AdminAccessControlDocument.parse(body ?? {});
    return {
      addressLists: d.restrict_by_ip ? [...r.addressLists, { page: adminAccessControl.title, field: 'allowed_ips', list: d.allowed_ips }] : r.addressLists,
      require_tfa: r.require_tfa || d.require_tfa,
      max_failed_logins: Math.min(r.max_failed_logins, d.max_failed_logins),
      lockout_minutes: Math.max(r.lockout_minutes, d.lockout_minutes),
      idle_timeout_minutes: Math.min(r.idle_timeout_minutes, d.idle_timeout_minutes),
    };
  },
};

const appliancePages: readonly AccessPage[] = [
  {
    screen: applianceAccess,
    apply: (r, body) => {
      const d = AccessDocument.parse(body ?? {});
      return {
        ...r,
        // An empty list allows every network (the page says so).
        addressLists: d.allowed_networks.length > 0 ? [...r.addressLists, { page: applianceAccess.title, field: 'allowed_networks', list: d.allowed_networks }] : r.addressLists,
        idle_timeout_minutes: Math.min(r.idle_timeout_minutes, d.session_timeout_minutes),
      };
    },
  },
  {
    screen: applianceAdminAuth,
    apply: (r, body) => {
      // The page's rule that a directory method names its group does not matter here: only the lock-out is read.
      const d = AdminAuthDocument.safeParse(body ?? {});
      const lock = d.success ? d.data : AdminAuthDocument.parse({});
      return { ...r, max_failed_logins: Math.min(r.max_failed_logins, lock.lockout_attempts), lockout_minutes: Math.max(r.lockout_minutes, lock.lockout_minutes) };
    },
  },
];

/** The pages whose rules hold where this server runs: on an on-premises appliance, also the appliance's own. */
export const accessPages = (deployment: Deployment): readonly AccessPage[] => (deployment === 'on_prem' ? [cloudPage, ...appliancePages] : [cloudPage]);

const keyOf = (page: AccessPage) => documentStorage(page.screen).key;

/**
 * SQL of a column `admin_access` for a query over `users u`: { [page key]: { body, version } | null } of every page
 * that applies (null: never saved), read with the user so that a session request costs no further query.
 */
export function adminAccessColumn(deployment: Deployment): string {
  const keys = accessPages(deployment).map(keyOf);
  return `(jsonb_build_object(${keys.map((k) => `'${k}', null`).join(', ')}) || COALESCE((SELECT jsonb_object_agg(a.screen_id, jsonb_build_object('body', a.body, 'version', a.schema_version))
    FROM settings_documents a WHERE a.tenant_id = u.tenant_id AND a.screen_id IN (${keys.map((k) => `'${k}'`).join(', ')})), '{}'::jsonb)) AS admin_access`;
}

export interface StoredDocument {
  readonly body: unknown;
  readonly version: number;
}
/** The stored pages that set access rules, by page key (null: never saved, read as the page's defaults). */
export type StoredAdminAccess = Readonly<Record<string, StoredDocument | null>>;

const NO_RULES: AccessRules = { addressLists: [], require_tfa: false, max_failed_logins: Infinity, lockout_minutes: 0, idle_timeout_minutes: Infinity };

/** The rules of the stored pages (each page read with its defaults when never saved). */
export function adminAccessOf(stored: StoredAdminAccess): AccessRules {
  const pages = [cloudPage, ...appliancePages].filter((p) => keyOf(p) in stored);
  return pages.reduce((rules, page) => {
    const doc = stored[keyOf(page)];
    if (doc && doc.version !== documentStorage(page.screen).version) throw new Error(`${page.screen.title} settings of version ${doc.version} cannot be read`);
    return page.apply(rules, doc?.body);
  }, NO_RULES);
}

/** Reads the tenant's rules on their own (API tokens). */
export async function readAdminAccess(db: Db, tenantId: string, deployment: Deployment): Promise<AccessRules> {
  const keys = accessPages(deployment).map(keyOf);
  const { rows } = await db.query<{ screen_id: string; body: unknown; schema_version: number }>(
    'SELECT screen_id, body, schema_version FROM settings_documents WHERE tenant_id = $1 AND screen_id = ANY($2)',
    [tenantId, keys],
  );
  const saved = new Map(rows.map((r) => [r.screen_id, { body: r.body, version: r.schema_version }]));
  return adminAccessOf(Object.fromEntries(keys.map((k) => [k, saved.get(k) ?? null])));
}

/** The list that refuses an address, if one does. */
const refusingList = (rules: AccessRules, ip: string) => rules.addressLists.find((l) => !addressAllowed(ip, l.list));

/** Whether the rules let a caller at `ip` in. */
export const addressPermitted = (rules: AccessRules, ip: string): boolean => refusingList(rules, ip) === undefined;

/** The answer to a sign-in or a request from an address outside an allow-list (401), naming the page to change. */
export const ADDRESS_REFUSED = 'Sign-in from your address ($1) is not allowed for this organization. Ask an administrator to add it under Settings → $2.';
export const addressRefusedText = (rules: AccessRules, ip: string): string =>
  ADDRESS_REFUSED.replace('$1', ip).replace('$2', refusingList(rules, ip)?.page ?? adminAccessControl.title);

/** The idle sign-out in minutes (Infinity when no page sets one). */
export const idleMinutes = (rules: AccessRules): number => rules.idle_timeout_minutes;

/** Whether the user has a second factor: enrolled, with a confirmed secret. */
export async function hasSecondFactor(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ enrolled: boolean }>(
    'SELECT mfa_enrolled AND tfa_secret IS NOT NULL AS enrolled FROM users WHERE tenant_id = $1 AND id = $2',
    [tenantId, userId],
  );
  return rows[0]?.enrolled === true;
}

export const SELF_LOCKOUT_ADDRESS = 'Your address ($1) is not in the list: saving it would shut you out. Add it, or make this change from an allowed address.';
export const SELF_LOCKOUT_TFA = 'You have no second factor: set one up first (sign in with "Set up two-factor authentication" on the sign-in page), then turn this on.';

/**
 * Refuses (400 naming the field, audited) a save of an access page that would shut out the caller: with the saved
 * body in place of the stored one, their own address is outside a list of that page, or two-factor authentication
 * is required and they have none. Other pages' lists are not the save's doing and are left to the request's check.
 */
export async function checkAccessSave(db: Db, caller: Caller, ip: string, deployment: Deployment, pageKey: string, body: unknown): Promise<void> {
  const page = accessPages(deployment).find((p) => keyOf(p) === pageKey);
  if (!page) return;
  // The save's body holds its stamp beside the page's fields: the page reads only its own.
  const fields = Object.keys(page.screen.schema.shape);
  const doc = Object.fromEntries(fields.map((k) => [k, (body as Record<string, unknown>)[k]]));
  const rules = adminAccessOf({ [pageKey]: { body: doc, version: documentStorage(page.screen).version } });
  // An API token has no second factor and needs none: it cannot be shut out by one.
  const person = !caller.sessionId.startsWith('token:');
  const errors: { path: string; key: string; message: string }[] = [];
  const refusing = refusingList(rules, ip);
  if (refusing) errors.push({ path: refusing.field, key: 'selfLockout', message: SELF_LOCKOUT_ADDRESS.replace('$1', ip) });
  if (person && rules.require_tfa && !(await hasSecondFactor(db, caller.tenantId, caller.user.uid))) {
    errors.push({ path: 'require_tfa', key: 'selfLockout', message: SELF_LOCKOUT_TFA });
  }
  if (errors.length === 0) return;
  await recordAudit(db, caller.tenantId, {
    action: 'save',
    user: caller.user.username,
    tenant: caller.user.tenant_name,
    area: page.screen.id,
    details: `Refused: ${errors.map((e) => e.message).join(' ')}`,
    result: 'failure',
    ip,
  });
  throw new HttpError(400, MESSAGES.validationFailed, { errors });
}
