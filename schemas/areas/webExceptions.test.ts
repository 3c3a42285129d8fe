import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http';
import { RuleConditions } from './ruleConditions';
import { WebExceptionsDocument } from './webExceptions';

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : fieldErrors(r.error as never).map((e) => ({ path: e.path, key: e.key }));
};

const rule = (id: string, conditions: object = { domain: ['example.com'] }) => ({ id, name: `Rule ${id}`, conditions, action: 'block' });

describe('RuleConditions', () => {
  it('accepts every condition key with valid values', () => {
    expect(
      errorsOf(RuleConditions, {
        source_ips: ['192.0.2.10', '10.0.0.0/8'],
        dest_ips: ['198.51.100.7'],
        source_ip_ranges: ['192.0.2.1-192.0.2.20'],
        dest_ip_ranges: ['198.51.100.1'],
        browser: ['chrome', 'edge'],
        user_agent: [{ match: 'contains', value: 'curl/' }],
        threats: ['phishing'],
        categories: ['gambling'],
        geo_ip: ['US'],
        uri: [{ match: 'regex', value: '^https://[a-z]+\\.example\\.com/' }],
        domain: ['*.example.com'],
        fileTypes: ['zip'],
        entities: [{ type: 'group', name: 'Finance' }],
      }),
    ).toEqual([]);
  });

  it('needs at least one non-empty condition', () => {
    expect(errorsOf(RuleConditions, {})).toEqual([{ path: '', key: 'conditionRequired' }]);
    expect(errorsOf(RuleConditions, { domain: [], uri: [] })).toEqual([{ path: '', key: 'conditionRequired' }]);
  });

  it('reports bad values with the shared validator keys at their paths', () => {
    expect(errorsOf(RuleConditions, { domain: ['example.com', 'not a domain'] })).toEqual([{ path: 'domain.1', key: 'invalidDomain' }]);
    expect(errorsOf(RuleConditions, { source_ips: ['10.0.0.0/33'] })).toEqual([{ path: 'source_ips.0', key: 'invalidCidr' }]);
    expect(errorsOf(RuleConditions, { source_ip_ranges: ['192.0.2.20-192.0.2.1'] })).toEqual([{ path: 'source_ip_ranges.0', key: 'invalidIpRange' }]);
    expect(errorsOf(RuleConditions, { uri: [{ match: 'regex', value: '([a-z' }] })).toEqual([{ path: 'uri.0.value', key: 'invalidRegex' }]);
    expect(errorsOf(RuleConditions, { uri: [{ match: 'like', value: 'x' }] })).toEqual([{ path: 'uri.0.match', key: 'invalid_value' }]);
    expect(errorsOf(RuleConditions, { geo_ip: ['usa'] })).toEqual([{ path: 'geo_ip.0', key: 'invalid_format' }]);
    expect(errorsOf(RuleConditions, { domain: ['a.example'], cookies: ['x'] })).toEqual([{ path: '', key: 'unrecognized_keys' }]);
  });

  it('takes a text pattern that is not a regex literally', () => {
    expect(errorsOf(RuleConditions, { user_agent: [{ match: 'starts_with', value: '([a-z' }] })).toEqual([]);
  });
});

describe('WebExceptionsDocument', () => {
  it('fills defaults: enabled, all directions, empty comment and bypass', () => {
    const doc = WebExceptionsDocument.parse({ list: [rule('a')] });
    expect(doc.list[0]).toMatchObject({ enabled: true, transferDirection: 'all', comment: '' });
    expect(doc.bypass).toEqual([]);
    expect(doc.reorderingEvents).toEqual([]);
  });

  it('checks action, transfer direction and rule names', () => {
    expect(errorsOf(WebExceptionsDocument, { list: [{ ...rule('a'), action: 'bypass' }] })).toEqual([{ path: 'list.0.action', key: 'invalid_value' }]);
    expect(errorsOf(WebExceptionsDocument, { list: [{ ...rule('a'), transferDirection: 'sideways' }] })).toEqual([
      { path: 'list.0.transferDirection', key: 'invalid_value' },
    ]);
    expect(errorsOf(WebExceptionsDocument, { list: [{ ...rule('a'), name: 'ab' }] })).toEqual([{ path: 'list.0.name', key: 'minlength' }]);
    expect(errorsOf(WebExceptionsDocument, { list: [{ ...rule('a'), conditions: {} }] })).toEqual([{ path: 'list.0.conditions', key: 'conditionRequired' }]);
  });

  it('refuses an id used twice, across the rule and bypass lists', () => {
    const bypass = [{ id: 'a', name: 'Updates', conditions: { domain: ['update.example.com'] } }];
    expect(errorsOf(WebExceptionsDocument, { list: [rule('a')], bypass })).toEqual([{ path: 'bypass.0.id', key: 'duplicate' }]);
  });

  it('keeps reordering events', () => {
    const doc = WebExceptionsDocument.parse({ list: [rule('a'), rule('b')], reorderingEvents: [{ item: 'b', currPosition: 1, newPosition: 0 }] });
    expect(doc.reorderingEvents).toEqual([{ item: 'b', currPosition: 1, newPosition: 0 }]);
  });
});
