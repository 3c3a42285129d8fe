/**
 * Versioned ClickHouse migrations (migrations/NNN_name.sql), applied on every shard in order and recorded there in
 * `log_store_migrations`. `{db}` and `{cluster}` in a file are the configured database and cluster; statements end
 * with `;` at the end of a line. A statement naming `{kind}` is run once for each kind the cluster stores.
 * `REBUILD TABLE {db}.name SETTINGS …` is not ClickHouse's: the table made again with those settings (which 18.16
 * cannot alter), its rows copied (see rebuild).
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
      for (const s of m.statements) {
        const rebuilt = REBUILD.exec(s);
        await (rebuilt ? rebuild(ch, shard, rebuilt[1]!, rebuilt[2]!, rebuilt[3]!) : ch.command(raw(s), shard));
      }
      await ch.command(sql`INSERT INTO ${raw(db)}.log_store_migrations (version, name) VALUES (${m.version}, ${m.name})`, shard);
    }
    version = Math.max(done, ...migrations(db, ch.config.cluster, upTo).map((m) => m.version));
  }
  return version;
}

const REBUILD = /^REBUILD TABLE (\w+)\.(\w+) SETTINGS (.+)$/s;

/**
 * A shard's `db.table` made again with `settings` (`name = value, …`), its rows copied: the copy is built beside it
 * (`table_rebuilt`), swapped in by one RENAME, and the table it replaced (`table_replaced`) dropped last. Safe to run
 * again after it was cut off at any point: a table already at the settings is left as it is; a swap cut off half-way
 * (the table renamed, its copy not yet) is finished, the copy being whole before the swap began. The views writing into
 * the table write into its copy after the swap, as they name it. Rows a view writes between the copy and the swap are
 * not in the copy: like every migration it runs at a server's start before that server stores events; servers that
 * store events meanwhile are to be stopped for it.
 */
export async function rebuild(ch: ClickHouse, shard: number, db: string, table: string, settings: string): Promise<void> {
  const [copy, replaced] = [`${table}_rebuilt`, `${table}_replaced`];
  const run = (statement: string) => ch.command(raw(statement), shard);
  const definition = async () =>
    (await ch.rows<{ query: string }>(sql`SELECT create_table_query AS query FROM system.tables WHERE database = ${db} AND name = ${table}`, { shard }))[0]?.query;
  let query = await definition();
  if (query === undefined) {
    await run(`RENAME TABLE ${db}.${copy} TO ${db}.${table}`);
    query = (await definition())!;
  }
  const list = (text: string | undefined) => (text ? text.split(',').map((x) => x.trim().replace(/\s*=\s*/, ' = ')) : []);
  const nameOf = (setting: string) => setting.split(' = ')[0];
  const wanted = list(settings);
  const current = /\sSETTINGS\s+(.*)$/s.exec(query);
  const has = list(current?.[1]);
  if (!wanted.every((x) => has.includes(x))) {
    await run(`DROP TABLE IF EXISTS ${db}.${copy}`);
    const named = query.replace(`${db}.${table} `, `${db}.${copy} `);
    const kept = has.filter((x) => !wanted.some((w) => nameOf(w) === nameOf(x)));
    await run(`${current ? named.slice(0, named.length - current[0].length) : named} SETTINGS ${[...kept, ...wanted].join(', ')}`);
    await run(`INSERT INTO ${db}.${copy} SELECT * FROM ${db}.${table}`);
    await run(`DROP TABLE IF EXISTS ${db}.${replaced}`);
    await run(`RENAME TABLE ${db}.${table} TO ${db}.${replaced}, ${db}.${copy} TO ${db}.${table}`);
  }
  await run(`DROP TABLE IF EXISTS ${db}.${replaced}`);
}
