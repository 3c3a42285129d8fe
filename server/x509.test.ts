import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSigned } from './modules/applianceCerts';
import { randomSerial } from './x509';

describe('certificate serial numbers', () => {
  it('are 16 bytes whose first byte is neither zero nor negative', () => {
    for (let i = 0; i < 2_000; i++) {
      const first = parseInt(randomSerial().slice(0, 2), 16);
      expect(first).toBeGreaterThanOrEqual(1);
      expect(first).toBeLessThan(0x80);
    }
  });

  it('give certificates that OpenSSL reads back, every time', () => {
    const keyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    for (let i = 0; i < 150; i++) expect(() => new X509Certificate(selfSigned(keyPem, { commonName: 'x' }, 365, true))).not.toThrow();
  }, 120_000);
});
