/**
 * The portal's connection to the ClickHouse cluster: statements over HTTP (POST, the statement as the body), answers
 * as JSON. A small layer of its own: ClickHouse 18.16 has no query parameters (values go through bind.ts), and the
 * official @clickhouse/client, which does work against 18.16 otherwise, is one more dependency for four calls. Reads
 * and inserts go to each shard's first replica in turn (the Distributed tables reach the shards); a shard's own work
 * goes to the first of its replicas that answers, migrations and views to every server.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { identifier, raw, sql, type Sql } from './bind';
import { flag } from '../../config';

export interface ClickHouseConfig {
  /**
   * Each shard's replicas' HTTP URLs (CLICKHOUSE_URL: shards comma-separated, a shard's replicas separated by `|`, in
   * the order of the cluster's `remote_servers`).
   */
  readonly shards: readonly (readonly string[])[];
  /** The cluster of remote_servers the Distributed tables span (CLICKHOUSE_CLUSTER). */
  readonly cluster: string;
  /** The database of the portal's tables (CLICKHOUSE_DATABASE). */
  readonly database: string;
  readonly user?: string;
  readonly password?: string;
  /**
   * Keep a copy of the events in the users' order, which reports given a user read (CLICKHOUSE_USER_ORDER, on unless
   * 0: it costs the shards some processor time per event and about half the events' disk again; see migration 019).
   */
  readonly userOrder: boolean;
}

export function clickHouseConfig(vars: Readonly<Record<string, string | undefined>>): ClickHouseConfig {
  const shards = (vars.CLICKHOUSE_URL ?? '')
    .split(',')
    .map((shard) => shard.split('|').map((u) => u.trim()).filter(Boolean))
    .filter((replicas) => replicas.length);
  if (!shards.length) throw new Error("LOG_STORE=clickhouse needs CLICKHOUSE_URL (the shards' HTTP URLs, comma-separated; a shard's replicas separated by |).");
  return {
    shards,
    cluster: identifier(vars.CLICKHOUSE_CLUSTER || 'portal'),
    database: identifier(vars.CLICKHOUSE_DATABASE || 'portal'),
    ...(vars.CLICKHOUSE_USER ? { user: vars.CLICKHOUSE_USER } : {}),
    ...(vars.CLICKHOUSE_PASSWORD ? { password: vars.CLICKHOUSE_PASSWORD } : {}),
    userOrder: vars.CLICKHOUSE_USER_ORDER ? flag('CLICKHOUSE_USER_ORDER', vars.CLICKHOUSE_USER_ORDER) : true,
  };
}

/**
 * Settings of every statement: long statements (a bound 1 MB value), inserts acknowledged once on every shard, 64-bit
 * numbers as JSON strings (as 18.16 writes them by default and current releases no longer do), and the shards' results
 * of a GROUP BY merged bucket by bucket (with the spill below, reports merging many groups from both shards answered
 * faster at 100 M events: docs/benchmarks.md, "100 M events on the two-shard cluster").
 */
const SETTINGS = ['max_query_size=67108864', 'insert_distributed_sync=1', 'output_format_json_quote_64bit_integers=1', 'distributed_aggregation_memory_efficient=1'].join('&');

/**
 * With replicas, a Distributed table's reads and inserts go to each shard's first replica that answers, in the order
 * of `remote_servers` (and statements are sent to first replicas: see `anyServer`), so that a read after an insert
 * finds its rows on the replica that stored them, without waiting for the others to fetch them. Replicas are not
 * skipped for being behind: with a limit of a second, reads right after inserts went to the other replica, without
 * the newest rows, on a cluster with every replica up. A replicated table drops an inserted block equal to one of its
 * last hundred by default: the rows a view derives from two batches (a tenant's count in an hour) can be equal, and a
 * fill step repeated after its rows were deleted is, so it keeps every block (the ingest queue stores each event once
 * by itself).
 */
const REPLICA_SETTINGS = ['load_balancing=in_order', 'prefer_localhost_replica=0', 'max_replica_delay_for_distributed_queries=0', 'insert_deduplicate=0'].join('&');

/**
 * Past how many bytes of memory a GROUP BY spills to disk, for a shard's settings: half its limit per query
 * (`max_memory_usage`), 1 GB without a limit, or none of the portal's when the shard's profile sets its own. A 30-day
 * top-N over near-unique keys that its heads cannot answer groups millions of keys: at 100 M events the bench's
 * domains failed on the shards' 2 GB limit per query without a spill.
 */
export function groupBySpill(settings: { readonly max_memory_usage?: string; readonly max_bytes_before_external_group_by?: string }): number | undefined {
  if (Number(settings.max_bytes_before_external_group_by ?? 0) > 0) return undefined;
  const limit = Number(settings.max_memory_usage ?? 0);
  return limit > 0 ? Math.floor(limit / 2) : 1_000_000_000;
}

/** Whether an error is of a connection that was never made: the statement did not reach the server. */
const UNREACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const unreached = (err: unknown) => UNREACHED.has((err as { code?: string }).code ?? '');

/**
 * An error in one line for an operator's log: a server's answer without its exception class names and repeated
 * lines (a Distributed statement's "All connection tries failed" lists each try, each refused connection twice).
 */
export function briefly(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const lines = text
    .replace(/,? ?e\.what\(\) = DB::\w+/g, '')
    .replace(/e\.displayText\(\) = DB::\w+: /g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return [...new Set(lines)].join(' / ');
}

export class ClickHouseError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Where a statement runs: a shard (its index in `shards`: the first of its replicas that can be reached), one server
 * (its index in `servers`, the replicas of every shard in order), or, when not said, any (see `anyServer`).
 */
export type Target = number | { readonly server: number } | undefined;

export class ClickHouse {
  /** Every server's URL: the replicas of the first shard, then of the second… */
  readonly servers: readonly string[];
  /** Each server's settings of statements (SETTINGS and its spill), read from the server on its first statement. */
  private readonly settings = new Map<number, Promise<string>>();
  /** The shard whose first replica the next statement for any server goes to first. */
  private turn = 0;

  constructor(readonly config: ClickHouseConfig) {
    this.servers = config.shards.flat();
  }

  get shardCount(): number {
    return this.config.shards.length;
  }

  /** The servers (indexes in `servers`) of a shard, or of every shard. */
  serversOf(shard?: number): number[] {
    const first = this.config.shards.slice(0, shard ?? 0).reduce((n, replicas) => n + replicas.length, 0);
    const count = shard === undefined ? this.servers.length : this.config.shards[shard]!.length;
    return Array.from({ length: count }, (_, i) => first + i);
  }

  /** Runs a statement on each server of a shard in turn: for what each replica keeps for itself (views, its queries). */
  async onEachReplica(shard: number, statement: Sql): Promise<void> {
    for (const server of this.serversOf(shard)) await this.command(statement, { server });
  }

  protected async post(server: number, statement: string, body?: string, signal?: AbortSignal): Promise<string> {
    // With a body (inserted rows), the statement goes in the URL and the rows after it.
    return this.send(server, `${await this.settingsOf(server)}${body === undefined ? '' : `&query=${encodeURIComponent(statement)}`}`, Buffer.from(body ?? statement), signal);
  }

  private settingsOf(server: number): Promise<string> {
    let settings = this.settings.get(server);
    if (!settings) {
      settings = (async () => {
        const text = await this.send(server, SETTINGS, Buffer.from(`SELECT name, value FROM system.settings WHERE name IN ('max_memory_usage', 'max_bytes_before_external_group_by') FORMAT JSONEachRow`));
        const rows = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { name: string; value: string });
        const spill = groupBySpill(Object.fromEntries(rows.map((r) => [r.name, r.value])));
        const replicated = this.config.shards.some((replicas) => replicas.length > 1);
        return [SETTINGS, ...(replicated ? [REPLICA_SETTINGS] : []), ...(spill === undefined ? [] : [`max_bytes_before_external_group_by=${spill}`])].join('&');
      })();
      this.settings.set(server, settings);
      // A server that could not be asked is asked again on the next statement.
      settings.catch(() => this.settings.delete(server));
    }
    return settings;
  }

  private async send(server: number, query: string, payload: Buffer, signal?: AbortSignal): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' };
    if (this.config.user) headers['x-clickhouse-user'] = this.config.user;
    if (this.config.password) headers['x-clickhouse-key'] = this.config.password;
    const url = new URL(`${this.servers[server]}/?${query}`);
    // The first error of an attempt that may have reached the server.
    let reached: unknown;
    for (let attempt = 0; ; attempt++) {
      try {
        return await request(url, headers, payload, signal);
      } catch (err) {
        if (!unreached(err)) reached ??= err;
        // A kept-alive connection the server closed while idle fails before the server read the statement: send
        // again. Several idle connections may have been closed: each attempt takes the next one, or a new one. The
        // same error comes from a server killed while it ran the statement: if the next attempt cannot reach it, the
        // error thrown is that first one, so that an insert is not passed on to another server (see `on`).
        if (attempt < 3 && (err as { reusedSocket?: boolean }).reusedSocket) continue;
        throw reached ?? err;
      }
    }
  }

  /**
   * The servers a statement for any server tries, in order: each shard's first replica, starting with the next one in
   * turn (the server that takes it doing the final merge of a read and the split of an insert), then the other
   * replicas. 18.16 writes a Distributed insert's rows for the receiving server's own shard into that server whatever
   * the settings say: received by a shard's first replica, they go where the shard's reads go.
   */
  private anyServer(): number[] {
    const firsts = this.config.shards.map((_, shard) => this.serversOf(shard)[0]!);
    const turn = this.turn++ % firsts.length;
    const rotated = [...firsts.slice(turn), ...firsts.slice(0, turn)];
    return [...rotated, ...this.serversOf().filter((server) => !firsts.includes(server))];
  }

  /**
   * Runs on `target`. A shard's statement goes to its replicas in order, and a statement for any server as
   * `anyServer` says: one that cannot be reached passes it on to the next.
   */
  private async on(target: Target, statement: string, body?: string, signal?: AbortSignal): Promise<string> {
    if (typeof target === 'object') return this.post(target.server, statement, body, signal);
    const servers = target === undefined ? this.anyServer() : this.serversOf(target);
    let last: unknown;
    for (const server of servers) {
      try {
        return await this.post(server, statement, body, signal);
      } catch (err) {
        if (err instanceof ClickHouseError || signal?.aborted) throw err;
        // An insert cut off after it reached a server may have stored rows there, or passed them to the shards: sent
        // to another server it would store them twice. It is passed on only when it never reached one; the caller
        // (the ingest queue) finds out which of its rows were stored.
        if (body !== undefined && !unreached(err)) throw err;
        last = err;
      }
    }
    throw last;
  }

  /** Rows of a SELECT. */
  async rows<R>(statement: Sql, options: { shard?: Target; signal?: AbortSignal } = {}): Promise<R[]> {
    const text = await this.on(options.shard, `${statement.text}\nFORMAT JSONEachRow`, undefined, options.signal);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as R);
  }

  /** Rows and the WITH TOTALS row of a SELECT. */
  async withTotals<R>(statement: Sql, signal?: AbortSignal): Promise<{ data: R[]; totals: R | undefined }> {
    const answer = JSON.parse(await this.on(undefined, `${statement.text}\nFORMAT JSON`, undefined, signal)) as { data: R[]; totals?: R };
    return { data: answer.data, totals: answer.totals };
  }

  async command(statement: Sql, shard?: Target, signal?: AbortSignal): Promise<void> {
    await this.on(shard, statement.text, undefined, signal);
  }

  /**
   * Resolves once the shard has done the mutations (ALTER … DELETE, rewritten in the background) of the portal's
   * database, or of one of its tables: true, or false when `signal` aborted first.
   */
  async mutationsDone(shard: number, table?: string, signal?: AbortSignal): Promise<boolean> {
    const of = table === undefined ? raw('') : sql` AND table = ${table}`;
    while (!signal?.aborted) {
      const [left] = await this.rows<{ n: string }>(
        sql`SELECT toString(count()) AS n FROM system.mutations WHERE database = ${this.config.database}${of} AND is_done = 0`,
        { shard },
      );
      if (Number(left?.n) === 0) return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  }

  /**
   * Inserts lines of TabSeparated text (each a row of `columns`; or the lines joined by newlines) into a table of the portal's database, in one
   * statement; resolves once stored.
   */
  async insert(table: string, columns: string, lines: readonly string[] | string): Promise<void> {
    const rows = typeof lines === 'string' ? lines : lines.join('\n');
    if (!rows) return;
    await this.on(undefined, `INSERT INTO ${this.config.database}.${identifier(table)} (${columns}) FORMAT TabSeparated`, `${rows}\n`);
  }

  async close(): Promise<void> {}
}

// A kept-alive connection idle for 20 s is closed here, before the shard's keep_alive_timeout (30 s in deploy/) closes it
// under a request that is being sent on it.
const KEEP_ALIVE = { keepAlive: true, maxSockets: 32, timeout: 20_000 };
const agents = { http: new HttpAgent(KEEP_ALIVE), https: new HttpsAgent(KEEP_ALIVE) };

/** One POST; rejects with the shard's message on an error status, or with the socket error (`reusedSocket` set). */
function request(url: URL, headers: Record<string, string>, payload: Buffer, signal?: AbortSignal): Promise<string> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(payload.length) }, agent: secure ? agents.https : agents.http, signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 400) reject(new ClickHouseError(text.trim().slice(0, 2000), res.statusCode ?? 500));
          else resolve(text);
        });
      },
    );
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(payload);
  });
}
