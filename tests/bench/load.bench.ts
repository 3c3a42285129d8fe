/**
 * `npm run bench:load`: 100 keep-alive connections read policy and logs (the log page as the portal asks for it,
 * `interval=7d&limit=50`, among them) while one editor saves, for LOAD_SECONDS (default 30), against a server on
 * PGlite (temporary folder) and on PostgreSQL when DATABASE_URL is set. Prints p50 / p99 / max latency, requests over
 * 2 s and time-outs (no answer within 20 s) per store, and p99 / max of each call; fails on any error or time-out, or
 * on PGlite on any request over 2 s.
 *
 * LOAD_SEED=full measures against the demo's million log events instead of the small seed; LOAD_DATA_DIR names a
 * PGlite folder prepared before (seeded once by a start of the server) whose copy each run uses, so that a run does
 * not spend minutes seeding.
 *
 * The server runs in its own process (`server/main.ts`), as in production: a load generator sharing the server's event
 * loop measures its own queueing (a first wave of 100 connections then waits seconds on the generator's side while the
 * server answers each within milliseconds). The generator is a small loopback client on fetch (keep-alive) instead of
 * autocannon, which the project does not ship.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { resetPostgres } from '../setup/start-server';
import { signIn, startServerProcess } from './harness/serverProcess';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const SEED = process.env.LOAD_SEED ?? 'small';
const PREPARED = process.env.LOAD_DATA_DIR;
const SLOW_MS = 2000;
/** A request not answered within this is a time-out (the probe's client gave up at 20 s). */
const TIMEOUT_MS = 20_000;

interface Figures {
  store: string;
  reads: number;
  saves: number;
  errors: number;
  timeouts: number;
  slow: number;
  p50: number;
  p99: number;
  max: number;
  saveP50: number;
  saveMax: number;
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function run(store: string, vars: Record<string, string | undefined>): Promise<Figures> {
  const server = await startServerProcess({ PORTAL_SEED: SEED, ...vars });
  try {
    const headers = await signIn(server.url);
    const rev = ((await (await fetch(`${server.url}/api/policy/v1/rules`, { headers })).json()) as { staged_rev_id: number }).staged_rev_id;
    const end = Math.floor(Date.now() / 1000);
    const reads = [
      `/api/policy/v1/rules/sslbump_bypass/${rev}`,
      '/api/policy/v1/rules',
      `/api/rep/v1/query/web?start=${end - 7 * 86_400}&end=${end}`,
      `/api/rep/v1/query/audit?start=${end - 7 * 86_400}&end=${end}`,
      '/api/rep/v1/query/web?interval=7d&limit=50',
    ];
    const latencies: number[] = [];
    const saveLatencies: number[] = [];
    const byCall = new Map<string, number[]>();
    let errors = 0;
    let timeouts = 0;
    const until = Date.now() + SECONDS * 1000;
    const started = performance.now();
    /** When (seconds into the run) each request over SLOW_MS was sent. */
    const slowStarts: number[] = [];
    const timed = async (path: string, init: RequestInit, into: number[]) => {
      const t0 = performance.now();
      try {
        const res = await fetch(server.url + path, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.arrayBuffer();
        if (res.status >= 400 && !(res.status === 409 && init.method === 'PUT')) errors++;
      } catch (e) {
        if ((e as Error).name === 'TimeoutError') timeouts++;
        else errors++;
      }
      const took = performance.now() - t0;
      into.push(took);
      if (took > SLOW_MS) slowStarts.push(Math.round((t0 - started) / 100) / 10);
      const key = `${init.method ?? 'GET'} ${path.includes('interval=') ? path : path.split('?')[0]}`;
      if (!byCall.has(key)) byCall.set(key, []);
      byCall.get(key)!.push(took);
    };
    const reader = async (n: number) => {
      for (let i = n; Date.now() < until; i++) await timed(reads[i % reads.length]!, { headers }, latencies);
    };
    const editor = async () => {
      for (let i = 0; Date.now() < until; i++) {
        const doc = (await (await fetch(`${server.url}/api/policy/v1/rules/sslbump_bypass/${rev}`, { headers })).json()) as { list: unknown[] };
        const body = { ...doc, list: [...doc.list.slice(-50), { id: `load-${i}`, destination: `load-${i}.example.com`, comment: '', enabled: true }] };
        await timed(`/api/policy/v1/rules/sslbump_bypass/${rev}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }, saveLatencies);
      }
    };
    await Promise.all([...Array.from({ length: CONNECTIONS }, (_, n) => reader(n)), editor()]);
    if (slowStarts.length > 0) console.log(`${store}: requests over ${SLOW_MS} ms were sent ${Math.min(...slowStarts)}–${Math.max(...slowStarts)} s into the run`);
    console.log(`${store}: p99 / max per call:`);
    console.table(
      Object.fromEntries(
        [...byCall].map(([k, v]) => {
          const sorted = v.sort((a, b) => a - b);
          return [k, { requests: v.length, p99: `${Math.round(quantile(sorted, 0.99))} ms`, max: `${Math.round(sorted.at(-1) ?? 0)} ms` }];
        }),
      ),
    );
    latencies.sort((a, b) => a - b);
    saveLatencies.sort((a, b) => a - b);
    return {
      store,
      reads: latencies.length,
      saves: saveLatencies.length,
      errors,
      timeouts,
      slow: [...latencies, ...saveLatencies].filter((t) => t > SLOW_MS).length,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
      saveP50: quantile(saveLatencies, 0.5),
      saveMax: saveLatencies.at(-1) ?? 0,
    };
  } finally {
    await server.close();
  }
}

const results: Figures[] = [];
const dir = mkdtempSync(join(tmpdir(), 'portal-load-'));
if (PREPARED) cpSync(PREPARED, dir, { recursive: true });
try {
  results.push(await run('PGlite', { DATA_DIR: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  await resetPostgres(process.env.DATABASE_URL);
  results.push(await run('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }));
}

const ms = (v: number) => `${Math.round(v)} ms`;
console.log(
  `${CONNECTIONS} readers + 1 editor, ${SECONDS} s, ${SEED} seed, server in its own process, ${cpus().length} CPUs, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `load average ${loadavg()[0]!.toFixed(1)} at the end, ${new Date().toISOString()}`,
);
console.table(
  results.map((r) => ({
    store: r.store,
    'reads/s': Math.round(r.reads / SECONDS),
    'read p50': ms(r.p50),
    'read p99': ms(r.p99),
    'read max': ms(r.max),
    saves: r.saves,
    'save p50': ms(r.saveP50),
    'save max': ms(r.saveMax),
    'over 2 s': r.slow,
    'time-outs': r.timeouts,
    errors: r.errors,
  })),
);
const failures = results.flatMap((r) => [
  ...(r.errors > 0 ? [`${r.store}: ${r.errors} errors`] : []),
  ...(r.timeouts > 0 ? [`${r.store}: ${r.timeouts} time-outs`] : []),
  ...(r.store === 'PGlite' && Math.max(r.max, r.saveMax) > SLOW_MS ? [`${r.store}: a request took ${ms(Math.max(r.max, r.saveMax))} (limit ${SLOW_MS} ms)`] : []),
]);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
