/**
 * The heads of past days (migration 011): a top-N over many days without reading every daily row.
 *
 * A near-unique dimension (domains, destinations) has about one daily row per event and day, so a 30-day top-N read
 * every one of them. Here, for each past UTC day, shard, tenant and keyed rollup, a build keeps the DAY_ROWS.head keys
 * with the highest metric (count or bytes) and, for the rest of the day, the highest metric of a key left out (`top`)
 * and what it adds to the total. A top-N over a range then reads the heads of its days, the daily rows of days
 * without a valid build, and the range's partial days, and keeps the answer only when it is proven exact:
 * - a key's sum over what was read is a lower bound of its value; an upper bound adds the `top` of each headed day
 *   whose head lacks the key;
 * - the answer is the N keys with the highest lower bounds when each of them is in every head read (its value is
 *   exact) and the N-th is above every other key's upper bound (and above the sum of every `top`, the bound of a key
 *   read nowhere).
 * Otherwise the report reads every daily row, as before. So the heads change how fast a report answers, never what.
 *
 * A build is valid while the day's events of its kind on its shard are as many as when it was computed (`stamp`,
 * from the kind's stamp rollup, written by the same view in the same parts as the keyed rollups): an event arriving
 * late for the day, retention, or a fill makes it stale, and a read uses the day's daily rows until the day is built
 * again. Builds run in the background for days whose events have not changed since the last pass (every
 * HEADS_EVERY_MS); a build whose day changed while it ran is not recorded.
 */
import type { LogType } from '../../../schemas/logs';
import type { TimeRange } from '../store';
import { DAY_MS, DAY_ROWS, ROLLUPS, type RollupDef, rollupId } from '../rollups';
import { join, raw, sql, type Sql } from './bind';
import type { ClickHouse } from './client';

/** The tables of heads, per shard (retention drops and deletes their days like the rollups'). */
export const HEAD_TABLES = ['log_heads_local', 'log_head_tails_local'];

export type HeadMetric = 'count' | 'bytes';
const METRICS: readonly HeadMetric[] = ['count', 'bytes'];
const valueColumn = (m: HeadMetric) => (m === 'count' ? 'events' : 'byte_sum');
const firstColumn = (m: HeadMetric) => (m === 'count' ? 'first_events' : 'first_byte_sum');

/** The rollup column, quoted where 18.16 would read ROLLUP, the keyword (after GROUP BY). */
const ROLLUP = raw('`rollup`');

/**
 * How many times more keys than heads rows the days of a read hold for the heads to be read (see `top`). Tests lower
 * it so that small data reads heads.
 */
export const HEAD_READS = { longTails: 20 };

/** How often the background pass looks for days to build. */
const HEADS_EVERY_MS = 60_000;

/**
 * The rollup whose rows count every event of a kind (no condition, a row for events without the key too): a day's
 * sum of its events is the stamp of the kind's heads on that day.
 */
function stampRollup(logType: LogType): string | undefined {
  for (const [id, d] of ROLLUPS) if (d.logType === logType && !d.where.length && !d.list && (d.nullKeys || !d.fields.length)) return id;
  return undefined;
}

/** The kinds with heads: their keyed rollups ('head' layout) and their stamp rollup. */
const HEADED = new Map<LogType, { readonly stamp: string; readonly ids: readonly string[] }>();
for (const [id, d] of ROLLUPS) {
  const stamp = d.layout === 'head' ? stampRollup(d.logType) : undefined;
  if (!stamp) continue;
  const kind = HEADED.get(d.logType);
  HEADED.set(d.logType, { stamp, ids: [...(kind?.ids ?? []), id] });
}

/** A day a pass found: its kind's events on the shard (the stamp). */
interface Day {
  readonly shard: number;
  readonly tenantId: string;
  readonly logType: LogType;
  readonly day: number;
  readonly stamp: number;
}
const dayKey = (d: Omit<Day, 'stamp'>) => `${d.shard} ${d.tenantId} ${d.logType} ${d.day}`;

export interface HeadedTop {
  readonly rows: { key: string; value: number; label: string | null }[];
  readonly total: number;
}

export class DayHeads {
  /** The stamps the last pass saw: a day is built once a pass finds it unchanged. */
  private seen = new Map<string, number>();
  /** Per tenant, rollup and metric, whether its valid heads leave keys out, remembered for a minute. */
  private readonly longTails = new Map<string, { long: boolean; until: number }>();
  /** Tops the heads did not prove (per tenant, rollup, metric and N), not tried again for a minute. */
  private readonly unproven = new Map<string, number>();
  private readonly stop = new AbortController();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly ch: ClickHouse,
    /** From when a rollup's daily rows are whole (fill.ts): a day before it is not built. */
    private readonly wholeFrom: (table: string, id: string) => number,
  ) {}

  private get db(): Sql {
    return raw(this.ch.config.database);
  }

  /** Builds due days in the background, a pass every HEADS_EVERY_MS. */
  start(): void {
    this.running = (async () => {
      while (!this.stop.signal.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEADS_EVERY_MS);
          this.stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
        if (this.stop.signal.aborted) return;
        await this.build().catch((err: unknown) => {
          if (!this.stop.signal.aborted) console.error(`ClickHouse: building the heads of past days failed (the next pass tries again): ${String(err)}`);
        });
      }
    })();
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  /**
   * One pass: builds the heads of each past day (before `now`'s UTC day) with at least `minEvents` events of a kind
   * on a shard and no valid build, once a pass has seen the same events (`settled`; false builds every such day now).
   * Resolves with the days built.
   */
  async build({ now = Date.now(), settled = true, minEvents = DAY_ROWS.head * 4 } = {}): Promise<number> {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    const stamps = [...HEADED].map(([logType, h]) => [h.stamp, logType] as const);
    const seen = new Map<string, number>();
    let built = 0;
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      const days = await this.ch.rows<{ tenant_id: string; rollup: string; d: string; n: string }>(
        sql`SELECT tenant_id, rollup, toString(hour) AS d, toString(sum(events)) AS n FROM ${this.db}.log_rollups_daily_local
             WHERE rollup IN (${join(stamps.map(([id]) => sql`${id}`), ', ')}) AND hour < ${today}
             GROUP BY tenant_id, ${ROLLUP}, hour HAVING sum(events) >= ${minEvents}`,
        { shard },
      );
      // The rollups each day's builds hold at its current stamp (a build leaves out those a fill had not reached).
      const done = new Map(
        (
          await this.ch.rows<{ tenant_id: string; log_type: string; d: string; n: string; r: string }>(
            sql`SELECT tenant_id, log_type, toString(day) AS d, toString(stamp) AS n, toString(uniqExact(${ROLLUP})) AS r
                  FROM ${this.db}.log_head_tails_local GROUP BY tenant_id, log_type, day, stamp`,
            { shard },
          )
        ).map((r) => [`${shard} ${r.tenant_id} ${r.log_type} ${r.d} ${r.n}`, Number(r.r)]),
      );
      for (const r of days) {
        const d: Day = { shard, tenantId: r.tenant_id, logType: stamps.find(([id]) => id === r.rollup)![1], day: Number(r.d), stamp: Number(r.n) };
        const key = dayKey(d);
        seen.set(key, d.stamp);
        if ((done.get(`${key} ${d.stamp}`) ?? 0) >= this.whole(d).length || (settled && this.seen.get(key) !== d.stamp)) continue;
        if (this.stop.signal.aborted) return built;
        if (await this.buildDay(d)) built++;
      }
    }
    this.seen = seen;
    if (built) {
      this.longTails.clear();
      this.unproven.clear();
    }
    return built;
  }

  /** The kind's keyed rollups whose daily rows are whole on the day (none while its stamp rollup's are not). */
  private whole(d: Day): readonly string[] {
    const h = HEADED.get(d.logType)!;
    const whole = (id: string) => this.wholeFrom('log_rollups_daily_local', id) <= d.day;
    return whole(h.stamp) ? h.ids.filter(whole) : [];
  }

  /** Computes one day's heads and records them, unless the day's events changed meanwhile. */
  private async buildDay(d: Day): Promise<boolean> {
    const h = HEADED.get(d.logType)!;
    const ids = this.whole(d);
    if (!ids.length) return false;
    const on = { shard: d.shard };
    const build = Date.now() * 1000 + Math.floor(Math.random() * 1000);
    const rows = sql`${this.db}.log_rollups_daily_local WHERE tenant_id = ${d.tenantId} AND hour = ${d.day} AND rollup IN (${join(ids.map((id) => sql`${id}`), ', ')})`;
    // Each key's sums over the day (a SummingMergeTree may hold a key in several rows until its parts merge), once
    // per metric, ranked.
    const ranked = (limit: number, columns: Sql) =>
      sql`SELECT ${columns} FROM (
            SELECT rollup, key AS k, sum(events) AS e, sum(first_events) AS fe, sum(byte_sum) AS bs, sum(first_byte_sum) AS fb,
                   minIfMerge(label) AS lb, sum(labelled) AS ln
              FROM ${rows} AND has_key = 1 GROUP BY ${ROLLUP}, key)
          ARRAY JOIN [${join(METRICS.map((m) => sql`${m}`), ', ')}] AS metric
          ORDER BY ${ROLLUP}, metric, if(metric = 'count', toInt64(e), bs) DESC, k LIMIT ${limit} BY ${ROLLUP}, metric`;
    const tops = await this.ch.rows<{ rollup: string; metric: HeadMetric; n: string; low: string }>(
      sql`SELECT rollup, metric, toString(count()) AS n, toString(min(v)) AS low
            FROM (${ranked(DAY_ROWS.head + 1, raw("rollup, metric, if(metric = 'count', toInt64(e), bs) AS v"))}) GROUP BY ${ROLLUP}, metric`,
      on,
    );
    const sums = await this.ch.rows<{ rollup: string; fe: string; fb: string; n: string }>(
      sql`SELECT rollup, toString(sum(first_events)) AS fe, toString(sum(first_byte_sum)) AS fb, toString(uniqExactIf(key, has_key = 1)) AS n
            FROM ${rows} GROUP BY ${ROLLUP}`,
      on,
    );
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_heads_local (shard, tenant_id, log_type, rollup, metric, day, build, key, events, first_events, byte_sum, first_byte_sum, label, labelled)
          ${ranked(
            DAY_ROWS.head,
            sql`toUInt32(${d.shard}), ${d.tenantId}, ${d.logType}, rollup, metric, toInt64(${d.day}), toUInt64(${build}), k, e, fe, bs, fb, lb, ln`,
          )}`,
      d.shard,
    );
    const heads = await this.ch.rows<{ rollup: string; metric: HeadMetric; fe: string; fb: string }>(
      sql`SELECT rollup, metric, toString(sum(first_events)) AS fe, toString(sum(first_byte_sum)) AS fb FROM ${this.db}.log_heads_local
           WHERE tenant_id = ${d.tenantId} AND day = ${d.day} AND build = ${build} GROUP BY ${ROLLUP}, metric`,
      on,
    );
    const [after] = await this.ch.rows<{ n: string }>(
      sql`SELECT toString(sum(events)) AS n FROM ${this.db}.log_rollups_daily_local WHERE tenant_id = ${d.tenantId} AND hour = ${d.day} AND rollup = ${h.stamp}`,
      on,
    );
    // Events came for the day while it was read: the heads rows stay unread (no tails row names their build).
    if (Number(after?.n) !== d.stamp) return false;
    const lines = ids.flatMap((id) =>
      METRICS.map((metric) => {
        const top = tops.find((t) => t.rollup === id && t.metric === metric);
        const sum = sums.find((s) => s.rollup === id);
        const head = heads.find((s) => s.rollup === id && s.metric === metric);
        const tail = top && Number(top.n) > DAY_ROWS.head ? Number(top.low) : 0;
        const values = [d.shard, d.tenantId, d.logType, id, metric, d.day, build, d.stamp, tail, Number(sum?.n ?? 0), Number(sum?.fe ?? 0) - Number(head?.fe ?? 0), Number(sum?.fb ?? 0) - Number(head?.fb ?? 0)];
        return sql`(${join(values.map((v) => sql`${v}`), ', ')})`;
      }),
    );
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_head_tails_local (shard, tenant_id, log_type, rollup, metric, day, build, stamp, top, keys, tail_first_events, tail_first_byte_sum)
          VALUES ${join(lines, ', ')}`,
      d.shard,
    );
    return true;
  }

  /**
   * A top-N of a keyed rollup from the heads of the range's whole days, or undefined when no day has valid heads, the
   * rollup's days are short (one pass over every daily row is then as quick), or the answer is not proven exact (see
   * the top of this file). `edges`: the rollup's grouped rows (the columns of the store's `aggregate`) over the range
   * but its whole UTC days.
   */
  async top(d: RollupDef, metric: HeadMetric, tenantId: string, read: TimeRange, limit: number, excluded: readonly string[], edges: Sql): Promise<HeadedTop | undefined> {
    const id = rollupId(d);
    const h = HEADED.get(d.logType);
    const first = Math.ceil(read.startMs / DAY_MS) * DAY_MS;
    const last = Math.floor((read.endMs + 1) / DAY_MS) * DAY_MS;
    if (!h?.ids.includes(id) || last - first < 2 * DAY_MS) return undefined;
    // While a fill runs, the store's own plan reads raw events where these would read rows.
    const tables = ['log_rollups_local', 'log_rollups_daily_local'];
    if (tables.some((t) => this.wholeFrom(t, id) > read.startMs || this.wholeFrom(t, h.stamp) > read.startMs)) return undefined;
    const memo = `${tenantId} ${id} ${metric}`;
    const known = this.longTails.get(memo);
    if ((known && known.until > Date.now() && !known.long) || (this.unproven.get(`${memo} ${limit}`) ?? 0) > Date.now()) return undefined;
    const scope = sql`tenant_id = ${tenantId} AND rollup = ${id} AND metric = ${metric} AND day >= ${first} AND day < ${last}`;
    // The valid builds: the IN's subquery runs on each shard, over that shard's daily rows. (ClickHouse's aliases
    // name an expression everywhere in a query: none of them is a column's name.)
    const valid = await this.ch.rows<{ s: number; d: string; b: string; tp: string; n: string; tfe: string; tfb: string }>(
      sql`SELECT shard AS s, toString(day) AS d, toString(build) AS b, toString(top) AS tp, toString(keys) AS n, toString(tail_first_events) AS tfe,
                 toString(tail_first_byte_sum) AS tfb
            FROM ${this.db}.log_head_tails
           WHERE ${scope} AND (day, stamp) IN (
                 SELECT hour, sum(events) FROM ${this.db}.log_rollups_daily_local
                  WHERE tenant_id = ${tenantId} AND rollup = ${h.stamp} AND hour >= ${first} AND hour < ${last} GROUP BY hour)`,
    );
    // The newest build of each shard's day.
    const builds = new Map<string, (typeof valid)[number]>();
    for (const b of valid) {
      const k = `${b.s} ${b.d}`;
      if (!builds.has(k) || Number(b.b) > Number(builds.get(k)!.b)) builds.set(k, b);
    }
    const chosen = [...builds.values()];
    // The heads pay when the days hold many times more keys than their heads (near-unique keys): else one pass over
    // the daily rows is as quick as the heads and their own query.
    const keys = chosen.reduce((s, b) => s + Number(b.n), 0);
    const long = keys >= HEAD_READS.longTails * chosen.reduce((s, b) => s + Math.min(Number(b.n), DAY_ROWS.head), 0) && keys > 0;
    this.longTails.set(memo, { long, until: Date.now() + 60_000 });
    if (!long) return undefined;
    const sumTop = chosen.reduce((s, b) => s + Number(b.tp), 0);
    const tailFirst = chosen.reduce((s, b) => s + Number(metric === 'count' ? b.tfe : b.tfb), 0);
    const buildIds = join(chosen.map((b) => sql`toUInt64(${raw(b.b)})`), ', ');
    const v = raw(valueColumn(metric));
    const f = raw(firstColumn(metric));
    const days = sql`tenant_id = ${tenantId} AND rollup = ${id} AND hour >= ${first} AND hour < ${last}`;
    const parts = [
      sql`SELECT isNotNull(key) AS hk, ifNull(key, '') AS k, toInt64(${v}) AS v, toInt64(${f}) AS f, label AS lab, toInt64(0) AS t, toUInt8(1) AS edge FROM (${edges})`,
      sql`SELECT toUInt8(1) AS hk, key AS k, toInt64(${v}) AS v, toInt64(${f}) AS f, if(labelled = 0, NULL, label) AS lab,
                 transform(build, [${buildIds}], [${join(chosen.map((b) => sql`toInt64(${raw(b.tp)})`), ', ')}], toInt64(0)) AS t, toUInt8(0) AS edge
            FROM ${this.db}.log_heads WHERE ${scope} AND build IN (${buildIds})`,
    ];
    // The daily rows of the days some shard has no valid build for (none when every shard's every day has one).
    if (chosen.length < ((last - first) / DAY_MS) * this.ch.shardCount)
      parts.push(
        sql`SELECT has_key AS hk, key AS k, toInt64(sum(${v})) AS v, toInt64(sum(${f})) AS f, if(sum(labelled) = 0, NULL, minIfMerge(label)) AS lab, toInt64(0) AS t,
                   toUInt8(0) AS edge
              FROM ${this.db}.log_rollups_daily
             WHERE ${days} AND hour NOT IN (SELECT day FROM ${this.db}.log_head_tails_local WHERE ${scope} AND build IN (${buildIds}))
             GROUP BY has_key, key`,
      );
    // Enough keys by upper bound to find the N by lower bound among them, and a bound for the keys not fetched.
    const fetch = 2 * (limit + excluded.length) + 2;
    const { data, totals } = await this.ch.withTotals<{ hk: number; k: string; lower: string; upper: string; label: string | null; f: string; ve: string; le: string | null }>(
      sql`SELECT hk, k, toString(sum(v)) AS lower, toString(sum(v) + ${sumTop} - sum(t)) AS upper, min(lab) AS label, toString(sum(f)) AS f,
                 toString(sumIf(v, edge = 1)) AS ve, minIf(lab, edge = 1) AS le
            FROM (${join(parts, ' UNION ALL ')}) GROUP BY hk, k WITH TOTALS
           ORDER BY sum(v) + ${sumTop} - sum(t) DESC, k LIMIT ${fetch}`,
    );
    const keyed = data
      .filter((r) => Number(r.hk) === 1 && !excluded.includes(r.k))
      .map((r) => ({ key: r.k, lower: Number(r.lower), upper: Number(r.upper), label: r.label, edge: Number(r.ve), edgeLabel: r.le }));
    const byLower = (rows: typeof keyed) => [...rows].sort((a, b) => b.lower - a.lower || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, limit);
    // A key not fetched is below the last fetched one's upper bound, and a key read nowhere below the sum of `top`.
    const unread = Math.max(sumTop, data.length === fetch ? Math.min(...data.map((r) => Number(r.upper))) : 0);
    // No N keys can reach above the keys not read: the heads cannot prove this top (remembered for a minute).
    const reach = [...keyed].sort((a, b) => b.upper - a.upper)[limit - 1]?.upper ?? 0;
    if (keyed.length < limit ? unread > 0 : reach <= unread) {
      this.unproven.set(`${memo} ${limit}`, Date.now() + 60_000);
      return undefined;
    }
    // Keys missing from some heads that may be in the top: their values over the whole days, looked up by key.
    const threshold = byLower(keyed)[limit - 1]?.lower ?? 0;
    const open = keyed.filter((r) => r.upper > r.lower && r.upper >= threshold);
    if (open.length) {
      const found = await this.ch.rows<{ k: string; s: string; lab: string | null }>(
        sql`SELECT key AS k, toString(sum(${v})) AS s, if(sum(labelled) = 0, NULL, minIfMerge(label)) AS lab FROM ${this.db}.log_rollups_daily
             WHERE ${days} AND has_key = 1 AND key IN (${join(open.map((r) => sql`${r.key}`), ', ')}) GROUP BY key`,
      );
      for (const r of open) {
        const row = found.find((x) => x.k === r.key);
        r.lower = r.upper = r.edge + Number(row?.s ?? 0);
        const labels = [r.edgeLabel, row?.lab].filter((l): l is string => l !== null && l !== undefined);
        r.label = labels.length ? labels.reduce((a, b) => (b < a ? b : a)) : null;
      }
    }
    // Proven: the N are exact, and above every other key's upper bound.
    const best = byLower(keyed);
    const bound = Math.max(unread, ...keyed.filter((r) => !best.includes(r)).map((r) => r.upper));
    const proven = best.every((r) => r.upper === r.lower) && (best.length === limit ? best[limit - 1]!.lower > bound : bound === 0);
    if (!proven) {
      this.unproven.set(`${memo} ${limit}`, Date.now() + 60_000);
      return undefined;
    }
    return { rows: best.map((r) => ({ key: r.key, value: r.lower, label: r.label })), total: Number(totals?.f ?? 0) + tailFirst };
  }
}
