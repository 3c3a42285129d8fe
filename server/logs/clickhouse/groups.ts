/**
 * The reports' rollup rows of past UTC days per group (migration 016): a report filtered by group alone reads them for
 * its whole days, where it read every raw event of its range (the rollups hold no group). Views that kept such rows as
 * events arrived made the cluster take events at less than half the rate, so these are built in the background, a
 * day at a time, from the day's events, like the heads (heads.ts):
 * - a shard's past day of a kind with at least GROUP_DAYS.minEvents events is built once a pass has seen the same
 *   events twice (the kind's stamp rollup: its events on the shard that day), and again when they change;
 * - a build's rows are written first, then its row in log_group_builds_local with the stamp it was computed at, and
 *   only if the day's events did not change while it ran;
 * - a read takes, on each shard, the day's newest build whose stamp still holds, and the raw events of the days
 *   without one (an event arriving late, a recount, retention): the rows change how fast a report answers, never what.
 * Builds left behind by a newer one stay until retention drops their days.
 */
import { LOG_FILTERS, type LogType } from '../../../schemas/logs';
import { DAY_MS, ROLLUPS } from '../rollups';
import { join, raw, sql, type Sql } from './bind';
import type { ClickHouse } from './client';
import { within } from './columns';
import { stampRollup } from './heads';
import { every } from './passes';

/** The field of the events' group (the report filter `group`), and the tables of this file, per shard. */
export const GROUP_FIELD = 'group';
export const GROUP_TABLES = ['log_group_days_local', 'log_group_builds_local'];

/**
 * `minEvents`: the fewest events of a kind a shard's day holds to be built (fewer are read from events about as
 * quickly). `everyMs`: how often the background pass looks for days to build.
 */
export const GROUP_DAYS = { minEvents: 10_000, everyMs: 60_000 };

/** The kinds whose events carry a group and have a stamp rollup, with it. */
const STAMPS: ReadonlyMap<LogType, string> = new Map(
  (Object.keys(LOG_FILTERS) as LogType[]).flatMap((t) => {
    const stamp = (LOG_FILTERS[t] as Readonly<Record<string, { field: string } | undefined>>)[GROUP_FIELD] ? stampRollup(t) : undefined;
    return stamp && [...ROLLUPS.values()].some((d) => d.logType === t) ? [[t, stamp] as const] : [];
  }),
);

/** The stamp rollup of a kind whose reports filtered by group alone read the rows of this file; else undefined. */
export const groupStamp = (logType: LogType) => STAMPS.get(logType);

/**
 * The rollup rows (tenant_id, rollup, by_key, hour, then ROW_COLUMNS) of a shard's events of a kind matching `where`,
 * `by_key` their group and `hour` their UTC day, for every report rollup of the kind (the store's eventRows).
 */
export type DayRows = (logType: LogType, where: readonly Sql[]) => Sql;

export class GroupDays {
  /** The stamps the last pass saw: a day is built once a pass finds it unchanged. */
  private seen = new Map<string, number>();
  private readonly stop = new AbortController();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly ch: ClickHouse,
    private readonly rowsOf: DayRows,
    /** From when a rollup's rows in a table are whole (fill.ts): a day before its stamp rollup's is not built. */
    private readonly wholeFrom: (table: string, id: string) => number,
  ) {}

  private get db(): Sql {
    return raw(this.ch.config.database);
  }

  /** Builds due days in the background, a pass every GROUP_DAYS.everyMs. */
  start(): void {
    this.running = every(GROUP_DAYS.everyMs, this.stop.signal, () => this.build({ signal: this.stop.signal }), 'building the rows per group of past days');
  }

  /** Stops the background passes (a build called after it still runs). */
  async close(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  /**
   * One pass: builds each shard's past days (before `now`'s UTC day) of a kind with at least `minEvents` events and no
   * build at their stamp, once a pass has seen the same events (`settled`; false builds every such day now). Resolves
   * with the days built.
   */
  async build({ now = Date.now(), settled = true, minEvents = GROUP_DAYS.minEvents, signal }: { now?: number; settled?: boolean; minEvents?: number; signal?: AbortSignal } = {}): Promise<number> {
    if (!STAMPS.size) return 0;
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const kinds = new Map([...STAMPS].map(([t, id]) => [id, t]));
    const seen = new Map<string, number>();
    let built = 0;
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      const days = await this.ch.rows<{ tenant_id: string; rollup: string; d: string; n: string }>(
        sql`SELECT tenant_id, rollup, toString(hour) AS d, toString(sum(events)) AS n FROM ${this.db}.log_rollups_daily_local
             WHERE rollup IN (${join([...kinds.keys()].map((id) => sql`${id}`), ', ')}) AND hour < ${today}
             GROUP BY tenant_id, \`rollup\`, hour HAVING sum(events) >= ${minEvents}`,
        { shard },
      );
      const done = new Set(
        (
          await this.ch.rows<{ k: string }>(
            sql`SELECT DISTINCT concat(tenant_id, ' ', log_type, ' ', toString(hour), ' ', toString(stamp)) AS k FROM ${this.db}.log_group_builds_local`,
            { shard },
          )
        ).map((r) => r.k),
      );
      for (const r of days) {
        const logType = kinds.get(r.rollup)!;
        const [start, stamp] = [Number(r.d), Number(r.n)];
        const key = `${shard} ${r.tenant_id} ${logType} ${start}`;
        seen.set(key, stamp);
        if (done.has(`${r.tenant_id} ${logType} ${start} ${stamp}`) || (settled && this.seen.get(key) !== stamp)) continue;
        if (this.wholeFrom('log_rollups_daily_local', r.rollup) > start) continue;
        if (signal?.aborted) return built;
        if (await this.buildDay(shard, r.tenant_id, logType, start, stamp)) built++;
      }
    }
    this.seen = seen;
    return built;
  }

  /** Computes one day's rows and records them, unless the day's events changed meanwhile. */
  private async buildDay(shard: number, tenantId: string, logType: LogType, start: number, stamp: number): Promise<boolean> {
    const build = Date.now() * 1000 + Math.floor(Math.random() * 1000);
    const rows = this.rowsOf(logType, [sql`tenant_id = ${tenantId}`, sql`ts >= ${start} AND ts < ${start + DAY_MS}`]);
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_group_days_local (tenant_id, rollup, by_key, hour, build, has_key, key, events, first_events, byte_sum, first_byte_sum, users, label, labelled)
          SELECT tenant_id, rollup, by_key, hour, toUInt64(${build}), has_key, key, events, first_events, byte_sum, first_byte_sum, users, label, labelled FROM (${rows})`,
      shard,
    );
    const [after] = await this.ch.rows<{ n: string }>(
      sql`SELECT toString(sum(events)) AS n FROM ${this.db}.log_rollups_daily_local WHERE tenant_id = ${tenantId} AND rollup = ${STAMPS.get(logType)!} AND hour = ${start}`,
      { shard },
    );
    // Events came for the day while it was read: the rows stay unread (no builds row names them).
    if (Number(after?.n) !== stamp) return false;
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_group_builds_local (tenant_id, log_type, hour, build, stamp) VALUES (${tenantId}, ${logType}, ${start}, ${build}, ${stamp})`,
      shard,
    );
    return true;
  }
}

/**
 * On each shard (a condition inside a read of a Distributed table, whose subqueries name the shard's own tables): the
 * days within `days` of a tenant's kind whose newest build still holds, as (hour, build).
 */
export function validBuilds(db: Sql, tenantId: string, logType: LogType, days: readonly (readonly [number, number])[]): Sql {
  const stamp = STAMPS.get(logType);
  if (!stamp) throw new Error(`The events of ${logType} have no rows per group`);
  return sql`SELECT hour, max(build) FROM ${db}.log_group_builds_local
              WHERE tenant_id = ${tenantId} AND log_type = ${logType} AND ${within('hour', days)}
                AND (hour, stamp) IN (SELECT hour, sum(events) FROM ${db}.log_rollups_daily_local
                                       WHERE tenant_id = ${tenantId} AND rollup = ${stamp} AND ${within('hour', days)} GROUP BY hour)
              GROUP BY hour`;
}
