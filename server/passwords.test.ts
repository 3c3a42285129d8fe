import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, setPasswordHashCost, verifyPassword } from './passwords';

// Each hash costs 128 MiB and up to a second on a busy machine.
describe('password hashes', () => {
  it('are scrypt at the OWASP cost, salted per hash, and verify only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('still verify a hash of the old, cheaper cost, which asks to be replaced', async () => {
    // The format and cost the first seeds stored (N = 2^14).
    const salt = Buffer.from('salt-of-16-bytes');
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('admin-demo', salt, 64, { N: 16384 }).toString('base64')].join('$');
    expect(await verifyPassword('admin-demo', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(`scrypt$${2 ** 17}$8$1$x$y`)).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$99999999999$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$whatever')).toBe(false);
  });

  it('take their cost from the server setting, which refuses a cost outside 2^14 to 2^20', async () => {
    try {
      setPasswordHashCost(15);
      const made = await hashPassword('correct horse');
      expect(made.split('$')[1]).toBe(String(2 ** 15));
      expect(await verifyPassword('correct horse', made)).toBe(true);
      expect(needsRehash(`scrypt$${2 ** 14}$8$1$x$y`)).toBe(true);
      expect(needsRehash(`scrypt$${2 ** 17}$8$1$x$y`)).toBe(false);
      expect(() => setPasswordHashCost(13)).toThrow(/PASSWORD_HASH_COST must be a whole number from 14 to 20/);
      expect(() => setPasswordHashCost(21)).toThrow(/from 14 to 20/);
      expect(() => setPasswordHashCost(Number.NaN)).toThrow(/from 14 to 20/);
    } finally {
      setPasswordHashCost(17);
    }
  });
});
