import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPortableRegex, regexAsTextPatterns, regexRequiredLiteral, textTest } from './match';

/** What the evaluator's text condition answers for a lower-cased ASCII value: the regular expression's own test. */
const byRegex = (source: string, value: string) => textTest({ match: 'regex', value: source })(value.toLowerCase());
const byPatterns = (patterns: readonly { match: string; value: string }[], value: string) => patterns.some((p) => textTest(p)(value.toLowerCase()));

// Small alphabets, so that random values often contain, start or end with the random literals.
const letter = fc.constantFrom('a', 'B', 'c', '/', '.', '-', ' ', '$', '\\', '|', '(');
const literal = fc.array(letter, { maxLength: 3 }).map((cs) => cs.map((c) => (/[.$\\|(]/.test(c) ? `\\${c}` : c)).join(''));
const group = fc.tuple(fc.constantFrom('(', '(?:'), fc.array(literal, { minLength: 1, maxLength: 3 })).map(([open, alts]) => `${open}${alts.join('|')})`);
const sequence = fc.array(fc.oneof(literal, group), { minLength: 1, maxLength: 3 }).map((items) => items.join(''));
const inSubset = fc.oneof(
  fc.tuple(fc.boolean(), sequence, fc.boolean()).map(([start, body, end]) => `${start ? '^' : ''}${body}${end ? '$' : ''}`),
  fc.array(sequence, { minLength: 2, maxLength: 3 }).map((branches) => branches.join('|')),
);
const value = fc.array(fc.constantFrom('a', 'b', 'C', '/', '.', '-', ' ', '$', '\\', '|', '('), { maxLength: 8 }).map((cs) => cs.join(''));

describe('a regular expression as text patterns', () => {
  it('reads the plain forms as the patterns they stand for', () => {
    expect(regexAsTextPatterns('^(curl|Wget|python-requests)/')).toEqual([
      { match: 'starts_with', value: 'curl/' },
      { match: 'starts_with', value: 'wget/' },
      { match: 'starts_with', value: 'python-requests/' },
    ]);
    expect(regexAsTextPatterns('\\.EXE$')).toEqual([{ match: 'ends_with', value: '.exe' }]);
    expect(regexAsTextPatterns('^x$')).toEqual([{ match: 'equal', value: 'x' }]);
    expect(regexAsTextPatterns('a|b(?:c|d)')).toEqual([
      { match: 'contains', value: 'a' },
      { match: 'contains', value: 'bc' },
      { match: 'contains', value: 'bd' },
    ]);
    // An escaped final `$` is text; an escaped backslash before it leaves it an anchor.
    expect(regexAsTextPatterns('a\\$')).toEqual([{ match: 'contains', value: 'a$' }]);
    expect(regexAsTextPatterns('a\\\\$')).toEqual([{ match: 'ends_with', value: 'a\\' }]);
  });

  it('leaves out every form it cannot read as patterns', () => {
    for (const source of ['a.b', '^a|b', 'a|b$', '(a|b)+', 'ab?', '[ab]', '\\d', '((a))', '(?=a)', '(?<n>a)', 'a{2}', 'é', '(a', 'a)', 'a\\', '\\w'])
      expect(regexAsTextPatterns(source), source).toBeUndefined();
    // Groups multiply: at most 64 patterns.
    expect(regexAsTextPatterns('(a|b)(c|d)(e|f)(g|h)(i|j)(k|l)')).toHaveLength(64);
    expect(regexAsTextPatterns('(a|b)(c|d)(e|f)(g|h)(i|j)(k|l)(m|n)')).toBeUndefined();
  });

  it('answers as the regular expression does for any ASCII value (random expressions of the subset)', () => {
    fc.assert(
      fc.property(inSubset, fc.array(value, { minLength: 1, maxLength: 20 }), (source, values) => {
        const patterns = regexAsTextPatterns(source);
        expect(patterns, source).toBeDefined();
        for (const v of values) expect(byPatterns(patterns!, v), `${source} on ${JSON.stringify(v)}`).toBe(byRegex(source, v));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('regular expressions the stores test themselves', () => {
  it('name the text every match holds, which the store tests first', () => {
    const cases: [string, string][] = [
      ['\\bimages\\b/\\d+', 'images'],
      ['/account/\\d+$', '/account/'],
      ['^https://A\\.b', 'https://a.b'],
      ['ab{2}c', 'ab'],
      ['xy{0,3}zz', 'zz'],
      ['abc+d', 'abc'],
      ['(a|b)cd(ef)?', 'cd'],
      ['[x.y]z{1,2}?q', 'z'],
      ['a|bcd', ''],
      ['\\d+', ''],
    ];
    expect(cases.map(([source]) => [source, regexRequiredLiteral(source)])).toEqual(cases);
  });

  it('accepts the subset JavaScript, PostgreSQL and RE2 read alike, and nothing else', () => {
    for (const source of ['/account/\\d+$', '^https://a.b', '[^/]+\\.exe$', '(?:a|b)c{1,3}?', '^(curl|wget)/\\w*', '[A-Z_]{2}', '^$', '\\bpay\\b', '\\Bx\\s+\\S\\D\\W', '\\b', '[\\w.-]+', '[^\\s/]', '[\\d-]', '[-\\d]'])
      expect([source, isPortableRegex(source)]).toEqual([source, true]);
    for (const source of ['\\b*', '^\\B{2}', '[\\S]', '[\\b]', '[\\w-z]', '[a-\\d]', '\\t', '\\x41', '\\u0041', '(\\b)', '(?=a)', '(?i)a', '(a)\\1', 'a||b', '(a|)', '()', '[]a]', 'a{2,300}', 'x{', 'ä', 'a\tb', '***=a', '^*', '(a'])
      expect([source, isPortableRegex(source)]).toEqual([source, false]);
  });
});
