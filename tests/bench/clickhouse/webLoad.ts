/**
 * The logstore bench's load path for web events alone: N (default 400,000) events of all kinds' mix are generated and
 * the web ones passed to ClickHouseLogStore.ingest in this process, batches of 20,000, two in flight, a 429 or 503 sent again
 * after its Retry-After, until a read has waited for them all; into a scratch database `portal_webload` of the cluster at
 * CLICKHOUSE_URL, dropped before and after. Prints events/s and this process's processor time per event. Run from the
 * project's root: `node --max-semi-space-size=64 --import tsx tests/bench/clickhouse/webLoad.ts`.
 */
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { raw } from '../../../server/logs/clickhouse/bind';
import { clickHouseConfig } from '../../../server/logs/clickhouse/client';
import { ClickHouseLogStore } from '../../../server/logs/clickhouse/store';
import { generateLogBatches } from '../../../server/logs/generator';
import { retried } from '../harness/retried';

const N = Number(process.env.N ?? 400_000);
const DATABASE = 'portal_webload';
const db = await openPglite();
await migrate(db);
const store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:18123,http://127.0.0.1:18124', CLICKHOUSE_DATABASE: DATABASE }));
const drop = async () => {
  for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.command(raw(`DROP DATABASE IF EXISTS ${DATABASE}`), shard);
};
await drop();
await store.start(db);
await db.query("INSERT INTO tenants (id, name) VALUES ('w', 'w') ON CONFLICT (id) DO NOTHING");
const now = Date.now();
const cpu = process.cpuUsage();
const started = performance.now();
const inFlight = new Set<Promise<void>>();
let n = 0;
for (const { logType, rows } of generateLogBatches({ tenantName: 'w', admins: ['admin'], total: N, now, days: 30, seed: 7, kinds: ['web'] }, 20_000)) {
  const events = rows.map(([ts, event]) => ({ ts, event }));
  const p: Promise<void> = retried(() => store.ingest(db, 'w', logType, events)).then(() => void inFlight.delete(p));
  n += rows.length;
  inFlight.add(p);
  if (inFlight.size >= 2) await Promise.race(inFlight);
}
await Promise.all(inFlight);
await retried(() => store.eventCount(db, 'w', 'web', now, now));
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
console.log(`${n.toLocaleString('en')} web events stored in ${seconds.toFixed(1)} s: ${Math.round(n / seconds).toLocaleString('en')} events/s; this process ${((used.user + used.system) / n).toFixed(0)} µs an event`);
await store.close();
await drop();
await db.close();
