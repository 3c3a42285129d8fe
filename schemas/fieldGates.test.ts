import { describe, expect, it } from 'vitest';
import { gatedChanges, refusedChanges, type FieldGate } from './fieldGates';

const domain: FieldGate = { fields: ['domain'], write: { any: ['web_policy:write:domain'] } };
const agent: FieldGate = { fields: ['user_agent'], write: { any: ['web_policy:write:user-agent'] } };
const gates = [domain, agent];
const doc = (...rules: { id: string; domain?: string[]; user_agent?: unknown[]; name?: string }[]) => ({
  list: rules.map(({ id, name = id, ...conditions }) => ({ id, name, conditions })),
});

describe('field gates', () => {
  it('finds a gated field changed inside a rule, by its path in the sent document', () => {
    const before = doc({ id: 'a', domain: ['a.example'] }, { id: 'b', user_agent: [] });
    const after = doc({ id: 'a', domain: ['a.example', 'b.example'] }, { id: 'b', user_agent: [] });
    expect(gatedChanges(gates, before, after)).toEqual([{ path: 'list.0.conditions.domain', gate: domain }]);
  });

  it('sees no change when rules only move, ungated fields change, or an empty list replaces a missing one', () => {
    const before = doc({ id: 'a', domain: ['a.example'] }, { id: 'b', name: 'x' });
    const after = doc({ id: 'b', name: 'renamed', user_agent: [] }, { id: 'a', domain: ['a.example'] });
    expect(gatedChanges(gates, before, after)).toEqual([]);
  });

  it('counts each gated field of an added or removed rule', () => {
    const before = doc({ id: 'a', domain: ['a.example'] });
    const after = doc({ id: 'b', user_agent: [{ match: 'contains', value: 'curl' }] });
    expect(gatedChanges(gates, before, after).map((c) => c.path).sort()).toEqual(['list.0.conditions.domain', 'list.0.conditions.user_agent']);
  });

  it('refuses only what the grants do not hold: a full writer holds every sub-permission, a deny takes one away', () => {
    const before = doc({ id: 'a', domain: [], user_agent: [] });
    const after = doc({ id: 'a', domain: ['x.example'], user_agent: [{ match: 'contains', value: 'curl' }] });
    expect(refusedChanges(gates, { allow: ['web_policy:read', 'web_policy:write'], deny: [] }, before, after)).toEqual([]);
    const refused = refusedChanges(gates, { allow: ['web_policy:write'], deny: ['web_policy:write:user-agent'] }, before, after);
    expect(refused.map((c) => c.path)).toEqual(['list.0.conditions.user_agent']);
  });
});
