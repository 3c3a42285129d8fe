/** The shared store: PostgreSQL through a node-postgres pool, for several server processes against one database. */
import pg from 'pg';
import type { Db } from '../types';

const INT8_OID = 20;

// PGlite answers bigint columns as numbers; node-postgres as strings. Numbers on both keep handlers store-agnostic
// (epoch-millisecond timestamps and sequence values stay far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function clientDb(client: pg.PoolClient): Db {
  const db: Db = {
    kind: 'postgres',
    query: async <R>(text: string, params?: readonly unknown[]) => ({
      rows: (await client.query(text, params ? [...params] : undefined)).rows as R[],
    }),
    exec: async (text) => void (await client.query(text)),
    transaction: (fn) => fn(db),
    close: async () => {
      throw new Error('close() is not available inside a transaction');
    },
  };
  return db;
}

/** Opens a pool on `connectionString`. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: async <R>(text: string, params?: readonly unknown[]) => ({
      rows: (await pool.query(text, params ? [...params] : undefined)).rows as R[],
    }),
    exec: async (text) => void (await pool.query(text)),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
