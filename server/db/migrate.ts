/**
 * Applies the plain-SQL migrations of `server/db/migrations` (`NNN_name.sql`, in name order) that are not yet recorded
 * in `schema_migrations`. The same files serve PGlite and PostgreSQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../types';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const FILE = /^\d{3}_[a-z0-9_]+\.sql$/;
// Any constant works; it only has to be the same in every server process sharing one database.
const MIGRATION_LOCK = 727_001;

/** The migration files in the order they apply. Throws on a misnamed file or a repeated number. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  const names = readdirSync(dir).filter((n) => n.endsWith('.sql')).sort();
  const bad = names.filter((n) => !FILE.test(n));
  if (bad.length) throw new Error(`Migration files must be named NNN_name.sql: ${bad.join(', ')}`);
  const numbers = names.map((n) => n.slice(0, 3));
  const repeated = numbers.filter((n, i) => numbers.indexOf(n) !== i);
  if (repeated.length) throw new Error(`Two migrations share a number: ${repeated.join(', ')}`);
  return names;
}

/** Applies pending migrations in one transaction; returns the names applied. Safe with several processes at once. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.exec(readFileSync(join(dir, name), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}
