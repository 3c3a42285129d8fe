/**
 * The access model of spec 000 §5–§6, shared by the server (which enforces it) and the engine (which mirrors it).
 * Pure functions only: no React, no Node.
 */

/** A permission `api:action:item:id`; missing trailing segments mean `*`. */
export type Permission = string;

/** Exactly one of `any` / `all` (spec 000 §5); anything else makes the guard throw. */
export type AccessRule = { readonly any: readonly Permission[]; readonly all?: never } | {
  readonly all: readonly Permission[];
  readonly any?: never;
};

export type Deployment = 'cloud' | 'on_prem' | 'dev';
export const DEPLOYMENTS = ['cloud', 'on_prem', 'dev'] as const satisfies readonly Deployment[];
export type AppMode =
  | 'management_station'
  | 'safeview'
  | 'safemail'
  | 'safemail_worker'
  | 'safeview_proxy'
  | 'safeview_isolation'
  | 'cloud';
export const APP_MODES = [
  'management_station',
  'safeview',
  'safemail',
  'safemail_worker',
  'safeview_proxy',
  'safeview_isolation',
  'cloud',
] as const satisfies readonly AppMode[];

/** Where the portal runs. `production` false is a development build. */
export interface Environment {
  readonly deployment: Deployment;
  readonly appMode: AppMode;
  readonly production: boolean;
}

/** One condition on the environment; every field given must hold. */
export interface EnvCondition {
  readonly deployments?: readonly Deployment[];
  readonly appModes?: readonly AppMode[];
  readonly production?: boolean;
}
/** A single condition, or a list of alternatives of which one must hold. */
export type EnvRule = EnvCondition | readonly EnvCondition[];

/** What a signed-in user holds: allows and explicit denies. Deny beats allow. */
export interface Grants {
  readonly allow: readonly Permission[];
  readonly deny: readonly Permission[];
}

export const PERMISSION_SEGMENTS = 4;

function segments(p: Permission): string[] {
  const parts = p.split(':');
  while (parts.length < PERMISSION_SEGMENTS) parts.push('*');
  return parts;
}

/** The permissions two patterns both match, as a pattern, or null when they share none. */
function intersect(a: string[], b: string[]): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '*';
    const y = b[i] ?? '*';
    if (x === '*') out.push(y);
    else if (y === '*' || x === y) out.push(x);
    else return null;
  }
  return out;
}

/** True when every permission that `inner` matches is also matched by `outer`. */
function covers(outer: string[], inner: string[]): boolean {
  for (let i = 0; i < Math.max(outer.length, inner.length); i++) {
    const o = outer[i] ?? '*';
    if (o !== '*' && o !== (inner[i] ?? '*')) return false;
  }
  return true;
}

/**
 * Whether the grants hold at least one concrete permission that `required` matches.
 * `*` is a wildcard at any level on either side, so `web_policy:*` is met by `web_policy:read`, and
 * `*:*` grants everything. A deny removes what it covers: `web_policy:write` is refused by a deny of
 * `web_policy:write` or `web_policy:*`, while `web_policy:*` stays met through `web_policy:read`.
 * (With an open set of segment values a pattern is removed entirely only when one deny covers it.)
 */
export function hasPermission(grants: Grants, required: Permission): boolean {
  const req = segments(required);
  const denies = grants.deny.map(segments);
  return grants.allow.some((a) => {
    const both = intersect(segments(a), req);
    return both !== null && !denies.some((d) => covers(d, both));
  });
}

/** Throws unless the rule has exactly one of `any` / `all` (spec 000 §5). */
export function assertAccessRule(rule: unknown): asserts rule is AccessRule {
  const r = rule as { any?: unknown; all?: unknown } | null;
  const hasAny = r != null && r.any !== undefined;
  const hasAll = r != null && r.all !== undefined;
  if (hasAny === hasAll) throw new Error('An access rule must define either "any" or "all", never both and never neither.');
  const list = hasAny ? r.any : r!.all;
  if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) {
    throw new Error('An access rule lists permissions as strings.');
  }
}

/** Whether permissions are enforced at all (spec 000 §5): rbac capability on, and not on-prem outside a management station. */
export function rbacEnforced(env: Environment, capabilities: Capabilities): boolean {
  if (env.deployment === 'on_prem' && env.appMode !== 'management_station') return false;
  return capabilities.rbac === true;
}

/** Evaluates a rule; a missing rule allows. Throws on a malformed rule. */
export function ruleAllows(rule: AccessRule | undefined, grants: Grants): boolean {
  if (rule === undefined) return true;
  assertAccessRule(rule);
  if (rule.any !== undefined) return rule.any.some((p) => hasPermission(grants, p));
  return rule.all.every((p) => hasPermission(grants, p));
}

/** Whether the environment satisfies the rule; a missing rule allows. */
export function envAllows(rule: EnvRule | undefined, env: Environment): boolean {
  if (rule === undefined) return true;
  const alternatives: readonly EnvCondition[] = Array.isArray(rule) ? rule : [rule as EnvCondition];
  return alternatives.some(
    (c) =>
      (c.deployments === undefined || c.deployments.includes(env.deployment)) &&
      (c.appModes === undefined || c.appModes.includes(env.appMode)) &&
      (c.production === undefined || c.production === env.production),
  );
}

/** Role lists of the session user (spec 000 §3): read and write lists of area names. */
export interface Roles {
  readonly read: readonly string[];
  readonly write: readonly string[];
  readonly deny?: readonly Permission[];
}

/** area:read for each read area; area:read and area:write for each write area (writing implies reading). */
export function grantsFromRoles(roles: Roles): Grants {
  const allow = new Set<string>();
  for (const area of roles.read) allow.add(`${area}:read`);
  for (const area of roles.write) {
    allow.add(`${area}:read`);
    allow.add(`${area}:write`);
  }
  return { allow: [...allow], deny: [...(roles.deny ?? [])] };
}

/** Tenant capabilities: a map of names to values (spec 000 §3). */
export type Capabilities = Readonly<Record<string, unknown>>;

/** Feature flags (spec 000 §6). Most mirror one capability; three are computed. */
export const FEATURE_FLAGS = [
  'rbac',
  'tfa',
  'sso',
  'pac',
  'bnb',
  'dlp',
  'casb',
  'email',
  'attachments',
  'smtp_users',
  'private_access',
  'reports',
  'fwaas',
  'watermarking',
  'browsing_forensics',
  'multiple_idp',
  'additional_local_admins',
  'genai_copy_paste',
  'content_inspection',
  'bandwidth',
  'email_policy',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * Every capability name the portal reads: the feature flags' own, the inputs of the computed flags (`featureFlags`
 * below), `portal2` (access to this portal, server/session.ts) and the `max_users` limit (user creation). The provider
 * console's capability validity calls any other name one without effect; keep it in step with those readers (and with
 * CAPABILITY_DESCRIPTIONS of schemas/areas/lookups.ts, which describes each).
 */
export const CAPABILITIES_READ: readonly string[] = [
  ...FEATURE_FLAGS,
  'portal2',
  'documents',
  'files',
  'policy_only_domains',
  'bandwidth_limits',
  'daily_bandwidth_quota',
  'safemailPolicy',
  'reversinglabs_license',
  'url_isolation_disabled',
  'max_users',
  // Read by the tenant's capability details (GET /api/settings/v1/tenants/capabilities/{name}, spec 000 §7).
  'restricted_logs',
  'runtime_analysis',
  'mobileSupport',
];

const on = (caps: Capabilities, key: string) => caps[key] === true;

/** Derives every feature flag from the tenant's capabilities. */
export function featureFlags(caps: Capabilities): Record<FeatureFlag, boolean> {
  const flags = {} as Record<FeatureFlag, boolean>;
  for (const f of FEATURE_FLAGS) flags[f] = on(caps, f);
  flags.content_inspection = (on(caps, 'documents') || on(caps, 'files')) && !on(caps, 'policy_only_domains');
  flags.bandwidth = on(caps, 'bandwidth_limits') || on(caps, 'daily_bandwidth_quota');
  flags.email_policy =
    on(caps, 'safemailPolicy') &&
    (on(caps, 'attachments') || on(caps, 'reversinglabs_license') || !on(caps, 'url_isolation_disabled'));
  return flags;
}
