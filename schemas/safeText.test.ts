import { describe, expect, it } from 'vitest';
import { INVALID_CHARACTERS_KEY, hasUnsafeCharacters, unsafeTextErrors } from './safeText';

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
