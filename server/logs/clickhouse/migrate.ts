/**
 * Versioned ClickHouse migrations (migrations/NNN_name.sql), applied on every server in order and recorded there in
 * `log_store_migrations`. `{db}` and `{cluster}` in a file are the configured database and cluster; statements end
 * with `;` at the end of a line. A statement naming `{kind}` is run once for each kind the cluster stores.
 * `REBUILD TABLE {db}.name SETTINGS …` is not ClickHouse's: the table made again with those settings (which 18.16
 * cannot alter), its rows copied (see rebuild).
 *
 * On a server whose configuration names a `replica` macro (a cluster with replicas), every table of the MergeTree
 * family is made replicated (see `replicated`): the files say `MergeTree`, the server gets `ReplicatedMergeTree` with
 * the table's path in ZooKeeper, so that one set of migrations serves both layouts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { join as joinSql, raw, sql } from './bind';
import type { ClickHouse, Target } from './client';
import { CLUSTER_KINDS, FIELD_COLUMNS, ingestTable } from './columns';

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

/**
 * Applies the migrations not yet recorded, on every server (each replica holds its own tables, and records them in a
 * table of its own), one migration at a time on all of them, so that the replicas of a table meet at the same
 * structure; answers the last version applied.
 */
export async function migrateClickHouse(ch: ClickHouse, upTo = Infinity): Promise<number> {
  const db = ch.config.database;
  const all = migrations(db, ch.config.cluster, upTo);
  const servers = [];
  for (let shard = 0; shard < ch.shardCount; shard++) {
    for (const [replica, server] of ch.serversOf(shard).entries()) {
      const on = { server };
      await ch.command(raw(`CREATE DATABASE IF NOT EXISTS ${db}`), on);
      await ch.command(raw(`CREATE TABLE IF NOT EXISTS ${db}.log_store_migrations (version UInt32, name String, applied DateTime DEFAULT now()) ENGINE = TinyLog`), on);
      const [done] = await ch.rows<{ v: number }>(raw(`SELECT max(version) AS v FROM ${db}.log_store_migrations`), { shard: on });
      const [macro] = await ch.rows<{ n: string }>(raw(`SELECT count() AS n FROM system.macros WHERE macro = 'replica'`), { shard: on });
      servers.push({ on, first: replica === 0, replicas: Number(macro?.n) > 0, done: Number(done?.v ?? 0) });
    }
  }
  for (const m of all) {
    for (const { on, first, replicas, done } of servers) {
      if (m.version <= done) continue;
      for (const s of m.statements) {
        const rebuilt = REBUILD.exec(s);
        if (rebuilt) await rebuild(ch, on, rebuilt[1]!, rebuilt[2]!, rebuilt[3]!, replicas ? { version: m.version, copies: first } : undefined);
        else if (!replicas) await ch.command(raw(s), on);
        else if (!first && (await alteredByReplica(ch, on, s))) continue;
        else await ch.command(raw(await replicated(ch, on, s, m.version)), on);
      }
      await ch.command(sql`INSERT INTO ${raw(db)}.log_store_migrations (version, name) VALUES (${m.version}, ${m.name})`, on);
    }
  }
  return Math.max(0, ...servers.map((s) => s.done), ...all.map((m) => m.version));
}

/**
 * The tables with a column per field that reads use (FIELD_COLUMNS), in the order they get them: the tables events
 * enter by first, whose views copy every column (`SELECT *`) into log_events_local. Not their Distributed tables: an
 * insert through one leaves the columns to each shard's table to compute.
 */
const EVENT_TABLES = [...CLUSTER_KINDS.map((kind) => ingestTable(kind, true)), 'log_events_local', 'log_events'];

/**
 * Gives the event tables every column of FIELD_COLUMNS they lack, on every server: made from the catalogue at each
 * start, as the rollups' views are, so that a field a new filter or rollup uses gets its column with it. A column is
 * computed as each event enters (DEFAULT), and from the arrays when a part stored before it is read, until the part's
 * next merge writes it. Between an entry table's ALTER and log_events_local's, an insert of that server's shard fails
 * (18.16's view writes no column its target lacks, and leaves none out) and the ingest queue sends it again: stop
 * ingestion for an upgrade, as for new rollups. A column no longer wanted is left (a server of the version before may
 * still read it).
 */
export async function addFieldColumns(ch: ClickHouse): Promise<void> {
  const db = ch.config.database;
  for (let shard = 0; shard < ch.shardCount; shard++) {
    for (const [replica, server] of ch.serversOf(shard).entries()) {
      const on = { server };
      const held = await ch.rows<{ table: string; name: string }>(
        sql`SELECT table, name FROM system.columns WHERE database = ${db} AND has(${EVENT_TABLES}, table)`,
        { shard: on },
      );
      for (const table of EVENT_TABLES.filter((t) => held.some((c) => c.table === t))) {
        const missing = FIELD_COLUMNS.filter((c) => !held.some((h) => h.table === table && h.name === c.name));
        if (!missing.length) continue;
        const statement = sql`ALTER TABLE ${raw(db)}.${raw(table)} ${joinSql(
          missing.map((c) => sql`ADD COLUMN ${raw(c.name)} ${raw(c.type)} DEFAULT ${c.expression}`),
          ', ',
        )}`;
        if (replica > 0 && (await alteredByReplica(ch, on, statement.text))) continue;
        await ch.command(statement, on);
      }
    }
  }
}

/**
 * Whether `statement` adds a column to a replicated table, which its shard's first replica has done for every replica
 * (ZooKeeper passes a replicated table's ALTER on): then, on another replica, waits until the column is there.
 */
async function alteredByReplica(ch: ClickHouse, on: Target, statement: string): Promise<boolean> {
  const alter = /^ALTER TABLE (\w+)\.(\w+) ADD COLUMN (\w+)/.exec(statement);
  if (!alter) return false;
  const [, db, table, column] = alter as unknown as [string, string, string, string];
  const [engine] = await ch.rows<{ engine: string }>(sql`SELECT engine FROM system.tables WHERE database = ${db} AND name = ${table}`, { shard: on });
  if (!engine?.engine.startsWith('Replicated')) return false;
  for (let i = 0; ; i++) {
    const [has] = await ch.rows<{ n: string }>(sql`SELECT count() AS n FROM system.columns WHERE database = ${db} AND table = ${table} AND name = ${column}`, { shard: on });
    if (Number(has?.n) > 0) return true;
    if (i === 600) throw new Error(`${db}.${table} has no column ${column} on this replica after a minute: its shard's first replica added it`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A table's path in ZooKeeper, where its replicas meet: per shard (the server's `shard` macro), database, table and
 * the migration that made it, so that a table made again under the same name (migration 012) is a new one there.
 */
const zooPath = (db: string, table: string, version: number) => `'/clickhouse/tables/{shard}/${db}.${table}.${version}'`;
const ZOO_PATH = /'\/clickhouse\/tables\/\{shard\}\/[^']*'/;

/** How the definition of a table in `system.tables` begins. */
const definitionOf = async (ch: ClickHouse, on: Target, db: string, table: string) =>
  (await ch.rows<{ query: string }>(sql`SELECT create_table_query AS query FROM system.tables WHERE database = ${db} AND name = ${table}`, { shard: on }))[0]?.query;

/**
 * A migration's statement for a server with replicas: `ENGINE = …MergeTree` becomes `Replicated…MergeTree` with the
 * table's path and the server's `replica` macro; `CREATE TABLE a AS b` without an engine of its own takes b's
 * definition with a's name and path (b's as written would make a a replica of b).
 */
export async function replicated(ch: ClickHouse, on: Target, statement: string, version: number): Promise<string> {
  const made = /^CREATE TABLE IF NOT EXISTS (\w+)\.(\w+)(.*)$/s.exec(statement);
  if (!made) return statement;
  const [, db, table, rest] = made as unknown as [string, string, string, string];
  const like = /^ AS (\w+)\.(\w+)$/.exec(rest.trim() ? ` ${rest.trim()}` : '');
  if (like) {
    const query = await definitionOf(ch, on, like[1]!, like[2]!);
    if (!query || !ZOO_PATH.test(query)) return statement;
    return query.replace(`CREATE TABLE ${like[1]}.${like[2]} `, `CREATE TABLE IF NOT EXISTS ${db}.${table} `).replace(ZOO_PATH, zooPath(db, table, version));
  }
  if (/MergeTree\(/.test(rest)) throw new Error(`migration ${version}: a MergeTree engine with arguments cannot be made replicated here (${db}.${table})`);
  return statement.replace(/ENGINE = (\w*)MergeTree\b/, (_, family: string) => `ENGINE = Replicated${family}MergeTree(${zooPath(db, table, version)}, '{replica}')`);
}

const REBUILD = /^REBUILD TABLE (\w+)\.(\w+) SETTINGS (.+)$/s;

/**
 * A shard's `db.table` made again with `settings` (`name = value, …`), its rows copied: the copy is built beside it
 * (`table_rebuilt`), swapped in by one RENAME, and the table it replaced (`table_replaced`) dropped last. Safe to run
 * again after it was cut off at any point: a table already at the settings is left as it is; a swap cut off half-way
 * (the table renamed, its copy not yet) is finished, the copy being whole before the swap began. The views writing into
 * the table write into its copy after the swap, as they name it. Rows a view writes between the copy and the swap are
 * not in the copy: like every migration it runs at a server's start before that server stores events; servers that
 * store events meanwhile are to be stopped for it. With replicas (`replicas`: the migration's version, and whether this
 * server is the shard's first replica), the copy is a new replicated table, and only the shard's first replica copies
 * the rows into it: the others fetch them from there.
 */
export async function rebuild(
  ch: ClickHouse,
  on: Target,
  db: string,
  table: string,
  settings: string,
  replicas?: { readonly version: number; readonly copies: boolean },
): Promise<void> {
  const [copy, replaced] = [`${table}_rebuilt`, `${table}_replaced`];
  const run = (statement: string) => ch.command(raw(statement), on);
  const definition = () => definitionOf(ch, on, db, table);
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
    const named = query.replace(`${db}.${table} `, `${db}.${copy} `).replace(ZOO_PATH, zooPath(db, copy, replicas?.version ?? 0));
    const kept = has.filter((x) => !wanted.some((w) => nameOf(w) === nameOf(x)));
    await run(`${current ? named.slice(0, named.length - current[0].length) : named} SETTINGS ${[...kept, ...wanted].join(', ')}`);
    if (replicas?.copies !== false) await run(`INSERT INTO ${db}.${copy} SELECT * FROM ${db}.${table}`);
    await run(`DROP TABLE IF EXISTS ${db}.${replaced}`);
    await run(`RENAME TABLE ${db}.${table} TO ${db}.${replaced}, ${db}.${copy} TO ${db}.${table}`);
  }
  await run(`DROP TABLE IF EXISTS ${db}.${replaced}`);
}
