/**
 * Counting the rollups of an insert again after a fault.
 *
 * An insert into a kind's entry table (`ingest_<kind>`, migration 007) runs that table's materialized views on each
 * shard one after the other: the events first, then the hourly counts, the distinct users and each rollup table. Each
 * view writes its own parts, and nothing makes them one transaction. A shard killed part-way, or a view that fails,
 * leaves events stored without some of their rollup rows. The ingest queue then finds those events stored (`heldRows`)
 * and leaves them out of the insert it tries again, so without this the rollups would stay short for good.
 *
 * `recountViews` runs each of the kind's views again over the events of the spans such an insert reached, on one
 * shard, and adds what the view's table lacks:
 * - a SummingMergeTree: per key of the table, the difference between the view's sums over the events and the table's
 *   sums, with the view's aggregate states (distinct users, smallest label: the same once merged again). The events read
 *   are the whole spans of the view's grouping (`intDiv(ts, N) * N AS <column>`), so that each sum compared is whole;
 * - an AggregatingMergeTree (distinct users' states, bits or'ed): the view's rows whole, since adding them again
 *   changes nothing;
 * - a MergeTree (the copy of the events in the users' order): the events whose sorting key it lacks.
 * Keys of the table that the events do not give (rows without their events) are left alone.
 *
 * Each of its INSERT … SELECT statements runs through `alone`, while no insert is under way (IngestQueue's gate): an
 * insert whose events are stored and whose rollup rows are not yet would be counted twice. Inserts go on between
 * them: one done before a statement has its events and its rows in that statement's read, whole. With replicas, it
 * waits (fails, and is tried again) while a replica of the shard is down or the one it reads is behind (`caughtUp`): a
 * replica killed during the insert may have stored rollup parts the other has not yet. A view whose table
 * is still being filled (fill.ts) is left out: the fill counts that table's events before the view, and a recount
 * would count them too.
 */
import type { LogType } from '../../../schemas/logs';
import { DAY_MS } from '../rollups';
import { identifier, join, raw, sql } from './bind';
import type { ClickHouse } from './client';
import { ingestTable } from './columns';
import { ReplicaBehind, type Alone } from './queue';

/** Stored events of some tenants, with times from `fromMs` to `toMs` (both included). */
export interface EventScope {
  readonly tenants: readonly string[];
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * Where the stored events of queue entries are (what the recount and the look-up of held rows read): entries whose UTC
 * days meet or touch in one scope, the events of all their tenants over their joint span; entries days apart in
 * scopes apart, so that a batch of old events beside recent ones does not make a read take every day between them.
 */
export function scopesOf(entries: readonly { readonly tenantId: string; readonly minTs: number; readonly maxTs: number }[]): EventScope[] {
  const day = (ms: number) => Math.floor(ms / DAY_MS);
  const scopes: { tenants: Set<string>; fromMs: number; toMs: number }[] = [];
  for (const e of [...entries].sort((a, b) => a.minTs - b.minTs)) {
    const last = scopes[scopes.length - 1];
    if (last && day(e.minTs) <= day(last.toMs) + 1) {
      last.tenants.add(e.tenantId);
      last.toMs = Math.max(last.toMs, e.maxTs);
    } else scopes.push({ tenants: new Set([e.tenantId]), fromMs: e.minTs, toMs: e.maxTs });
  }
  return scopes.map((s) => ({ tenants: [...s.tenants], fromMs: s.fromMs, toMs: s.toMs }));
}

/**
 * Throws ReplicaBehind unless every replica of `shard` answers and the one that answers reads (the first) is caught up
 * with its shard's log of `table`: it has taken every entry of the log into its queue and has no part left to fetch
 * from another replica, and is not read-only (as it is for a moment after a start). A replica killed during an insert
 * may come back with rows of it that no other replica showed while it was down, so a shard with a replica down is
 * behind until that replica is back. A shard of one server is never behind (it fails the statement while down).
 */
export async function caughtUp(ch: ClickHouse, shard: number, table: string): Promise<void> {
  const servers = ch.serversOf(shard);
  const statement = sql`SELECT is_readonly OR inserts_in_queue > 0 OR (log_pointer <= log_max_index AND log_max_index > 0) AS behind
                          FROM system.replicas WHERE database = ${ch.config.database} AND table = ${table}`;
  for (const [i, server] of servers.entries()) {
    const [replica] = await ch.rows<{ behind: number | string }>(statement, { shard: servers.length > 1 ? { server } : shard }).catch((e: unknown) => {
      if (servers.length > 1) throw new ReplicaBehind(`replica ${i + 1} of shard ${shard + 1} does not answer`);
      throw e;
    });
    if (i === 0 && Number(replica?.behind) > 0) throw new ReplicaBehind(`the first replica of shard ${shard + 1} has not caught up with ${table} yet`);
  }
}

const tenantsOf = (scope: EventScope) => sql`has(${scope.tenants}, tenant_id)`;

interface View {
  readonly name: string;
  readonly target: string;
  /** The engine of its target table. */
  readonly engine: string;
  /** Its SELECT, as the shard keeps it. */
  readonly select: string;
}

interface Column {
  readonly name: string;
  readonly type: string;
  readonly is_in_sorting_key: number | string;
}

const quoted = (name: string) => raw(`\`${identifier(name)}\``);

/**
 * The views of a kind's entry table on a shard, but the one that stores its events; `source` matches the entry table
 * after FROM in their SELECT.
 */
async function viewsOf(ch: ClickHouse, shard: number, source: RegExp): Promise<View[]> {
  const db = ch.config.database;
  const tables = await ch.rows<{ name: string; engine: string; query: string }>(
    sql`SELECT name, engine, create_table_query AS query FROM system.tables WHERE database = ${db}`,
    { shard },
  );
  const engines = new Map(tables.map((t) => [t.name, t.engine]));
  return tables.flatMap(({ name, engine, query }) => {
    if (engine !== 'MaterializedView') return [];
    const to = new RegExp(`\\sTO ${db}\\.\`?(\\w+)`).exec(query)?.[1];
    const select = /\sAS (SELECT\s[\s\S]*)$/.exec(query)?.[1];
    return to && select && to !== 'log_events_local' && source.test(select) ? [{ name, target: to, engine: engines.get(to) ?? '', select }] : [];
  });
}

/** Counts the rollup rows of `logType`'s events in `scopes` again on `shard` (see the top of this file). */
export async function recountViews(
  ch: ClickHouse,
  shard: number,
  logType: LogType,
  scopes: readonly EventScope[],
  filling: ReadonlySet<string>,
  alone: Alone,
): Promise<void> {
  const db = ch.config.database;
  const source = new RegExp(`(\\sFROM )${db}\\.${ingestTable(logType, true)}(?=\\s|$)`);
  for (const view of await viewsOf(ch, shard, source)) {
    if (filling.has(view.name)) {
      console.warn(`ClickHouse: the rollups of ${view.name} on shard ${shard + 1} are being filled; an insert that failed part-way may have left them short.`);
      continue;
    }
    const columns = await ch.rows<Column>(
      sql`SELECT name, type, is_in_sorting_key FROM system.columns WHERE database = ${db} AND table = ${view.target}`,
      { shard },
    );
    const { engine } = view;
    // Parts a replica killed during the insert stored and the one read has not fetched yet would be counted twice.
    if (engine.startsWith('Replicated')) await caughtUp(ch, shard, view.target);
    const target = sql`${raw(db)}.${raw(identifier(view.target))}`;
    const names = join(columns.map((c) => quoted(c.name)), ', ');
    // The view's SELECT over the stored events of a scope's tenants, from `fromMs` to before `toMs`, in place of its entry table.
    const events = (scope: EventScope, fromMs: number, toMs: number) => {
      const stored = sql`(SELECT * FROM ${raw(db)}.log_events_local WHERE log_type = ${logType} AND ${tenantsOf(scope)} AND ts >= ${fromMs} AND ts < ${toMs})`;
      return raw(view.select.replace(source, (_, from: string) => `${from}${stored.text}`));
    };
    if (/^(Replicated)?MergeTree$/.test(engine)) {
      // A copy of the events (log_user_events_local, migration 019): the events whose sorting key it lacks. This holds
      // for a target of one row per event whose sorting key names the event; another MergeTree target needs a rule of its own.
      const keyList = join(columns.filter((c) => Number(c.is_in_sorting_key) === 1).map((c) => quoted(c.name)), ', ');
      for (const scope of scopes) {
        const held = sql`SELECT ${keyList} FROM ${target} WHERE ${tenantsOf(scope)} AND ts >= ${scope.fromMs} AND ts <= ${scope.toMs}`;
        await alone(() => ch.command(sql`INSERT INTO ${target} (${names}) SELECT ${names} FROM (${events(scope, scope.fromMs, scope.toMs + 1)}) WHERE (${keyList}) NOT IN (${held})`, shard));
      }
      continue;
    }
    if (/AggregatingMergeTree$/.test(engine)) {
      for (const scope of scopes) {
        await alone(() => ch.command(sql`INSERT INTO ${target} (${names}) SELECT ${names} FROM (${events(scope, scope.fromMs, scope.toMs + 1)})`, shard));
      }
      continue;
    }
    const span = /intDiv\(ts, (\d+)\) \* \1 AS (\w+)/.exec(view.select);
    if (!/SummingMergeTree$/.test(engine) || !span) throw new Error(`ClickHouse: cannot count the rows of view ${view.name} again (${engine} ${view.target}).`);
    const ms = Number(span[1]);
    const keys = columns.filter((c) => Number(c.is_in_sorting_key) === 1).map((c) => c.name);
    const sums = columns.filter((c) => !keys.includes(c.name) && !c.type.startsWith('AggregateFunction')).map((c) => c.name);
    const states = columns.filter((c) => c.type.startsWith('AggregateFunction')).map((c) => c.name);
    const keyList = join(keys.map(quoted), ', ');
    const as = (prefix: string, name: string) => raw(`\`${prefix}${identifier(name)}\``);
    const select = columns.map((c) => (sums.includes(c.name) ? sql`${as('e_', c.name)} - ${as('h_', c.name)}` : quoted(c.name)));
    const differs = join(sums.map((s) => sql`${as('e_', s)} != ${as('h_', s)}`), ' OR ');
    for (const scope of scopes) {
      const [from, to] = [Math.floor(scope.fromMs / ms) * ms, Math.floor(scope.toMs / ms) * ms + ms];
      const expected = sql`SELECT ${join([...keys.map(quoted), ...sums.map((s) => sql`${quoted(s)} AS ${as('e_', s)}`), ...states.map(quoted)], ', ')}
                             FROM (${events(scope, from, to)})`;
      const held = sql`SELECT ${join([...keys.map(quoted), ...sums.map((s) => sql`sum(${quoted(s)}) AS ${as('h_', s)}`)], ', ')}
                         FROM ${target} WHERE ${tenantsOf(scope)} AND ${quoted(span[2]!)} >= ${from} AND ${quoted(span[2]!)} < ${to} GROUP BY ${keyList}`;
      await alone(() =>
        ch.command(sql`INSERT INTO ${target} (${names}) SELECT ${join(select, ', ')} FROM (${expected}) AS expected ANY LEFT JOIN (${held}) AS held USING (${keyList}) WHERE ${differs}`, shard),
      );
    }
  }
}
