/**
 * Ingestion benchmark: BENCH_INGEST_EVENTS web events (default 200,000) sent through the ingestion call in NDJSON
 * batches of BENCH_INGEST_BATCH (default 5,000) by BENCH_INGEST_SENDERS appliances at once (default 2), to a test
 * server on PGlite with the small demo seed (or on DATABASE_URL; with LOG_STORE=clickhouse and CLICKHOUSE_URL its logs
 * on the cluster). The events are spread in time order over the last BENCH_INGEST_HOURS hours (default 2), as
 * appliances would send them; with BENCH_INGEST_GZIP=1 each batch is sent compressed (Content-Encoding: gzip, compressed
 * before the clock starts). A 429 is retried after its Retry-After. Prints events/s acknowledged (each batch
 * answered once committed: with its rollups on SQL, to the ingest queue on ClickHouse) and events/s stored (until a
 * report, which waits for what was acknowledged, counts them all), batch latency p50 / p95, the processor time per
 * event of this process and of the machine's ClickHouse servers (then again once their merges are done; with
 * CLICKHOUSE_USER_ORDER=0 without the copy of the events in the users' order), and checks that the report counts every
 * event. With BENCH_INGEST_READS=1 a reader asks for that report once a second while the senders send, and its answers
 * are printed (a read waits for what was acknowledged before it: on ClickHouse, 503 if that takes longer than the
 * read's wait).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { INGEST_PATH, ingestAuth, ndjson, webEvent } from '../api/ingestEvents';
import { ApiClient } from '../api/helpers';
import { startTestServer } from '../setup/start-server';

const TOTAL = Number(process.env.BENCH_INGEST_EVENTS ?? 200_000);
const BATCH = Number(process.env.BENCH_INGEST_BATCH ?? 5_000);
const SENDERS = Number(process.env.BENCH_INGEST_SENDERS ?? 2);
const HOURS = Number(process.env.BENCH_INGEST_HOURS ?? 2);
const GZIP = process.env.BENCH_INGEST_GZIP === '1';
const READS = process.env.BENCH_INGEST_READS === '1';

/** Processor seconds of this machine's ClickHouse servers so far (user and system, from /proc); 0 where there is none. */
function clickHouseSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(clickhouse-serv)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}

/**
 * Resolves once no merge has run for a second on the ClickHouse servers of CLICKHOUSE_URL (the local shards by
 * default): from then on their processor time includes the merges of the parts the inserts made.
 */
async function mergesDone(): Promise<void> {
  const urls = (process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:18123,http://127.0.0.1:18124').split(',');
  const merging = async (url: string) => Number((await (await fetch(`${url}/?query=${encodeURIComponent('SELECT count() FROM system.merges')}`)).text()).trim());
  for (let quiet = 0; quiet < 2; ) {
    quiet = (await Promise.all(urls.map(merging))).every((n) => n === 0) ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const server = await startTestServer();
try {
  const admin = new ApiClient(server.url);
  if ((await admin.login('admin', 'admin-demo')).status !== 200) throw new Error('sign-in failed');
  const made = await admin.post('/api/settings/v1/tenants/ingestion_tokens', { body: { name: 'bench appliance' } });
  const auth = ingestAuth(made.body.secret as string);
  const domain = `bench-${Date.now()}.example`;
  const end = Date.now() - 1000;
  const start = end - HOURS * 3_600_000;
  const batches = Math.ceil(TOTAL / BATCH);
  const bodies = [...Array(batches)].map((_, b) => {
    const n = Math.min(BATCH, TOTAL - b * BATCH);
    const text = ndjson([...Array(n)].map((__, i) => webEvent(start + Math.floor(((b * BATCH + i) / TOTAL) * (end - start)), domain, `${b}-${i}`))).data;
    return GZIP ? gzipSync(text) : text;
  });
  const headers = { ...auth, 'content-type': 'application/x-ndjson', ...(GZIP ? { 'content-encoding': 'gzip' } : {}) };
  const latencies: number[] = [];
  let retries = 0;
  let next = 0;
  const sender = async () => {
    for (let b = next++; b < batches; b = next++) {
      for (;;) {
        const t0 = performance.now();
        const res = await fetch(server.url + INGEST_PATH('web'), { method: 'POST', headers, body: bodies[b] });
        if (res.status === 429) {
          retries++;
          await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        if (res.status !== 200) throw new Error(`batch ${b}: ${res.status} ${await res.text()}`);
        latencies.push(performance.now() - t0);
        break;
      }
    }
  };
  const reportPath = `/api/rep/v1/query/top_domains?start=${Math.floor(start / 1000) - 3600}&end=${Math.ceil(end / 1000) + 60}`;
  const reads: { status: number; ms: number }[] = [];
  let sending = true;
  const reader = async () => {
    while (sending) {
      const r0 = performance.now();
      const { status } = await admin.get(reportPath);
      reads.push({ status, ms: performance.now() - r0 });
      await new Promise((r) => setTimeout(r, 1_000));
    }
  };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const ch0 = clickHouseSeconds();
  const reading = READS ? reader() : undefined;
  await Promise.all([...Array(SENDERS)].map(sender));
  const seconds = (performance.now() - t0) / 1000;
  sending = false;
  await reading;
  const report = await admin.get(reportPath);
  const storedSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const perEvent = (s: number) => ((s * 1e6) / TOTAL).toFixed(0);
  const counted = (report.body.data as { key: string; value: number }[]).find((d) => d.key === domain)?.value;
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!.toFixed(0);
  const p = (q: number) => quantile(latencies, q);
  const logStore = process.env.LOG_STORE === 'clickhouse' ? 'ClickHouse' : process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`log store: ${logStore}; ${TOTAL.toLocaleString('en')} web events in batches of ${BATCH.toLocaleString('en')}${GZIP ? ' (gzip)' : ''}, ${SENDERS} senders, over ${HOURS} h`);
  console.log(`acknowledged: ${Math.round(TOTAL / seconds).toLocaleString('en')} events/s (${seconds.toFixed(1)} s); batch p50 ${p(0.5)} ms, p95 ${p(0.95)} ms; 429 retries ${retries}`);
  console.log(`stored (a report counting them all): ${Math.round(TOTAL / storedSeconds).toLocaleString('en')} events/s (${storedSeconds.toFixed(1)} s)`);
  console.log(
    `processor time per event: ${perEvent((cpu.user + cpu.system) / 1e6)} µs in this process (the server, and the senders' fetch calls)` +
      (process.env.LOG_STORE === 'clickhouse' ? `, ${perEvent(clickHouseSeconds() - ch0)} µs in this machine's ClickHouse servers` : ''),
  );
  if (process.env.LOG_STORE === 'clickhouse') {
    await mergesDone();
    console.log(`the ClickHouse servers' processor time per event once no merge ran: ${perEvent(clickHouseSeconds() - ch0)} µs (${((performance.now() - t0) / 1000).toFixed(1)} s after the first batch)`);
  }
  if (READS) {
    const answered = reads.filter((r) => r.status === 200).map((r) => r.ms);
    const others = reads.filter((r) => r.status !== 200).map((r) => r.status);
    console.log(
      `reads while sending: ${reads.length}, ${answered.length} answered 200` +
        (answered.length ? ` (p50 ${quantile(answered, 0.5)} ms, p95 ${quantile(answered, 0.95)} ms, most ${Math.max(...answered).toFixed(0)} ms)` : '') +
        (others.length ? `; others: ${[...new Set(others)].map((st) => `${others.filter((o) => o === st).length} × ${st}`).join(', ')}` : ''),
    );
  }
  console.log(`report top_domains counts ${counted?.toLocaleString('en') ?? 'none'} of them`);
  if (counted !== TOTAL) throw new Error(`the report counts ${counted}, not ${TOTAL}`);
} finally {
  await server.close();
}
