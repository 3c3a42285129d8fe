/* global process, fetch, performance, console */
// What each materialized view on the web ingest table costs an insert, on one shard. Copies the tables and views of a
// kept logstore load (database portal_bench: `BENCH_INGEST_ONLY=1 npm run bench -- logstore` first) into a scratch
// database `view_cost` on the shard at SHARD (default http://127.0.0.1:18124), takes N (default 50,000) of its oldest
// web events into a Memory table, and inserts them into the web ingest table with every view, with each view dropped in
// turn, and with none, ROUNDS times (default 3) in the same order. Prints each case's median and times, and what
// leaving a view out saves per event. Drops the scratch database at the end.
const SHARD = process.env.SHARD ?? 'http://127.0.0.1:18124';
const N = Number(process.env.N ?? 50_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DB = 'view_cost';

async function q(statement) {
  const r = await fetch(`${SHARD}/?max_query_size=67108864`, { method: 'POST', body: statement });
  const text = await r.text();
  if (!r.ok) throw new Error(`${text.slice(0, 500)}\n${statement.slice(0, 200)}`);
  return text;
}
const rows = async (s) => (await q(`${s} FORMAT JSONEachRow`)).split('\n').filter(Boolean).map((l) => JSON.parse(l));
const here = (c) => c.replaceAll('portal_bench.', `${DB}.`);

await q(`DROP DATABASE IF EXISTS ${DB}`);
await q(`CREATE DATABASE ${DB}`);
const tables = await rows(`SELECT name, engine, create_table_query AS c FROM system.tables WHERE database = 'portal_bench' AND engine NOT IN ('Distributed', 'TinyLog')`);
for (const t of tables.filter((t) => t.engine !== 'MaterializedView')) await q(here(t.c));
const views = tables.filter((t) => t.engine === 'MaterializedView' && t.c.includes('FROM portal_bench.ingest_web_local'));
for (const v of views) await q(here(v.c));
const columns = (await rows('DESCRIBE TABLE portal_bench.ingest_web_local')).map((r) => r.name).join(', ');
await q(`CREATE TABLE ${DB}.sample ENGINE = Memory AS SELECT ${columns} FROM portal_bench.log_events_local WHERE log_type = 'web' ORDER BY ts LIMIT ${N}`);
const target = (v) => v.c.match(/ TO portal_bench\.(\w+)/)?.[1] ?? v.name;
const cases = [{ name: 'every view', off: [] }, ...views.map((v) => ({ name: `without ${target(v)}`, off: [v] })), { name: 'no view', off: views }];
const times = new Map(cases.map((c) => [c.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    for (const v of c.off) await q(`DROP TABLE ${DB}.${v.name}`);
    const t = performance.now();
    await q(`INSERT INTO ${DB}.ingest_web_local SELECT * FROM ${DB}.sample`);
    times.get(c.name).push(performance.now() - t);
    for (const v of c.off) await q(here(v.c));
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const all = median(times.get('every view'));
console.log(`${N.toLocaleString('en')} web events an insert, ${ROUNDS} rounds, shard ${SHARD}`);
for (const c of cases) {
  const m = median(times.get(c.name));
  console.log(`${c.name.padEnd(32)} median ${m.toFixed(0).padStart(6)} ms (${times.get(c.name).map((x) => x.toFixed(0)).join(', ')}); saves ${(((all - m) / N) * 1000).toFixed(1)} µs an event`);
}
await q(`DROP DATABASE ${DB}`);
