/**
 * The serial number of a certificate the server makes: 16 random bytes, positive and minimally encoded. A first byte
 * of 0x00 (the old `0` + hex, or a random byte that happens to be zero) is encoded with a padding byte that OpenSSL 3
 * refuses ("illegal padding"), so about one certificate in 256 could not be read back.
 */
import { randomBytes } from 'node:crypto';

export function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}
