/** The embedded store: PGlite, in a data folder (or in memory when no folder is given). */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from '../types';
import { PriorityQueue } from './queue';

/** What every view of a PGlite store says of it. */
const PGLITE = { kind: 'pglite', autovacuum: false } as const;

function txDb(tx: Transaction): Db {
  const db: Db = {
    ...PGLITE,
    query: async <R>(text: string, params?: readonly unknown[]) => ({ rows: (await tx.query<R>(text, params ? [...params] : undefined)).rows }),
    exec: async (text) => void (await tx.exec(text)),
    // Already inside the one transaction: nested calls join it.
    transaction: (fn) => fn(db),
    // Inside a transaction the connection is already this caller's.
    heavy: () => db,
    close: async () => {
      throw new Error('close() is not available inside a transaction');
    },
  };
  return db;
}

/**
 * Identical plain reads waiting at the same time run once (PriorityQueue's `share`): a SELECT without a locking clause
 * or a function that could change something. Anything else runs as its own job.
 */
const READ_ONLY = /^\s*select\b(?![\s\S]*\b(for\s+(update|share|no\s+key|key)|nextval|setval|pg_advisory|set_config)\b)/i;
const shareKey = (text: string, params?: readonly unknown[]): string | undefined => {
  if (!READ_ONLY.test(text)) return undefined;
  try {
    return `${text}\u0000${JSON.stringify(params ?? [])}`;
  } catch {
    return undefined;
  }
};

// One embedded process, nothing to replicate: the least WAL, so that a bulk load into tables emptied in the same
// transaction (the first start's seeding) skips it.
const PGLITE_OPTIONS = { postgresqlconf: ['wal_level = minimal', 'max_wal_senders = 0'] };

/**
 * The data folder of this process's first in-memory database as it was created, before anything was written to it.
 * Creating a cluster (initdb, in WebAssembly) took 16–18 s on a loaded 2-core machine, loading this copy 2–3.5 s:
 * a process that opens many in-memory databases (the tests) creates one.
 */
let freshCluster: Promise<Blob> | undefined;

/** A new in-memory database: a copy of the fresh cluster, once this process has one. */
async function inMemory(): Promise<PGlite> {
  const copy = await freshCluster?.catch(() => undefined);
  if (copy) return new PGlite({ ...PGLITE_OPTIONS, loadDataDir: copy });
  // The first (or, after a failed copy, the next) creates the cluster, and copies it before anything is written.
  const pg = new PGlite(PGLITE_OPTIONS);
  const dump = pg.waitReady.then(() => pg.dumpDataDir('none'));
  freshCluster = dump;
  await dump.catch(() => undefined);
  return pg;
}

/**
 * Opens PGlite on `dataDir` (created when missing), or an in-memory database when `dataDir` is undefined. Every call
 * takes its turn in a PriorityQueue: `heavy(signal)` gives the view whose queries wait behind interactive ones.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir, PGLITE_OPTIONS) : await inMemory();
  await pg.waitReady;
  const queue = new PriorityQueue();
  const view = (heavy: boolean, signal?: AbortSignal): Db => ({
    ...PGLITE,
    query: <R>(text: string, params?: readonly unknown[]) =>
      queue.schedule(async () => ({ rows: (await pg.query<R>(text, params ? [...params] : undefined)).rows }), heavy, signal, shareKey(text, params)),
    exec: (text) => queue.schedule(async () => void (await pg.exec(text)), heavy, signal),
    transaction: (fn) => queue.schedule(() => pg.transaction((tx) => fn(txDb(tx))), heavy, signal),
    heavy: (s) => view(true, s),
    close: () => pg.close(),
  });
  return view(false);
}
