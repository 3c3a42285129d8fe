import { join, raw, sql, type Value } from './bind';
import type { ClickHouse } from './client';

/**
 * A background pass every `ms` until `signal` aborts: the heads' and the rows per filter value's builds. A pass that fails is
 * logged and the next one tries again. Resolves once stopped.
 */
export async function every(ms: number, signal: AbortSignal, pass: () => Promise<unknown>, what: string): Promise<void> {
  while (!signal.aborted) {
    // The wait's listener goes with it: one left per pass was a listener more a minute for the server's life.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
    if (signal.aborted) return;
    await pass().catch((err: unknown) => {
      if (!signal.aborted) console.error(`ClickHouse: ${what} failed (the next pass tries again): ${String(err)}`);
    });
  }
}

/**
 * `afterMs`: how long after it started a build's rows are deleted when no row records the build (`unnamedBuilds`): a
 * build takes minutes at most. The rows per filter value's passes look for them as often.
 */
export const UNNAMED = { afterMs: 3_600_000 };

/**
 * The builds on a shard (tenant, build) with rows in `table` and none in `named` (whose row, written last, records a
 * build), started more than UNNAMED.afterMs ago: their day or span changed while they ran, or their server stopped.
 */
export async function unnamedBuilds(ch: ClickHouse, shard: number, table: string, named: string): Promise<[string, number][]> {
  const db = raw(ch.config.database);
  const rows = await ch.rows<{ t: string; b: string }>(
    sql`SELECT DISTINCT tenant_id AS t, toString(build) AS b FROM ${db}.${raw(table)}
         WHERE build < ${(Date.now() - UNNAMED.afterMs) * 1000} AND build NOT IN (SELECT build FROM ${db}.${raw(named)})`,
    { shard },
  );
  return rows.map((r) => [r.t, Number(r.b)]);
}

/** The most rows one statement of `deleteRows` names (a statement's text is at most 256 KiB). */
const DELETE_BATCH = 1_000;

/** How long a pass waits for its deletes of builds rows to be applied before it leaves their rows to a later pass. */
const APPLIED_WITHIN_MS = 600_000;

/**
 * Deletes a shard's rows of a table whose `columns` are one of `tuples`: an ALTER DELETE per DELETE_BATCH tuples,
 * applied in the background (on 18.16 a part without such rows is kept as it is, not rewritten). With `applied`,
 * resolves once they are: true, or false when that took longer than APPLIED_WITHIN_MS or `signal` aborted first.
 */
export async function deleteRows(
  ch: ClickHouse,
  shard: number,
  table: string,
  columns: readonly string[],
  tuples: readonly (readonly Value[])[],
  { applied = false, signal }: { applied?: boolean; signal?: AbortSignal } = {},
): Promise<boolean> {
  for (let i = 0; i < tuples.length; i += DELETE_BATCH) {
    const batch = tuples.slice(i, i + DELETE_BATCH).map((t) => sql`(${join(t.map((v) => sql`${v}`), ', ')})`);
    await ch.command(sql`ALTER TABLE ${raw(ch.config.database)}.${raw(table)} DELETE WHERE (${raw(columns.join(', '))}) IN (${join(batch, ', ')})`, shard);
  }
  if (!applied || !tuples.length) return true;
  return ch.mutationsDone(shard, table, AbortSignal.any([AbortSignal.timeout(APPLIED_WITHIN_MS), ...(signal ? [signal] : [])]));
}
