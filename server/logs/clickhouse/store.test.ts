/**
 * The ClickHouse store against the SQL store on the same events (needs the cluster: CLICKHOUSE_URL, as `npm run
 * clickhouse:start` prints it). Every report and every log kind's pages must answer alike; the migrations apply one
 * by one; retention deletes what it passes on both.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOG_TYPES, type LogType } from '../../../schemas/logs';
import { REPORT_NAMES, reportSpec, type ReportName } from '../../../schemas/reports';
import type { Db } from '../../types';
import { everyKey, type IncomingEvent, type LogStore, type ReportOptions } from '../logStore';
import type { ReportParams } from '../reports';
import { BLOCK_MS, DAY_MS, HOUR_MS, reportRollups, rollupId } from '../rollups';
import { sqlLogStore } from '../sqlStore';
import { openSeededTestDb, TEST_NOW, TEST_TENANTS } from '../testDb';
import { join, raw, sql } from './bind';
import { ClickHouse, clickHouseConfig, type Target } from './client';
import { migrateClickHouse, migrations, rebuild } from './migrate';
import { HEAD_READS } from './heads';
import { ClickHouseLogStore, EVENT_COLUMNS, eventLine, USER_EVENT_COLUMNS } from './store';
import { CLUSTER_KINDS, FIELD_COLUMNS, IN_ARRAYS } from './columns';
import { dropScratchDatabase, scratchDatabase } from './testCluster';

const url = process.env.CLICKHOUSE_URL;
const T = TEST_TENANTS.demo.id;

/** A store in a database of its own, closed and dropped after the tests. */
function scratchStore(): ClickHouseLogStore {
  return new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: scratchDatabase('portal_t') }));
}
async function dropStore(store: ClickHouseLogStore | undefined): Promise<void> {
  if (!store) return;
  // Its background work first (a fill, the heads' passes), which would otherwise go on in a database dropped.
  await store.close();
  await dropScratchDatabase(store.ch);
}

/** Waits for the store's deletes (mutations, rewritten in the background) on every shard. */
async function mutationsDone(store: ClickHouseLogStore): Promise<void> {
  for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.mutationsDone(shard);
}

/** A page's events and whether it is the last (paging identifiers are opaque to callers and may differ). */
async function walk(store: LogStore, db: Db, tenantId: string, logType: LogType, query: Record<string, unknown>, range: { startMs: number; endMs: number }) {
  const events: unknown[] = [];
  let after: { ts: number; seq: number } | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await store.logPage(db, { tenantId, logType, range, query, limit: 97, ...(after ? { after } : {}) });
    events.push(...page.events.map((e) => e.event));
    if (page.paginate.last_iteration) return events;
    const last = page.events.at(-1)!.event as { timestamp: string };
    const decoded = JSON.parse(Buffer.from(page.paginate.pagingIdentifiers, 'base64url').toString()) as { ts: number; seq: number };
    expect(decoded.ts).toBe(Date.parse(last.timestamp));
    after = decoded;
  }
  return events;
}

/**
 * Every event's columns of the fields reads use (FIELD_COLUMNS) hold what its arrays hold: in parts stored before the
 * columns (computed as they are read) and in parts stored since (written as the event entered).
 */
async function fieldColumnsAsArrays(store: ClickHouseLogStore): Promise<void> {
  const same = FIELD_COLUMNS.map(({ field, list, name }) =>
    list ? sql`${raw(name)} = ${IN_ARRAYS.list(field)}` : sql`isNotNull(${raw(name)}) = ${IN_ARRAYS.has(field)} AND assumeNotNull(${raw(name)}) = ${IN_ARRAYS.text(field)}`,
  );
  const column = (field: string, list: boolean) => raw(FIELD_COLUMNS.find((c) => c.field === field && c.list === list)!.name);
  const [row] = await store.ch.rows<{ events: string; differ: string; domains: string; cats: string }>(
    sql`SELECT toString(count()) AS events, toString(countIf(NOT (${join(same, ' AND ')}))) AS differ,
               toString(countIf(isNotNull(${column('domain', false)}))) AS domains, toString(countIf(notEmpty(${column('cats', true)}))) AS cats
          FROM ${raw(store.ch.config.database)}.log_events`,
  );
  expect(Number(row!.events)).toBeGreaterThan(0);
  expect(Number(row!.domains), 'events with a domain').toBeGreaterThan(0);
  expect(Number(row!.cats), 'events with categories').toBeGreaterThan(0);
  expect(row!.differ, 'events whose columns differ from their arrays').toBe('0');
}

/** The same answer, also as JSON text: values, and the order of fields and rows. */
function sameAnswer(actual: unknown, expected: unknown, what: string): void {
  expect(actual, what).toEqual(expected);
  expect(JSON.stringify(actual), `${what}: the same JSON text`).toBe(JSON.stringify(expected));
}

describe.skipIf(!url)('ClickHouse store', () => {
  let db: Db;
  let store: ClickHouseLogStore;

  /** What the store's start said of moving the SQL store's events to the new cluster. */
  let moveLines: string[] = [];
  beforeAll(async () => {
    db = await openSeededTestDb();
    store = scratchStore();
    const info = vi.spyOn(console, 'info');
    try {
      await store.start(db);
      moveLines = info.mock.calls.map(([line]) => String(line)).filter((line) => /\bmov(ed|ing)\b/.test(line));
    } finally {
      info.mockRestore();
    }
  }, 300_000);
  afterAll(async () => {
    await dropStore(store);
    await db?.close();
  });

  it('applies its migrations one by one, each recorded, and again changes nothing', async () => {
    const fresh = scratchStore();
    try {
      const all = migrations(fresh.ch.config.database, fresh.ch.config.cluster);
      expect(all.map((m) => m.version)).toEqual(all.map((_, i) => i + 1));
      for (const m of all) {
        expect(await migrateClickHouse(fresh.ch, m.version)).toBe(m.version);
        for (let shard = 0; shard < fresh.ch.shardCount; shard++) {
          const done = await fresh.ch.rows<{ v: number }>(sql`SELECT max(version) AS v FROM ${raw(fresh.ch.config.database)}.log_store_migrations`, { shard });
          expect(Number(done[0]!.v)).toBe(m.version);
          const tables = await fresh.ch.rows<{ name: string }>(sql`SELECT name FROM system.tables WHERE database = ${fresh.ch.config.database}`, { shard });
          // Each step's tables exist once it ran.
          for (const s of m.statements) {
            const made = /CREATE (?:MATERIALIZED VIEW|TABLE) IF NOT EXISTS \w+\.(\w+)/.exec(s)?.[1];
            if (made) expect(tables.map((t) => t.name)).toContain(made);
          }
        }
      }
      expect(await migrateClickHouse(fresh.ch)).toBe(all.length);
    } finally {
      await dropStore(fresh);
    }
  });

  it('makes a table again at other granules with its rows once, also after a run cut off in the copy, half-way through the swap, or before the drop', async () => {
    const { ch } = store;
    const db = ch.config.database;
    const run = (statement: string) => ch.command(raw(statement), 0);
    const make = async (name: string, granules: number, rows: number) => {
      await run(`CREATE TABLE ${db}.${name} (k UInt64, v String) ENGINE = MergeTree ORDER BY k SETTINGS index_granularity = ${granules}`);
      await run(`INSERT INTO ${db}.${name} SELECT number, toString(number) FROM system.numbers LIMIT ${rows}`);
    };
    const state = async () => {
      const tables = await ch.rows<{ name: string; query: string }>(
        sql`SELECT name, create_table_query AS query FROM system.tables WHERE database = ${db} AND startsWith(name, 'rb') ORDER BY name`,
        { shard: 0 },
      );
      const [rows] = await ch.rows<{ n: string; s: string }>(raw(`SELECT toString(count()) AS n, toString(sum(k)) AS s FROM ${db}.rb`), { shard: 0 });
      return { tables: tables.map((t) => `${t.name} ${/index_granularity = (\d+)/.exec(t.query)?.[1]}`), rows: `${rows!.n} ${rows!.s}` };
    };
    const whole = { tables: ['rb 1024'], rows: `3000 ${(2999 * 3000) / 2}` };
    const cuts: Record<string, () => Promise<void>> = {
      'not begun': () => make('rb', 8192, 3000),
      'in the copy': async () => {
        await make('rb', 8192, 3000);
        await make('rb_rebuilt', 1024, 700);
      },
      'half-way through the swap': async () => {
        await make('rb_replaced', 8192, 3000);
        await make('rb_rebuilt', 1024, 3000);
      },
      'before the drop': async () => {
        await make('rb', 1024, 3000);
        await make('rb_replaced', 8192, 3000);
      },
    };
    for (const [cut, arrange] of Object.entries(cuts)) {
      await arrange();
      await rebuild(ch, 0, db, 'rb', 'index_granularity = 1024');
      expect(await state(), cut).toEqual(whole);
      await rebuild(ch, 0, db, 'rb', 'index_granularity=1024');
      expect(await state(), `${cut}, run again`).toEqual(whole);
      await run(`DROP TABLE ${db}.rb`);
    }
  });

  /** The demo tenant's events written into log_events as a store of an earlier layout wrote them. */
  async function insertSqlEvents(old: ClickHouseLogStore): Promise<void> {
    const { rows } = await db.query<{ tenant_id: string; log_type: LogType; ts: string; seq: string; event: Record<string, unknown> }>(
      "SELECT tenant_id, log_type, ts, seq, event FROM log_events WHERE tenant_id = $1 AND log_type <> 'audit'",
      [T],
    );
    await old.ch.insert('log_events', EVENT_COLUMNS, rows.map((r) => eventLine(r.tenant_id, r.log_type, Number(r.ts), Number(r.seq), r.event)));
  }

  /**
   * Reports of every rollup table (the drill-downs' too) and of the copy of the events in the users' order (a report
   * given a user) answer for the demo tenant as the SQL store does.
   */
  async function answersAsSql(store: ClickHouseLogStore): Promise<void> {
    const { rows: users } = await db.query<{ u: string }>("SELECT event->>'userid' AS u FROM log_events WHERE tenant_id = $1 AND log_type = 'web' AND event ? 'userid' LIMIT 1", [T]);
    const reports: [ReportName, ReportParams][] = [
      ...(['top_domains', 'top_users', 'smtp_actions', 'dlp_top_users', 'fwaas_top_users', 'casb_app_users'] as const).map((name) => [name, { interval: '30d', limit: 10 }] as [ReportName, ReportParams]),
      ['top_category_domains', { interval: '30d', limit: 10, cats: '50' }],
      ['top_user_domains', { interval: '30d', limit: 10, userid: users[0]!.u }],
      ['top_domains', { interval: '30d', limit: 10, userid: users[0]!.u }],
    ];
    for (const [name, params] of reports) expect(await store.report(db, T, name, params, TEST_NOW), name).toEqual(await sqlLogStore.report(db, T, name, params, TEST_NOW));
  }

  it('moves a store made before the ingest tables onto them: new rollup tables filled in the background, a fill stopped after a step landed counting it once, new events once', { timeout: 300_000 }, async () => {
    const old = scratchStore();
    const database = raw(old.ch.config.database);
    const fills = (shard: number) =>
      old.ch.rows<{ target: string; first: string; last: string; day: string }>(
        sql`SELECT target, toString(any(first_day)) AS first, toString(any(last_day)) AS last, toString(min(day)) AS day
              FROM ${database}.log_fills_local GROUP BY target ORDER BY target`,
        { shard },
      );
    let next: ClickHouseLogStore | undefined;
    try {
      // A store as migration 006 left it, its events written into log_events as that store wrote them: every rollup
      // table's view is new to the next start, which fills them from the events after it (reads take the events meanwhile).
      await migrateClickHouse(old.ch, 6);
      await insertSqlEvents(old);
      await old.start(db);
      await answersAsSql(old);
      await old.rollupsFilled();
      await answersAsSql(old);
      for (let shard = 0; shard < old.ch.shardCount; shard++) {
        const done = await fills(shard);
        expect(done.map((f) => f.target)).toEqual(['log_day_bits_local', 'log_drills_daily_local', 'log_drills_local', 'log_hour_bits_local', 'log_rollups_daily_local', 'log_rollups_local']);
        for (const f of done) expect([f.target, f.day]).toEqual([f.target, f.first]);
      }
      // A server stopped after a step of the drill tables' fill landed, before its mark (here the step of the newest
      // day): that mark, and the older days' rows and marks, go. The next start counts that day once, not its rows again
      // with the events before the view. The bit tables' fills lose their marks alone: their rows (bits) stay, and
      // counting their days again changes none.
      for (let shard = 0; shard < old.ch.shardCount; shard++) {
        const last = Number((await fills(shard)).find((f) => f.target === 'log_drills_local')!.last);
        await old.ch.command(
          sql`ALTER TABLE ${database}.log_fills_local DELETE WHERE day <= ${last} AND (startsWith(target, 'log_drills') OR target IN ('log_day_bits_local', 'log_hour_bits_local'))`,
          shard,
        );
        for (const table of ['log_drills_local', 'log_drills_daily_local']) await old.ch.command(sql`ALTER TABLE ${database}.${raw(table)} DELETE WHERE hour < ${last}`, shard);
      }
      await mutationsDone(old);
      // Events stored while the fill goes, on the days it fills, are counted once: by the view, not by the fill.
      next = new ClickHouseLogStore(old.ch.config);
      await next.start(db);
      const tenant = randomUUID();
      const events = [...Array(5)].map((_, i) => ({ ts: TEST_NOW - i * DAY_MS - 60_000, event: { userid: `u${i}@demo.example`, domain: 'once.example', bytes: 1 } }));
      await next.ingest(db, tenant, 'web', events);
      await fieldColumnsAsArrays(next);
      await answersAsSql(next);
      await next.rollupsFilled();
      await answersAsSql(next);
      const [hourly] = await old.ch.rows<{ n: string }>(sql`SELECT toString(sum(events)) AS n FROM ${database}.log_hourly WHERE tenant_id = ${tenant}`);
      const domains = (await next.report(db, tenant, 'top_domains', { interval: '30d', limit: 5 }, TEST_NOW)) as { data: unknown[] };
      const drill = (await next.report(db, tenant, 'top_user_domains', { interval: '30d', limit: 5, userid: 'u1@demo.example' }, TEST_NOW)) as { data: unknown[] };
      expect([hourly!.n, domains.data, drill.data]).toEqual(['5', [{ key: 'once.example', value: 5 }], [{ key: 'once.example', value: 1 }]]);
      // Nothing is left reading log_events_local, where a current engine would run it a second time for each row.
      for (let shard = 0; shard < old.ch.shardCount; shard++) {
        const views = await old.ch.rows<{ name: string }>(
          sql`SELECT name FROM system.tables WHERE database = ${old.ch.config.database} AND engine = 'MaterializedView'
               AND position(create_table_query, ${`${old.ch.config.database}.log_events_local `}) > 0 AND NOT startsWith(name, 'ingest_')`,
          { shard },
        );
        expect(views).toEqual([]);
      }
    } finally {
      await next?.close();
      await dropStore(old);
    }
  });

  it("keeps the copy of the events in the users' order where configured: off, reports given a user read the events; on, the copy from then on", { timeout: 300_000 }, async () => {
    const database = scratchDatabase('portal_t');
    const storeOf = (on: boolean) => new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: database, CLICKHOUSE_USER_ORDER: on ? '1' : '0' }));
    const tenant = randomUUID();
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1)', [tenant]);
    const db_ = raw(database);
    const copied = async (s: ClickHouseLogStore) =>
      Number((await s.ch.rows<{ n: string }>(sql`SELECT toString(count()) AS n FROM ${db_}.log_user_events WHERE tenant_id = ${tenant}`))[0]!.n);
    const views = async (s: ClickHouseLogStore) =>
      Number((await s.ch.rows<{ n: string }>(sql`SELECT toString(count()) AS n FROM system.tables WHERE database = ${database} AND startsWith(name, 'ingest_') AND endsWith(name, '_user_events')`))[0]!.n);
    // Into the cluster alone: the SQL store's events are counted by a test below.
    const ingest = async (s: ClickHouseLogStore, at: number, domains: readonly string[]) => {
      await s.ingest(db, tenant, 'web', domains.map((domain, i) => ({ ts: at + i, event: { userid: 'ann@x.example', domain, bytes: 1 } })));
      await s.queue.settled(db, tenant);
    };
    let store = storeOf(false);
    try {
      await store.start(db);
      expect(await views(store)).toBe(0);
      await ingest(store, TEST_NOW - DAY_MS, ['a.example', 'b.example']);
      expect(await copied(store)).toBe(0);
      const given = (start: number) => ({ start: Math.ceil(start / 1000), end: Math.floor((TEST_NOW + 2 * DAY_MS) / 1000), limit: 10, userid: 'ann@x.example' });
      const domains = async (s: ClickHouseLogStore, params: ReportParams) =>
        ((await s.report(db, tenant, 'top_domains', params, TEST_NOW + 2 * DAY_MS)) as { data: { key: string }[] }).data.map((d) => d.key).sort();
      expect(await domains(store, given(TEST_NOW - 2 * DAY_MS))).toEqual(['a.example', 'b.example']);
      await store.close();
      // On: the events stored before are not copied, and a range that holds them reads the events.
      store = storeOf(true);
      await store.start(db);
      expect(await views(store)).toBe(CLUSTER_KINDS.length);
      const last = Number((await store.ch.rows<{ t: string }>(sql`SELECT toString(max(ts)) AS t FROM ${db_}.log_events`))[0]!.t);
      const after = last + 60_000;
      await ingest(store, after, ['c.example']);
      expect(await copied(store)).toBe(1);
      expect(await domains(store, given(TEST_NOW - 2 * DAY_MS))).toEqual(['a.example', 'b.example', 'c.example']);
      // A range from the time the copy holds every event on reads it: a row in the copy alone is counted.
      await store.ch.insert('log_user_events', USER_EVENT_COLUMNS, [
        `${tenant}\tweb\tann@x.example\t${after + 5}\t1\t1\t['domain','userid']\t['copy.example','ann@x.example']\t[]\t[]`,
      ]);
      expect(await domains(store, given(last + 1))).toEqual(['c.example', 'copy.example']);
      await store.close();
      // Off again: the views go, and the copy is not read.
      store = storeOf(false);
      await store.start(db);
      expect(await views(store)).toBe(0);
      expect(await domains(store, given(last + 1))).toEqual(['c.example']);
      await ingest(store, after + 60_000, ['d.example']);
      await store.close();
      // On again, a start cut off after the views were made and before the time was recorded: the next start records
      // it, and the earlier span's time does not make the copy (without the events stored while off) read.
      store = storeOf(true);
      const command = store.ch.command.bind(store.ch);
      const cut = vi.spyOn(store.ch, 'command').mockImplementation(async (statement, ...rest) => {
        if (statement.text.includes('max(ts) + 1')) throw new Error('cut off');
        return command(statement, ...rest);
      });
      await expect(store.start(db)).rejects.toThrow('cut off');
      cut.mockRestore();
      expect(await views(store)).toBe(CLUSTER_KINDS.length);
      await store.close();
      store = storeOf(true);
      await store.start(db);
      expect(await domains(store, given(last + 1))).toEqual(['c.example', 'd.example']);
      // From the time recorded then, the copy is read (a row in it alone is counted), and holds what comes in.
      await ingest(store, after + 3_600_000, ['e.example']);
      await store.ch.insert('log_user_events', USER_EVENT_COLUMNS, [
        `${tenant}\tweb\tann@x.example\t${after + 3_600_005}\t1\t1\t['domain','userid']\t['copy2.example','ann@x.example']\t[]\t[]`,
      ]);
      expect(await domains(store, given(after + 120_000))).toEqual(['copy2.example', 'e.example']);
    } finally {
      await dropStore(store);
    }
  });

  it('of two servers started at once on a store with new rollup tables, brings it up to date and fills them once: the second waits', { timeout: 300_000 }, async () => {
    const old = scratchStore();
    const servers = [0, 1].map(() => new ClickHouseLogStore(old.ch.config));
    const waited = vi.spyOn(console, 'info');
    try {
      // A store as migration 006 left it, with events: both servers would migrate it, make the rollup views and fill
      // their tables from the events.
      await migrateClickHouse(old.ch, 6);
      await insertSqlEvents(old);
      await Promise.all(servers.map((s) => s.start(db)));
      expect(waited.mock.calls.filter(([m]) => String(m).includes('another server is bringing the cluster up to date'))).toHaveLength(1);
      for (const s of servers) await s.rollupsFilled();
      for (const s of servers) await answersAsSql(s);
    } finally {
      waited.mockRestore();
      for (const s of servers) await s.close();
      await dropStore(old);
    }
  });

  it('takes up a fill of the bit tables stopped inside a block of days: the days are counted once, and the blocks answer as the states do', { timeout: 300_000 }, async () => {
    const old = scratchStore();
    const database = raw(old.ch.config.database);
    const dayBits = (shard: Target) =>
      old.ch.rows<{ first: string; last: string; day: string }>(
        sql`SELECT toString(any(first_day)) AS first, toString(any(last_day)) AS last, toString(min(day)) AS day
              FROM ${database}.log_fills_local WHERE target = 'log_day_bits_local'`,
        { shard },
      );
    const stores: ClickHouseLogStore[] = [];
    try {
      // A store with events whose bit tables are new to the next start (their views and rows removed, as before
      // migration 014).
      await old.start(db);
      await old.close();
      for (let shard = 0; shard < old.ch.shardCount; shard++) {
        const views = await old.ch.rows<{ name: string }>(
          sql`SELECT name FROM system.tables WHERE database = ${old.ch.config.database} AND engine = 'MaterializedView' AND position(create_table_query, '_bits_local ') > 0`,
          { shard },
        );
        for (const v of views) await old.ch.command(sql`DROP TABLE ${database}.${raw(v.name)}`, shard);
        for (const t of ['log_day_bits_local', 'log_hour_bits_local', 'log_fills_local']) await old.ch.command(sql`ALTER TABLE ${database}.${raw(t)} DELETE WHERE 1`, shard);
      }
      await mutationsDone(old);
      // A day a step, newest first; the third step of the day bits lands and then fails, before its mark (as a server
      // killed then): the fill stops with its frontier inside a 62-day block, whose rows hold the bits of the days
      // after the frontier.
      const ch = new ClickHouse(old.ch.config);
      const command = ch.command.bind(ch);
      const steps = new Map<Target, number>();
      let failedOn: Target;
      ch.command = async (statement, shard, signal) => {
        await command(statement, shard, signal);
        if (!statement.text.startsWith(`INSERT INTO ${ch.config.database}.log_day_bits_local SELECT`)) return;
        steps.set(shard, (steps.get(shard) ?? 0) + 1);
        if (steps.get(shard) === 3) {
          failedOn = shard;
          throw new Error('the server stopped');
        }
      };
      const stopped = new ClickHouseLogStore(old.ch.config, ch, { fillStepEvents: 1 });
      stores.push(stopped);
      await stopped.start(db);
      await stopped.rollupsFilled();
      await stopped.close();
      expect(failedOn).toBeDefined();
      const [fill] = await dayBits(failedOn!);
      const frontier = Number(fill!.day);
      expect(frontier).toBe(Number(fill!.last) - DAY_MS);
      // Days before the frontier are left in its block (and in the block before it: the events span two).
      expect(frontier % BLOCK_MS).not.toBe(0);
      expect(frontier).toBeGreaterThan(Number(fill!.first));
      // The next start takes it up (in one step) without deleting the blocks' rows: once it is done they hold every
      // day's bits, whether counted by the step that failed, by its repetition or by both.
      const next = new ClickHouseLogStore(old.ch.config);
      stores.push(next);
      await next.start(db);
      await next.rollupsFilled();
      for (let shard = 0; shard < old.ch.shardCount; shard++) for (const f of await dayBits(shard)) expect(f.day).toBe(f.first);
      await answersAsSql(next);
      const casb = (layouts: boolean) => next.report(db, T, 'casb_app_users', { interval: '30d', limit: 10 }, TEST_NOW, { layouts });
      expect(await casb(true)).toEqual(await casb(false));
    } finally {
      for (const s of stores) await s.close();
      await dropStore(old);
    }
  });

  it('takes the SQL store events, the audit log apart, and says so', async () => {
    const [ch] = await store.ch.rows<{ n: string }>(sql`SELECT count() AS n FROM ${raw(store.ch.config.database)}.log_events`);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM log_events WHERE log_type <> 'audit'");
    expect(Number(ch!.n)).toBe(rows[0]!.n);
    const total = rows[0]!.n.toLocaleString('en');
    expect(moveLines[0]).toContain(`moving the ${total} events of the portal's database there before the portal starts`);
    expect(moveLines.at(-1)).toMatch(new RegExp(`^ClickHouse: ${total} events moved to the cluster in \\d+ s\\.$`));
  });

  it('acknowledges batches once queued, stores them in fewer inserts, and a read of the tenant waits for them', async () => {
    const tenants = [...Array(12)].map(() => randomUUID());
    const at = TEST_NOW - 7 * 60_000;
    const batchOf = (t: string) => [...Array(25)].map((_, i) => ({ ts: at + i, event: { userid: `u${i}@${t}.example`, domain: `${t}.example`, bytes: i } }));
    const inserts: number[] = [];
    const insert = store.ch.insert.bind(store.ch);
    store.ch.insert = (table, columns, rows) => (inserts.push(typeof rows === 'string' ? rows.split('\n').length : rows.length), insert(table, columns, rows));
    try {
      // One sender, one batch after the other, each answered before the next is sent.
      for (const t of tenants) expect(await store.ingest(db, t, 'web', batchOf(t))).toBe(25);
      const last = tenants.at(-1)!;
      const page = await store.logPage(db, { tenantId: last, logType: 'web', range: { startMs: at - 1, endMs: at + 100 }, query: {}, limit: 50 });
      expect(page.events.length).toBe(25);
      for (const t of tenants) await store.queue.settled(db, t);
    } finally {
      store.ch.insert = insert;
    }
    expect(inserts.length).toBeLessThan(tenants.length);
    expect(inserts.reduce((a, b) => a + b, 0)).toBe(12 * 25);
    const counts = await store.ch.rows<{ tenant_id: string; n: string; rows: string }>(
      sql`SELECT tenant_id, toString(count()) AS n, toString(uniqExact(batch_key, batch_row)) AS rows FROM ${raw(store.ch.config.database)}.log_events
           WHERE has(${tenants}, tenant_id) GROUP BY tenant_id`,
    );
    expect(counts.map((c) => [c.tenant_id, c.n, c.rows]).sort()).toEqual(tenants.map((t) => [t, '25', '25']).sort());
  });

  it('completes a queued batch whose insert failed part-way, each event once', async () => {
    const tenant = randomUUID();
    const at = TEST_NOW - 5 * 60_000;
    const events = [...Array(40)].map((_, i) => ({ ts: at + i, event: { userid: `part${i % 7}@demo.example`, domain: 'part.example', bytes: i } }));
    const insert = store.ch.insert.bind(store.ch);
    // What a shard killed during an insert can leave: some of its rows stored, and an error.
    store.ch.insert = async (table, columns, rows) => {
      store.ch.insert = insert;
      await insert(table, columns, (typeof rows === 'string' ? rows.split('\n') : rows).slice(0, 15));
      throw new Error('a shard did not answer');
    };
    try {
      expect(await store.ingest(db, tenant, 'web', events)).toBe(40);
      const page = await store.logPage(db, { tenantId: tenant, logType: 'web', range: { startMs: at - 1, endMs: at + 100 }, query: {}, limit: 100 });
      expect(page.events.map((e) => (e.event as { bytes: number }).bytes).sort((a, b) => a - b)).toEqual(events.map((_, i) => i));
    } finally {
      store.ch.insert = insert;
    }
    const report = (await store.report(db, tenant, 'top_domains', { interval: '24h', limit: 5 }, TEST_NOW)) as { data: unknown[] };
    expect(report.data).toEqual([{ key: 'part.example', value: 40 }]);
  });

  it('counts the rollups of a batch again whose insert stored its events and failed before its rollups', { timeout: 120_000 }, async () => {
    const { ch } = store;
    const db_ = raw(ch.config.database);
    const [faulty, clean] = [randomUUID(), randomUUID()];
    const { rows } = await db.query<{ ts: string; event: Record<string, unknown> }>(
      "SELECT ts::text, event FROM log_events WHERE tenant_id = $1 AND log_type = 'web' ORDER BY ts, seq LIMIT 300",
      [T],
    );
    const events = rows.map((r) => ({ ts: Number(r.ts), event: r.event }));
    const count = async (table: string, tenant: string) =>
      Number((await ch.rows<{ n: string }>(sql`SELECT toString(count()) AS n FROM ${db_}.${raw(table)} WHERE tenant_id = ${tenant}`))[0]!.n);
    // A view after the one that stores the events fails every insert, as a shard killed between its views would.
    for (let shard = 0; shard < ch.shardCount; shard++) {
      await ch.command(sql`CREATE MATERIALIZED VIEW ${db_}.ingest_web_fail ENGINE = Null AS SELECT throwIf(ts > 0) AS x FROM ${db_}.ingest_web_local`, shard);
    }
    try {
      expect(await store.ingest(db, faulty, 'web', events)).toBe(events.length);
      await vi.waitFor(async () => expect(await count('log_events', faulty)).toBe(events.length), { timeout: 30_000, interval: 200 });
      expect(await count('log_hourly', faulty)).toBe(0);
      expect(await count('log_rollups', faulty)).toBe(0);
      expect(await count('log_user_events', faulty)).toBe(0);
    } finally {
      for (let shard = 0; shard < ch.shardCount; shard++) await ch.command(sql`DROP TABLE IF EXISTS ${db_}.ingest_web_fail`, shard);
    }
    // Stored, and then its rollup rows counted again (reads do not wait for that).
    await store.queue.settled(db, faulty);
    await vi.waitFor(
      async () => expect((await db.query("SELECT 1 FROM log_ingest_queue WHERE tenant_id = $1", [faulty])).rows).toEqual([]),
      { timeout: 30_000, interval: 200 },
    );
    expect(await store.ingest(db, clean, 'web', events)).toBe(events.length);
    await store.queue.settled(db, clean);
    expect(await count('log_events', faulty)).toBe(events.length);
    expect(await count('log_user_events', faulty)).toBe(events.length);
    const user = String(events.find((e) => e.event.userid)!.event.userid);
    // Thirty days: whole days from the daily rollups, whole hours from the hourly ones; the web reports given the user
    // from the copy of the events in the users' order.
    for (const name of REPORT_NAMES) {
      const need = reportSpec(name).requires;
      const params: ReportParams = { interval: '30d', limit: 10, ...(need ? { [need]: need === 'userid' ? user : need === 'cats' ? '50' : 'ssn' } : {}) };
      expect(await store.report(db, faulty, name, params, TEST_NOW), name).toEqual(await store.report(db, clean, name, params, TEST_NOW));
      if (need || reportSpec(name).logType !== 'web') continue;
      const given = { ...params, userid: user };
      expect(await store.report(db, faulty, name, given, TEST_NOW), `${name} given a user`).toEqual(await store.report(db, clean, name, given, TEST_NOW));
    }
  });

  it('answers every report of the catalogue as the SQL store does', { timeout: 300_000 }, async () => {
    const user = (await sqlLogStore.report(db, T, 'top_users', { interval: '30d', limit: 1 }, TEST_NOW)) as { data: { key: string }[] };
    const sample: Record<string, string> = { cats: '50', userid: user.data[0]!.key, alert_sub_type: 'ssn' };
    const queries: ReportParams[] = [
      { interval: '30d', limit: 10 },
      { interval: '7d', limit: 3, timezone: 'Asia/Kolkata' },
      { start: Math.floor((TEST_NOW - 3 * DAY_MS - 1234567) / 1000), end: Math.floor((TEST_NOW - 1 * DAY_MS + 777) / 1000), limit: 5, granularity: 'PT1H' },
    ];
    // The heads of the demo's busier past days (web, and the drill-downs' busier values), which top-N reports read
    // where they prove the answer (however few keys the days hold).
    expect(await store.heads.build({ now: TEST_NOW, settled: false, minEvents: 20 })).toBeGreaterThan(0);
    const heads = vi.spyOn(store.heads, 'top');
    const longTails = HEAD_READS.longTails;
    HEAD_READS.longTails = 0;
    for (const name of REPORT_NAMES) {
      const need = reportSpec(name).requires;
      for (const q of queries) {
        const params = need ? { ...q, [need]: sample[need] } : q;
        const [a, b] = [await sqlLogStore.report(db, T, name, params, TEST_NOW), await store.report(db, T, name, params, TEST_NOW)];
        sameAnswer(b, a, `${name} ${JSON.stringify(params)}`);
      }
    }
    const results = await Promise.all(heads.mock.results.map((r) => r.value));
    // The calls the heads answered, and of those the drill-downs' (a call naming the value drilled into).
    const answered = results.filter(Boolean).length;
    const drills = results.filter((r, i) => r && heads.mock.calls[i]![7] !== null).length;
    heads.mockRestore();
    HEAD_READS.longTails = longTails;
    expect(answered).toBeGreaterThan(5);
    expect(drills).toBeGreaterThan(0);
  });

  it('answers a drill-down of one value from the rows kept by that value, and of two categories from the events', async () => {
    const tenantId = 'tenant-drill-rows';
    const id = rollupId(reportRollups(reportSpec('top_category_domains')).main!);
    const day = Math.floor(TEST_NOW / DAY_MS) * DAY_MS - 3 * DAY_MS;
    const database = raw(store.ch.config.database);
    // Rows without events behind them: only a read of the rows can answer them.
    const row = (byKey: string, hour: number, key: string, events: number) => sql`(${tenantId}, ${id}, ${byKey}, ${hour}, 1, ${key}, ${events}, ${events}, 0, 0, 0)`;
    const columns = raw('(tenant_id, rollup, by_key, hour, has_key, key, events, first_events, byte_sum, first_byte_sum, labelled)');
    await store.ch.command(sql`INSERT INTO ${database}.log_drills_daily_local ${columns} VALUES ${join([row('56', day, 'a.example', 5), row('1', day, 'a.example', 3)], ', ')}`, 0);
    await store.ch.command(sql`INSERT INTO ${database}.log_drills_local ${columns} VALUES ${row('56', day + DAY_MS + HOUR_MS, 'b.example', 2)}`, 1);
    const top = async (cats: string, options?: ReportOptions) => {
      const answer = await store.report(db, tenantId, 'top_category_domains', { start: day / 1000, end: (day + DAY_MS + 2 * HOUR_MS) / 1000 - 1, limit: 5, cats }, TEST_NOW, options);
      return (answer as { data: unknown[] }).data;
    };
    expect(await top('56')).toEqual([{ key: 'a.example', value: 5 }, { key: 'b.example', value: 2 }]);
    expect(await top('1')).toEqual([{ key: 'a.example', value: 3 }]);
    // An event of both categories counts once in their drill-down: the events are read, and there are none.
    expect(await top('1+56')).toEqual([]);
    // Asked for the raw events alone (what the benchmark compares the rows with), the rows are not read.
    expect(await top('56', { rollups: false })).toEqual([]);
  });

  it('answers every log kind page by page as the SQL store does, also filtered', { timeout: 120_000 }, async () => {
    const range = { startMs: TEST_NOW - 31 * DAY_MS, endMs: TEST_NOW };
    for (const logType of LOG_TYPES) {
      sameAnswer(await walk(store, db, T, logType, {}, range), await walk(sqlLogStore, db, T, logType, {}, range), logType);
    }
    const filtered = { action: 'block', cats: ['50', '2'] };
    sameAnswer(await walk(store, db, T, 'web', filtered, range), await walk(sqlLogStore, db, T, 'web', filtered, range), 'filtered');
    // Exclusions (not_p): of text, list and yes/no fields, with isolate, beside a filter; events without the field stay.
    const excluded: [LogType, Record<string, unknown>][] = [
      ['web', { not_pe_action: 'block+isolate', not_cats: '50', not_threat_category: 'phishing', not_heat_evasion_techniques: 'HTML Smuggling' }],
      ['web', { cats: ['50', '2'], not_cats: '2', not_is_casb: 'true', not_lure_category: ['all'] }],
      ['email', { not_action: 'block', not_heat_evasion_techniques: ['HTML Smuggling', 'Dynamic Content'] }],
      ['fwaas_logs', { not_dst_port: '443,53', not_country: 'US' }],
    ];
    for (const [logType, query] of excluded) {
      const a = await walk(sqlLogStore, db, T, logType, query, range);
      expect(a.length, JSON.stringify(query)).toBeGreaterThan(0);
      sameAnswer(await walk(store, db, T, logType, query, range), a, JSON.stringify(query));
    }
  });

  it('answers insights, file lookups and the collector read as the SQL store does', async () => {
    for (const q of ['a', 'news', 'ex']) {
      const query = { q, src: 'web' as const, limit: 5, interval: '30d' as const };
      expect(await store.insights(db, T, query, TEST_NOW, false)).toEqual(await sqlLogStore.insights(db, T, query, TEST_NOW, false));
    }
    const { rows } = await db.query<{ h: string }>("SELECT DISTINCT event->>'sha256' AS h FROM log_events WHERE tenant_id = $1 AND event ? 'sha256' LIMIT 5", [T]);
    const hashes = [...rows.map((r) => r.h), 'f'.repeat(64)];
    const bySha = (a: { sha256: string }, b: { sha256: string }) => a.sha256.localeCompare(b.sha256);
    expect((await store.fileSightings(db, T, hashes, 0)).sort(bySha)).toEqual((await sqlLogStore.fileSightings(db, T, hashes, 0)).sort(bySha));
    const from = { ts: TEST_NOW - 2 * DAY_MS, seq: -1 };
    expect(await store.collect(db, T, 'dlp', from, 300)).toEqual(await sqlLogStore.collect(db, T, 'dlp', from, 300));
  });

  /**
   * Random web events of fresh tenants, stored through both stores' ingest: every report and a page agree. On the same
   * stores as above (a store's start takes the whole seed): each test's tenants are its own.
   */
  describe('on random events', () => {
    const BASE = Date.UTC(2025, 2, 29, 0, 0, 0);
    const SPAN = 3 * DAY_MS;

    const maybe = <A>(a: fc.Arbitrary<A>) => fc.option(a, { nil: undefined });
    const webEvent = fc.record({
      ts: fc.integer({ min: BASE, max: BASE + SPAN - 1 }),
      userid: maybe(fc.constantFrom('ann@x.example', 'bob@x.example', "o'hara\\@x.example")),
      group: maybe(fc.constantFrom('Finance', "R&D 'Labs'")),
      domain: maybe(fc.constantFrom('a.example', 'b.example', 'c.example')),
      cats: maybe(fc.uniqueArray(fc.constantFrom('1', '2', '56', '86'), { maxLength: 3 })),
      pe_action: fc.constantFrom('allow', 'block', 'safeview'),
      action: fc.constantFrom('allow', 'block'),
      bytes: fc.integer({ min: 0, max: 5_000 }),
      is_casb: fc.boolean(),
      casb_app_name: maybe(fc.constantFrom('Box', 'Dropbox')),
      browser: maybe(fc.constantFrom('Chrome', 'Firefox')),
      browser_version: maybe(fc.constantFrom('120', '121')),
      av_scan_result: maybe(fc.constantFrom('clean', 'malicious')),
      sha256: fc.constantFrom('aa', 'bb'),
      heat_evasion_techniques: maybe(fc.uniqueArray(fc.constantFrom('html_smuggling', 'captcha'), { minLength: 1, maxLength: 2 })),
      lure_category: maybe(fc.constantFrom('Fake Login Page', 'Invoice')),
      // Absent, null or a value: an exclusion keeps the first two.
      threat_category: fc.option(fc.constantFrom('phishing', 'malware'), { nil: null }).chain((v) => (v === null ? fc.constantFrom(undefined, null) : fc.constant(v))),
    });
    const webReports = REPORT_NAMES.filter((n) => reportSpec(n).logType === 'web');
    /** Filters and exclusions (not_p) over the fields above, any of them absent in an event. */
    const values = (...v: string[]) => maybe(fc.subarray(v, { minLength: 1 }).map((a) => a.join('+')));
    const filters = fc.record(
      {
        pe_action: values('allow', 'block', 'isolate'),
        not_pe_action: values('allow', 'block', 'isolate'),
        cats: values('1', '2', '56'),
        not_cats: values('1', '2', '56', '86'),
        userid: values('ann@x.example', 'bob@x.example', "o'hara\\@x.example"),
        not_userid: values('ann@x.example', "o'hara\\@x.example"),
        not_domain: values('a.example', 'c.example', 'all'),
        not_is_casb: values('true', 'false'),
        not_threat_category: values('phishing', 'malware'),
        not_heat_evasion_techniques: values('html_smuggling', 'captcha'),
        not_lure_category: values('Invoice'),
      },
      { requiredKeys: [] },
    );
    /** A drill-down's value: one (its rows), or several (a user's: its rows too; categories: the events). */
    const drillFilters = fc.record({
      cats: fc.constantFrom('56', '1', '1+56'),
      userid: fc.constantFrom('ann@x.example', "o'hara\\@x.example", 'ann@x.example+bob@x.example'),
    });
    const query = fc.record({
      start: fc.integer({ min: BASE - HOUR_MS, max: BASE + SPAN }),
      length: fc.integer({ min: 0, max: SPAN }),
      granularity: maybe(fc.constantFrom('PT1H', 'P1D')),
      timezone: maybe(fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata')),
      limit: fc.integer({ min: 1, max: 8 }),
    });

    it('ingests the same events into both and answers every web report and the log pages alike, filtered and excluded too', { timeout: 360_000 }, async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(webEvent, { minLength: 1, maxLength: 80 }), query, filters, drillFilters, async (events, q, f, drill) => {
          const tenantId = `tenant-prop-${run++}`;
          await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1)', [tenantId]);
          const incoming = events.map(({ ts, ...e }) => ({ ts, event: e }));
          await sqlLogStore.ingest(db, tenantId, 'web', incoming);
          await store.ingest(db, tenantId, 'web', incoming);
          const now = BASE + SPAN;
          const params: ReportParams = {
            start: Math.floor(q.start / 1000),
            end: Math.floor((q.start + q.length) / 1000),
            limit: q.limit,
            ...(q.granularity ? { granularity: q.granularity as 'PT1H' } : {}),
            ...(q.timezone ? { timezone: q.timezone } : {}),
            userid: undefined,
          };
          for (const name of webReports) {
            const need = reportSpec(name).requires;
            const p = need ? { ...params, [need]: drill[need as keyof typeof drill] } : params;
            const a = await sqlLogStore.report(db, tenantId, name as ReportName, p, now);
            sameAnswer(await store.report(db, tenantId, name as ReportName, p, now), a, name);
          }
          const range = { startMs: BASE, endMs: BASE + SPAN };
          sameAnswer(await walk(store, db, tenantId, 'web', {}, range), await walk(sqlLogStore, db, tenantId, 'web', {}, range), 'web');
          sameAnswer(await walk(store, db, tenantId, 'web', f, range), await walk(sqlLogStore, db, tenantId, 'web', f, range), JSON.stringify(f));
          // The reports compile the same conditions (their API takes no exclusion): both stores agree on them too.
          for (const name of webReports) {
            const need = reportSpec(name).requires;
            const p = { ...params, ...f, ...(need ? { [need]: drill[need as keyof typeof drill] } : {}) };
            sameAnswer(await store.report(db, tenantId, name as ReportName, p, now), await sqlLogStore.report(db, tenantId, name as ReportName, p, now), `${name} ${JSON.stringify(f)}`);
          }
        }),
        { numRuns: 8 },
      );
    });

    it('answers timelines over whole hours alone, and with a retention that starts after the range, as the SQL store does', { timeout: 120_000 }, async () => {
      const tenantId = 'tenant-whole-hours';
      await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1)', [tenantId]);
      const events = [{ ts: BASE, event: { pe_action: 'allow', action: 'allow', bytes: 0, is_casb: true, casb_profile_type: 'Box', heat_evasion_techniques: ['captcha'] } }];
      for (const s of [sqlLogStore, store]) await s.ingest(db, tenantId, 'web', events);
      const params: ReportParams = { start: (BASE - HOUR_MS) / 1000, end: (BASE + 8 * HOUR_MS) / 1000 - 1, limit: 1, granularity: 'PT1H' };
      for (const name of webReports.filter((n) => reportSpec(n).kind === 'series'))
        for (const options of [{}, { sinceMs: BASE + DAY_MS }]) {
          const a = await sqlLogStore.report(db, tenantId, name as ReportName, params, BASE + SPAN, options);
          expect(await store.report(db, tenantId, name as ReportName, params, BASE + SPAN, options), name).toEqual(a);
        }
    });

    it('keeps every group of a tenant with more groups than a top-N lists, over partial and whole days, as the SQL store does', async () => {
      const tenantId = 'tenant-many-groups';
      await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1)', [tenantId]);
      // 1,500 groups over three days, more than a day's head holds; a group's requests and users vary with it.
      const events = Array.from({ length: 1_500 }, (_, i) =>
        Array.from({ length: 1 + (i % 4) }, (_, j) => ({ ts: BASE + ((i * 7_919 + j * 3_571) % 288) * 15 * 60_000, event: { group: `g${i}`, userid: `u${(i + j) % (1 + (i % 3))}` } })),
      ).flat();
      for (const s of [sqlLogStore, store]) await s.ingest(db, tenantId, 'web', events);
      // From 05:30 of the first day to 06:30 of the third.
      const params = { start: (BASE + 5.5 * HOUR_MS) / 1000, end: (BASE + 2 * DAY_MS + 6.5 * HOUR_MS) / 1000 };
      for (const name of ['top_groups', 'group_users'] as const) {
        const expected = await everyKey(sqlLogStore, db, tenantId, name, params, BASE + SPAN);
        expect(expected.length, name).toBeGreaterThan(1_000);
        sameAnswer(await everyKey(store, db, tenantId, name, params, BASE + SPAN), expected, name);
      }
    });

    it('answers a distinct-user top-N over whole days and partial days, with applications whose events have no user, as the SQL store does', async () => {
      const tenantId = 'tenant-user-bits';
      await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1)', [tenantId]);
      const casb = (ts: number, app: string, userid?: string) => ({ ts, event: { is_casb: true, casb_app_name: app, bytes: 1, ...(userid ? { userid } : {}) } });
      const events = [
        // Box: users on the partial first day, at 02:00 (before the range) and 09:00, and on the whole second day.
        casb(BASE + 2 * HOUR_MS, 'Box', 'early@x.example'),
        casb(BASE + 9 * HOUR_MS, 'Box', 'ann@x.example'),
        casb(BASE + DAY_MS + 3 * HOUR_MS, 'Box', 'bob@x.example'),
        // Dropbox: no user, on the partial first day; Slack: no user, on the whole second day.
        casb(BASE + 10 * HOUR_MS, 'Dropbox'),
        casb(BASE + DAY_MS + 4 * HOUR_MS, 'Slack'),
        // Drive: a user on the partial last day, in the range, and one after it.
        casb(BASE + 2 * DAY_MS + HOUR_MS, 'Drive', 'cy@x.example'),
        casb(BASE + 2 * DAY_MS + 7 * HOUR_MS, 'Drive', 'late@x.example'),
      ];
      for (const s of [sqlLogStore, store]) await s.ingest(db, tenantId, 'web', events);
      // From 05:30 of the first day to 06:30 of the third: its partial days' whole hours from hour bits, its whole day from blocks.
      const params: ReportParams = { start: (BASE + 5.5 * HOUR_MS) / 1000, end: (BASE + 2 * DAY_MS + 6.5 * HOUR_MS) / 1000, limit: 10 };
      const expected = { Box: 2, Drive: 1, Dropbox: 0, Slack: 0 };
      for (const s of [sqlLogStore, store]) {
        const { data } = (await s.report(db, tenantId, 'casb_app_users', params, BASE + SPAN)) as { data: { key: string; value: number }[] };
        expect(Object.fromEntries(data.map((d) => [d.key, d.value])), s.name).toEqual(expected);
      }
    });

    it('deletes a tenant events past its retention on both stores, and reads start there anyway', async () => {
      const tenantId = 'tenant-retention';
      await db.query('INSERT INTO tenants (id, name) VALUES ($1, $1)', [tenantId]);
      const events: IncomingEvent[] = [0, 1, 2, 3].map((d) => ({ ts: BASE + d * DAY_MS + 5 * HOUR_MS, event: { userid: 'ann@x.example', domain: `d${d}.example`, bytes: 1, action: 'allow' } }));
      // A user of an application each day: distinct users over whole days come from a block holding every day's bit.
      events.push(...[0, 1, 2, 3].map((d) => ({ ts: BASE + d * DAY_MS + 6 * HOUR_MS, event: { userid: `u${d}@x.example`, domain: `d${d}.example`, is_casb: true, casb_app_name: 'Box', bytes: 1 } })));
      for (const s of [sqlLogStore, store]) await s.ingest(db, tenantId, 'web', events);
      const cut = BASE + 2 * DAY_MS;
      const params: ReportParams = { start: BASE / 1000, end: (BASE + 4 * DAY_MS) / 1000, limit: 10 };
      const kept = ['d2.example', 'd3.example'];
      for (const s of [sqlLogStore, store]) {
        const read = (await s.report(db, tenantId, 'top_domains', params, BASE + 4 * DAY_MS, { sinceMs: cut })) as { data: { key: string }[] };
        expect(read.data.map((d) => d.key).sort(), s.name).toEqual(kept);
      }
      for (const s of [sqlLogStore, store]) await s.dropBefore(db, tenantId, cut);
      // ClickHouse deletes in the background (mutations of the events and of each rollup table): wait for them.
      await mutationsDone(store);
      // Given the user: on ClickHouse from the copy of the events in the users' order, whose rows went too.
      const givenUser = async (s: LogStore) =>
        ((await s.report(db, tenantId, 'top_domains', { ...params, userid: 'ann@x.example' }, BASE + 4 * DAY_MS)) as { data: { key: string }[] }).data.map((d) => d.key).sort();
      for (const s of [sqlLogStore, store]) expect(await givenUser(s), s.name).toEqual(kept);
      // The days before the cut dropped for every tenant too (the last test of this database): a block that starts
      // before the cut and holds kept days stays.
      await store.dropDaysBefore(cut);
      const cutDay = new Date(cut).toISOString().slice(0, 10).replaceAll('-', '');
      for (let shard = 0; shard < store.ch.shardCount; shard++) {
        const days = await store.ch.rows<{ partition: string }>(
          sql`SELECT DISTINCT partition FROM system.parts WHERE database = ${store.ch.config.database} AND table = 'log_user_events_local' AND active`,
          { shard },
        );
        expect(days.filter((d) => d.partition < cutDay)).toEqual([]);
      }
      expect(await givenUser(store)).toEqual(kept);
      for (const s of [sqlLogStore, store]) {
        const read = (await s.report(db, tenantId, 'top_domains', params, BASE + 4 * DAY_MS)) as { data: { key: string }[] };
        expect(read.data.map((d) => d.key).sort(), s.name).toEqual(kept);
        const users = (await s.report(db, tenantId, 'casb_app_users', params, BASE + 4 * DAY_MS, { sinceMs: cut })) as { data: { key: string; value: number }[] };
        expect(users.data, s.name).toEqual([{ key: 'Box', value: 2 }]);
        const page = await s.logPage(db, { tenantId, logType: 'web', range: { startMs: BASE, endMs: BASE + 4 * DAY_MS }, query: {}, limit: 10 });
        expect(page.events.map((e) => (e.event as { domain: string }).domain).sort(), s.name).toEqual([...kept, ...kept].sort());
      }
    });
  });
});
