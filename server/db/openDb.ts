/** Chooses the store: PostgreSQL when a connection string is given, PGlite in the data folder otherwise. */
import type { Db } from '../types';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
