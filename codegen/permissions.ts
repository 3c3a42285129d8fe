/**
 * Who may do what, for auditors: each rule evaluated against the demo users' grants with the same matcher the
 * server and the engine use (schemas/access.ts), and rules and environment conditions in words.
 */
import { grantsFromRoles, ruleAllows, type AccessRule, type EnvCondition, type EnvRule, type Roles } from '../schemas/access';
import type { OperationAccess } from '../definitions/define';

/** Demo users by name, as in schemas/demoRoles.ts. */
export type RoleTable = Readonly<Record<string, Roles>>;

/** Whether a user with these roles passes the rule; `public` and `session` pass every signed-in user. */
export function allows(access: OperationAccess | undefined, roles: Roles): boolean {
  if (access === 'public' || access === 'session') return true;
  return ruleAllows(access, grantsFromRoles(roles));
}

/** The names of the users that pass the rule, in table order. */
export const usersAllowed = (access: OperationAccess | undefined, table: RoleTable): string[] =>
  Object.entries(table)
    .filter(([, roles]) => allows(access, roles))
    .map(([name]) => name);

const code = (s: string): string => `\`${s}\``;

/** An access rule in words: "any of `web_policy:read`". */
export function ruleText(access: OperationAccess | AccessRule | undefined): string {
  if (access === undefined) return 'every signed-in user';
  if (access === 'public') return 'anyone, without signing in';
  if (access === 'session') return 'every signed-in user';
  if (access.any !== undefined) return `${access.any.length === 1 ? '' : 'any of '}${access.any.map(code).join(', ')}`;
  return `all of ${access.all.map(code).join(', ')}`;
}

function conditionText(c: EnvCondition): string {
  const parts: string[] = [];
  if (c.deployments) parts.push(`deployment ${c.deployments.map(code).join(' or ')}`);
  if (c.appModes) parts.push(`app mode ${c.appModes.map(code).join(' or ')}`);
  if (c.production !== undefined) parts.push(c.production ? 'production builds' : 'non-production builds');
  return parts.length ? parts.join(', ') : 'everywhere';
}

/** An environment rule in words: "deployment `cloud` or `dev`; or deployment `on_prem`, app mode `management_station`". */
export function envText(env: EnvRule | undefined): string {
  if (env === undefined) return 'every deployment';
  const alternatives: readonly EnvCondition[] = Array.isArray(env) ? env : [env as EnvCondition];
  return alternatives.map(conditionText).join('; or ');
}
