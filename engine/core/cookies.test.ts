import { describe, expect, it } from 'vitest';
import { browserCookies, parseCookies, xsrfIdentity } from './cookies';

describe('cookies', () => {
  it('parses a cookie string, decoding values and keeping the first of duplicates', () => {
    const m = parseCookies('user_id=u%201; _xsrf="2|a|b|9"; user_id=other; junk');
    expect(m.get('user_id')).toBe('u 1');
    expect(m.get('_xsrf')).toBe('2|a|b|9');
    expect(m.has('junk')).toBe(false);
  });

  it('reads and deletes through document.cookie', () => {
    const writes: string[] = [];
    const doc = {
      get cookie() {
        return 'user_id=admin-1';
      },
      set cookie(v: string) {
        writes.push(v);
      },
    };
    const jar = browserCookies(doc);
    expect(jar.get('user_id')).toBe('admin-1');
    expect(jar.get('missing')).toBeUndefined();
    jar.delete('user_id');
    expect(writes.some((w) => w.startsWith('user_id=;') && w.includes('Max-Age=0') && w.includes('path=/'))).toBe(true);
  });

  it('compares xsrf values without their last |-part', () => {
    expect(xsrfIdentity('2|mask|token|1700000000')).toBe('2|mask|token');
    expect(xsrfIdentity('2|mask|token|1700000000')).toBe(xsrfIdentity('2|mask|token|1800000000'));
    expect(xsrfIdentity('plain')).toBe('plain');
    expect(xsrfIdentity(undefined)).toBeUndefined();
  });
});
