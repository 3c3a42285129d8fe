/** The embedded store: PGlite, in a data folder (or in memory when no folder is given). */
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from '../types';

function txDb(tx: Transaction): Db {
  const db: Db = {
    kind: 'pglite',
    query: async <R>(text: string, params?: readonly unknown[]) => ({ rows: (await tx.query<R>(text, params ? [...params] : undefined)).rows }),
    exec: async (text) => void (await tx.exec(text)),
    // Already inside the one transaction: nested calls join it.
    transaction: (fn) => fn(db),
    close: async () => {
      throw new Error('close() is not available inside a transaction');
    },
  };
  return db;
}

/** Opens PGlite on `dataDir` (created when missing), or an in-memory database when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  return {
    kind: 'pglite',
    query: async <R>(text: string, params?: readonly unknown[]) => ({ rows: (await pg.query<R>(text, params ? [...params] : undefined)).rows }),
    exec: async (text) => void (await pg.exec(text)),
    transaction: (fn) => pg.transaction((tx) => fn(txDb(tx))),
    close: () => pg.close(),
  };
}
