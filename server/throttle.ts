/**
 * Throttling of failed sign-ins. Only a wrong password (or an unknown user name) counts, after the check. Two keys:
 * the account from this address, and the address whatever the account. After the free failures of a key each further
 * failure blocks it for a delay that doubles from THROTTLE_BASE_S up to THROTTLE_MAX_S seconds.
 *
 * A correct password is never refused because of another account's failures or failures from another address: the
 * account key names the address, and the address block is not applied to an account that has signed in from that
 * address before (so a spray of guesses across accounts from one address is slowed, its known users are not).
 */
import type { Db } from './types';

export const THROTTLE_FREE_FAILURES = 3;
/** Failures of any accounts from one address before the address itself is blocked. */
export const THROTTLE_ADDRESS_FREE_FAILURES = 10;
export const THROTTLE_BASE_S = 5;
export const THROTTLE_MAX_S = 300;
/** Failures older than this are forgotten: the count starts again. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** How long a successful sign-in from an address exempts the account from that address's block. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

export interface AttemptKeys {
  /** `user:<name>|ip:<address>`: failures of this account from this address. */
  readonly account: string;
  /** `ip:<address>`: failures of any account from this address. */
  readonly address: string;
}

export function attemptKeys(username: string, ip: string): AttemptKeys {
  return { account: `user:${username.trim().toLowerCase()}|ip:${ip}`, address: `ip:${ip}` };
}

/** The block that the n-th failure in a row sets, in seconds (0 while the `free` failures last). */
export function blockSeconds(failures: number, free = THROTTLE_FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(THROTTLE_MAX_S, THROTTLE_BASE_S * 2 ** (failures - free));
}

// Attempts of one account from one address run one after another (in this process), so each sees the failures of
// the ones before it: a parallel burst of guesses gets no more than the free failures, parallel correct sign-ins all
// get in.
const queues = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier attempt of the same account and address has finished. */
export function oneAtATime<T>(keys: AttemptKeys, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(keys.account) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const settled = run.catch(() => undefined);
  queues.set(keys.account, settled);
  void settled.then(() => {
    if (queues.get(keys.account) === settled) queues.delete(keys.account);
  });
  return run;
}

/** The seconds (rounded up) the attempt must still wait, or 0 when it may check the password. */
export async function blockedFor(db: Db, keys: AttemptKeys, now = Date.now()): Promise<number> {
  const { rows } = await db.query<{ key: string; blocked_until: Date | null; known: boolean }>(
    `SELECT t.key, t.blocked_until,
            EXISTS (SELECT 1 FROM login_known k WHERE k.key = $1 AND k.last_success_at > $3) AS known
       FROM login_throttle t WHERE t.key = ANY($2)`,
    [keys.account, [keys.account, keys.address], new Date(now - KNOWN_ADDRESS_MS).toISOString()],
  );
  const until = Math.max(
    0,
    ...rows.filter((r) => r.key === keys.account || !r.known).map((r) => r.blocked_until?.getTime() ?? 0),
  );
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts one failed sign-in against both keys. */
export async function recordFailure(db: Db, keys: AttemptKeys, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  const windowStart = new Date(now - THROTTLE_WINDOW_MS).toISOString();
  await db.transaction(async (tx) => {
    for (const [key, free] of [
      [keys.account, THROTTLE_FREE_FAILURES],
      [keys.address, THROTTLE_ADDRESS_FREE_FAILURES],
    ] as const) {
      const { rows } = await tx.query<{ failures: number }>(
        `INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET last_failure_at = $2,
           failures = CASE WHEN login_throttle.last_failure_at < $3 THEN 1 ELSE login_throttle.failures + 1 END
         RETURNING failures`,
        [key, at, windowStart],
      );
      const seconds = blockSeconds(rows[0]!.failures, free);
      await tx.query('UPDATE login_throttle SET blocked_until = $2 WHERE key = $1', [
        key,
        seconds > 0 ? new Date(now + seconds * 1000).toISOString() : null,
      ]);
    }
  });
}

/**
 * A successful sign-in forgets the account's failures from this address and marks the account known there. The
 * address count stays: a spray with one valid account in it must not reset it.
 */
export async function recordSuccess(db: Db, keys: AttemptKeys, now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM login_throttle WHERE key = $1', [keys.account]);
    await tx.query(
      `INSERT INTO login_known (key, last_success_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET last_success_at = $2`,
      [keys.account, new Date(now).toISOString()],
    );
  });
}
