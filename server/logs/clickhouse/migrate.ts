/**
 * Versioned ClickHouse migrations (migrations/NNN_name.sql), applied on every shard in order and recorded there in
 * `log_store_migrations`. `{db}` and `{cluster}` in a file are the configured database and cluster; statements end
 * with `;` at the end of a line. A statement naming `{kind}` is run once for each kind the cluster stores.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { raw, sql } from './bind';
import type { ClickHouse } from './client';
import { CLUSTER_KINDS } from './columns';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
}

/** The migrations up to `upTo` (all by default), in order, with the names filled in. */
export function migrations(database: string, cluster: string, upTo = Infinity): Migration[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      statements: readFileSync(join(DIR, file), 'utf8')
        .replace(/^--.*$/gm, '')
        .replaceAll('{db}', database)
        .replaceAll('{cluster}', cluster)
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean)
        .flatMap((s) => (s.includes('{kind}') ? CLUSTER_KINDS.map((kind) => s.replaceAll('{kind}', kind)) : [s])),
    }))
    .filter((m) => m.version <= upTo);
}

/** Applies the migrations not yet recorded, on every shard; answers the versions applied (per shard, the last one). */
export async function migrateClickHouse(ch: ClickHouse, upTo = Infinity): Promise<number> {
  const db = ch.config.database;
  let version = 0;
  for (let shard = 0; shard < ch.shardCount; shard++) {
    await ch.command(raw(`CREATE DATABASE IF NOT EXISTS ${db}`), shard);
    await ch.command(raw(`CREATE TABLE IF NOT EXISTS ${db}.log_store_migrations (version UInt32, name String, applied DateTime DEFAULT now()) ENGINE = TinyLog`), shard);
    const rows = await ch.rows<{ v: number }>(raw(`SELECT max(version) AS v FROM ${db}.log_store_migrations`), { shard });
    const done = Number(rows[0]?.v ?? 0);
    for (const m of migrations(db, ch.config.cluster, upTo)) {
      if (m.version <= done) continue;
      for (const s of m.statements) await ch.command(raw(s), shard);
      await ch.command(sql`INSERT INTO ${raw(db)}.log_store_migrations (version, name) VALUES (${m.version}, ${m.name})`, shard);
    }
    version = Math.max(done, ...migrations(db, ch.config.cluster, upTo).map((m) => m.version));
  }
  return version;
}
