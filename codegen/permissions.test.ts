import { describe, expect, it } from 'vitest';
import { allows, envText, ruleText, usersAllowed } from './permissions';

describe('permissions for auditors', () => {
  it('says rules and environments in words', () => {
    expect(ruleText({ any: ['a:read', 'b:read'] })).toBe('any of `a:read`, `b:read`');
    expect(ruleText({ all: ['a:read'] })).toBe('all of `a:read`');
    expect(ruleText('public')).toBe('anyone, without signing in');
    expect(envText([{ deployments: ['cloud'] }, { deployments: ['on_prem'], appModes: ['management_station'], production: false }])).toBe(
      'deployment `cloud`; or deployment `on_prem`, app mode `management_station`, non-production builds',
    );
    expect(envText(undefined)).toBe('every deployment');
  });

  it('evaluates rules against roles: writing implies reading, deny beats allow, malformed rules throw', () => {
    const table = {
      writer: { read: [], write: ['web_policy'] },
      denied: { read: ['*'], write: ['*'], deny: ['web_policy:*'] },
    };
    expect(usersAllowed({ any: ['web_policy:read'] }, table)).toEqual(['writer']);
    expect(usersAllowed({ any: ['email_policy:read'] }, table)).toEqual(['denied']);
    expect(usersAllowed('session', table)).toEqual(['writer', 'denied']);
    expect(() => allows({ any: ['a'], all: ['b'] } as never, table.writer)).toThrow(/either "any" or "all"/);
  });
});
