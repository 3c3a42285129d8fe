/**
 * Throttling of failed sign-ins, per user name and per client address: after THROTTLE_FREE_FAILURES failures in a row
 * each further failure blocks the key for a delay that doubles from THROTTLE_BASE_S up to THROTTLE_MAX_S seconds.
 */
import type { Db } from './types';

export const THROTTLE_FREE_FAILURES = 3;
export const THROTTLE_BASE_S = 5;
export const THROTTLE_MAX_S = 300;
/** Failures older than this are forgotten: the count starts again. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export const throttleKeys = (username: string, ip: string) => [`user:${username.trim().toLowerCase()}`, `ip:${ip}`];

/** Seconds the caller must still wait (rounded up), or 0 when no key is blocked. */
export async function throttleDelay(db: Db, keys: readonly string[], now = Date.now()): Promise<number> {
  const { rows } = await db.query<{ blocked_until: Date }>(
    'SELECT blocked_until FROM login_throttle WHERE key = ANY($1) AND blocked_until > $2',
    [keys, new Date(now).toISOString()],
  );
  const until = Math.max(0, ...rows.map((r) => r.blocked_until.getTime()));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** The block that the n-th failure in a row sets, in seconds (0 while failures are still free). */
export function blockSeconds(failures: number): number {
  if (failures < THROTTLE_FREE_FAILURES) return 0;
  return Math.min(THROTTLE_MAX_S, THROTTLE_BASE_S * 2 ** (failures - THROTTLE_FREE_FAILURES));
}

/** Counts one failure against every key. */
export async function recordFailure(db: Db, keys: readonly string[], now = Date.now()): Promise<void> {
  const since = new Date(now - THROTTLE_WINDOW_MS).toISOString();
  for (const key of keys) {
    const { rows } = await db.query<{ failures: number }>(
      `INSERT INTO login_throttle AS t (key, failures, last_failure_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE
         SET failures = CASE WHEN t.last_failure_at < $3 THEN 1 ELSE t.failures + 1 END, last_failure_at = $2
       RETURNING failures`,
      [key, new Date(now).toISOString(), since],
    );
    const seconds = blockSeconds(rows[0]!.failures);
    if (seconds > 0) {
      await db.query('UPDATE login_throttle SET blocked_until = $2 WHERE key = $1', [key, new Date(now + seconds * 1000).toISOString()]);
    }
  }
}

/** A successful sign-in clears the counts of its keys. */
export async function clearFailures(db: Db, keys: readonly string[]): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = ANY($1)', [keys]);
}
