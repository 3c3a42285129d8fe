import { describe, expect, it } from 'vitest';
import { ruleAllows, type Grants } from '../../../schemas/access';
import { browserRules } from './browserRules';
import { webCategories } from './webCategories';
import { webThreats } from './webThreats';
import { registry } from '../../index';

const grants = (allow: string[], deny: string[] = []): Grants => ({ allow, deny });

describe('web policy edit sub-permissions (spec 000 §6)', () => {
  it('lets a full web_policy writer save categories, threats and browser rules', () => {
    for (const area of [webCategories, webThreats, browserRules]) expect(ruleAllows(area.write, grants(['web_policy:read', 'web_policy:write']))).toBe(true);
  });

  it('lets a categories-only writer save categories but not threats', () => {
    const g = grants(['web_policy:read', 'web_policy:write:categories']);
    expect(ruleAllows(webCategories.write, g)).toBe(true);
    expect(ruleAllows(webThreats.write, g)).toBe(false);
    expect(ruleAllows(browserRules.write, g)).toBe(false);
  });

  it('refuses categories to a writer denied that sub-permission, leaving threats writable', () => {
    const g = grants(['web_policy:write'], ['web_policy:write:categories']);
    expect(ruleAllows(webCategories.write, g)).toBe(false);
    expect(ruleAllows(webThreats.write, g)).toBe(true);
  });

  it('refuses every write to a reader', () => {
    expect(ruleAllows(webCategories.write, grants(['web_policy:read']))).toBe(false);
  });

  it('gates something with each of the nine sub-permissions, and leaves no web policy area without a write rule', () => {
    const SUBS = ['bnb', 'browser_and_version', 'categories', 'domain', 'exceptions', 'threats', 'sha256', 'user-agent', 'webroot_cats'];
    const named = new Set<string>();
    const note = (rule: { any?: readonly string[]; all?: readonly string[] }) => (rule.any ?? rule.all ?? []).forEach((p) => named.add(p));
    for (const screen of registry.screens) {
      if (!('write' in screen) || !screen.route.startsWith('/policy/web')) continue;
      expect(screen.write, screen.id).toBeDefined();
      note(screen.write!);
      for (const g of ('fieldGates' in screen ? screen.fieldGates : undefined) ?? []) note(g.write);
    }
    for (const op of registry.operations) if (typeof op.access === 'object') note(op.access);
    expect(SUBS.filter((s) => !named.has(`web_policy:write:${s}`))).toEqual([]);
  });
});
