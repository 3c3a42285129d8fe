/**
 * The web policy edit sub-permissions (spec 000 §6) that gate fields rather than whole areas: within a web rule, its
 * domains, user agents, browsers and versions, threat and category conditions, and an inspection exception's file
 * hashes (sha256) may be changed only by a role that holds the matching sub-permission (web_policy:write holds them
 * all; a deny of web_policy:write:<name> takes one away). bnb, categories, exceptions, threats and webroot_cats gate
 * whole areas through those areas' write rules (browser rules, categories, global exceptions, threats, extended
 * categories and the category migration).
 */
import type { FieldGate } from '../../schemas/fieldGates';

const gate = (sub: string, fields: readonly string[]): FieldGate => ({ fields, write: { any: [`web_policy:write:${sub}`] } });

/** Gates of the fields of rule conditions and scopes (web exceptions, bypass rules, inspection exceptions). */
export const CONDITION_GATES: readonly FieldGate[] = [
  gate('domain', ['domain']),
  gate('user-agent', ['user_agent']),
  gate('browser_and_version', ['browser']),
  gate('threats', ['threats']),
  gate('categories', ['categories']),
  gate('sha256', ['sha256']),
];

/** Gates of the browser and web-app rules. */
export const BROWSER_RULE_GATES: readonly FieldGate[] = [gate('browser_and_version', ['browsers', 'min_version']), gate('user-agent', ['user_agent'])];

