/**
 * The heads of past days and hours (migration 011): a top-N over many days without reading every rollup row.
 *
 * A near-unique dimension (domains, destinations) has about one daily row per event and day, so a 30-day top-N read
 * every one of them, and the hourly rows of the range's partial days. Here, for each past UTC day and hour (a span),
 * shard, tenant and keyed rollup, a build keeps the DAY_ROWS.head keys with the highest metric (count or bytes) and,
 * for the rest of the span, the highest metric of a key left out (`top`) and what it adds to the total. A top-N over a
 * range then reads the heads of its whole days and hours, the rollup rows of spans without a valid build, and raw
 * events for the partial hours, and keeps the answer only when it is proven exact:
 * - a key's sum over what was read is a lower bound of its value; an upper bound adds the `top` of each headed span
 *   whose head lacks the key;
 * - keys that may be among the first N and that some head lacks are looked up in the rollup rows by key;
 * - the answer is the N keys with the highest values when each of them is exact, no other key read can rank before
 *   the N-th (an upper bound above its value, or equal to it with a key before it, as the stores order ties), and the
 *   N-th is above the bound of every key not read (the sum of every `top` for a key read nowhere; the last fetched
 *   key's upper bound for keys fetched by upper bound no further, so more are fetched while that bound is in the way).
 * Otherwise the report reads every rollup row, as before. So the heads change how fast a report answers, never what.
 * A report that excludes some events (an action, one category) subtracts their exact count per key over the whole
 * days and hours read, from its rows per filter value (filterDays.ts) or its events: a key's lower and upper bounds,
 * less the same count, stay bounds of what is left, and a key read nowhere keeps the bound of the sum of every `top`.
 *
 * A build is valid while the span's events of its kind on its shard are as many as when it was computed (`stamp`,
 * from the kind's stamp rollup, written by the same view in the same parts as the keyed rollups): an event arriving
 * late for the span, retention, or a fill makes it stale, and a read uses the span's rollup rows until it is built
 * again. Builds run in the background for past spans whose events have not changed since the last pass (every
 * HEADS_EVERY_MS); a build whose span changed while it ran is not recorded.
 *
 * A drill-down of one value (the domains of one user or category) has heads of its own, per value (`by_key`, migration
 * 012), built from the drill-down tables and stamped by that value's count there (drillCount: one row per span).
 */
import type { LogType } from '../../../schemas/logs';
import type { TimeRange } from '../store';
import { DAY_MS, DAY_ROWS, drillCount, DRILL_ROLLUPS, HOUR_MS, planRange, ROLLUPS, type RollupDef, rollupId } from '../rollups';
import { join, raw, sql, type Sql } from './bind';
import type { ClickHouse } from './client';
import { within } from './columns';
import { deleteRows, every, unnamedBuilds } from './passes';

/** The tables of heads, per shard (retention drops and deletes their days like the rollups'). */
export const HEAD_TABLES = ['log_heads_local', 'log_head_tails_local'];

export type HeadMetric = 'count' | 'bytes';
const METRICS: readonly HeadMetric[] = ['count', 'bytes'];
const valueColumn = (m: HeadMetric) => (m === 'count' ? 'events' : 'byte_sum');
const firstColumn = (m: HeadMetric) => (m === 'count' ? 'first_events' : 'first_byte_sum');

/** The rollup column, quoted where 18.16 would read ROLLUP, the keyword (after GROUP BY). */
const ROLLUP = raw('`rollup`');

/**
 * How many times more keys than heads rows the spans of a read hold for the heads to be read (see `top`). Measured at
 * 10 M events (docs/benchmarks.md): past hours of 4–6 times were slower from heads (284 → 487–526 ms), a drill-down's
 * days of 9–18 times quicker (0.6–0.75 of the time), a report's days of more than 20 times 0.2–0.35. Tests lower it so
 * that small data reads heads. `maxFetch`: the most keys a top fetches from the heads to prove itself.
 */
export const HEAD_READS = { longTails: 10, maxFetch: 4_096 };

/** How many times more keys a top's next fetch from the heads asks for (see `top`). */
const FETCH_GROWTH = 8;

/** How often the background pass looks for days to build. */
const HEADS_EVERY_MS = 60_000;

/** Every how many passes a pass sums every span's rollup rows, not only those whose hours changed (see `build`). */
const FULL_EVERY = 60;

/**
 * The rollup whose rows count every event of a kind (no condition, a row for events without the key too): a span's
 * sum of its events is the stamp of the kind's heads over that span.
 */
export function stampRollup(logType: LogType): string | undefined {
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

/**
 * The drill-downs' rollups with heads (keyed, without users): a drill-down of one value (the domains of one user or
 * category) is a top-N over that value's rows, with heads per value. A value's events in the drill-down's count are
 * its stamp (the same table, view and parts as its rows).
 */
const DRILL_HEADED: ReadonlyMap<string, RollupDef> = new Map([...DRILL_ROLLUPS].filter(([, d]) => d.fields.length && !d.sub && !d.list && !d.nullKeys));
/** A headed drill-down rollup's stamp: its count (drillCount), one row per value and span. */
const DRILL_STAMP: ReadonlyMap<string, string> = new Map([...DRILL_HEADED].map(([id, d]) => [id, rollupId(drillCount(d))]));

/**
 * The spans heads are kept for: UTC days from the daily rollup rows, UTC hours (of the last days) from the hourly; of
 * the reports' rollups and of the drill-downs'.
 */
interface Grain {
  readonly ms: number;
  /** The rollup table (Distributed; each shard's is `<table>_local`). */
  readonly table: 'log_rollups_daily' | 'log_rollups' | 'log_drills_daily' | 'log_drills';
  /** How far back its spans are built (hours: those a range's partial days may read). */
  readonly backMs: number;
  /** The drill-downs' table: its rows carry `by_key`, and a span's heads are per rollup and value. */
  readonly drill: boolean;
}
const GRAINS: readonly Grain[] = [
  { ms: DAY_MS, table: 'log_rollups_daily', backMs: Infinity, drill: false },
  { ms: HOUR_MS, table: 'log_rollups', backMs: 32 * DAY_MS, drill: false },
  { ms: DAY_MS, table: 'log_drills_daily', backMs: Infinity, drill: true },
  { ms: HOUR_MS, table: 'log_drills', backMs: 32 * DAY_MS, drill: true },
];

/**
 * A span a pass found: its kind's events on the shard (the stamp), or in a drill-down table, one rollup's events of
 * one value (`drill`).
 */
interface Span {
  readonly shard: number;
  readonly tenantId: string;
  readonly logType: LogType;
  readonly grain: Grain;
  readonly start: number;
  readonly stamp: number;
  readonly drill?: { readonly rollup: string; readonly by: string };
}
/** A span found, and the rollups its builds at its stamp hold. */
interface SpanEntry {
  readonly span: Span;
  held: readonly string[];
}
/** A pass's spans of one grain on a shard: its window [lo, end), and the starts whose build found them changed. */
interface GrainSpans {
  readonly lo: number;
  readonly end: number;
  readonly spans: ReadonlyMap<string, SpanEntry>;
  readonly redo: Set<number>;
}
/** What a pass found on a shard: its hours' fingerprints (see `hourCounts`), and its spans per grain. */
interface ShardSpans {
  readonly counts: ReadonlyMap<number, string>;
  readonly grains: Map<Grain, GrainSpans>;
}
/** The hours (starts) whose events differ between two passes' counts. */
function changedHours(last: ReadonlyMap<number, string> | undefined, counts: ReadonlyMap<number, string>): number[] {
  if (!last) return [];
  return [...new Set([...counts.keys(), ...last.keys()])].filter((h) => counts.get(h) !== last.get(h));
}
/** Spans [a, b) clipped to [lo, end), sorted, the touching and overlapping ones joined. */
function merge(spans: readonly (readonly [number, number])[], lo: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of spans.map(([a, b]) => [Math.max(a, lo), Math.min(b, end)] as const).filter(([a, b]) => a < b).sort((x, y) => x[0] - y[0])) {
    const prev = out[out.length - 1];
    if (prev && a <= prev[1]) prev[1] = Math.max(prev[1], b);
    else out.push([a, b]);
  }
  return out;
}
/** The rollup whose rows of the span stamp its builds: the kind's stamp rollup, or the drill-down's count (of the value). */
const stampOf = (d: Span) => (d.drill ? DRILL_STAMP.get(d.drill.rollup)! : HEADED.get(d.logType)!.stamp);
const spanKey = (d: Omit<Span, 'stamp'>) => `${d.shard} ${d.tenantId} ${d.logType} ${d.grain.ms} ${d.start} ${d.drill?.rollup ?? ''} ${d.drill?.by ?? ''}`;
/** The condition on a drill-down table's rows (or a heads row) of one value; none for the reports' ('' in heads). */
const ofValue = (grain: Grain, by: string) => (grain.drill ? sql` AND by_key = ${by}` : raw(''));

export interface HeadedTop {
  readonly rows: { key: string; value: number; label: string | null }[];
  readonly total: number;
}

export class Heads {
  /** The stamps the last pass saw: a span is built once a pass finds it unchanged. */
  private seen = new Map<string, number>();
  /** What the last pass found on each shard, and what it was found with (see `build`). */
  private shards: ShardSpans[] = [];
  private basis = '';
  private passes = 0;
  /** Per tenant, rollup, metric and grain, whether its heads paid (see `top`), remembered for a minute. */
  private readonly longTails = new Map<string, { long: boolean; until: number }>();
  /** Tops the heads did not prove (per tenant, rollup, metric and N), not tried again for a minute. */
  private readonly unproven = new Map<string, number>();
  private readonly stop = new AbortController();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly ch: ClickHouse,
    /** From when a rollup's rows in a table are whole (fill.ts): a span before it is not built. */
    private readonly wholeFrom: (table: string, id: string) => number,
  ) {}

  private get db(): Sql {
    return raw(this.ch.config.database);
  }

  /** Builds due spans in the background, a pass every HEADS_EVERY_MS. */
  start(): void {
    this.running = every(HEADS_EVERY_MS, this.stop.signal, () => this.build({ signal: this.stop.signal }), 'building the heads of past days and hours');
  }

  /** Stops the background passes (a build called after it still runs). */
  async close(): Promise<void> {
    this.stop.abort();
    await this.running;
  }

  /**
   * One pass: builds the heads of each past span (before `now`'s UTC day or hour) with at least `minEvents` events of
   * a kind on a shard and no valid build, once a pass has seen the same events (`settled`; false builds every such
   * span now). `signal` ends the pass between builds. Resolves with the spans built. By default a span is built when
   * it may hold enough keys for its heads to be read (see `top`): at least HEAD_READS.longTails heads of events (a
   * span's keys are at most its events). Many such spans hold fewer keys (at 10 M events, past hours of about 7,000
   * events a shard held 2,000–3,000 domains: 210 of them took 1.1 M rows on a shard and were never read); built from
   * twice that, fewer drill-downs and firewall destinations were answered from heads (docs/benchmarks.md).
   *
   * A pass sums the rollup rows of the spans whose events changed since the last pass, by the shard's hourly counts
   * (`log_hourly_local`, written by the same insert as the rollup rows; see `hourCounts`): summing every span took
   * about 8 s of a shard's time a pass at 100 M events, most of it over the drill-downs' rows. The other spans are
   * taken from the last pass. Every FULL_EVERY passes, after a fill moved, or with another `minEvents`, a pass sums
   * every span; reads check each build's stamp themselves, so a span missed in between is only read more slowly. Such
   * a pass also deletes the builds left behind (`prune`).
   */
  async build({
    now = Date.now(),
    settled = true,
    minEvents = HEAD_READS.longTails * DAY_ROWS.head,
    signal,
  }: { now?: number; settled?: boolean; minEvents?: number; signal?: AbortSignal } = {}): Promise<number> {
    const seen = new Map<string, number>();
    // The last pass's spans are reused unless a fill moved, minEvents differs, or it is time for a whole pass.
    const basis = [`${minEvents}`, ...GRAINS.flatMap((g) => [...(g.drill ? DRILL_ROLLUPS.keys() : ROLLUPS.keys())].map((id) => this.wholeFrom(`${g.table}_local`, id)))].join(' ');
    const full = this.passes % FULL_EVERY === 0 || basis !== this.basis;
    this.basis = basis;
    this.passes++;
    let built = 0;
    for (let shard = 0; shard < this.ch.shardCount; shard++) {
      const last = full ? undefined : this.shards[shard];
      const state: ShardSpans = { counts: await this.hourCounts(shard, now), grains: new Map() };
      this.shards[shard] = state;
      const changed = changedHours(last?.counts, state.counts);
      for (const grain of GRAINS) {
        const end = Math.floor(now / grain.ms) * grain.ms;
        const lo = Math.max(0, end - grain.backMs);
        const before = last?.grains.get(grain);
        // The spans summed again: every span in a whole pass; else those of the hours that changed or a build found
        // changed, and those the window did not hold last time.
        const redo = before
          ? merge([
              ...[...changed, ...before.redo].map((h) => Math.floor(h / grain.ms) * grain.ms).map((s) => [s, s + grain.ms] as const),
              [lo, Math.min(end, before.lo)],
              [Math.max(lo, before.end), end],
            ], lo, end)
          : merge([[lo, end]], lo, end);
        const spans = new Map<string, SpanEntry>();
        const kept = (start: number) => start >= lo && start < end && !redo.some(([a, b]) => start >= a && start < b);
        for (const e of before?.spans.values() ?? []) if (kept(e.span.start)) spans.set(spanKey(e.span), e);
        for (const e of redo.length ? await this.sumSpans(shard, grain, redo, minEvents) : []) spans.set(spanKey(e.span), e);
        const next: GrainSpans = { lo, end, spans, redo: new Set() };
        state.grains.set(grain, next);
        for (const e of spans.values()) {
          const d = e.span;
          const key = spanKey(d);
          seen.set(key, d.stamp);
          if (this.whole(d).every((id) => e.held.includes(id)) || (settled && this.seen.get(key) !== d.stamp)) continue;
          if (signal?.aborted) return built;
          const ids = await this.buildSpan(d);
          if (ids) {
            e.held = ids;
            built++;
          } else next.redo.add(d.start);
        }
      }
      if (full) await this.prune(shard, signal);
    }
    this.seen = seen;
    if (built) {
      this.longTails.clear();
      this.unproven.clear();
    }
    return built;
  }

  /**
   * Deletes what no read takes, on a shard (every shard when none is given): the builds of a span and rollup older
   * than its newest (an event arriving late makes a span built anew), their tails rows first, so that no read takes
   * them after it, then once that is done their heads; and the heads of builds never recorded (their span changed while
   * they ran, or their server stopped) started more than UNNAMED.afterMs ago.
   */
  async prune(shard?: number, signal?: AbortSignal): Promise<void> {
    if (shard === undefined) {
      for (let s = 0; s < this.ch.shardCount; s++) await this.prune(s, signal);
      return;
    }
    const spans = await this.ch.rows<{ t: string; r: string; k: string; g: string; d: string; b: string[] }>(
      sql`SELECT tenant_id AS t, rollup AS r, by_key AS k, toString(span) AS g, toString(span_start) AS d, groupUniqArray(toString(build)) AS b
            FROM ${this.db}.log_head_tails_local GROUP BY tenant_id, ${ROLLUP}, by_key, span, span_start HAVING uniqExact(build) > 1`,
      { shard },
    );
    const gone = spans.flatMap(({ t, r, k, g, d, b }) => {
      const newest = Math.max(...b.map(Number));
      return b.map(Number).filter((x) => x !== newest).map((x) => [t, r, k, Number(g), Number(d), x]);
    });
    const columns = ['tenant_id', 'rollup', 'by_key', 'span', 'span_start', 'build'];
    if (await deleteRows(this.ch, shard, 'log_head_tails_local', columns, gone, { applied: true, signal })) await deleteRows(this.ch, shard, 'log_heads_local', columns, gone);
    await deleteRows(this.ch, shard, 'log_heads_local', ['tenant_id', 'build'], await unnamedBuilds(this.ch, shard, 'log_heads_local', 'log_head_tails_local'));
  }

  /**
   * A shard's past UTC hours (before `now`'s), each with a fingerprint of its events per tenant and kind: one row an
   * hour, however many tenants.
   */
  private async hourCounts(shard: number, now: number): Promise<Map<number, string>> {
    const rows = await this.ch.rows<{ h: string; f: string }>(
      sql`SELECT toString(hour) AS h, toString(groupBitXor(cityHash64(tenant_id, log_type, n))) AS f FROM (
            SELECT tenant_id, log_type, hour, sum(events) AS n FROM ${this.db}.log_hourly_local
             WHERE hour < ${Math.floor(now / HOUR_MS) * HOUR_MS} GROUP BY tenant_id, log_type, hour)
           GROUP BY hour`,
      { shard },
    );
    return new Map(rows.map((r) => [Number(r.h), r.f]));
  }

  /**
   * The spans of a grain within `ranges` on a shard with at least `minEvents` events, with their stamps and the
   * rollups their builds at that stamp hold.
   */
  private async sumSpans(shard: number, grain: Grain, ranges: readonly (readonly [number, number])[], minEvents: number): Promise<SpanEntry[]> {
    const stamps = [...HEADED].map(([logType, h]) => [h.stamp, logType] as const);
    // A report table's spans by the kind's stamp rollup; a drill-down table's by the count of each value.
    const ids = [...new Set(grain.drill ? DRILL_STAMP.values() : stamps.map(([id]) => id))];
    const spans = await this.ch.rows<{ tenant_id: string; rollup: string; by_key: string; d: string; n: string }>(
      sql`SELECT tenant_id, rollup, ${raw(grain.drill ? 'by_key' : "'' AS by_key")}, toString(hour) AS d, toString(sum(events)) AS n
            FROM ${this.db}.${raw(`${grain.table}_local`)}
           WHERE rollup IN (${join(ids.map((id) => sql`${id}`), ', ')}) AND ${within('hour', ranges)}
           GROUP BY tenant_id, ${ROLLUP}, ${raw(grain.drill ? 'by_key, ' : '')}hour HAVING sum(events) >= ${minEvents}`,
      { shard },
    );
    // The rollups each span's builds hold at its current stamp (a build leaves out those a fill had not reached).
    const done = new Map(
      (
        await this.ch.rows<{ tenant_id: string; log_type: string; by_key: string; d: string; n: string; r: string[] }>(
          sql`SELECT tenant_id, log_type, by_key, toString(span_start) AS d, toString(stamp) AS n, groupUniqArray(${ROLLUP}) AS r
                FROM ${this.db}.log_head_tails_local WHERE span = ${grain.ms} AND ${within('span_start', ranges)}
               GROUP BY tenant_id, log_type, by_key, span_start, stamp`,
          { shard },
        )
      ).map((r) => [`${r.tenant_id} ${r.log_type} ${r.by_key} ${r.d} ${r.n}`, r.r]),
    );
    // A drill-down count's spans are the spans of each drill-down it stamps.
    const stamped = (count: string) => (grain.drill ? [...DRILL_STAMP].filter(([, c]) => c === count).map(([id]) => id) : [undefined]);
    return spans.flatMap((r) =>
      stamped(r.rollup).map((rollup) => {
        const logType = rollup ? DRILL_HEADED.get(rollup)!.logType : stamps.find(([id]) => id === r.rollup)![1];
        const span: Span = {
          shard,
          tenantId: r.tenant_id,
          logType,
          grain,
          start: Number(r.d),
          stamp: Number(r.n),
          ...(rollup ? { drill: { rollup, by: r.by_key } } : {}),
        };
        return { span, held: done.get(`${r.tenant_id} ${logType} ${r.by_key} ${r.d} ${r.n}`) ?? [] };
      }),
    );
  }

  /**
   * The keyed rollups of the span whose rows are whole there (none while its stamp rollup's are not): the kind's, or
   * a drill-down span's one.
   */
  private whole(d: Span): readonly string[] {
    const whole = (id: string) => this.wholeFrom(`${d.grain.table}_local`, id) <= d.start;
    if (!whole(stampOf(d))) return [];
    return (d.drill ? [d.drill.rollup] : HEADED.get(d.logType)!.ids).filter(whole);
  }

  /**
   * Computes one span's heads and records them, unless the span's events changed meanwhile. Resolves with the rollups
   * built, or undefined when none was.
   */
  private async buildSpan(d: Span): Promise<readonly string[] | undefined> {
    const ids = this.whole(d);
    if (!ids.length) return undefined;
    const on = { shard: d.shard };
    const build = Date.now() * 1000 + Math.floor(Math.random() * 1000);
    const table = raw(`${d.grain.table}_local`);
    const by = d.drill?.by ?? '';
    const value = ofValue(d.grain, by);
    const rows = sql`${this.db}.${table} WHERE tenant_id = ${d.tenantId} AND hour = ${d.start} AND rollup IN (${join(ids.map((id) => sql`${id}`), ', ')})${value}`;
    // Each key's sums over the span (a SummingMergeTree may hold a key in several rows until its parts merge), once
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
      sql`INSERT INTO ${this.db}.log_heads_local (shard, tenant_id, log_type, rollup, by_key, metric, span, span_start, build, key, events, first_events, byte_sum, first_byte_sum, label, labelled)
          ${ranked(
            DAY_ROWS.head,
            sql`toUInt32(${d.shard}), ${d.tenantId}, ${d.logType}, rollup, ${by}, metric, toInt64(${d.grain.ms}), toInt64(${d.start}), toUInt64(${build}), k, e, fe, bs, fb, lb, ln`,
          )}`,
      d.shard,
    );
    const heads = await this.ch.rows<{ rollup: string; metric: HeadMetric; fe: string; fb: string }>(
      sql`SELECT rollup, metric, toString(sum(first_events)) AS fe, toString(sum(first_byte_sum)) AS fb FROM ${this.db}.log_heads_local
           WHERE tenant_id = ${d.tenantId} AND span = ${d.grain.ms} AND span_start = ${d.start} AND build = ${build}${value} GROUP BY ${ROLLUP}, metric`,
      on,
    );
    const [after] = await this.ch.rows<{ n: string }>(
      sql`SELECT toString(sum(events)) AS n FROM ${this.db}.${table}
           WHERE tenant_id = ${d.tenantId} AND hour = ${d.start} AND rollup = ${stampOf(d)}${value}`,
      on,
    );
    // Events came for the span while it was read: the heads rows stay unread (no tails row names their build) until
    // `prune` deletes them.
    if (Number(after?.n) !== d.stamp) return undefined;
    const lines = ids.flatMap((id) =>
      METRICS.map((metric) => {
        const top = tops.find((t) => t.rollup === id && t.metric === metric);
        const sum = sums.find((s) => s.rollup === id);
        const head = heads.find((s) => s.rollup === id && s.metric === metric);
        const tail = top && Number(top.n) > DAY_ROWS.head ? Number(top.low) : 0;
        const values = [
          ...[d.shard, d.tenantId, d.logType, id, by, metric, d.grain.ms, d.start, build, d.stamp, tail, Number(sum?.n ?? 0)],
          ...[Number(sum?.fe ?? 0) - Number(head?.fe ?? 0), Number(sum?.fb ?? 0) - Number(head?.fb ?? 0)],
        ];
        return sql`(${join(values.map((v) => sql`${v}`), ', ')})`;
      }),
    );
    await this.ch.command(
      sql`INSERT INTO ${this.db}.log_head_tails_local (shard, tenant_id, log_type, rollup, by_key, metric, span, span_start, build, stamp, top, keys, tail_first_events, tail_first_byte_sum)
          VALUES ${join(lines, ', ')}`,
      d.shard,
    );
    return ids;
  }

  /**
   * A top-N of a keyed rollup from the heads of the range's whole days and hours, or undefined when no span has valid
   * heads, the rollup's spans are short (one pass over every row is then as quick), or the answer is not proven exact
   * (see the top of this file). `edges(hours)`: the rollup's grouped rows (the columns of the store's `aggregate`) over
   * the range's partial hours, from the raw events, and with `hours` over its whole hours too, from their rows. `by`:
   * a drill-down's value (its rollup's rows and heads of that value), null for a report. `less`: of a report that
   * excludes some events (`key` names which), the rollup's grouped rows of the excluded events over the range's whole
   * days, and with `hours` over its whole hours too (those the heads and rollup rows read; `edges` leaves them out):
   * subtracted from every key's bounds and lookup, both stay bounds of what is left.
   */
  async top(
    d: RollupDef,
    metric: HeadMetric,
    tenantId: string,
    read: TimeRange,
    limit: number,
    excluded: readonly string[],
    edges: (hours: boolean) => Sql,
    by: string | null = null,
    less: { readonly key: string; readonly rows: (hours: boolean) => Sql } | null = null,
  ): Promise<HeadedTop | undefined> {
    const id = rollupId(d);
    const grains = GRAINS.filter((g) => g.drill === (by !== null));
    // The rows each span's builds are stamped by: the kind's stamp rollup, or the drill-down's count of the value.
    const stamp = by === null ? HEADED.get(d.logType)?.stamp : DRILL_STAMP.get(id);
    if (!stamp || (by === null && !HEADED.get(d.logType)!.ids.includes(id))) return undefined;
    // While a fill runs, the store's own plan reads raw events where these would read rows.
    if (grains.some((g) => [id, stamp].some((r) => this.wholeFrom(`${g.table}_local`, r) > read.startMs))) return undefined;
    const memo = `${tenantId} ${id} ${metric} ${by ?? ''}${less ? ` ${less.key}` : ''}`;
    if ((this.unproven.get(`${memo} ${limit}`) ?? 0) > Date.now()) return undefined;
    // The range's whole days and hours, as the store plans them; the grains whose heads paid (or were not looked at)
    // in the last minute.
    const plan = planRange(read.startMs, read.endMs, () => true, true);
    const spansOf = (g: Grain) => (g.ms === DAY_MS ? plan.days : plan.hours);
    const units = (g: Grain) => spansOf(g).reduce((n, [a, b]) => n + (b - a) / g.ms, 0);
    const tried = grains.filter((g) => {
      const known = this.longTails.get(`${memo} ${g.ms}`);
      return units(g) && !(known && known.until > Date.now() && !known.long);
    });
    if (!tried.length) return undefined;
    const scope = sql`tenant_id = ${tenantId} AND rollup = ${id} AND by_key = ${by ?? ''} AND metric = ${metric}`;
    const of = (g: Grain) => sql`${scope} AND span = ${g.ms} AND ${within('span_start', spansOf(g))}`;
    // The valid builds of each grain: the IN's subquery runs on each shard, over that shard's rollup rows. (ClickHouse's
    // aliases name an expression everywhere in a query: none of them is a column's name.)
    const valid = (
      await Promise.all(
        tried.map((g) =>
          this.ch.rows<{ s: number; g: string; d: string; b: string; tp: string; n: string; tfe: string; tfb: string }>(
            sql`SELECT shard AS s, toString(span) AS g, toString(span_start) AS d, toString(build) AS b, toString(top) AS tp, toString(keys) AS n,
                       toString(tail_first_events) AS tfe, toString(tail_first_byte_sum) AS tfb
                  FROM ${this.db}.log_head_tails
                 WHERE ${of(g)} AND (span_start, stamp) IN (
                       SELECT hour, sum(events) FROM ${this.db}.${raw(`${g.table}_local`)}
                        WHERE tenant_id = ${tenantId} AND rollup = ${stamp}${ofValue(g, by ?? '')} AND ${within('hour', spansOf(g))} GROUP BY hour)`,
          ),
        ),
      )
    ).flat();
    // The newest build of each shard's span.
    const builds = new Map<string, (typeof valid)[number]>();
    for (const b of valid) {
      const k = `${b.s} ${b.g} ${b.d}`;
      if (!builds.has(k) || Number(b.b) > Number(builds.get(k)!.b)) builds.set(k, b);
    }
    // The heads of a grain pay when its spans hold many times more keys than their heads (near-unique keys): else one
    // pass over its rollup rows is as quick as the heads and the bounds they add. A grain whose heads do not pay is read
    // from its rollup rows.
    const longOf = (bs: readonly (typeof valid)[number][]) => {
      const keys = bs.reduce((s, b) => s + Number(b.n), 0);
      return keys > 0 && keys >= HEAD_READS.longTails * bs.reduce((s, b) => s + Math.min(Number(b.n), DAY_ROWS.head), 0);
    };
    const paying = tried.filter((g) => longOf([...builds.values()].filter((b) => Number(b.g) === g.ms)));
    for (const g of tried) this.longTails.set(`${memo} ${g.ms}`, { long: paying.includes(g), until: Date.now() + 60_000 });
    const chosen = [...builds.values()].filter((b) => paying.some((g) => g.ms === Number(b.g)));
    if (!chosen.length) return undefined;
    // Whole hours without paying heads are read with the partial ones, as the store reads them.
    const hoursHeaded = paying.some((g) => g.ms === HOUR_MS);
    const rowGrains = grains.filter((g) => units(g) && (g.ms === DAY_MS || hoursHeaded));
    const sumTop = chosen.reduce((s, b) => s + Number(b.tp), 0);
    const tailFirst = chosen.reduce((s, b) => s + Number(metric === 'count' ? b.tfe : b.tfb), 0);
    const ids = (bs: readonly (typeof chosen)[number][]) => join(bs.map((b) => sql`toUInt64(${raw(b.b)})`), ', ');
    const v = raw(valueColumn(metric));
    const f = raw(firstColumn(metric));
    const rowsOf = (g: Grain) => sql`${this.db}.${raw(g.table)} WHERE tenant_id = ${tenantId} AND rollup = ${id}${ofValue(g, by ?? '')} AND ${within('hour', spansOf(g))}`;
    // `edge`: a part read exactly (the partial hours, the excluded events), not from heads or rows by span.
    const exact = (rows: Sql, sign: '' | '-') =>
      sql`SELECT isNotNull(key) AS hk, ifNull(key, '') AS k, ${raw(sign)}toInt64(${v}) AS v, ${raw(sign)}toInt64(${f}) AS f, label AS lab, toInt64(0) AS t, toUInt8(1) AS edge FROM (${rows})`;
    const parts = [
      exact(edges(!hoursHeaded), ''),
      ...(less ? [exact(less.rows(hoursHeaded), '-')] : []),
      sql`SELECT toUInt8(1) AS hk, key AS k, toInt64(${v}) AS v, toInt64(${f}) AS f, if(labelled = 0, NULL, label) AS lab,
                 transform(build, [${ids(chosen)}], [${join(chosen.map((b) => sql`toInt64(${raw(b.tp)})`), ', ')}], toInt64(0)) AS t, toUInt8(0) AS edge
            FROM ${this.db}.log_heads WHERE (${join(paying.map((g) => sql`(${of(g)})`), ' OR ')}) AND build IN (${ids(chosen)})`,
    ];
    // The rollup rows of the spans some shard has no valid build for (none when every shard's every span has one).
    for (const g of rowGrains) {
      const mine = chosen.filter((b) => Number(b.g) === g.ms);
      if (mine.length >= units(g) * this.ch.shardCount) continue;
      // On each shard, the spans it has no build of, as a set its primary key can select by (a NOT IN read every row of
      // the value's spans first: a user's drill-down read that user's rows of every day on the user's shard).
      const starts = spansOf(g).flatMap(([a, b]) => Array.from({ length: (b - a) / g.ms }, (_, i) => sql`toInt64(${a + i * g.ms})`));
      const headed = mine.length
        ? sql` AND hour IN (SELECT h FROM (SELECT arrayJoin([${join(starts, ', ')}]) AS h)
                            WHERE h NOT IN (SELECT span_start FROM ${this.db}.log_head_tails_local WHERE ${of(g)} AND build IN (${ids(mine)})))`
        : raw('');
      parts.push(
        sql`SELECT has_key AS hk, key AS k, toInt64(sum(${v})) AS v, toInt64(sum(${f})) AS f, if(sum(labelled) = 0, NULL, minIfMerge(label)) AS lab, toInt64(0) AS t,
                   toUInt8(0) AS edge
              FROM ${rowsOf(g)}${headed} GROUP BY has_key, key`,
      );
    }
    const unproven = () => {
      this.unproven.set(`${memo} ${limit}`, Date.now() + 60_000);
      return undefined;
    };
    // Keys by upper bound, enough to find the N by lower bound among them, and a bound for the keys not fetched. When
    // more keys may reach the N-th than were fetched (many keys of about equal counts just below the top: a firewall's
    // few hundred internal destinations), they are fetched again, FETCH_GROWTH times as many, up to HEAD_READS.maxFetch.
    for (let fetch = 2 * (limit + excluded.length) + 2; ; fetch *= FETCH_GROWTH) {
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
      const cut = data.length === fetch ? Math.min(...data.map((r) => Number(r.upper))) : 0;
      const unread = Math.max(sumTop, cut);
      // Fetching more keys can lower the bound of the keys not fetched to the sum of `top`, no further.
      const more = (below: number) => cut >= below && sumTop < below && fetch < HEAD_READS.maxFetch;
      // No N keys can reach above the keys not read: the heads cannot prove this top (remembered for a minute).
      const reach = [...keyed].sort((a, b) => b.upper - a.upper)[limit - 1]?.upper ?? 0;
      if (keyed.length < limit ? unread > 0 : reach <= unread) {
        if (keyed.length >= limit && more(reach)) continue;
        return unproven();
      }
      // Keys missing from some heads that may be in the top: their values over the whole days and hours, looked up by key.
      const threshold = byLower(keyed)[limit - 1]?.lower ?? 0;
      const open = keyed.filter((r) => r.upper > r.lower && r.upper >= threshold);
      if (open.length) {
        const wanted = sql`has_key = 1 AND key IN (${join(open.map((r) => sql`${r.key}`), ', ')})`;
        const found = await this.ch.rows<{ k: string; s: string; lab: string | null }>(
          sql`SELECT k, toString(sum(v)) AS s, min(lab) AS lab FROM (${join(
            rowGrains.map(
              (g) => sql`SELECT key AS k, sum(${v}) AS v, if(sum(labelled) = 0, NULL, minIfMerge(label)) AS lab FROM ${rowsOf(g)} AND ${wanted} GROUP BY key`,
            ),
            ' UNION ALL ',
          )}) GROUP BY k`,
        );
        for (const r of open) {
          const row = found.find((x) => x.k === r.key);
          r.lower = r.upper = r.edge + Number(row?.s ?? 0);
          const labels = [r.edgeLabel, row?.lab].filter((l): l is string => l !== null && l !== undefined);
          r.label = labels.length ? labels.reduce((a, b) => (b < a ? b : a)) : null;
        }
      }
      // Proven: the N are exact, no other key fetched can rank before the N-th (above it, or as many and before it by
      // key, as the stores order a tie), and every key not fetched is below it.
      const best = byLower(keyed);
      const nth = best[limit - 1];
      const before = (r: (typeof keyed)[number]) => !!nth && (r.upper > nth.lower || (r.upper === nth.lower && r.key < nth.key));
      const others = keyed.filter((r) => !best.includes(r));
      if (best.every((r) => r.upper === r.lower) && !others.some(before) && (nth ? nth.lower > unread : unread === 0)) {
        return { rows: best.map((r) => ({ key: r.key, value: r.lower, label: r.label })), total: Number(totals?.f ?? 0) + tailFirst };
      }
      if (!(nth && more(nth.lower))) return unproven();
    }
  }
}
