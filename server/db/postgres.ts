/** The shared store: PostgreSQL through a node-postgres pool, for several server processes against one database. */
import pg from 'pg';
import type { Db } from '../types';
import { QueryAbortedError } from './queue';

const INT8_OID = 20;

// PGlite answers bigint columns as numbers; node-postgres as strings. Numbers on both keep handlers store-agnostic
// (epoch-millisecond timestamps and sequence values stay far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** What every view of a PostgreSQL store says of it. */
const POSTGRES = { kind: 'postgres', autovacuum: true } as const;

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    ...POSTGRES,
    query: async <R>(text: string, params?: readonly unknown[]) => ({
      rows: (await client.query(text, params ? [...params] : undefined)).rows as R[],
    }),
    exec: async (text) => void (await client.query(text)),
    transaction: (fn) => fn(db),
    heavy: () => db,
    close: async () => {
      throw new Error('close() is not available inside a transaction');
    },
  };
  return db;
}

/** Runs `work` on its own client of `pool`; an abort of `signal` cancels the client's query on the server. */
async function onClient<T>(pool: pg.Pool, signal: AbortSignal | undefined, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (signal?.aborted) throw new QueryAbortedError();
  const client = await pool.connect();
  const pid = (client as unknown as { processID: number }).processID;
  const cancel = () => void pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    if (signal?.aborted) throw new QueryAbortedError();
    return await work(client);
  } catch (err) {
    throw signal?.aborted ? new QueryAbortedError() : err;
  } finally {
    signal?.removeEventListener('abort', cancel);
    client.release();
  }
}

/** Runs one query on its own client of `pool`, cancelled on the server by an abort of `signal`. */
const cancellable = <R>(pool: pg.Pool, text: string, params: readonly unknown[] | undefined, signal?: AbortSignal): Promise<{ rows: R[] }> =>
  onClient(pool, signal, async (client) => ({ rows: (await client.query(text, params ? [...params] : undefined)).rows as R[] }));

/** Runs fn inside one transaction on its own client of `pool`, cancelled on the server by an abort of `signal`. */
const inTransaction = <T>(pool: pg.Pool, fn: (tx: Db) => Promise<T>, signal?: AbortSignal): Promise<T> =>
  onClient(pool, signal, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await fn(clientDb(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });

/**
 * Opens a pool on `connectionString`, and a second, smaller one for heavy reads, so that reports and log pages can
 * never take every connection from sign-ins, reads and saves.
 */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  const heavyPool = new pg.Pool({ connectionString, types, max: 6 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  for (const p of [pool, heavyPool]) p.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  await pool.query('SELECT 1');
  const db: Db = {
    ...POSTGRES,
    query: async <R>(text: string, params?: readonly unknown[]) => ({
      rows: (await pool.query(text, params ? [...params] : undefined)).rows as R[],
    }),
    exec: async (text) => void (await pool.query(text)),
    transaction: (fn) => inTransaction(pool, fn),
    heavy: (signal) => ({
      ...db,
      query: <R>(text: string, params?: readonly unknown[]) => cancellable<R>(heavyPool, text, params, signal),
      transaction: (fn) => inTransaction(heavyPool, fn, signal),
      heavy: (s) => db.heavy(s ?? signal),
    }),
    close: async () => {
      await Promise.all([pool.end(), heavyPool.end()]);
    },
  };
  return db;
}
