/** Password hashing with scrypt (a slow, memory-hard KDF) and a salt of its own per user. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1 (128 MiB and a few hundred ms per hash). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
// scrypt needs 128 * N * r bytes; node refuses above maxmem (default 32 MiB). Headroom for older, cheaper hashes too.
const MAX_MEM = 2 * 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r;

function derive(password: string, salt: Buffer, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...o, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT_PARAMS);
  return ['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether the password matches a stored hash; false for a malformed hash or one costlier than this server allows. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  let key: Buffer;
  try {
    key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  } catch {
    return false;
  }
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with weaker parameters than today's: sign-in then stores a new one. */
export function needsRehash(stored: string): boolean {
  const [kind, n, r, p] = stored.split('$');
  return kind !== 'scrypt' || Number(n) < SCRYPT_PARAMS.N || Number(r) < SCRYPT_PARAMS.r || Number(p) < SCRYPT_PARAMS.p;
}

// Verified against when the user name is unknown, so that answer takes as long as a wrong password.
const decoy = hashPassword(randomBytes(16).toString('hex'));

/** Spends the time of one verification, for a user name that does not exist. */
export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(password, await decoy);
  return false;
}
