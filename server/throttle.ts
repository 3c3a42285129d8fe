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

/** The throttle keys of one attempt, sorted so that concurrent attempts lock their rows in the same order. */
export const throttleKeys = (username: string, ip: string) => [`ip:${ip}`, `user:${username.trim().toLowerCase()}`].sort();

/** The block that the n-th failure in a row sets, in seconds (0 while failures are still free). */
export function blockSeconds(failures: number): number {
  if (failures < THROTTLE_FREE_FAILURES) return 0;
  return Math.min(THROTTLE_MAX_S, THROTTLE_BASE_S * 2 ** (failures - THROTTLE_FREE_FAILURES));
}

interface ThrottleRow {
  readonly key: string;
  readonly failures: number;
  readonly last_failure_at: Date;
  readonly blocked_until: Date | null;
}

/**
 * Admits one sign-in attempt, or answers the seconds still to wait (rounded up) when a key is blocked. An admitted
 * attempt is counted as a failure before the password is checked, so a burst of parallel guesses cannot slip past
 * the count; {@link clearFailures} takes it back when the password was right.
 */
export async function admitAttempt(db: Db, keys: readonly string[], now = Date.now()): Promise<number> {
  const at = new Date(now).toISOString();
  return db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.query('INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING', [key, at]);
    }
    const { rows } = await tx.query<ThrottleRow>(
      'SELECT key, failures, last_failure_at, blocked_until FROM login_throttle WHERE key = ANY($1) ORDER BY key FOR UPDATE',
      [keys],
    );
    const until = Math.max(0, ...rows.map((r) => r.blocked_until?.getTime() ?? 0));
    if (until > now) return Math.ceil((until - now) / 1000);
    for (const r of rows) {
      const failures = r.last_failure_at.getTime() < now - THROTTLE_WINDOW_MS ? 1 : r.failures + 1;
      const seconds = blockSeconds(failures);
      await tx.query('UPDATE login_throttle SET failures = $2, last_failure_at = $3, blocked_until = $4 WHERE key = $1', [
        r.key,
        failures,
        at,
        seconds > 0 ? new Date(now + seconds * 1000).toISOString() : null,
      ]);
    }
    return 0;
  });
}

/** A successful sign-in clears the counts of its keys. */
export async function clearFailures(db: Db, keys: readonly string[]): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = ANY($1)', [keys]);
}
