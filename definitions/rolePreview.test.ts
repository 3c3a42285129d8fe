/**
 * The role editor's "may do" view (schemas/rolePreview.ts) against the permission check the server enforces: for
 * random roles, what the preview says of an area is what `ruleAllows` decides for every real access rule of the
 * registry that names only that area and action.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grantsFromRoles, ruleAllows, type Roles } from '../schemas/access';
import { PERMISSION_AREA_NAMES } from '../schemas/permissions';
import { mayDo, permissionAreas } from '../schemas/rolePreview';
import type { PermissionRule } from './define';
import { registry } from './index';

const rules = registry.operations.map((o) => o.access).filter((a): a is PermissionRule => typeof a !== 'string');
const areas = PERMISSION_AREA_NAMES;

/** Rules of the registry whose every permission is `<area>:<action>` for one area and action. */
function rulesOnly(area: string, action: 'read' | 'write'): PermissionRule[] {
  return rules.filter((r) => (r.any ?? r.all).every((p) => p === `${area}:${action}`));
}

const area = fc.constantFrom('*', ...areas);
const segment = fc.constantFrom('*', 'read', 'write', 'categories', 'domain', 'x');
const denyLine = fc
  .tuple(area, fc.array(segment, { maxLength: 3 }))
  .map(([a, rest]) => [a, ...rest].join(':'));
const roles: fc.Arbitrary<Roles> = fc.record({
  read: fc.array(area, { maxLength: 6 }),
  write: fc.array(area, { maxLength: 4 }),
  deny: fc.array(denyLine, { maxLength: 3 }),
});

describe('role preview', () => {
  it('offers the vocabulary, whose every area some access rule of the registry checks', () => {
    expect(areas).toEqual(expect.arrayContaining(['web_policy', 'settings', 'users', 'roles', 'logs']));
    const screenRules = registry.screens.flatMap((s) => [s.read, s.write]);
    expect(permissionAreas([...rules, ...screenRules, ...registry.sections.map((s) => s.access)])).toEqual(areas);
  });

  it('says per area exactly what the permission check decides, for random roles', () => {
    const checked = areas.filter((a) => rulesOnly(a, 'read').length > 0 || rulesOnly(a, 'write').length > 0);
    expect(checked.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(roles, (r) => {
        const grants = grantsFromRoles(r);
        const preview = new Map(mayDo(areas, r).map((a) => [a.area, a]));
        for (const a of checked) {
          for (const action of ['read', 'write'] as const) {
            for (const rule of rulesOnly(a, action)) expect(preview.get(a)![action]).toBe(ruleAllows(rule, grants));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lets a deny beat an allow and * reach every area', () => {
    const all = mayDo(areas, { read: ['*'], write: [], deny: ['web_policy'] });
    expect(all.filter((a) => a.read).length).toBe(areas.length - 1);
    expect(all.find((a) => a.area === 'web_policy')).toEqual({ area: 'web_policy', read: false, write: false });
    expect(all.every((a) => !a.write)).toBe(true);
  });
});
