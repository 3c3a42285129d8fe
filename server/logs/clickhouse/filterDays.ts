/**
 * The reports' rollup rows of past UTC days per value of a filter (migrations 016, 017): a report whose one filter is
 * the group, the action, one category or another filter with few values reads them for its whole days, where it read
 * every raw event of its range (the rollups hold no filter). Views that kept such rows as events arrived made the cluster take events
 * at less than half the rate, so these are built in the background, a day at a time, from the day's events, like the
 * heads (heads.ts):
 * - a shard's past day of a kind with at least FILTER_DAYS.minEvents events is built once a pass has seen the same
 *   events twice (the kind's stamp rollup: its events on the shard that day), and again when they change;
 * - a build reads the day's events once for every filter of the kind (dayFields) and writes its rows first (per day,
 *   and per hour for the rollups of series and heat maps, migration 018), then its row in log_filter_builds_local
 *   with the stamp it was computed at and what it holds, and only if the day's events did not change while it ran;
 * - a read takes a day's rows where every shard holding events of the day has a build whose stamp still holds (the
 *   newest), and the day's raw events where one has not (not built yet, or its events changed since: an event arriving
 *   late, a recount, retention): the rows change how fast a report answers, never what.
 * Some UTC days are built an hour at a time too (`HOUR_SPANS`, `hourDays`): the current one, and the first day of a
 * range of each report interval ending now (a 30-day report's starts 30 days and 10.6 hours ago): each past hour of
 * them with at least a 24th of FILTER_DAYS.minEvents events, the rows of every rollup of the kind for that hour
 * (log_filter_hours_local), stamped by the stamp rollup's hourly rows. A read takes them for the whole hours of a day
 * without a build of its own (the current day) and of its range's partial first day, where the day's build has rows
 * per day only (but for the series and heat maps); so a report of an interval given such a filter reads from its
 * events only its first and last partial hours, where it read every hour of its partial days.
 * A pass deletes what no read takes: on each shard, the builds of a span older than its newest (an event arriving late
 * makes a span built anew), those holding other filters than the kind's now and the hours' builds of days no longer
 * built an hour at a time, first their builds rows, so that no read takes them after it, then once that is done their
 * rows; and, once every UNNAMED.afterMs, the rows of builds never recorded (their span changed while they ran, or
 * their server stopped) started longer ago than that.
 */
import { type LogType } from '../../../schemas/logs';
import { REPORT_INTERVAL_MS, reportFilters } from '../../../schemas/reports';
import { DAY_MS, HOUR_MS } from '../rollups';
import { join, raw, sql, type Sql } from './bind';
import type { ClickHouse } from './client';
import { stampRollup } from './heads';
import { deleteRows, every, UNNAMED, unnamedBuilds } from './passes';
import { CLUSTER_KINDS } from './columns';

/** The tables of this file, per shard. */
export const FILTER_TABLES = ['log_filter_days_local', 'log_filter_hours_local', 'log_filter_builds_local'];

/**
 * `minEvents`: the fewest events of a kind a shard's day holds to be built, and a 24th of it an hour's (a smaller span
 * is cheap to read from its events; each span built costs a pass a statement). `everyMs`: how often the background
 * pass looks for spans to build.
 */
export const FILTER_DAYS = { minEvents: 1_000, everyMs: 60_000 };

/**
 * Per kind with a stamp rollup, the fields of its report filters kept per value: a field that takes a closed list of
 * values (the action, the risk level: few values, each a share of the events), the user's group (few per tenant), and
 * the lists of categories (ids of the tenant's category lists, a hundred or so; an event counts once under each value
 * it holds). Open fields (the user, the domain) would make a build about as large as the day's events. `lists`: those
 * of `fields` that are lists.
 */
const KINDS: ReadonlyMap<LogType, { readonly stamp: string; readonly fields: readonly string[]; readonly lists: readonly string[] }> = new Map(
  CLUSTER_KINDS.flatMap((t) => {
    const stamp = stampRollup(t);
    const kept = Object.values(reportFilters(t)).flatMap((f) => (f && (f.kind === 'array' || f.values || f.field === 'group') ? [f] : []));
    const fields = [...new Set(kept.map((f) => f.field))].sort();
    const lists = fields.filter((field) => kept.some((f) => f.field === field && f.kind === 'array'));
    return stamp && fields.length ? [[t, { stamp, fields, lists }] as const] : [];
  }),
);

/**
 * The value under which a build counts the events without a field that holds one value an event, in the rows of the
 * rollups that cannot be subtracted (distinct users, a key's label; the store's UNSUBTRACTED): an exclusion of such a
 * field's values reads their rows of every other value, these among them. (No stored text holds a NUL, safeText.ts.)
 */
export const ABSENT = '\u0000';

/** The fields of a kind's report filters that a read takes from the rows of this file (empty: none). */
export const dayFields = (logType: LogType): readonly string[] => KINDS.get(logType)?.fields ?? [];

/**
 * The fields of dayFields that are lists: a read given two of a list's values takes the events (an event holding both
 * counts once in the answer, and once under each value in the rows).
 */
export const dayLists = (logType: LogType): readonly string[] => KINDS.get(logType)?.lists ?? [];

/** The stamp rollup of a kind with rows of this file. */
export const dayStamp = (logType: LogType) => KINDS.get(logType)?.stamp;

/**
 * The rollup rows (tenant_id, rollup, field, by_key, hour, then ROW_COLUMNS, `users` a list of the distinct users) of
 * a shard's events of a kind matching `where`, per field of dayFields the event has, `by_key` its value (the store's
 * eventRows), as `rows` says:
 * - 'days': `hour` their UTC day, for every report rollup of the kind;
 * - 'dayHours': `hour` their UTC hour, for the rollups of the kind's series and heat maps (null: the kind has none);
 * - 'hours': `hour` their UTC hour, for every report rollup of the kind.
 */
export type DayRows = (logType: LogType, where: readonly Sql[], rows: SpanRows) => Sql | null;
export type SpanRows = 'days' | 'dayHours' | 'hours';

/**
 * The spans built: UTC days before the current one, and the past UTC hours of the days of `hourDays`. `stamps`: the
 * table of the stamp rollup's rows per span; `tables`: what a build writes, where; `fields`: how a build names what it
 * holds.
 */
interface SpanGrain {
  readonly ms: number;
  readonly stamps: 'log_rollups_daily_local' | 'log_rollups_local';
  readonly tables: readonly (readonly [string, SpanRows])[];
  readonly fields: (kind: { readonly fields: readonly string[] }) => string;
}
const DAY_SPANS: SpanGrain = {
  ms: DAY_MS,
  stamps: 'log_rollups_daily_local',
  tables: [
    ['log_filter_days_local', 'days'],
    ['log_filter_hours_local', 'dayHours'],
  ],
  fields: (kind) => fieldsOf(kind),
};
const HOUR_SPANS: SpanGrain = { ms: HOUR_MS, stamps: 'log_rollups_local', tables: [['log_filter_hours_local', 'hours']], fields: (kind) => `${fieldsOf(kind)}+anhour` };
const SPAN_GRAINS = [DAY_SPANS, HOUR_SPANS];

/**
 * The UTC days (their starts) built an hour at a time at `now`: its own, and the first day of a range of each report
 * interval ending then.
 */
export const hourDays = (now: number): readonly number[] =>
  [...new Set([now, ...Object.values(REPORT_INTERVAL_MS).map((ms) => now - ms)].map((t) => Math.floor(t / DAY_MS) * DAY_MS))].sort((a, b) => a - b);

/**
 * The builds a read takes (FilterDays.readable), as `(shard, UTC day, build)` tuples: per UTC day (its start), of
 * the day's own builds; per UTC hour (its start), of the hour's.
 */
export interface FilterBuilds {
  readonly days: ReadonlyMap<number, readonly Sql[]>;
  readonly hours: ReadonlyMap<number, readonly Sql[]>;
}

export class FilterDays {
  /** The stamps the last pass saw: a day is built once a pass finds it unchanged. */
  private seen = new Map<string, number>();
  /**
   * Per span grain, tenant and kind, the spans (UTC days, hours) with a build on some shard, as the last pass found
   * them and builds since: a read of the other spans takes their events without looking for a build. Null until the
   * first pass (a minute after the start): a read then looks for a build of each of its whole days, and of its whole
   * hours of the days built an hour at a time, as a restarted server has them on disk.
   */
  private spans: Map<SpanGrain, Map<string, Set<number>>> | null = null;
  /** When a pass last looked for the rows of builds never recorded (see `prune`). */
  private scanned = 0;
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

  private found(spans: Map<SpanGrain, Map<string, Set<number>>>, grain: SpanGrain, tenantId: string, logType: string, start: number): void {
    const key = `${tenantId} ${logType}`;
    const of = spans.get(grain) ?? spans.set(grain, new Map()).get(grain)!;
    of.set(key, (of.get(key) ?? new Set()).add(start));
  }

  /**
   * The builds a read of a tenant's kind over [from, to) takes: per UTC day and UTC hour within it with a build on some
   * shard, the newest build of each shard holding events of the span whose stamp still holds there. A span where a
   * shard with events has none is left out: it is read from the events.
   */
  async readable(tenantId: string, logType: LogType, from: number, to: number): Promise<FilterBuilds> {
    const kind = KINDS.get(logType);
    const key = `${tenantId} ${logType}`;
    // Before the first pass, each whole day of the range, and each whole hour of the days built an hour at a time at
    // the range's end.
    const byHour = hourDays(to - 1);
    const [days, hours] = SPAN_GRAINS.map((grain) => {
      const first = Math.ceil(from / grain.ms) * grain.ms;
      const whole = Array.from({ length: Math.max(0, Math.floor((to - first) / grain.ms)) }, (_, i) => first + i * grain.ms).filter(
        (t) => grain === DAY_SPANS || byHour.includes(Math.floor(t / DAY_MS) * DAY_MS),
      );
      return (this.spans ? [...(this.spans.get(grain)?.get(key) ?? [])] : whole).filter((t) => t >= from && t + grain.ms <= to);
    }) as [number[], number[]];
    const out = { days: new Map<number, Sql[]>(), hours: new Map<number, Sql[]>() };
    if (!kind || !(days.length || hours.length)) return out;
    const listed = (starts: readonly number[]) => join(starts.map((t) => sql`${t}`), ', ');
    // One statement a shard: the stamps of the days and of the hours (each grain's stamp rollup rows) and the builds
    // of both, each row named by its grain's fields (`g`); a build's row has its build (`b`).
    const stampReads = ([[DAY_SPANS, days], [HOUR_SPANS, hours]] as const).flatMap(([grain, starts]) =>
      starts.length
        ? [
            sql`SELECT ${grain.fields(kind)} AS g, toString(hour) AS d, toString(sum(events)) AS n, '' AS b FROM ${this.db}.${raw(grain.stamps)}
                 WHERE tenant_id = ${tenantId} AND rollup = ${kind.stamp} AND hour IN (${listed(starts)}) GROUP BY hour`,
          ]
        : [],
    );
    const buildReads = sql`SELECT fields AS g, toString(hour) AS d, toString(stamp) AS n, toString(max(build)) AS b FROM ${this.db}.log_filter_builds_local
                 WHERE tenant_id = ${tenantId} AND log_type = ${logType} AND fields IN (${DAY_SPANS.fields(kind)}, ${HOUR_SPANS.fields(kind)})
                   AND hour IN (${listed([...days, ...hours])}) GROUP BY hour, stamp, fields`;
    const statement = join([...stampReads, buildReads], ' UNION ALL ');
    const shards = await Promise.all(
      Array.from({ length: this.ch.shardCount }, async (_, shard) => {
        const rows = await this.ch.rows<{ g: string; d: string; n: string; b: string }>(statement, { shard });
        return {
          stamps: new Map(rows.filter((r) => !r.b).map((r) => [`${r.g} ${r.d}`, r.n])),
          builds: new Map(rows.filter((r) => r.b).map((r) => [`${r.g} ${r.d} ${r.n}`, r.b])),
        };
      }),
    );
    for (const [grain, starts, into] of [[DAY_SPANS, days, out.days], [HOUR_SPANS, hours, out.hours]] as const)
      for (const start of starts) {
        const tuples: Sql[] = [];
        let whole = true;
        for (const [shard, { stamps, builds }] of shards.entries()) {
          // A shard without events of the span needs no build of it.
          const n = stamps.get(`${grain.fields(kind)} ${start}`);
          if (!Number(n)) continue;
          const build = builds.get(`${grain.fields(kind)} ${start} ${n}`);
          if (build) tuples.push(sql`(${shard}, ${Math.floor(start / DAY_MS) * DAY_MS}, ${Number(build)})`);
          else whole = false;
        }
        if (whole && tuples.length) into.set(start, tuples);
      }
    return out;
  }

  /** Builds due days in the background, a pass every FILTER_DAYS.everyMs. */
  start(): void {
    this.running = every(FILTER_DAYS.everyMs, this.stop.signal, () => this.build({ signal: this.stop.signal }), 'building the rows per filter value of past days');
  }

  /** Stops the background passes (a build called after it still runs). */
  async close(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  /**
   * One pass: builds each shard's past days (before `now`'s UTC day) and the past hours of the days of
   * `hourDays(now)` of a kind with at least `minEvents` events (an hour `minHourEvents`, a 24th of it unless given) and
   * no build at their stamp, once a pass has seen the same events (`settled`; false builds every such span now).
   * Resolves with the spans built.
   */
  async build({
    now = Date.now(),
    settled = true,
    minEvents = FILTER_DAYS.minEvents,
    minHourEvents = Math.ceil(minEvents / 24),
    signal,
  }: { now?: number; settled?: boolean; minEvents?: number; minHourEvents?: number; signal?: AbortSignal } = {}): Promise<number> {
    if (!KINDS.size) return 0;
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const byHour = hourDays(now);
    const due = new Map([
      [DAY_SPANS, { when: sql`hour < ${today}`, least: minEvents }],
      [HOUR_SPANS, { when: sql`intDiv(hour, ${DAY_MS}) * ${DAY_MS} IN (${join(byHour.map((d) => sql`${d}`), ', ')}) AND hour < ${Math.floor(now / HOUR_MS) * HOUR_MS}`, least: minHourEvents }],
    ]);
    const kinds = new Map([...KINDS].map(([t, { stamp }]) => [stamp, t]));
    const seen = new Map<string, number>();
    const spans = new Map<SpanGrain, Map<string, Set<number>>>();
    const scan = Date.now() - this.scanned >= UNNAMED.afterMs;
    if (scan) this.scanned = Date.now();
    let built = 0;
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      const all = await this.ch.rows<BuildRow>(
        sql`SELECT DISTINCT tenant_id, log_type, toString(hour) AS d, toString(stamp) AS n, fields, toString(build) AS b FROM ${this.db}.log_filter_builds_local`,
        { shard },
      );
      // The newest build of each span holding the kind's filters; the others are deleted, and those of hours of days
      // no longer built an hour at a time. (A build holding other filters than the kind's now is neither read nor kept.)
      const newest = new Map<string, BuildRow & { grain: SpanGrain }>();
      for (const b of all) {
        const kind = KINDS.get(b.log_type as LogType);
        const grain = kind && SPAN_GRAINS.find((g) => g.fields(kind) === b.fields);
        const key = `${b.tenant_id} ${b.log_type} ${grain?.ms} ${b.d}`;
        if (grain && Number(b.b) > Number(newest.get(key)?.b ?? -1)) newest.set(key, { ...b, grain });
      }
      const builds = [...newest.values()].filter((b) => b.grain === DAY_SPANS || byHour.includes(Math.floor(Number(b.d) / DAY_MS) * DAY_MS));
      const kept = new Set(builds.map((b) => `${b.tenant_id} ${b.b}`));
      await this.prune(shard, all.filter((b) => !kept.has(`${b.tenant_id} ${b.b}`)), scan, signal);
      for (const b of builds) this.found(spans, b.grain, b.tenant_id, b.log_type, Number(b.d));
      const done = new Set(builds.map((b) => `${b.tenant_id} ${b.log_type} ${b.grain.ms} ${b.d} ${b.n}`));
      for (const [grain, { when, least }] of due) {
        const stamps = await this.ch.rows<{ tenant_id: string; rollup: string; d: string; n: string }>(
          sql`SELECT tenant_id, rollup, toString(hour) AS d, toString(sum(events)) AS n FROM ${this.db}.${raw(grain.stamps)}
               WHERE rollup IN (${join([...kinds.keys()].map((id) => sql`${id}`), ', ')}) AND ${when}
               GROUP BY tenant_id, \`rollup\`, hour HAVING sum(events) >= ${least}`,
          { shard },
        );
        for (const r of stamps) {
          const logType = kinds.get(r.rollup)!;
          const [start, stamp] = [Number(r.d), Number(r.n)];
          const key = `${shard} ${r.tenant_id} ${logType} ${grain.ms} ${start}`;
          seen.set(key, stamp);
          if (done.has(`${r.tenant_id} ${logType} ${grain.ms} ${start} ${stamp}`) || (settled && this.seen.get(key) !== stamp)) continue;
          if (this.wholeFrom(grain.stamps, r.rollup) > start) continue;
          if (signal?.aborted) return built;
          if (!(await this.buildSpan(shard, grain, r.tenant_id, logType, start, stamp))) continue;
          built++;
          // Readable at once, not only after the next pass.
          if (this.spans) this.found(this.spans, grain, r.tenant_id, logType, start);
          this.found(spans, grain, r.tenant_id, logType, start);
        }
      }
    }
    this.seen = seen;
    this.spans = spans;
    return built;
  }

  /**
   * Deletes, on a shard, the builds `gone` (their builds rows, then their rows) and with `scan` the rows of builds never
   * recorded. The rows wait until no builds row names them: a read takes the builds of its spans first, then their
   * rows. (A day's build writes its day rows before its hour rows: a build with hour rows has day rows, or is an hour's.)
   */
  private async prune(shard: number, gone: readonly BuildRow[], scan: boolean, signal?: AbortSignal): Promise<void> {
    const unnamed = scan ? (await Promise.all(['log_filter_days_local', 'log_filter_hours_local'].map((t) => unnamedBuilds(this.ch, shard, t, 'log_filter_builds_local')))).flat() : [];
    const rows = [...gone.map((b) => [b.tenant_id, Number(b.b)]), ...unnamed];
    const builds = gone.map((b) => [b.tenant_id, b.log_type, Number(b.d), Number(b.b)]);
    if (!(await deleteRows(this.ch, shard, 'log_filter_builds_local', ['tenant_id', 'log_type', 'hour', 'build'], builds, { applied: true, signal }))) return;
    for (const table of ['log_filter_days_local', 'log_filter_hours_local']) await deleteRows(this.ch, shard, table, ['tenant_id', 'build'], rows);
  }

  /** Computes one span's rows and records them, unless the span's events changed meanwhile. */
  private async buildSpan(shard: number, grain: SpanGrain, tenantId: string, logType: LogType, start: number, stamp: number): Promise<boolean> {
    const kind = KINDS.get(logType)!;
    const build = Date.now() * 1000 + Math.floor(Math.random() * 1000);
    const where = [sql`tenant_id = ${tenantId}`, sql`ts >= ${start} AND ts < ${start + grain.ms}`];
    for (const [table, of] of grain.tables) {
      const rows = this.rowsOf(logType, where, of);
      if (!rows) continue;
      // One thread: ClickHouse 18.16 crashed (a segmentation fault) inserting these rows' lists of users from a GROUP
      // BY past its two-level threshold (100,000 keys) merged on two threads; a read of the same rows did not, nor the
      // insert on one thread, nor with the two-level GROUP BY off (which cannot spill to disk).
      await this.ch.command(
        sql`INSERT INTO ${this.db}.${raw(table)} (shard, tenant_id, rollup, field, by_key, hour, build, has_key, key, events, first_events, byte_sum, first_byte_sum, user_list, label, labelled)
            SELECT toUInt32(${shard}), tenant_id, rollup, field, by_key, hour, toUInt64(${build}), has_key, key, events, first_events, byte_sum, first_byte_sum, users, label, labelled FROM (${rows})
            SETTINGS max_threads = 1`,
        shard,
      );
    }
    const [after] = await this.ch.rows<{ n: string }>(
      sql`SELECT toString(sum(events)) AS n FROM ${this.db}.${raw(grain.stamps)} WHERE tenant_id = ${tenantId} AND rollup = ${kind.stamp} AND hour = ${start}`,
      { shard },
    );
    // Events came for the span while it was read: the rows stay unread (no builds row names them) until a pass deletes
    // them.
    if (Number(after?.n) !== stamp) return false;
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_filter_builds_local (tenant_id, log_type, hour, build, stamp, fields) VALUES (${tenantId}, ${logType}, ${start}, ${build}, ${stamp}, ${grain.fields(kind)})`,
      shard,
    );
    return true;
  }
}

/** A row of log_filter_builds_local, as a pass reads it. */
interface BuildRow {
  readonly tenant_id: string;
  readonly log_type: string;
  readonly d: string;
  readonly n: string;
  readonly fields: string;
  readonly b: string;
}

/**
 * How a day's build names what it holds: the kind's filter fields, `+hours` since its hourly rows (migration 018) are
 * written too, `+absent` since some rollups' rows count events without a field under ABSENT, and `+userlists` since
 * rows keep their distinct users as lists (migration 020), so that a build made before any of them is built anew (and
 * read for no report until then). An hour's build adds `+anhour` (HOUR_SPANS).
 */
const fieldsOf = (kind: { readonly fields: readonly string[] }) => `${kind.fields.join(',')}+hours+absent+userlists`;
