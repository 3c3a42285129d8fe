import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatBytes,
  formatDuration,
  formatFileTypeList,
  formatMoney,
  generatePassword,
  PASSWORD_ALPHABET,
  splitDuration,
  truncateMoney,
} from './format';
import { CHECKS } from './validators';

describe('formatBytes', () => {
  it('shows 0 MB for zero, negative and invalid values', () => {
    for (const v of [0, -1, Number.NaN, Infinity, 'abc', '', null, undefined, {}]) expect(formatBytes(v)).toBe('0 MB');
  });
  it('uses base 1024 from B to TB', () => {
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.25 TB');
  });
  it('stays in TB beyond it', () => {
    expect(formatBytes(2048 * 1024 ** 4)).toBe('2048 TB');
  });
  it('keeps at most two decimals and reads numeric strings', () => {
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes('2048')).toBe('2 KB');
  });
});

describe('truncateMoney', () => {
  it('truncates to two decimals instead of rounding', () => {
    expect(truncateMoney(12.349)).toBe(12.34);
    expect(truncateMoney(0.999)).toBe(0.99);
    expect(truncateMoney(-1.999)).toBe(-1.99);
    expect(truncateMoney(5)).toBe(5);
  });
  it('does not lose a cent to binary noise', () => {
    expect(truncateMoney(0.29)).toBe(0.29);
    expect(truncateMoney(1.1)).toBe(1.1);
    expect(truncateMoney(4.35)).toBe(4.35);
    expect(truncateMoney(242433830.7499995)).toBe(242433830.74);
  });
  it('reads tiny values as zero, never as minus zero', () => {
    expect(truncateMoney(1e-7)).toBe(0);
    expect(Object.is(truncateMoney(-0.001), 0)).toBe(true);
  });
  it('never moves away from zero and never by a cent or more', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (v) => {
        const t = truncateMoney(v);
        return Math.abs(t) <= Math.abs(v) + 1e-9 && Math.abs(v - t) < 0.01 + 1e-6;
      }),
    );
  });
  it('formats with exactly two decimals and reads invalid input as zero', () => {
    expect(formatMoney(3)).toBe('3.00');
    expect(formatMoney(3.456)).toBe('3.45');
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });
});

describe('durations and the time rounding limits', () => {
  it('splits into units at 24 h, 60 min, 60 s and 1000 ms', () => {
    expect(splitDuration(90_061_001)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1, milliseconds: 1 });
    expect(splitDuration(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, milliseconds: 999 });
  });
  it('carries over when rounding reaches a limit', () => {
    expect(splitDuration(59_600, 'seconds')).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0, milliseconds: 0 });
    expect(splitDuration(59 * 60_000 + 59_700, 'minutes')).toMatchObject({ hours: 1, minutes: 0 });
    expect(splitDuration(23.6 * 3_600_000, 'hours')).toMatchObject({ days: 1, hours: 0 });
    expect(splitDuration(999.6, 'milliseconds')).toMatchObject({ seconds: 1, milliseconds: 0 });
  });
  it('never shows a unit at or above its limit', () => {
    fc.assert(
      fc.property(fc.nat(10 ** 10), fc.constantFrom('seconds', 'minutes', 'hours', 'milliseconds' as const), (ms, u) => {
        const p = splitDuration(ms, u);
        return p.hours < 24 && p.minutes < 60 && p.seconds < 60 && p.milliseconds < 1000;
      }),
    );
  });
  it('formats the non-zero parts', () => {
    expect(formatDuration(3_723_000)).toBe('1h 2m 3s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(1500, 'milliseconds')).toBe('1s 500ms');
    expect(formatDuration(86_400_000)).toBe('1d');
  });
});

describe('formatFileTypeList', () => {
  it('lists 5 or fewer extensions and counts more', () => {
    expect(formatFileTypeList(['.pdf', '.doc'])).toBe('.pdf, .doc');
    expect(formatFileTypeList(['.a', '.b', '.c', '.d', '.e'])).toBe('.a, .b, .c, .d, .e');
    expect(formatFileTypeList(['.a', '.b', '.c', '.d', '.e', '.f'])).toBe('6 items');
  });
});

describe('generatePassword', () => {
  it('has the requested length and only letters, digits and symbols', () => {
    for (const n of [1, 2, 3, 8, 64]) {
      const p = generatePassword(n);
      expect(p).toHaveLength(n);
      expect([...p].every((c) => PASSWORD_ALPHABET.includes(c))).toBe(true);
    }
  });
  it('holds a letter, a digit and a symbol from length 3 and passes the password rule', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword(3 + (i % 10));
      expect(p).toMatch(/[A-Za-z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
      expect(CHECKS.invalidPassword(p)).toBe(true);
    }
  });
  it('differs between calls', () => {
    expect(new Set(Array.from({ length: 20 }, () => generatePassword(16))).size).toBe(20);
  });
  it('draws from the given random source', () => {
    const zeros = (b: Uint32Array<ArrayBuffer>) => b.fill(0);
    expect(generatePassword(2, zeros)).toBe('AA');
  });
  it('refuses a length that is not a positive integer', () => {
    expect(() => generatePassword(0)).toThrow(RangeError);
    expect(() => generatePassword(2.5)).toThrow(RangeError);
  });
});
