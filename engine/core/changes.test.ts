import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WebExceptionsDocument } from '../../schemas/areas/webExceptions';
import { LONG_LIST, changeLines, changesText, countChanges, describeChanges, describeValue, fromFieldLines } from './changes';

const rule = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  enabled: true,
  conditions: { domain: ['a.example'] },
  action: 'allow',
  transferDirection: 'all',
  comment: '',
  ...extra,
});
const doc = (...list: ReturnType<typeof rule>[]) => ({ list, bypass: [], reorderingEvents: [] });
const text = (before: unknown, after: unknown, options = {}) => changeLines(describeChanges(WebExceptionsDocument, before, after, options));

describe('describeChanges', () => {
  it('names an added domain inside a rule, with the rule', () => {
    const before = doc(rule('r1', 'Payroll'));
    const after = doc(rule('r1', 'Payroll', { conditions: { domain: ['a.example', 'payroll.demo-corp.example'] } }));
    expect(text(before, after)).toEqual(['Exceptions: “Payroll”', '  Domains: + payroll.demo-corp.example']);
  });

  it('shows a pattern added to a list as its words, an enumeration by its label', () => {
    const before = doc(rule('r1', 'Payroll'));
    const after = doc(rule('r1', 'Payroll', { conditions: { domain: ['a.example'], uri: [{ match: 'contains', value: '/payroll/' }] }, action: 'block' }));
    expect(text(before, after)).toEqual(['Exceptions: “Payroll”', '  URL: + Contains /payroll/', '  Action: Allow → Block']);
  });

  it('lists rows added and removed by name, a value set and cleared with (none)', () => {
    const before = doc(rule('r1', 'Old rule'), rule('r2', 'Kept'));
    const after = doc(rule('r2', 'Kept', { comment: 'why' }), rule('r3', 'New rule'));
    expect(text(before, after)).toEqual(['Exceptions: + New rule, − Old rule', 'Exceptions: “Kept”', '  Comment: (none) → why']);
  });

  it('shows a reordering as the moves that explain it', () => {
    const before = doc(rule('a', 'A'), rule('b', 'B'), rule('x', 'X'));
    const after = doc(rule('x', 'X'), rule('a', 'A'), rule('b', 'B'));
    expect(text(before, after)).toEqual(['Exceptions: “X” moved from 3 to 1']);
  });

  it('shows a long list as a count, with each item below it in the text', () => {
    const many = Array.from({ length: LONG_LIST + 4 }, (_, i) => `host${i}.example`);
    const before = doc(rule('r1', 'R'));
    const after = doc(rule('r1', 'R', { conditions: { domain: ['a.example', ...many] } }));
    const changes = describeChanges(WebExceptionsDocument, before, after);
    const lines = changeLines(changes);
    expect(lines.slice(0, 2)).toEqual(['Exceptions: “R”', `  Domains: ${many.length} added`]);
    expect(lines.slice(2)).toEqual(many.map((h) => `    + ${h}`));
    expect(countChanges(changes)).toBe(many.length);
  });

  it('names referenced ids through the lookup, and never shows an id it cannot name', () => {
    const schema = z.object({
      rules: z.array(z.object({ id: z.string(), name: z.string(), profile: z.string().meta({ title: 'Profile' }) })).meta({ title: 'Rules' }),
    });
    const known = '0b7c6f3e-2a4d-4c8e-9f10-1234567890ab';
    const unknown = '9d1e2f3a-4b5c-4d6e-8f70-abcdefabcdef';
    const names = (path: string, value: string) => (path === 'rules.profile' && value === known ? 'Finance profile' : undefined);
    const changes = describeChanges(
      schema,
      { rules: [{ id: 'a', name: 'R', profile: unknown }] },
      { rules: [{ id: 'a', name: 'R', profile: known }, { id: unknown, name: '', profile: known }] },
      { nameOf: names },
    );
    expect(changesText(changes)).toBe('Rules: + Finance profile\nRules: “R”\n  Profile: an unnamed entry → Finance profile');
  });

  it('labels a settings form field by field, a switch as on / off, a record by its keys', () => {
    const schema = z.object({
      proxy: z.object({ port: z.number().meta({ title: 'Port' }), on: z.boolean().meta({ title: 'Use a proxy' }) }),
      headers: z.record(z.string(), z.string()).meta({ title: 'Headers' }),
    });
    const lines = changeLines(describeChanges(schema, { proxy: { port: 80, on: false }, headers: { 'X-A': '1' } }, { proxy: { port: 8080, on: true }, headers: { 'X-A': '2' } }));
    expect(lines).toEqual(['Port: 80 → 8080', 'Use a proxy: Off → On', 'Headers: X-A: 1 → 2']);
  });

  it('finds nothing when only empty values differ in form (absent, empty list, empty text)', () => {
    expect(describeChanges(WebExceptionsDocument, doc(rule('r1', 'R', { comment: '' })), { ...doc(rule('r1', 'R', { comment: undefined as never })), bypass: undefined })).toEqual([]);
  });

  it('leaves out the paths the options skip', () => {
    const before = { ...doc(rule('a', 'A')), reorderingEvents: [] };
    const after = { ...doc(rule('a', 'A')), reorderingEvents: [{ item: 'a', currPosition: 1, newPosition: 0 }] };
    expect(text(before, after, { skip: (p: string) => p === 'reorderingEvents' })).toEqual([]);
  });

  it('names a long text by its start and length', () => {
    const pem = `-----BEGIN CERTIFICATE-----${'A'.repeat(300)}`;
    expect(changeLines(describeChanges(undefined, { cert: '' }, { cert: pem }))).toEqual([`Cert: (none) → -----BEGIN CERTIFICATE-----${'A'.repeat(133)}… (${pem.length} characters)`]);
  });

  it('works without a schema, labels from the field names', () => {
    expect(changeLines(describeChanges(undefined, { max_users: 5, tags: ['a'] }, { max_users: 6, tags: ['a', 'b'] }))).toEqual(['Max users: 5 → 6', 'Tags: + b']);
  });
});

describe('fromFieldLines', () => {
  it('words changes stored as text: rows by name, JSON values field by field, ids never', () => {
    const lines = [
      { field: 'list[Block games].action', before: 'block', after: 'isolate' },
      { field: 'list[0b7c6f3e-2a4d-4c8e-9f10-1234567890ab] (added)', before: '', after: '{"id":"0b7c6f3e-2a4d-4c8e-9f10-1234567890ab","host":"b.example","enabled":true}' },
      { field: 'list[News].conditions', before: '{"domain":["a.example"]}', after: '{"domain":["a.example","b.example"],"uri":[{"match":"contains","value":"/pay/"}]}' },
      { field: 'May view', before: 'Logs', after: 'Logs, Web policy' },
    ];
    expect(changeLines(fromFieldLines(lines))).toEqual([
      'List “Block games” › Action: block → isolate',
      'List an unnamed entry: + Host: b.example; Enabled',
      'List “News” › Conditions',
      '  Domain: + b.example',
      '  Uri: + Match: contains; Value: /pay/',
      'May view: Logs → Logs, Web policy',
    ]);
  });
});

describe('describeValue', () => {
  it('words a value of any shape: enumeration labels, objects by their fields, ids by name or not at all', () => {
    const conditions = WebExceptionsDocument.shape.list.element.shape.conditions;
    const value = { domain: ['a.example', 'b.example'], entities: [{ type: 'group', name: 'Finance' }], uri: [{ match: 'starts_with', value: 'https://admin.' }] };
    expect(describeValue(conditions, value)).toBe('URL: Starts with https://admin.; Domains: a.example, b.example; Users and groups: Group Finance');
    expect(describeValue(WebExceptionsDocument.shape.list.element.shape.action, 'safeview')).toBe('Isolate');
    expect(describeValue(undefined, '0b7c6f3e-2a4d-4c8e-9f10-1234567890ab', { nameOf: () => 'Finance profile' })).toBe('Finance profile');
    expect(describeValue(undefined, '0b7c6f3e-2a4d-4c8e-9f10-1234567890ab')).toBe('an unnamed entry');
  });
});
