/**
 * Log store benchmark: on 1,000,000 seeded events (BENCH_EVENTS), p50 / p95 latency of a first log page, filtered
 * first pages, a deep page, and the dashboard's top-N reports, on PGlite (a data folder under .data-bench, reused
 * once seeded) and on PostgreSQL when DATABASE_URL is set. Times are store calls, without HTTP. BENCH_RESEED=1
 * seeds afresh (and reports the seeding time); BENCH_RUNS sets the runs per page query (reports run a third as many).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ReportName } from '../../schemas/reports';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { decodeCursor } from '../../server/logs/cursor';
import { LOG_SEED, seedLogs } from '../../server/logs/seed';
import { runReport } from '../../server/logs/reports';
import { logPage } from '../../server/logs/store';
import type { Db } from '../../server/types';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const REPORT_RUNS = Math.max(3, Math.round(RUNS / 3));
const RESEED = process.env.BENCH_RESEED === '1';
const TENANT = { id: 'bench-demo', name: 'Demo Corp' };
const DAY = 86_400_000;
const DEEP = 100_000;

/** The reports of the dashboard, over its default interval (30d). */
const DASHBOARD: readonly ReportName[] = [
  'top_categories_v2',
  'top_users',
  'top_domains',
  'top_risks',
  'risks_averted',
  'top_risk_users',
  'top_bandwidth_users',
  'top_bandwidth_categories_v2',
  'top_browsers',
  'top_protocols',
  'casb_top_apps',
  'heat_summary',
  'action_summary',
];

interface Row {
  readonly store: string;
  readonly query: string;
  readonly runs: number;
  readonly p50: number;
  readonly p95: number;
  readonly note?: string;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

async function measure(store: string, query: string, runs: number, fn: () => Promise<unknown>, note?: string): Promise<Row> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const row = { store, query, runs, p50: percentile(times, 0.5), p95: percentile(times, 0.95), note };
  console.log(`  ${query.padEnd(48)} p50 ${row.p50.toFixed(1).padStart(8)} ms   p95 ${row.p95.toFixed(1).padStart(8)} ms`);
  return row;
}

async function prepare(db: Db, store: string): Promise<void> {
  await migrate(db);
  if (RESEED) {
    await db.query('DELETE FROM log_events WHERE tenant_id = $1', [TENANT.id]);
    await db.query('DELETE FROM log_seed_state WHERE tenant_id = $1', [TENANT.id]);
  }
  await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [TENANT.id, TENANT.name]);
  const started = Date.now();
  const seeded = await seedLogs(db, [
    {
      tenantId: TENANT.id,
      kind: 'full',
      plan: { tenantName: TENANT.name, admins: ['admin', 'auditor', 'webadmin'], total: TOTAL, now: Date.now(), days: 30, seed: LOG_SEED },
    },
  ]);
  if (seeded.length) {
    const { rows } = await db.query<{ size: string }>(`SELECT pg_size_pretty(pg_total_relation_size('log_events')) AS size`);
    console.log(
      `  seeded ${seeded[0]!.events.toLocaleString('en')} events on ${store} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(generation and load ${(seeded[0]!.ms / 1000).toFixed(1)} s, then indexes and statistics); log_events is ${rows[0]!.size}`,
    );
  } else {
    console.log(`  reusing the ${TOTAL.toLocaleString('en')} events seeded earlier (BENCH_RESEED=1 to seed again)`);
  }
}

async function bench(db: Db, store: string): Promise<Row[]> {
  await prepare(db, store);
  const { rows: latest } = await db.query<{ ts: string }>(
    `SELECT max(ts)::text AS ts FROM log_events WHERE tenant_id = $1 AND log_type = 'web'`,
    [TENANT.id],
  );
  const now = Number(latest[0]!.ts) + 1;
  const week = { startMs: now - 7 * DAY, endMs: now };
  const month = { startMs: now - 31 * DAY, endMs: now };
  const page = (query: Record<string, unknown>, range = week, after?: { ts: number; seq: number }) => () =>
    logPage(db, { tenantId: TENANT.id, logType: 'web', range, query, limit: 100, after });

  const first = await page({})();
  const someone = first.events[0]!.event.userid as string;
  const { rows: rare } = await db.query<{ domain: string }>(
    `SELECT event ->> 'domain' AS domain FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND ts >= $2
      GROUP BY 1 ORDER BY count(*), 1 LIMIT 1`,
    [TENANT.id, week.startMs],
  );
  const { rows: deep } = await db.query<{ ts: string; seq: string }>(
    `SELECT ts::text, seq::text FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND ts <= $2
      ORDER BY ts DESC, seq DESC OFFSET $3 LIMIT 1`,
    [TENANT.id, month.endMs, DEEP - 1],
  );
  const cursor = { ts: Number(deep[0]!.ts), seq: Number(deep[0]!.seq) };
  // A cursor as the API hands it out would decode to the same position.
  if (!decodeCursor(Buffer.from(JSON.stringify(cursor)).toString('base64url'))) throw new Error('cursor round trip');

  const rows: Row[] = [];
  console.log(`\n${store}`);
  rows.push(await measure(store, 'first page (7d, 100 events)', RUNS, page({})));
  rows.push(await measure(store, 'first page, userid = one user', RUNS, page({ userid: someone })));
  rows.push(await measure(store, 'first page, domain = rarest domain', RUNS, page({ domain: rare[0]!.domain })));
  rows.push(await measure(store, 'first page, pe_action = block+safeview', RUNS, page({ pe_action: 'block+safeview' })));
  rows.push(await measure(store, 'first page, cats = 27 (gambling)', RUNS, page({ cats: '27' }, month)));
  rows.push(await measure(store, `deep page (after ${DEEP.toLocaleString('en')} events)`, RUNS, page({}, month, cursor)));
  rows.push(
    await measure(
      store,
      `same depth with OFFSET (not used)`,
      Math.max(3, Math.round(RUNS / 3)),
      () =>
        db.query(
          `SELECT ts, seq, event FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND ts >= $2 AND ts <= $3
            ORDER BY ts DESC, seq DESC OFFSET $4 LIMIT 100`,
          [TENANT.id, month.startMs, month.endMs, DEEP],
        ),
      'reference: why paging is keyset',
    ),
  );
  for (const name of DASHBOARD) {
    rows.push(await measure(store, `report ${name} (30d)`, REPORT_RUNS, () => runReport(db, TENANT.id, name, { limit: 50, interval: '30d' }, now)));
  }
  rows.push(await measure(store, 'report top_domains (24h)', REPORT_RUNS, () => runReport(db, TENANT.id, 'top_domains', { limit: 50, interval: '24h' }, now)));
  rows.push(await measure(store, 'report top_domains (30d, userid filter)', REPORT_RUNS, () => runReport(db, TENANT.id, 'top_domains', { limit: 50, interval: '30d', userid: someone }, now)));
  return rows;
}

const stores: { name: string; open: () => Promise<Db> }[] = [
  {
    name: 'PGlite',
    open: async () => {
      const dir = join(process.cwd(), '.data-bench', `pglite-${TOTAL}`);
      if (RESEED) rmSync(dir, { recursive: true, force: true });
      return openPglite(dir);
    },
  },
];
if (process.env.DATABASE_URL) stores.push({ name: 'PostgreSQL', open: () => openPostgres(process.env.DATABASE_URL!) });

const all: Row[] = [];
for (const s of stores) {
  const db = await s.open();
  try {
    all.push(...(await bench(db, s.name)));
  } finally {
    await db.close();
  }
}

const fmt = (n: number) => n.toFixed(1);
console.log(`\nLog store on ${TOTAL.toLocaleString('en')} events (${RUNS} runs per page query, ${REPORT_RUNS} per report; ms)\n`);
console.log('| store | query | runs | p50 ms | p95 ms |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const r of all) console.log(`| ${r.store} | ${r.query}${r.note ? ` (${r.note})` : ''} | ${r.runs} | ${fmt(r.p50)} | ${fmt(r.p95)} |`);
