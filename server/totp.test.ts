import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hashRecoveryCode, hotp, newRecoveryCodes, newTotpSecret, otpauthUri, totp, verifyTotp } from './totp';

// RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the key size of each algorithm.
const seed = (n: number) => Buffer.from('1234567890'.repeat(7).slice(0, n));
const VECTORS: readonly [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at T = %i', (t, sha1, sha256, sha512) => {
    expect(totp(seed(20), t * 1000, 8, 'sha1')).toBe(sha1);
    expect(totp(seed(32), t * 1000, 8, 'sha256')).toBe(sha256);
    expect(totp(seed(64), t * 1000, 8, 'sha512')).toBe(sha512);
  });

  it('matches the HOTP test vectors of RFC 4226 appendix D', () => {
    const codes = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(codes.map((_, i) => hotp(seed(20), BigInt(i)))).toEqual(codes);
  });

  it('round-trips base32 and reads the RFC 4648 example', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======')!.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi')!.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeUndefined();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret)!)).toBe(secret);
  });

  it('accepts the code of the step before, now and after, refuses older, newer and replayed ones', () => {
    const secret = base32Encode(seed(20));
    const now = 1111111111_000;
    const at = (ms: number) => totp(seed(20), ms);
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, at(now), now)).toBe(step);
    expect(verifyTotp(secret, at(now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(secret, at(now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(secret, at(now - 60_000), now)).toBeUndefined();
    expect(verifyTotp(secret, at(now + 60_000), now)).toBeUndefined();
    expect(verifyTotp(secret, at(now), now, step)).toBeUndefined();
    expect(verifyTotp(secret, '12345', now)).toBeUndefined();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('Isolation Portal', 'admin@Demo Corp', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Isolation%20Portal:admin%40Demo%20Corp?secret=JBSWY3DPEHPK3PXP&issuer=Isolation%20Portal&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('makes distinct recovery codes and hashes them whatever their case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(hashRecoveryCode(codes[0]!.toUpperCase().replaceAll('-', ' '))).toBe(hashRecoveryCode(codes[0]!));
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashRecoveryCode(codes[1]!));
  });
});
