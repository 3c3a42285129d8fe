/** Password hashing with scrypt (a slow, memory-hard KDF) and a salt of its own per user. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * OWASP Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1 (128 MiB and a few hundred ms per hash). The exponent
 * is PASSWORD_HASH_COST (config.ts); 17 unless a deployment raises it, or a test server lowers it to save time.
 */
export const PASSWORD_HASH_COST_DEFAULT = 17;
/** The lowest and highest exponent a server accepts (2^14 is scrypt's original interactive-login setting). */
export const PASSWORD_HASH_COST_RANGE = [14, 20] as const;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
// scrypt needs 128 * N * r bytes; node refuses above maxmem (default 32 MiB).
const MAX_MEM = 2 * 128 * 2 ** PASSWORD_HASH_COST_RANGE[1] * R;

let cost: number = PASSWORD_HASH_COST_DEFAULT;

/** The scrypt parameters new hashes are made with. */
export function scryptParams(): { N: number; r: number; p: number } {
  return { N: 2 ** cost, r: R, p: P };
}

/** Sets the exponent of N for new hashes, for the whole process (the server does this once at start from its configuration). */
export function setPasswordHashCost(exponent: number): void {
  const [low, high] = PASSWORD_HASH_COST_RANGE;
  if (!Number.isInteger(exponent) || exponent < low || exponent > high) {
    throw new Error(`PASSWORD_HASH_COST must be a whole number from ${low} to ${high}; got "${exponent}".`);
  }
  cost = exponent;
  decoy = undefined;
}

function derive(password: string, salt: Buffer, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...o, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = scryptParams();
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
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
  const params = scryptParams();
  return kind !== 'scrypt' || Number(n) < params.N || Number(r) < params.r || Number(p) < params.p;
}

// Verified against when the user name is unknown, so that answer takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** Spends the time of one verification, for a user name that does not exist. */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}
