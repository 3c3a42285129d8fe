import { describe, expect, it } from 'vitest';
import { INVALID_CHARACTERS_KEY, MAX_BODY_DEPTH, hasUnsafeCharacters, jsonNestsDeeperThan, unsafeTextErrors } from './safeText';

describe('safe text', () => {
  it('refuses NUL and lone surrogates, accepts paired surrogates and other control characters', () => {
    expect(hasUnsafeCharacters('x\u0000y')).toBe(true);
    expect(hasUnsafeCharacters('x\ud800')).toBe(true);
    expect(hasUnsafeCharacters('\udc00x')).toBe(true);
    expect(hasUnsafeCharacters('\ud800\ud800\udc00')).toBe(true);
    expect(hasUnsafeCharacters('emoji 😀 and tab\t and é')).toBe(false);
    expect(hasUnsafeCharacters('')).toBe(false);
  });

  it('names every bad string and key with its dotted path', () => {
    const errors = unsafeTextErrors({ comment: 'x\u0000y', list: [{ name: 'ok' }, { name: '\ud800' }], ['k\u0000']: 1, n: 3 }, 'query');
    expect(errors.map((e) => [e.path, e.key])).toEqual([
      ['query.comment', INVALID_CHARACTERS_KEY],
      ['query.list.1.name', INVALID_CHARACTERS_KEY],
      ['query.k\uFFFD', INVALID_CHARACTERS_KEY],
    ]);
    expect(unsafeTextErrors('\u0000')).toEqual([expect.objectContaining({ path: '' })]);
    expect(unsafeTextErrors({ a: ['fine', 1, null, true] })).toEqual([]);
  });
});

describe('deep values', () => {
  it('walks a value nesting 10,000 arrays without overflowing the stack', () => {
    let deep: unknown = ['x\u0000'];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const errors = unsafeTextErrors(deep);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path.split('.')).toHaveLength(10_001);
  });

  it('measures the nesting of JSON text before it is parsed, ignoring brackets in strings', () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(jsonNestsDeeperThan(nested(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_BODY_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":${nested(7000)}}`)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '['.repeat(500), quote: '"[[[', slash: '\\' }))).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
  });
});
