/**
 * The log store at a customer's volume (`npm run bench -- logstore`): one big tenant (BENCH_EVENTS, default 1,000,000)
 * and 50 small ones (BENCH_SMALL_EVENTS each, default 2,000) over 30 days, every log kind but the audit log (which stays
 * on SQL whichever store serves the logs), users, domains and categories drawn by Zipf's law, office hours busier;
 * stored through the store's ingest, then every report of the catalogue (p50/p95 serially and six at a time), log pages
 * first and 100,000 events deep, a drill-down and a 100,000-row CSV export streamed page by page. Times are store
 * calls, without HTTP. BENCH_KEEP=1 measures the events an earlier run left again, without ingesting; BENCH_INGEST_ONLY=1
 * stops after the load (its rate per million events and the bytes stored). BENCH_REFILL=1 (ClickHouse, with
 * BENCH_KEEP=1) measures an upgrade instead: the drill-downs' views and rows are removed, as before their migration,
 * and the store started again fills them in the background: the time to start, the fill's, and two drill-downs during
 * and after it, with their answers compared. On ClickHouse the heads of past days and hours are built for every
 * span due before the reads (the time it takes is printed); BENCH_HEADS=0 reads without them. So too the rows per
 * filter value of past days, which reports with one such filter read (BENCH_FILTER_MIN_EVENTS: the fewest events of a
 * shard's day of a kind built, default the store's).
 *
 * BENCH_REPORT=<name>[,<name>…] measures those reports at the volume of BENCH_EVENTS at a fraction of the load: the
 * big tenant gets only the events of the reports' kinds that one of them reads (its conditions), and every event of
 * those kinds in the first and last hour of the 30 days (the partial hours a report reads raw); a distinct-user top-N
 * (casb_app_users) is then timed three ways, interleaved, on the same data: from its blocks and hour bits, from its
 * blocks and hourly states, and from its daily and hourly states. With BENCH_FILTER, those of the reports that take
 * the filter are timed as BENCH_FILTER says.
 *
 * BENCH_FILTER=<param>=<value> (for example group=Sales, or not_pe_action=block for an exclusion; several joined by
 * `&`, for example pe_action=block&group=Sales) times the reports that take those filters, each filtered by them, one
 * at a time and then six at a time, instead of the whole catalogue (drill-downs, which require a filter of their own, are left out): as served and from
 * the events alone (ReportOptions.rollups false), interleaved; given an exclusion, a top-N also as served without the
 * heads.
 *
 * The store is the ClickHouse cluster (`npm run clickhouse:start`; CLICKHOUSE_URL to use another; the data goes to the
 * database portal_bench, made afresh), or with BENCH_STORE=sql the SQL store on the PostgreSQL of BENCH_DATABASE_URL
 * (a database the bench may fill: its log tables are emptied first, unless BENCH_KEEP=1), through the same interface.
 */
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { REPORT_FILTER_PARAMS, REPORT_NAMES, reportFilters, reportSpec, type ReportCondition, type ReportFilterParam, type ReportName, type ReportResult } from '../../schemas/reports';
import type { LogType } from '../../schemas/logs';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { raw, sql } from '../../server/logs/clickhouse/bind';
import { clickHouseConfig } from '../../server/logs/clickhouse/client';
import { FILTER_DAYS } from '../../server/logs/clickhouse/filterDays';
import { ClickHouseLogStore } from '../../server/logs/clickhouse/store';
import { decodeCursor } from '../../server/logs/cursor';
import { generateLogBatches, mulberry32 } from '../../server/logs/generator';
import type { IncomingEvent, LogStore, ReportOptions } from '../../server/logs/logStore';
import type { ReportParams } from '../../server/logs/reports';
import { syncRollups } from '../../server/logs/rollups';
import { toNumber } from '../../server/logs/sql';
import { sqlLogStore } from '../../server/logs/sqlStore';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/types';
import { retried } from './harness/retried';

const BIG = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SMALL = Number(process.env.BENCH_SMALL_EVENTS ?? 2_000);
const SMALL_TENANTS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const KEEP = process.env.BENCH_KEEP === '1';
const INGEST_ONLY = process.env.BENCH_INGEST_ONLY === '1';
const REFILL = process.env.BENCH_REFILL === '1';
const HEADS = process.env.BENCH_HEADS !== '0';
/** The fewest events of a shard's day of a kind built per filter value (default: the store's). */
const FILTER_MIN_EVENTS = Number(process.env.BENCH_FILTER_MIN_EVENTS ?? FILTER_DAYS.minEvents);
const DAY = 86_400_000;
const URL = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:18123,http://127.0.0.1:18124';
const BIG_TENANT = 'bench-big';
const SQL = process.env.BENCH_STORE === 'sql';
const ONLY = process.env.BENCH_REPORT?.split(',') as ReportName[] | undefined;
for (const name of ONLY ?? []) if (!REPORT_NAMES.includes(name)) throw new Error(`BENCH_REPORT: no report is called ${name}`);
const FILTERS = process.env.BENCH_FILTER?.split('&').map((f) => f.split('=') as [string, string]);
/** The filters BENCH_FILTER names (of an exclusion: `not_` and the filter's name). */
const FILTERED = FILTERS?.map(([param]) => param.replace(/^not_/, '') as ReportFilterParam);
if (FILTERS && FILTERS.some((f, i) => f.length !== 2 || !REPORT_FILTER_PARAMS.includes(FILTERED![i]!)))
  throw new Error(`BENCH_FILTER: [not_]<param>=<value>, several joined by &, param one of ${REPORT_FILTER_PARAMS.join(', ')}`);
/** The reports BENCH_FILTER times: those that take every filter it names. */
const NAMES = FILTERED ? (ONLY ?? REPORT_NAMES).filter((n) => !reportSpec(n).requires && FILTERED.every((f) => reportFilters(reportSpec(n).logType)[f])) : [];

/** An event meets a report condition (as the stores read fields: text, booleans as 'true' and 'false', lists by value). */
function meets(event: Record<string, unknown>, c: ReportCondition): boolean {
  const v = event[c.field];
  const values = (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map(String);
  return 'present' in c ? values.length > 0 : 'in' in c ? values.some((x) => c.in.includes(x)) : !values.some((x) => c.notIn.includes(x));
}

/** Ranks 1..n drawn by Zipf's law (s = 1.1): rank k about k^-1.1 as often as rank 1. */
function zipf(n: number, rnd: () => number, s = 1.1): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 1; k <= n; k++) cumulative[k - 1] = sum += 1 / k ** s;
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** The generator's events with users, domains and categories redrawn by Zipf's law (a long tail of rare domains). */
function skewed(tenant: string, total: number, now: number, seed: number): Generator<{ logType: LogType; events: IncomingEvent[] }> {
  const rnd = mulberry32(seed);
  const users = Math.max(50, Math.min(5_000, Math.round(total / 2_000)));
  const user = zipf(users, rnd);
  const domain = zipf(Math.max(1_000, Math.round(total / 20)), rnd);
  const category = zipf(90, rnd);
  // BENCH_REPORT: the big tenant's events one of the reports reads, and their kinds' events in the range's edge hours.
  const only = ONLY && tenant === BIG_TENANT ? ONLY.map(reportSpec) : undefined;
  const [first, last] = [now - 30 * DAY + 3_600_000, now - 3_600_000];
  const batches = generateLogBatches({ tenantName: tenant, admins: ['admin'], total, now, days: 30, seed, ...(only ? { kinds: [...new Set(only.map((o) => o.logType))] } : {}) }, 20_000);
  return (function* () {
    for (const { logType, rows: all } of batches) {
      const reads = (e: Record<string, unknown>) => only!.some((o) => o.logType === logType && (o.where ?? []).every((c) => meets(e, c)));
      const rows = only ? all.filter(([ts, e]) => ts < first || ts >= last || reads(e)) : all;
      if (!rows.length) continue;
      yield {
        logType,
        events: rows.map(([ts, e]) => {
          const event = { ...e };
          if ('userid' in event) event.userid = `user${user()}@${tenant}.example`;
          if (logType === 'web') {
            event.domain = `site${domain()}.example`;
            event.cats = [String(category())];
          }
          return { ts, event };
        }),
      };
    }
  })();
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
const ms = (n: number) => `${n.toFixed(1).padStart(8)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * A call slower than this once is timed once and not repeated, nor run six at a time (an unanalysed PostgreSQL at 10 M
 * events took minutes for some reports); BENCH_SLOW_MS sets it. A call that fails (a statement_timeout, say) is
 * reported as such.
 */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 10_000);

async function measure(label: string, runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  let calls = 0;
  const call = () => (calls++, timed(fn));
  try {
    const first = await call();
    if (first > SLOW_MS) {
      console.log(`  ${label.padEnd(44)} once ${ms(first)}   (over ${SLOW_MS} ms: not repeated)`);
      return { p50: first, p95: first };
    }
    for (let i = 0; i < runs; i++) times.push(await call());
  } catch (e) {
    console.log(`  ${label.padEnd(44)} failed on call ${calls} of ${runs + 1}: ${(e as Error).message.slice(0, 200)}`);
    return { p50: Infinity, p95: Infinity };
  }
  times.sort((a, b) => a - b);
  const r = { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  console.log(`  ${label.padEnd(44)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}`);
  return r;
}

/** Ingest: batches of 20,000 through the store, two in flight (as two enforcement nodes would send them), until stored. */
async function ingestAll(store: LogStore, db: Db, tenants: readonly string[], now: number): Promise<void> {
  let stored = 0;
  let storing = 0;
  const started = performance.now();
  let [mark, markedAt] = [0, started];
  for (const [i, tenant] of tenants.entries()) {
    const inFlight = new Set<Promise<void>>();
    for (const { logType, events } of skewed(tenant, i === 0 ? BIG : SMALL, now, 1_000 + i)) {
      // The audit log stays on SQL whichever store serves the logs; the bench measures the log store.
      if (logType === 'audit') continue;
      const p: Promise<void> = timed(() => retried(() => store.ingest(db, tenant, logType, events))).then((t) => {
        storing += t;
        stored += events.length;
        inFlight.delete(p);
        // Whether the rate holds as the store fills: each million's own rate.
        if (stored >= mark + 1_000_000) {
          const at = performance.now();
          console.log(`  ingest: ${stored.toLocaleString('en')} events stored, the last ${(stored - mark).toLocaleString('en')} at ${Math.round((stored - mark) / ((at - markedAt) / 1000)).toLocaleString('en')} events/s`);
          [mark, markedAt] = [stored, at];
        }
      });
      inFlight.add(p);
      if (inFlight.size >= 2) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }
  // Stored, not only acknowledged: a read of each tenant waits for its batches still in ClickHouse's ingest queue.
  for (const tenant of tenants) await retried(() => store.eventCount(db, tenant, 'web', now, now));
  const wall = (performance.now() - started) / 1000;
  console.log(`  ingest: ${stored.toLocaleString('en')} events in ${wall.toFixed(1)} s with generation, ${Math.round(stored / wall).toLocaleString('en')} events/s (the ingest calls alone ${Math.round(stored / (storing / 2000)).toLocaleString('en')} events/s)`);
}

/** The store measured, on the SQL store it works on, and what the bench reads of it besides the interface. */
interface Target {
  readonly store: LogStore;
  readonly db: Db;
  readonly label: string;
  /** Events an earlier run left, and the newest one's time. */
  kept(): Promise<{ n: number; newest: number }>;
  /** Empties the log store. */
  empty(): Promise<void>;
  /** What the store's own upkeep does after a load before reads are timed (statistics, dead rows). */
  settle(): Promise<void>;
  /**
   * Events and rollup rows stored, and their bytes on disk; the drill-downs' rollups and the copy of the events in the
   * users' order apart (ClickHouse only).
   */
  sizes(): Promise<{ rows: number; bytes: number; rollupRows: number; rollupBytes: number; drillRows: number; drillBytes: number; copyRows: number; copyBytes: number }>;
  /** The web event 100,000 deep in the big tenant's log, newest first. */
  deep(): Promise<{ ts: number; seq: number } | undefined>;
}

async function clickHouseTarget(): Promise<Target | undefined> {
  const reachable = await fetch(`${URL.split(',')[0]}/ping`).then((r) => r.ok, () => false);
  // `npm run bench -- logs` selects this file too; without a cluster it has nothing to measure.
  if (!reachable) return void console.log(`  skipped: no ClickHouse at ${URL} (npm run clickhouse:start, or BENCH_STORE=sql)`);
  const db = await openPglite();
  await migrate(db);
  const store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: URL, CLICKHOUSE_DATABASE: 'portal_bench', CLICKHOUSE_USER_ORDER: process.env.CLICKHOUSE_USER_ORDER }));
  const { ch } = store;
  return {
    store,
    db,
    label: `ClickHouse ${URL} (${ch.shardCount} shards)`,
    kept: async () => {
      const [r] = await ch.rows<{ ts: string; n: string }>(raw('SELECT toString(max(ts)) AS ts, toString(count()) AS n FROM portal_bench.log_events')).catch(() => []);
      return { n: Number(r?.n ?? 0), newest: Number(r?.ts ?? 0) };
    },
    empty: async () => {
      for (let shard = 0; shard < ch.shardCount; shard++) await ch.command(raw('DROP DATABASE IF EXISTS portal_bench'), shard);
    },
    // The shards merge parts in the background by themselves. A kept store of an older layout fills its new rollup
    // tables after start (reads take the events meanwhile): the reads are timed once that is done.
    settle: () => store.rollupsFilled(),
    sizes: async () => {
      const total = { rows: 0, bytes: 0, rollupRows: 0, rollupBytes: 0, drillRows: 0, drillBytes: 0, copyRows: 0, copyBytes: 0 };
      for (let shard = 0; shard < ch.shardCount; shard++) {
        const parts = await ch.rows<{ table: string; b: string; r: string }>(
          sql`SELECT table, sum(bytes_on_disk) AS b, sum(rows) AS r FROM system.parts
               WHERE database = 'portal_bench' AND active GROUP BY table`,
          { shard },
        );
        for (const { table, b, r } of parts) {
          const [rows, bytes] =
            table === 'log_events_local'
              ? (['rows', 'bytes'] as const)
              : /^log_(rollups(_daily)?|blocks)_local$/.test(table)
                ? (['rollupRows', 'rollupBytes'] as const)
                : /^log_drills(_daily)?_local$/.test(table)
                  ? (['drillRows', 'drillBytes'] as const)
                  : table === 'log_user_events_local'
                    ? (['copyRows', 'copyBytes'] as const)
                    : [];
          if (rows && bytes) [total[rows], total[bytes]] = [total[rows] + Number(r), total[bytes] + Number(b)];
        }
      }
      return total;
    },
    deep: async () => {
      const [d] = await ch.rows<{ ts: string; seq: string }>(
        sql`SELECT ts, seq FROM portal_bench.log_events WHERE tenant_id = ${BIG_TENANT} AND log_type = 'web' ORDER BY ts DESC, seq DESC LIMIT 1 OFFSET 99999`,
      );
      return d && { ts: Number(d.ts), seq: Number(d.seq) };
    },
  };
}

async function sqlTarget(): Promise<Target | undefined> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return void console.log('  skipped: BENCH_STORE=sql needs BENCH_DATABASE_URL (a PostgreSQL database the bench may fill)');
  const db = await openPostgres(url);
  await migrate(db);
  await syncRollups(db);
  const one = async <R>(text: string, params: unknown[] = []) => (await db.query<R>(text, params)).rows[0]!;
  const bytes = async (table: string) => toNumber((await one<{ b: unknown }>('SELECT pg_total_relation_size($1::regclass) AS b', [table])).b);
  return {
    store: sqlLogStore,
    db,
    label: 'the SQL store on PostgreSQL',
    kept: async () => {
      const r = await one<{ n: unknown; ts: unknown }>('SELECT count(*) AS n, max(ts) AS ts FROM log_events');
      return { n: toNumber(r.n), newest: toNumber(r.ts ?? 0) };
    },
    empty: () => db.exec('TRUNCATE log_events, log_rollups, log_rollup_tails'),
    // What autovacuum does on a deployment (a test server may run without it): the rollups' refreshes leave dead rows,
    // and the planner needs statistics of tables that grew from empty.
    settle: () => db.exec('VACUUM ANALYZE log_events, log_rollups, log_rollup_tails'),
    sizes: async () => ({
      rows: toNumber((await one<{ n: unknown }>('SELECT count(*) AS n FROM log_events')).n),
      bytes: await bytes('log_events'),
      rollupRows:
        toNumber((await one<{ n: unknown }>('SELECT count(*) AS n FROM log_rollups')).n) + toNumber((await one<{ n: unknown }>('SELECT count(*) AS n FROM log_rollup_tails')).n),
      rollupBytes: (await bytes('log_rollups')) + (await bytes('log_rollup_tails')),
      drillRows: 0,
      drillBytes: 0,
      copyRows: 0,
      copyBytes: 0,
    }),
    deep: async () => {
      const { rows } = await db.query<{ ts: unknown; seq: unknown }>(
        `SELECT ts, seq FROM log_events WHERE tenant_id = $1 AND log_type = 'web' ORDER BY ts DESC, seq DESC LIMIT 1 OFFSET 99999`,
        [BIG_TENANT],
      );
      return rows[0] && { ts: toNumber(rows[0].ts), seq: toNumber(rows[0].seq) };
    },
  };
}

async function main(): Promise<void> {
  const target = SQL ? await sqlTarget() : await clickHouseTarget();
  if (!target) return;
  const { store, db } = target;
  // BENCH_KEEP=1: the events a run before stored are measured again (its ingest is not repeated).
  const earlier = KEEP ? await target.kept() : { n: 0, newest: 0 };
  const kept = earlier.n > 0;
  if (!kept) await target.empty();
  if (REFILL) {
    if (!kept || !(store instanceof ClickHouseLogStore)) throw new Error('BENCH_REFILL=1 needs BENCH_KEEP=1, the events of an earlier run on ClickHouse');
    return refill(store, db, earlier.newest + 1);
  }
  await store.start(db);
  const now = kept ? earlier.newest + 1 : Date.now();
  const tenants = [BIG_TENANT, ...Array.from({ length: SMALL_TENANTS }, (_, i) => `bench-small-${i}`)];
  for (const t of tenants) await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1) ON CONFLICT (id) DO NOTHING', [t]);

  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`  load average at start: ${load()}`);
  console.log(`  ${target.label}; ${BIG.toLocaleString('en')} events for one tenant, ${SMALL_TENANTS} × ${SMALL.toLocaleString('en')}`);
  if (kept) console.log(`  kept from an earlier run: ${earlier.n.toLocaleString('en')} events, the newest at ${new Date(now).toISOString()}`);
  else await ingestAll(store, db, tenants, now);

  const settling = performance.now();
  await target.settle();
  console.log(`  the store's upkeep after the load: ${((performance.now() - settling) / 1000).toFixed(1)} s`);
  const { rows, bytes, rollupRows, rollupBytes, drillRows, drillBytes, copyRows, copyBytes } = await target.sizes();
  console.log(`  stored: ${rows.toLocaleString('en')} rows, ${(bytes / 2 ** 20).toFixed(0)} MiB on disk, ${(bytes / rows).toFixed(0)} bytes per event`);
  console.log(`  rollups: ${rollupRows.toLocaleString('en')} rows, ${(rollupBytes / 2 ** 20).toFixed(0)} MiB, ${(rollupBytes / rows).toFixed(0)} bytes per event`);
  if (drillRows) console.log(`  drill-downs' rollups: ${drillRows.toLocaleString('en')} rows, ${(drillBytes / 2 ** 20).toFixed(0)} MiB, ${(drillBytes / rows).toFixed(0)} bytes per event`);
  if (copyRows) console.log(`  the events in the users' order: ${copyRows.toLocaleString('en')} rows, ${(copyBytes / 2 ** 20).toFixed(0)} MiB, ${(copyBytes / rows).toFixed(0)} bytes per event`);
  if (store instanceof ClickHouseLogStore) {
    await heads(store, now);
    await filterDays(store, now);
  }
  if (!INGEST_ONLY) {
    if (FILTERS) await readFiltered(target, now, FILTERS);
    else if (ONLY) for (const name of ONLY) await readOne(target, now, name);
    else await readAll(target, now);
  }
  console.log(`  load average at the end: ${load()}`);
  await store.close();
  await db.close();
}

/**
 * The heads of past days and hours (ClickHouse): built now for every span (the background pass waits for one to settle), and
 * the time it takes; with BENCH_HEADS=0 none are read, as before them.
 */
async function heads(store: ClickHouseLogStore, now: number): Promise<void> {
  if (!HEADS) {
    await store.heads.close();
    store.heads.top = async () => undefined;
    console.log('  heads of past days and hours: not read (BENCH_HEADS=0)');
    return;
  }
  const t = performance.now();
  const built = await store.heads.build({ now, settled: false });
  const [size] = await store.ch.rows<{ n: string; b: string }>(
    sql`SELECT toString(sum(rows)) AS n, toString(sum(bytes_on_disk)) AS b FROM system.parts
         WHERE database = ${store.ch.config.database} AND table = 'log_heads_local' AND active`,
  );
  console.log(`  heads of past days and hours: ${built} spans built in ${((performance.now() - t) / 1000).toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)}); shard 1 holds ${Number(size?.n).toLocaleString('en')} rows, ${(Number(size?.b) / 2 ** 20).toFixed(1)} MiB`);
  // The background pass's cost when nothing changed (each minute but the first of an hour, without late events).
  const again = performance.now();
  const rebuilt = await store.heads.build({ now });
  console.log(`  heads: the next pass, no event changed, built ${rebuilt} spans in ${((performance.now() - again) / 1000).toFixed(2)} s (load ${loadavg()[0]!.toFixed(1)})`);
}

/**
 * The rows per filter value of past days (ClickHouse), which reports with one such filter read: built now for every
 * day due (the background pass waits for one to settle), the time it takes and their size. The background passes are
 * stopped first: one running beside this build would build the same days again.
 */
async function filterDays(store: ClickHouseLogStore, now: number): Promise<void> {
  await store.filterDays.close();
  const t = performance.now();
  const built = await store.filterDays.build({ now, settled: false, minEvents: FILTER_MIN_EVENTS });
  const [size] = await store.ch.rows<{ n: string; b: string }>(
    sql`SELECT toString(sum(rows)) AS n, toString(sum(bytes_on_disk)) AS b FROM system.parts
         WHERE database = ${store.ch.config.database} AND table IN ('log_filter_days_local', 'log_filter_hours_local') AND active`,
  );
  console.log(`  rows per filter value of past days: ${built} days built in ${((performance.now() - t) / 1000).toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)}); shard 1 holds ${Number(size?.n).toLocaleString('en')} rows, ${(Number(size?.b) / 2 ** 20).toFixed(1)} MiB`);
}

/** The drill-downs' rows removed (views, rows, fills), then a start: see BENCH_REFILL at the top. */
async function refill(store: ClickHouseLogStore, db: Db, now: number): Promise<void> {
  const { ch } = store;
  const database = raw(ch.config.database);
  for (let shard = 0; shard < ch.shardCount; shard++) {
    const views = await ch.rows<{ name: string }>(
      sql`SELECT name FROM system.tables WHERE database = ${ch.config.database} AND engine = 'MaterializedView' AND position(create_table_query, 'log_drills') > 0`,
      { shard },
    );
    for (const v of views) await ch.command(sql`DROP TABLE ${database}.${raw(v.name)}`, shard);
    // A fill an earlier run left running on the shard would write after the deletes.
    await ch.command(sql`KILL QUERY WHERE query LIKE ${`INSERT INTO ${ch.config.database}.log_drills%`} SYNC`, shard);
    for (const t of ['log_drills_local', 'log_drills_daily_local', 'log_fills_local']) await ch.command(sql`ALTER TABLE ${database}.${raw(t)} DELETE WHERE 1`, shard);
    await ch.mutationsDone(shard);
  }
  const month = { interval: '30d' as const, limit: 10 };
  const [topUser] = ((await store.report(db, BIG_TENANT, 'top_users', month, now)) as { data: { key: string }[] }).data;
  const drills = async () => {
    const t = performance.now();
    const answers = await Promise.all([
      store.report(db, BIG_TENANT, 'top_user_domains', { ...month, userid: topUser!.key }, now),
      store.report(db, BIG_TENANT, 'top_category_domains', { ...month, cats: '50' }, now),
    ]);
    return { ms: performance.now() - t, answer: JSON.stringify(answers) };
  };
  const load = () => loadavg()[0]!.toFixed(1);
  const secs = (n: number) => `${(n / 1000).toFixed(1)} s`;
  const started = performance.now();
  await store.start(db);
  console.log(`  the drill-downs' views and rows removed; the store started in ${secs(performance.now() - started)} (load ${load()})`);
  let filled = false;
  void store.rollupsFilled().then(() => (filled = true));
  const during: { ms: number; answer: string }[] = [];
  while (!filled) {
    during.push(await drills());
    const reached = await ch.rows<{ day: string }>(sql`SELECT toString(max(d)) AS day FROM (SELECT view, min(day) AS d FROM ${database}.log_fills_local GROUP BY view)`, { shard: 0 });
    const day = new Date(Number(reached[0]?.day ?? 0)).toISOString().slice(0, 10);
    console.log(`  ${secs(performance.now() - started)}: the two drill-downs at once in ${ms(during.at(-1)!.ms)}; shard 1's rows whole from ${day} (load ${load()})`);
    await new Promise((r) => setTimeout(r, 10_000));
  }
  console.log(`  filled in ${secs(performance.now() - started)}`);
  const after: { ms: number; answer: string }[] = [];
  for (let i = 0; i < RUNS; i++) after.push(await drills());
  console.log(`  the two drill-downs at once after: ${after.map((a) => a.ms.toFixed(0)).join(', ')} ms`);
  const answers = new Set([...during, ...after].map((a) => a.answer));
  console.log(`  answers: ${answers.size === 1 ? 'the same' : `${answers.size} different`} in all ${during.length + after.length} reads`);
  await store.close();
  await db.close();
}

/**
 * BENCH_REPORT: one report over the big tenant's 30 days, serially; a distinct-user top-N three ways in rotating
 * rounds (as served, from blocks and hour bits; hour bits replaced by hourly states; both by daily and hourly states,
 * the layout before them), with each round's ratios and the answers compared.
 */
async function readOne(target: Target, now: number, name: ReportName): Promise<void> {
  const { store, db } = target;
  const month = { interval: '30d' as const, limit: 10 };
  const spec = reportSpec(name);
  if (spec.kind !== 'top' || spec.metric !== 'users') {
    await measure(name, RUNS, () => store.report(db, BIG_TENANT, name, month, now));
    return;
  }
  // Whole days from blocks and hours from hour bits (as served); hours from hourly states; both from states.
  await compareWays(target, now, name, month, [
    ['from blocks and hour bits', { layouts: true }],
    ['from blocks and hourly states', { layouts: 'days' }],
    ['from daily and hourly states', { layouts: false }],
  ]);
}

/**
 * One report asked several ways (the first as served), interleaved round by round: whether the answers are the same,
 * each way's p50 and p95, and per round the first way's time over each other's. Returns each way's p95.
 */
/** A way to read a report: its label, its options, and what it runs the read within (the heads turned off: withoutHeads). */
type Way = readonly [string, ReportOptions, ((read: () => Promise<ReportResult>) => Promise<ReportResult>)?];

async function compareWays(target: Target, now: number, name: ReportName, params: ReportParams, ways: readonly Way[]): Promise<number[]> {
  const { store, db } = target;
  const runs = ways.map(([, options, within = (read) => read()]) => () => within(() => store.report(db, BIG_TENANT, name, params, now, options)));
  const answers: unknown[] = [];
  for (const run of runs) answers.push(await run());
  const same = answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]));
  console.log(`  ${name}: answers of the ${ways.length} ways ${same ? 'the same' : 'DIFFERENT'} (${JSON.stringify(answers[0]).slice(0, 160)} …)`);
  const rounds: number[][] = [];
  for (let i = 0; i < RUNS; i++) {
    // Each round starts with the next way: every way runs first, between and last as often.
    const round: number[] = [];
    for (let j = 0; j < runs.length; j++) {
      const k = (i + j) % runs.length;
      round[k] = await timed(runs[k]!);
    }
    rounds.push(round);
  }
  return ways.map(([label], k) => {
    const t = rounds.map((r) => r[k]!).sort((x, y) => x - y);
    console.log(`    ${label.padEnd(54)} p50 ${ms(percentile(t, 0.5))}   p95 ${ms(percentile(t, 0.95))}`);
    if (k > 0) {
      const ratios = rounds.map((r) => r[0]! / r[k]!).sort((x, y) => x - y);
      console.log(`    as served / ${label}, per round: median ${percentile(ratios, 0.5).toFixed(3)}, from ${ratios[0]!.toFixed(3)} to ${ratios[ratios.length - 1]!.toFixed(3)} (${RUNS} rounds)`);
    }
    return percentile(t, 0.95);
  });
}

/** A read with the store's heads turned off (as BENCH_HEADS=0 does for a whole run), and on again after it. */
function withoutHeads(store: ClickHouseLogStore): (read: () => Promise<ReportResult>) => Promise<ReportResult> {
  return async (read) => {
    store.heads.top = async () => undefined;
    try {
      return await read();
    } finally {
      // The class's own method again.
      delete (store.heads as { top?: unknown }).top;
    }
  };
}

/**
 * BENCH_FILTER: every report that takes its filters, filtered by them, as served and from the raw events alone,
 * interleaved; how many of them answer within 300 ms p95 each way; then six at a time as served. Given an exclusion
 * on ClickHouse with the heads read, a top-N also as served without its heads (which answer it less the excluded
 * events' rows), in the same rounds.
 */
async function readFiltered(target: Target, now: number, filters: readonly (readonly [string, string])[]): Promise<void> {
  const params = { interval: '30d' as const, limit: 10, ...Object.fromEntries(filters) };
  const named = filters.map(([param, value]) => `${param}=${value}`).join(' and ');
  console.log(`  reports over 30 days filtered by ${named}, as served and from the events (${RUNS} rounds each):`);
  const p95s: number[][] = [];
  const { store, db } = target;
  const excluded = filters.some(([param]) => param.startsWith('not_'));
  for (const name of NAMES) {
    const headed = store instanceof ClickHouseLogStore && HEADS && excluded && reportSpec(name).kind === 'top';
    const ways: Way[] = [['as served', {}], ['from the events', { rollups: false }], ...(headed ? [['as served, without heads', {}, withoutHeads(store)] as const] : [])];
    p95s.push(await compareWays(target, now, name, params, ways));
  }
  const way = (k: number) => p95s.map((p) => p[k]!);
  console.log(`  within 300 ms p95: ${withinTarget(way(0))} as served, ${withinTarget(way(1))} from the events`);
  console.log(`  the same reports six at a time, as served (rounds of the ${NAMES.length}):`);
  const six = await sixAtATime(NAMES, (name) => store.report(db, BIG_TENANT, name, params, now));
  console.log(`  six at a time within 300 ms p95: ${withinTarget(six)}`);
}

/** How many of the p95s are within 300 ms, of how many, and their median: "39 of 41 (median p95 148.0 ms)". */
function withinTarget(p95s: readonly number[]): string {
  const median = percentile([...p95s].sort((a, b) => a - b), 0.5);
  return `${p95s.filter((p) => p <= 300).length} of ${p95s.length} (median p95 ${ms(median)})`;
}

/**
 * The reports `names` run six at a time (rounds of them, at least three), each call timed: prints each one's p50 and
 * p95 and the slowest p95, and returns the p95s in the order of `names`. A call that fails counts as never answered.
 */
async function sixAtATime(names: readonly ReportName[], run: (name: ReportName) => Promise<unknown>): Promise<number[]> {
  const times = new Map<ReportName, number[]>(names.map((n) => [n, []]));
  const queue: ReportName[] = [];
  for (let r = 0; r < Math.max(3, Math.round(RUNS / 2)); r++) queue.push(...names);
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) {
        const n = name;
        times.get(n)!.push(await timed(() => run(n)).catch(() => Infinity));
      }
    }),
  );
  const p95s = names.map((name) => {
    const t = times.get(name)!.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(44)} p50 ${ms(percentile(t, 0.5))}   p95 ${ms(percentile(t, 0.95))}`);
    return percentile(t, 0.95);
  });
  console.log(`  slowest report p95 six at a time: ${Math.max(...p95s).toFixed(0)} ms`);
  return p95s;
}

/** Every report serially and six at a time, log pages, a drill-down and the export, over the big tenant's 30 days. */
async function readAll(target: Target, now: number): Promise<void> {
  const { store, db } = target;
  const month = { interval: '30d' as const, limit: 10 };
  const [topUser] = ((await store.report(db, BIG_TENANT, 'top_users', month, now)) as { data: { key: string }[] }).data;
  const sample: Record<string, string> = { cats: '1', userid: topUser!.key, alert_sub_type: 'ssn' };
  const paramsOf = (name: ReportName) => {
    const need = reportSpec(name).requires;
    return need ? { ...month, [need]: sample[need] } : month;
  };

  console.log('  reports over 30 days, one at a time:');
  const serial: Record<string, { p50: number; p95: number }> = {};
  for (const name of REPORT_NAMES) serial[name] = await measure(name, RUNS, () => store.report(db, BIG_TENANT, name, paramsOf(name), now));

  console.log('  reports over 30 days, six at a time (every report, rounds of the catalogue):');
  const quick = REPORT_NAMES.filter((n) => serial[n]!.p95 <= SLOW_MS);
  if (quick.length < REPORT_NAMES.length) console.log(`  (${REPORT_NAMES.length - quick.length} reports over ${SLOW_MS} ms alone left out)`);
  await sixAtATime(quick, (n) => store.report(db, BIG_TENANT, n, paramsOf(n), now));

  console.log('  log pages (web, 100 events):');
  const week = { startMs: now - 7 * DAY, endMs: now };
  const all = { startMs: now - 31 * DAY, endMs: now };
  await measure('first page, 7 days', RUNS * 3, () => store.logPage(db, { tenantId: BIG_TENANT, logType: 'web', range: week, query: {}, limit: 100 }));
  await measure('first page of one user, 7 days', RUNS * 3, () =>
    store.logPage(db, { tenantId: BIG_TENANT, logType: 'web', range: week, query: { userid: topUser!.key }, limit: 100 }),
  );
  const deep = await target.deep();
  if (deep) {
    await measure('page 100,000 events deep, 30 days', RUNS * 3, () => store.logPage(db, { tenantId: BIG_TENANT, logType: 'web', range: all, query: {}, limit: 100, after: deep }));
  }
  await measure('drill-down: top domains of the top user', RUNS, () => store.report(db, BIG_TENANT, 'top_user_domains', { ...month, userid: topUser!.key }, now));

  // The export: 100,000 events as CSV lines, page by page (5,000 a page) into a stream, never all in memory.
  let written = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      written += chunk.length;
      done();
    },
  });
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const exportMs = await timed(async () => {
    let after: { ts: number; seq: number } | undefined;
    let n = 0;
    while (n < 100_000) {
      const page = await store.logPage(db, { tenantId: BIG_TENANT, logType: 'web', range: all, query: {}, limit: 5_000, ...(after ? { after } : {}) });
      const lines = page.events.map(({ event: e }) => [e.timestamp, e.userid, e.domain, e.pe_action, e.bytes].map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`).join(','));
      if (!sink.write(lines.join('\n') + '\n')) await new Promise((r) => sink.once('drain', r));
      n += page.events.length;
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      if (page.paginate.last_iteration) break;
      after = decodeCursor(page.paginate.pagingIdentifiers)!;
    }
    console.log(`  export: ${n.toLocaleString('en')} rows, ${(written / 2 ** 20).toFixed(1)} MiB of CSV`);
  });
  console.log(`  export of 100,000 rows streamed: ${(exportMs / 1000).toFixed(2)} s, heap grew at most ${((heapPeak - heapBefore) / 2 ** 20).toFixed(0)} MiB`);
}

await main();
