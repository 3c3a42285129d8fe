import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertAccessRule,
  envAllows,
  featureFlags,
  grantsFromRoles,
  hasPermission,
  rbacEnforced,
  ruleAllows,
  type Grants,
} from './access';

/**
 * Reference model: a permission pattern stands for the set of concrete 4-segment permissions it matches. The universe
 * holds every value patterns use plus one value ('z') no pattern names, which stands for "any other value".
 */
const VALUES = ['a', 'b', 'c'];
const UNIVERSE_VALUES = [...VALUES, 'z'];
const concrete: string[][] = [];
for (const a of UNIVERSE_VALUES)
  for (const b of UNIVERSE_VALUES)
    for (const c of UNIVERSE_VALUES) for (const d of UNIVERSE_VALUES) concrete.push([a, b, c, d]);

const matches = (pattern: string, perm: string[]) => {
  const p = pattern.split(':');
  return perm.every((v, i) => (p[i] ?? '*') === '*' || p[i] === v);
};
const modelHolds = (g: Grants, required: string) =>
  concrete.some(
    (perm) => matches(required, perm) && g.allow.some((a) => matches(a, perm)) && !g.deny.some((d) => matches(d, perm)),
  );

const pattern = fc
  .array(fc.constantFrom(...VALUES, '*'), { minLength: 1, maxLength: 4 })
  .map((segs) => segs.join(':'));
const grants = fc.record({
  allow: fc.array(pattern, { maxLength: 4 }),
  deny: fc.array(pattern, { maxLength: 3 }),
});

describe('permission matcher', () => {
  it('agrees with the set model on random grants and requirements', () => {
    fc.assert(
      fc.property(grants, pattern, (g, required) => {
        expect(hasPermission(g, required)).toBe(modelHolds(g, required));
      }),
      { numRuns: 2000 },
    );
  });

  it('"*:*" grants everything', () => {
    fc.assert(fc.property(pattern, (required) => hasPermission({ allow: ['*:*'], deny: [] }, required)));
  });

  it('an explicit deny beats an allow', () => {
    fc.assert(
      fc.property(pattern, (p) => !hasPermission({ allow: [p, '*:*'], deny: [p] }, p)),
    );
    const g = { allow: ['*:*'], deny: ['web_policy:write'] };
    expect(hasPermission(g, 'web_policy:write')).toBe(false);
    expect(hasPermission(g, 'web_policy:*')).toBe(true);
    expect(hasPermission(g, 'web_policy:read')).toBe(true);
  });

  it('matches the route rules of the spec against role-derived grants', () => {
    const webadmin = grantsFromRoles({ read: ['dashboard', 'logs'], write: ['web_policy'] });
    expect(hasPermission(webadmin, 'dashboard:*:*')).toBe(true);
    expect(hasPermission(webadmin, 'web_policy:*')).toBe(true);
    expect(hasPermission(webadmin, 'web_policy:write')).toBe(true);
    expect(hasPermission(webadmin, 'email_policy:*')).toBe(false);
    expect(hasPermission(webadmin, 'settings:*')).toBe(false);
  });
});

describe('access rules', () => {
  it('throws unless exactly one of any / all is given', () => {
    expect(() => assertAccessRule({})).toThrow(/either "any" or "all"/);
    expect(() => assertAccessRule({ any: ['a'], all: ['b'] })).toThrow(/either "any" or "all"/);
    expect(() => assertAccessRule(null)).toThrow();
    expect(() => assertAccessRule({ any: ['a'] })).not.toThrow();
    expect(() => ruleAllows({ any: ['a'], all: ['b'] } as never, { allow: ['*:*'], deny: [] })).toThrow();
  });

  it('allows a route with no rule, and evaluates any / all', () => {
    const g = grantsFromRoles({ read: ['logs'], write: [] });
    expect(ruleAllows(undefined, g)).toBe(true);
    expect(ruleAllows({ any: ['logs:*', 'fwaas:*'] }, g)).toBe(true);
    expect(ruleAllows({ all: ['logs:*', 'fwaas:*'] }, g)).toBe(false);
    expect(ruleAllows({ all: ['logs:read'] }, g)).toBe(true);
  });

  it('turns read and write lists into area:read and area:write, writing implying reading', () => {
    expect(grantsFromRoles({ read: ['logs'], write: ['web_policy'], deny: ['x:y'] })).toEqual({
      allow: ['logs:read', 'web_policy:read', 'web_policy:write'],
      deny: ['x:y'],
    });
  });
});

describe('enforcement and environment', () => {
  const cloud = { deployment: 'cloud', appMode: 'cloud', production: true } as const;
  const appliance = { deployment: 'on_prem', appMode: 'safeview', production: true } as const;
  const station = { deployment: 'on_prem', appMode: 'management_station', production: true } as const;

  it('enforces permissions only with the rbac capability and outside on-prem non-CMR', () => {
    expect(rbacEnforced(cloud, { rbac: true })).toBe(true);
    expect(rbacEnforced(cloud, {})).toBe(false);
    expect(rbacEnforced(station, { rbac: true })).toBe(true);
    expect(rbacEnforced(appliance, { rbac: true })).toBe(false);
  });

  it('evaluates environment rules and lists of alternatives', () => {
    const rule = [{ deployments: ['cloud'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;
    expect(envAllows(rule, cloud)).toBe(true);
    expect(envAllows(rule, station)).toBe(true);
    expect(envAllows(rule, appliance)).toBe(false);
    expect(envAllows({ production: false }, cloud)).toBe(false);
    expect(envAllows(undefined, appliance)).toBe(true);
  });
});

describe('feature flags', () => {
  it('mirrors capabilities and computes the three derived flags', () => {
    expect(featureFlags({ dlp: true }).dlp).toBe(true);
    expect(featureFlags({}).dlp).toBe(false);
    expect(featureFlags({ documents: true }).content_inspection).toBe(true);
    expect(featureFlags({ files: true, policy_only_domains: true }).content_inspection).toBe(false);
    expect(featureFlags({ daily_bandwidth_quota: true }).bandwidth).toBe(true);
    expect(featureFlags({ bandwidth_limits: false }).bandwidth).toBe(false);
    expect(featureFlags({ safemailPolicy: true }).email_policy).toBe(true);
    expect(featureFlags({ safemailPolicy: true, url_isolation_disabled: true }).email_policy).toBe(false);
    expect(featureFlags({ safemailPolicy: true, url_isolation_disabled: true, attachments: true }).email_policy).toBe(true);
    expect(featureFlags({ attachments: true }).email_policy).toBe(false);
  });
});
