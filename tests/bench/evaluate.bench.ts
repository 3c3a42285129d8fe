/**
 * Policy evaluation benchmark (`npm run bench -- evaluate`), on one core:
 * - evaluations per second of the demo policy (the seed documents of Demo Corp), fast path and with the full trace,
 *   over the requests of generated web events (target ≥ 200,000/s on the fast path);
 * - the impact of a publish over BENCH_EVENTS generated web events (default 1,000,000): the distinct request shapes
 *   counted (grouped by the fields the two revisions' web rules read, as on the server), each decided under the
 *   published and the staged revision, changes grouped by user, domain and category
 *   (the shapes are counted in memory here; on the server one aggregate query over the log store does it);
 * - analysis of a 5,000-rule rulebase (target ≤ 2 s);
 * - the impact job's work through the database: about BENCH_EVENTS web events of the last 7 days seeded into PGlite
 *   (a data folder under .data-bench, reused once seeded; BENCH_RESEED=1 seeds again), then the server's shape query
 *   (server/logs/shapes.ts) and the tally of schemas/evaluate/impact.ts, timed separately: events replayed per second.
 * With BENCH_DATABASE_URL, the same through PostgreSQL; with CLICKHOUSE_URL, the PGlite events are then taken into the
 * cluster and the job's work timed there too.
 * BENCH_EVENTS=100000 runs it at a small size; BENCH_URL_REGEX adds a staged rule with that URL expression;
 * BENCH_FULL_REPLAY=1 also replays every event (none counted) and says whether the summary is the same.
 */
import { rmSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { registry } from '../../definitions';
import { isDocumentScreen } from '../../definitions/define';
import { policyModel } from '../../definitions/policy/evaluation';
import { analysePolicy } from '../../schemas/evaluate/analysis';
import { attributesRead, compilePolicy, decideOne, evaluate } from '../../schemas/evaluate/evaluate';
import { webEventRequest } from '../../schemas/evaluate/fromEvent';
import type { EvalRequest, PolicyModel } from '../../schemas/evaluate/types';
import type { WebEvent } from '../../schemas/logs';
import { ImpactTally } from '../../schemas/evaluate/impact';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/types';
import { generateLogBatches } from '../../server/logs/generator';
import { seedLogs } from '../../server/logs/seed';
import { raw } from '../../server/logs/clickhouse/bind';
import { clickHouseConfig } from '../../server/logs/clickhouse/client';
import { ClickHouseLogStore } from '../../server/logs/clickhouse/store';
import type { LogStore } from '../../server/logs/logStore';
import { webFieldsReading, webShapeFields, webShapePatterns, webTextKey } from '../../server/logs/shapes';
import { sqlLogStore } from '../../server/logs/sqlStore';
import { examplesFound, impactShape, shapesToReplay } from '../../server/modules/evaluate';
import { loadSeedDocuments } from '../../server/seed/documents';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const NOW = Date.now();
const model = policyModel(registry.screens.filter(isDocumentScreen));
const published = Object.fromEntries(
  loadSeedDocuments(registry)
    .filter((d) => d.screen && model.areas.some((a) => a.id === d.screen!.id))
    .map((d) => [d.screen!.id, d.forTenant('Demo Corp')]),
) as Record<string, Record<string, unknown>>;
const staged = structuredClone(published) as Record<string, { list: Record<string, unknown>[] }>;
staged['web.exceptions']!.list.unshift({ id: 'bench-1', name: 'Block video for Sales', enabled: true, action: 'block', transferDirection: 'all', conditions: { categories: ['25'], entities: [{ type: 'group', name: 'Sales' }] } });
// BENCH_URL_REGEX: the staged revision also blocks the URLs that regular expression matches (a condition the stores
// test themselves when the expression is portable, else one that groups the events by their URL).
const urlRegex = process.env.BENCH_URL_REGEX;
if (urlRegex) staged['web.exceptions']!.list.unshift({ id: 'bench-2', name: 'Block by URL', enabled: true, action: 'block', transferDirection: 'all', conditions: { uri: [{ match: 'regex', value: urlRegex }] } });

const ms = (t: number) => `${t.toFixed(0)} ms`;
const rate = (n: number, t: number) => `${Math.round((n * 1000) / t).toLocaleString('en')}/s`;

// ---- requests from generated web events ---------------------------------------------------------------------------
let t = performance.now();
const events: Omit<WebEvent, 'timestamp'>[] = [];
for (const batch of generateLogBatches({ tenantName: 'Demo Corp', admins: ['admin'], total: Math.round(EVENTS / 0.62), now: NOW, days: 7, seed: 29 })) {
  if (batch.logType === 'web') for (const [, e] of batch.rows) events.push(e as Omit<WebEvent, 'timestamp'>);
}
console.log(`${events.length.toLocaleString('en')} web events generated in ${ms(performance.now() - t)}`);
const requests: EvalRequest[] = events.slice(0, 200_000).map((e) => webEventRequest(e));

// ---- evaluations per second ---------------------------------------------------------------------------------------
t = performance.now();
const pub = compilePolicy(model, published);
const compileMs = performance.now() - t;
let sink = 0;
for (const r of requests.slice(0, 20_000)) sink += decideOne(pub, 'web', r, NOW)!.action.length; // warm-up
t = performance.now();
for (const r of requests) sink += decideOne(pub, 'web', r, NOW)!.action.length;
const fastMs = performance.now() - t;
const traced = requests.slice(0, 5_000);
t = performance.now();
for (const r of traced) sink += evaluate(pub, r, NOW).decisions.length;
const traceMs = performance.now() - t;
const ruleCount = pub.lists.reduce((n, l) => n + l.rules.length, 0);
console.log(`demo policy: ${model.areas.length} areas, ${ruleCount} rules; compiled in ${ms(compileMs)}`);
console.log(`evaluations (web decision, fast path): ${rate(requests.length, fastMs)} (${requests.length.toLocaleString('en')} in ${ms(fastMs)}; target ≥ 200,000/s)`);
console.log(`evaluations with the full trace (every decision): ${rate(traced.length, traceMs)}`);

// ---- impact of a publish ------------------------------------------------------------------------------------------
const stg = compilePolicy(model, staged);
// As the server's impact job: a shape is the events' values of the fields either revision's web rules read.
const read = webFieldsReading(attributesRead([pub, stg], 'web'));
const patterns = webShapePatterns([pub, stg], read);
const fields = webShapeFields(read);
t = performance.now();
const shapes = new Map<string, { request: EvalRequest; count: number; user: string; domain: string; cats: readonly string[] }>();
for (const e of events) {
  const key = JSON.stringify(fields.map((f) => (patterns[f] ? webTextKey(e[f] as string | undefined, patterns[f]) : (e[f] ?? null))));
  const s = shapes.get(key);
  if (s) s.count++;
  else shapes.set(key, { request: webEventRequest(Object.fromEntries(fields.map((f) => [f, e[f]]))), count: 1, user: e.userid, domain: e.domain, cats: e.cats });
}
const shapeMs = performance.now() - t;
t = performance.now();
const byUser = new Map<string, number>();
const byDomain = new Map<string, number>();
const byCategory = new Map<string, number>();
let changed = 0;
for (const s of shapes.values()) {
  const a = decideOne(pub, 'web', s.request, NOW)!;
  const b = decideOne(stg, 'web', s.request, NOW)!;
  if (a.action === b.action) continue;
  changed += s.count;
  byUser.set(s.user, (byUser.get(s.user) ?? 0) + s.count);
  byDomain.set(s.domain, (byDomain.get(s.domain) ?? 0) + s.count);
  for (const c of s.cats) byCategory.set(c, (byCategory.get(c) ?? 0) + s.count);
}
const impactMs = performance.now() - t;
console.log(`shape fields (what the two revisions' web rules read): ${fields.map((f) => (patterns[f] ? `${f} (by ${patterns[f].length} patterns)` : f)).join(', ')}`);
console.log(
  `impact over ${events.length.toLocaleString('en')} events: ${shapes.size.toLocaleString('en')} shapes counted in ${ms(shapeMs)}, ` +
    `both revisions decided in ${ms(impactMs)}; ${changed.toLocaleString('en')} events change verdict ` +
    `(${byUser.size} users, ${byDomain.size} domains, ${byCategory.size} categories); total ${ms(shapeMs + impactMs)} (target ≤ 10 s)`,
);

// The generated events and the shapes counted in memory are not needed below: released, so that the collector does
// not walk them while the stores' shapes are read (a server holds no such heap).
events.length = 0;
requests.length = 0;
shapes.clear();

// ---- analysis of 5,000 rules --------------------------------------------------------------------------------------
const exceptions = model.areas.find((a) => a.id === 'web.exceptions')!;
const oneList: PolicyModel = { decisions: model.decisions, areas: [exceptions] };
const DOMAINS = ['example.com', 'news.org', 'shop.net', 'bank.net', 'mail.org', 'video.tv', 'docs.io', 'cloud.app'];
const rules = Array.from({ length: 5_000 }, (_, i) => ({
  id: `r${i}`,
  name: `Rule ${i}`,
  enabled: i % 17 !== 0,
  action: ['allow', 'safeview', 'block'][i % 3],
  transferDirection: 'all',
  conditions: {
    domain: [`${i % 3 === 0 ? '*.' : ''}s${i % 400}.${DOMAINS[i % DOMAINS.length]}`],
    ...(i % 5 === 0 ? { source_ips: [`10.${i % 256}.0.0/16`] } : {}),
    ...(i % 7 === 0 ? { entities: [{ type: 'group', name: `g${i % 12}` }] } : {}),
    ...(i % 11 === 0 ? { categories: [String(1 + (i % 80))] } : {}),
  },
}));
t = performance.now();
const findings = analysePolicy(compilePolicy(oneList, { 'web.exceptions': { list: rules, bypass: [] } }), { now: NOW });
const analysisMs = performance.now() - t;
const kinds = findings.reduce<Record<string, number>>((a, f) => ({ ...a, [f.kind]: (a[f.kind] ?? 0) + 1 }), {});
console.log(`analysis of 5,000 rules: ${ms(analysisMs)} (target ≤ 2,000 ms); findings ${JSON.stringify(kinds)}`);

// ---- the impact job's work through the database ---------------------------------------------------------------------
// The heap the parts above left (the generated events, their shapes counted in memory) is collected first: a server
// holds no such heap, and its collection would otherwise fall into the timed store calls.
setFlagsFromString('--expose_gc');
(runInNewContext('gc') as () => void)();
const TENANT = { id: 'bench-impact', name: 'Demo Corp' };
const until = Date.now();
const since = until - 7 * 86_400_000;
/** The impact job's work through `store` (the shape query, the decisions, the examples' events), each part timed. */
async function impactThrough(name: string, store: LogStore, db: Db): Promise<void> {
  const range = [TENANT.id, since, until] as const;
  const tally = new ImpactTally(pub, stg, until);
  let at = performance.now();
  const found = await shapesToReplay(store, db, range, tally, fields, patterns);
  const queryMs = performance.now() - at;
  at = performance.now();
  found.forEach((sh, i) => tally.add(impactShape(sh, i)));
  const tallyMs = performance.now() - at;
  at = performance.now();
  const summary = tally.summary(await examplesFound(store, db, range, found, tally, fields, patterns));
  const examplesMs = performance.now() - at;
  const totalMs = queryMs + tallyMs + examplesMs;
  const examples = new Set([...summary.by_user, ...summary.by_domain, ...summary.by_sender_domain, ...summary.by_category].flatMap((g) => g.examples)).size;
  console.log(
    `impact through ${name}: ${summary.events.toLocaleString('en')} web and email events of 7 days, ${summary.shapes.toLocaleString('en')} shapes; ` +
      `shape query ${ms(queryMs)}, decisions ${ms(tallyMs)}, ${examples} examples' events ${ms(examplesMs)}; ${rate(summary.events, totalMs)} events replayed ` +
      `(${summary.changed.toLocaleString('en')} change, ${summary.users} users; counted, not replayed: ${[...summary.unchanged, `${summary.web_unmatched.toLocaleString('en')} web requests no changed rule matches`].join(', ')}); ` +
      `total ${ms(totalMs)} (target ≤ 10 s)`,
  );
  if (process.env.BENCH_FULL_REPLAY === '1') {
    // Every event of every kind replayed, none counted: the summary must be the same, but for the shapes decided.
    const full = new ImpactTally(pub, stg, until);
    const all = (await store.requestShapes(db, ...range, fields, patterns)).shapes;
    all.forEach((sh, i) => full.add(impactShape(sh, i)));
    const same = (r: typeof summary) => JSON.stringify({ ...r, shapes: 0, web_unmatched: 0, unchanged: [] });
    const fullSummary = full.summary(await examplesFound(store, db, range, all, full, fields, patterns));
    console.log(`  the same summary as a full replay of ${all.length.toLocaleString('en')} shapes: ${same(fullSummary) === same(summary) ? 'yes' : 'NO'}`);
  }
}
/** The events seeded into the SQL store `db` (once: a store seeded earlier is reused), then the job's work through it. */
async function throughSql(name: string, db: Db): Promise<void> {
  await migrate(db);
  await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [TENANT.id, TENANT.name]);
  const at = performance.now();
  const seeded = await seedLogs(db, [
    { tenantId: TENANT.id, kind: 'full', plan: { tenantName: TENANT.name, admins: ['admin'], total: Math.round(EVENTS / 0.62), now: NOW, days: 7, seed: 29 } },
  ]);
  console.log(seeded.length ? `seeded into ${name} in ${ms(performance.now() - at)}` : `${name}: reusing the events seeded earlier`);
  await impactThrough(name, sqlLogStore, db);
}
const dir = join(process.cwd(), '.data-bench', `evaluate-${EVENTS}`);
if (process.env.BENCH_RESEED === '1') rmSync(dir, { recursive: true, force: true });
const db = await openPglite(dir);
await throughSql('PGlite', db);
// With BENCH_DATABASE_URL (a database the bench may fill; seeded once, BENCH_RESEED does not empty it): PostgreSQL too.
if (process.env.BENCH_DATABASE_URL) {
  const pgDb = await openPostgres(process.env.BENCH_DATABASE_URL);
  await throughSql('PostgreSQL', pgDb);
  await pgDb.close();
}
// With CLICKHOUSE_URL (npm run clickhouse:start): the same events taken into the cluster's database portal_bench_impact.
if (process.env.CLICKHOUSE_URL) {
  const store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: process.env.CLICKHOUSE_URL, CLICKHOUSE_DATABASE: 'portal_bench_impact' }));
  for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.command(raw('DROP DATABASE IF EXISTS portal_bench_impact'), shard);
  t = performance.now();
  await store.start(db);
  console.log(`taken into the ClickHouse cluster in ${ms(performance.now() - t)}`);
  await impactThrough('the ClickHouse cluster', store, db);
}
await db.close();
if (sink < 0) console.log(sink);
