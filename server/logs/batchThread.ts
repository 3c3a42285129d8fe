/**
 * The seeding's events made on a thread of their own: generating a million events and writing them as JSON takes
 * several seconds of processor time, which on PGlite (a database on the main thread) would come on top of the
 * load; on its own thread it runs beside the load on the machine's other core. The thread keeps at most AHEAD
 * batches ready, so memory stays that of a few batches.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { LogType } from '../../schemas/logs';
import { generateLogBatches, type GeneratorPlan } from './generator';

/** A batch as the database takes it: the events' times in ascending order, and the events as JSON lines. */
export interface EncodedBatch {
  readonly logType: LogType;
  readonly ts: readonly number[];
  /** One JSON text per event, joined by newlines (JSON.stringify never writes a raw newline). */
  readonly lines: string;
}

/** Batches the thread prepares before the load has taken them. */
const AHEAD = 3;
const ROLE = 'log-batches';

/** A plan's batches, encoded: what generateLogBatches yields, made ready for insertion. */
export function* encodedBatches(plan: GeneratorPlan): Generator<EncodedBatch> {
  for (const { logType, rows } of generateLogBatches(plan)) {
    yield { logType, ts: rows.map((r) => r[0]), lines: rows.map((r) => JSON.stringify(r[1])).join('\n') };
  }
}

type FromThread = { batch: EncodedBatch } | { done: true } | { error: string };

/**
 * The batches of `plan` in order, made on a worker thread. The thread is a TypeScript module: a plain-JavaScript
 * entry loads it through tsx, which also runs the server.
 */
export async function* threadedBatches(plan: GeneratorPlan): AsyncGenerator<EncodedBatch> {
  const thread = new Worker(
    `const { module } = require('node:worker_threads').workerData;
     import('tsx/esm/api').then(({ tsImport }) => tsImport(module, module));`,
    { eval: true, workerData: { role: ROLE, module: import.meta.url, plan } },
  );
  const received: FromThread[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  const arrived = () => {
    wake?.();
    wake = undefined;
  };
  thread.on('message', (m: FromThread) => {
    received.push(m);
    arrived();
  });
  thread.on('error', (e) => {
    failure = e;
    arrived();
  });
  thread.on('exit', (code) => {
    failure ??= code === 0 ? undefined : new Error(`The thread making the demo events stopped (exit code ${code}).`);
    if (!received.length) received.push({ error: failure?.message ?? 'The thread making the demo events stopped.' });
    arrived();
  });
  try {
    for (;;) {
      while (!received.length && !failure) await new Promise<void>((r) => (wake = r));
      const next = received.shift();
      if (!next) throw failure!;
      if ('error' in next) throw failure ?? new Error(next.error);
      if ('done' in next) return;
      thread.postMessage('more');
      yield next.batch;
    }
  } finally {
    await thread.terminate();
  }
}

/** The thread's side: AHEAD batches at once, then one more each time the load has taken one. */
function serve(plan: GeneratorPlan): void {
  const port = parentPort!;
  const batches = encodedBatches(plan);
  const send = () => {
    try {
      const next = batches.next();
      port.postMessage(next.done ? ({ done: true } satisfies FromThread) : ({ batch: next.value } satisfies FromThread));
    } catch (e) {
      port.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies FromThread);
    }
  };
  port.on('message', send);
  for (let i = 0; i < AHEAD; i++) send();
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) serve((workerData as { plan: GeneratorPlan }).plan);
