import { describe, expect, it } from 'vitest';
import { ruleAllows, type Grants } from '../../../schemas/access';
import { browserRules } from './browserRules';
import { webCategories } from './webCategories';
import { webThreats } from './webThreats';

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
});
