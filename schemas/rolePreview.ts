/**
 * What a role may do, per area, as the permission check decides it (spec 000 §5): the role editor's "may do" view
 * and the server's answer use this, so the preview and the enforcement cannot drift apart.
 */
import { grantsFromRoles, ruleAllows, type AccessRule, type Roles } from './access';
import { PERMISSION_AREAS } from './permissions';

export interface AreaAccess {
  readonly area: string;
  readonly read: boolean;
  readonly write: boolean;
}

/** What an administrator calls each area (spec 000 §6); an area not listed shows its name. */
export const AREA_TITLES: Readonly<Record<string, string>> = { '*': 'All areas', ...PERMISSION_AREAS };
export const areaTitle = (area: string): string => AREA_TITLES[area] ?? area;

/** The area names the access rules check (`web_policy` of `web_policy:write`), sorted; `*` and 'public'/'session' skipped. */
export function permissionAreas(rules: Iterable<AccessRule | 'public' | 'session' | undefined>): string[] {
  const areas = new Set<string>();
  for (const rule of rules) {
    if (rule === undefined || typeof rule === 'string') continue;
    for (const p of rule.any ?? rule.all ?? []) {
      const area = p.split(':')[0]!;
      if (area !== '*' && area !== '') areas.add(area);
    }
  }
  return [...areas].sort();
}

/** Per area: whether `area:read` and `area:write` pass the matcher for the role's grants. */
export function mayDo(areas: readonly string[], roles: Roles): AreaAccess[] {
  const grants = grantsFromRoles(roles);
  return areas.map((area) => ({
    area,
    read: ruleAllows({ any: [`${area}:read`] }, grants),
    write: ruleAllows({ any: [`${area}:write`] }, grants),
  }));
}

/** The areas passing `action`, as a line for a table: "All areas", "None" or their titles. */
export function areaLine(access: readonly AreaAccess[], action: 'read' | 'write'): string {
  const names = access.filter((a) => a[action]).map((a) => areaTitle(a.area));
  return names.length === access.length ? 'All areas' : names.length === 0 ? 'None' : names.join(', ');
}
