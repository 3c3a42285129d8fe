/**
 * Top-N reports from the heads of past days and hours (heads.ts) against the SQL store on the same events (needs the
 * cluster: CLICKHOUSE_URL). Heads of two keys per span, so that a few events have tails.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportName } from '../../../schemas/reports';
import type { Db } from '../../types';
import type { IncomingEvent } from '../logStore';
import { DAY_MS, DAY_ROWS } from '../rollups';
import { sqlLogStore } from '../sqlStore';
import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite';
import { raw, sql } from './bind';
import { type ClickHouse, clickHouseConfig } from './client';
import { Heads } from './heads';
import { ClickHouseLogStore } from './store';
import { dropScratchDatabase, scratchDatabase, withUnnamedDeletedAtOnce } from './testCluster';

const url = process.env.CLICKHOUSE_URL;

describe('the background passes of the heads', () => {
  it('keep no listener of a pass once it is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(process, 'emitWarning');
    // A cluster of no shard: each pass has nothing to read.
    const heads = new Heads({ shardCount: 0, config: { database: 'portal' } } as unknown as ClickHouse, () => 0);
    try {
      heads.start();
      // A day's passes would pass a signal's limit of 10 listeners many times over.
      for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(60_000);
      expect(warn.mock.calls.map(([w]) => String(w))).not.toContainEqual(expect.stringContaining('MaxListenersExceeded'));
    } finally {
      await heads.close();
      warn.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!url)('ClickHouse heads of past days and hours', () => {
  let db: Db;
  let store: ClickHouseLogStore;
  const head = DAY_ROWS.head;
  const now = Date.now();
  const today = Math.floor(now / DAY_MS) * DAY_MS;

  beforeAll(async () => {
    DAY_ROWS.head = 2;
    db = await openPglite();
    await migrate(db);
    store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_DATABASE: scratchDatabase('portal_h') }));
    await store.start(db);
    // The tests build when they mean to: no background pass in between.
    await store.heads.close();
    await store.filterDays.close();
  }, 300_000);
  afterAll(async () => {
    DAY_ROWS.head = head;
    await store?.close();
    if (store) await dropScratchDatabase(store.ch);
    await db?.close();
  });

  /**
   * Web events of a tenant on the day `daysAgo` before today: `n` of each domain, and one of each of 100 rare domains
   * (the many keys that heads leave out); users spread over the shards.
   */
  function day(daysAgo: number, counts: Record<string, number>): IncomingEvent[] {
    return at(today - daysAgo * DAY_MS + 3_600_000, counts);
  }
  /** The same, from `start` on. */
  function at(start: number, counts: Record<string, number>): IncomingEvent[] {
    const rare = Object.fromEntries([...Array(100)].map((_, i) => [`rare${i}-${start}.example`, 1]));
    return Object.entries({ ...counts, ...rare }).flatMap(([domain, n]) =>
      [...Array(n)].map((_, i) => ({
        ts: start + i * 1000,
        event: { userid: `u${i % 5}@heads.example`, domain, bytes: domain.length * 100 + i, pe_action: 'allow' },
      })),
    );
  }
  async function ingest(tenant: string, events: IncomingEvent[]): Promise<void> {
    await db.query('INSERT INTO tenants (id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [tenant, `Heads ${tenant}`]);
    await sqlLogStore.ingest(db, tenant, 'web', events);
    await store.ingest(db, tenant, 'web', events);
    // In the cluster once the ingest queue has moved them (the heads are built here, not by a read that would wait).
    await store.queue.settled(db, tenant);
  }
  /** A report from both stores, and whether the heads answered the ClickHouse one. */
  async function both(tenant: string, name: ReportName, limit: number, interval: '30d' | '12h' = '30d', filter: Record<string, string> = {}) {
    const top = vi.spyOn(store.heads, 'top');
    try {
      const params = { interval, limit, ...filter };
      const [sqlAnswer, chAnswer] = [await sqlLogStore.report(db, tenant, name, params, now), await store.report(db, tenant, name, params, now)];
      const headed = top.mock.results.length > 0 && (await top.mock.results[0]!.value) !== undefined;
      return { sql: sqlAnswer, clickhouse: chAnswer, headed };
    } finally {
      top.mockRestore();
    }
  }
  const built = async (tenant: string) =>
    (await store.ch.rows<{ n: string }>(sql`SELECT toString(count()) AS n FROM ${raw(store.ch.config.database)}.log_head_tails WHERE tenant_id = ${tenant}`))[0]!.n;

  it('answers from the heads when they prove the top, and as the SQL store does', async () => {
    const tenant = randomUUID();
    await ingest(tenant, [
      ...[6, 5, 4, 3].flatMap((ago) => day(ago, { 'a.example': 20, 'b.example': 15 })),
      // Today's events are read from the rollups of the range's last, partial day.
      ...day(0, { 'b.example': 3, 'e.example': 2 }),
    ]);
    // Before any build the daily rows answer.
    const before = await both(tenant, 'top_domains', 2);
    expect(before.headed).toBe(false);
    expect(before.clickhouse).toEqual(before.sql);
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(4);
    for (const name of ['top_domains', 'top_bandwidth_domains'] as const) {
      const after = await both(tenant, name, 2);
      expect(after.clickhouse).toEqual(after.sql);
      expect(after.headed).toBe(true);
    }
    // A top longer than what the heads hold is not proven by them: every daily row answers it.
    const long = await both(tenant, 'top_domains', 5);
    expect(long.clickhouse).toEqual(long.sql);
    expect(long.headed).toBe(false);
  });

  it('answers a top that excludes an action from the heads less the excluded events, as the SQL store does', async () => {
    const tenant = randomUUID();
    // a heads every day, but 10 of its 20 events a day are blocked: without them b leads, then a, above what c (each
    // day's tail) could reach.
    const blockA = (events: IncomingEvent[]) => {
      let n = 0;
      return events.map((e) => (e.event.domain === 'a.example' && n++ % 20 < 10 ? { ...e, event: { ...e.event, pe_action: 'block' } } : e));
    };
    await ingest(tenant, [
      ...[6, 5, 4, 3].flatMap((ago) => blockA(day(ago, { 'a.example': 20, 'b.example': 15, 'c.example': 6 }))),
      // Two hours ago (the range's last day, or the whole day before it shortly after midnight): e's are blocked.
      ...at(now - 7_200_000, { 'b.example': 3 }),
      ...at(now - 7_200_000, { 'e.example': 40 }).map((e) => (e.event.domain === 'e.example' ? { ...e, event: { ...e.event, pe_action: 'block' } } : e)),
    ]);
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(4);
    const notBlocked = { not_pe_action: 'block' };
    const plain = await both(tenant, 'top_domains', 2);
    expect((plain.clickhouse as { data: unknown[] }).data).toEqual([
      { key: 'a.example', value: 80 },
      { key: 'b.example', value: 63 },
    ]);
    // The excluded events from the events of each day until the rows per action are built, then from those rows.
    for (const rowsBuilt of [false, true]) {
      if (rowsBuilt) expect(await store.filterDays.build({ now, settled: false, minEvents: 1 })).toBeGreaterThan(0);
      const answer = await both(tenant, 'top_domains', 2, '30d', notBlocked);
      expect(answer.clickhouse).toEqual(answer.sql);
      expect((answer.clickhouse as { data: unknown[] }).data).toEqual([
        { key: 'b.example', value: 63 },
        { key: 'a.example', value: 40 },
      ]);
      expect(answer.headed).toBe(true);
      const bytes = await both(tenant, 'top_bandwidth_domains', 2, '30d', notBlocked);
      expect(bytes.clickhouse).toEqual(bytes.sql);
      expect(bytes.headed).toBe(true);
    }
  });

  it('answers a top over the last hours from the heads of past hours', async () => {
    const tenant = randomUUID();
    const hour = Math.floor((now - 3 * 3_600_000) / 3_600_000) * 3_600_000;
    await ingest(tenant, at(hour + 60_000, { 'a.example': 20, 'b.example': 15 }));
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(1);
    const answer = await both(tenant, 'top_domains', 2, '12h');
    expect(answer.clickhouse).toEqual(answer.sql);
    expect((answer.clickhouse as { data: unknown[] }).data).toEqual([
      { key: 'a.example', value: 20 },
      { key: 'b.example', value: 15 },
    ]);
    expect(answer.headed).toBe(true);
  });

  it('answers a top whose N-th key ties with the next one, ordered by key as the SQL store orders them', async () => {
    const tenant = randomUUID();
    // a and b in every head with as many events: the first of a top 1 is a, and b cannot be before it.
    await ingest(tenant, [6, 5, 4, 3].flatMap((ago) => day(ago, { 'b.example': 20, 'a.example': 20 })));
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(4);
    const answer = await both(tenant, 'top_domains', 1);
    expect(answer.clickhouse).toEqual(answer.sql);
    expect((answer.clickhouse as { data: unknown[] }).data).toEqual([{ key: 'a.example', value: 80 }]);
    expect(answer.headed).toBe(true);
  });

  it('fetches more keys from the heads when more than the first fetch may reach the top', async () => {
    const tenant = randomUUID();
    // a heads every day; each of ten domains heads one day only, with more events that day than a has on it, but
    // fewer than a over the ten days. Their bounds (their day plus the tails of the others) pass a's total, so the
    // first keys fetched by bound are all theirs.
    const days = [...Array(10)].map((_, i) => 12 - i);
    await ingest(tenant, days.flatMap((ago, i) => day(ago, { 'a.example': 20, [`x${i}.example`]: 195 })));
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(10);
    const answer = await both(tenant, 'top_domains', 1);
    expect(answer.clickhouse).toEqual(answer.sql);
    expect((answer.clickhouse as { data: unknown[] }).data).toEqual([{ key: 'a.example', value: 200 }]);
    expect(answer.headed).toBe(true);
  });

  it('does not answer from heads that a key in every tail outgrows', async () => {
    const tenant = randomUUID();
    // z is left out of every day's head (two keys), yet has the most events of the four days.
    await ingest(tenant, [
      ...day(6, { 'x.example': 10, 'y.example': 6, 'z.example': 5 }),
      ...day(5, { 'y.example': 10, 'w.example': 6, 'z.example': 5 }),
      ...day(4, { 'w.example': 10, 'x.example': 6, 'z.example': 5 }),
      ...day(3, { 'v.example': 10, 'u.example': 6, 'z.example': 5 }),
    ]);
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(4);
    const answer = await both(tenant, 'top_domains', 1);
    expect(answer.clickhouse).toEqual(answer.sql);
    expect((answer.clickhouse as { data: { key: string }[] }).data[0]!.key).toBe('z.example');
    expect(answer.headed).toBe(false);
  });

  it('reads the daily rows of a day whose events changed after its heads were built, until it is built again', async () => {
    const tenant = randomUUID();
    await ingest(tenant, [6, 5, 4].flatMap((ago) => day(ago, { 'a.example': 20, 'b.example': 15, 'd.example': 1 })));
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(3);
    expect((await both(tenant, 'top_domains', 1)).headed).toBe(true);
    const tails = await built(tenant);
    // Events arriving late for a built day: q.example outgrows a.example, on a day whose heads do not hold it.
    await ingest(tenant, day(5, { 'q.example': 100 }));
    const late = await both(tenant, 'top_domains', 1);
    expect(late.clickhouse).toEqual(late.sql);
    expect((late.clickhouse as { data: { key: string }[] }).data).toEqual([{ key: 'q.example', value: 100 }]);
    // A pass that has not seen the day settle leaves it; the next builds it again, and the heads answer.
    expect(await store.heads.build({ now, minEvents: 1 })).toBe(0);
    expect(await built(tenant)).toBe(tails);
    expect(await store.heads.build({ now, minEvents: 1 })).toBeGreaterThanOrEqual(1);
    const rebuilt = await both(tenant, 'top_domains', 1);
    expect(rebuilt.clickhouse).toEqual(rebuilt.sql);
    expect(rebuilt.headed).toBe(true);
    // The builds the late events replaced are deleted, tails and heads; the newest answer on.
    expect(await buildsPerSpan(tenant)).toEqual([2, 2]);
    await pruned();
    expect(await buildsPerSpan(tenant)).toEqual([1, 1]);
    const after = await both(tenant, 'top_domains', 1);
    expect(after.clickhouse).toEqual(rebuilt.clickhouse);
    expect(after.headed).toBe(true);
  });

  it('deletes the heads of a build whose span changed while it ran', async () => {
    const tenant = randomUUID();
    await ingest(tenant, day(2, { 'a.example': 20, 'b.example': 15 }));
    // Events arrive for the day while the first build of the tenant writes its heads.
    const command = store.ch.command.bind(store.ch);
    let late = true;
    const spy = vi.spyOn(store.ch, 'command').mockImplementation(async (statement, ...rest) => {
      if (late && statement.text.startsWith(`INSERT INTO ${store.ch.config.database}.log_heads_local`) && statement.text.includes(`'${tenant}'`)) {
        late = false;
        await ingest(tenant, day(2, { 'q.example': 30 }));
      }
      return command(statement, ...rest);
    });
    try {
      await store.heads.build({ now, settled: false, minEvents: 1 });
    } finally {
      spy.mockRestore();
    }
    expect(late).toBe(false);
    expect(await unrecorded(tenant)).toBeGreaterThan(0);
    // Their rows are deleted once the build started an hour ago (UNNAMED.afterMs): not yet, then with no wait.
    await pruned();
    expect(await unrecorded(tenant)).toBeGreaterThan(0);
    await withUnnamedDeletedAtOnce(pruned);
    expect(await unrecorded(tenant)).toBe(0);
    // Built again, the heads answer with the late events.
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(1);
    const answer = await both(tenant, 'top_domains', 1);
    expect(answer.clickhouse).toEqual(answer.sql);
    expect((answer.clickhouse as { data: unknown[] }).data).toEqual([{ key: 'q.example', value: 30 }]);
  });

  /** Prunes every shard, and waits until the deletes are applied. */
  async function pruned(): Promise<void> {
    await store.heads.prune();
    for (let shard = 0; shard < store.ch.shardCount; shard++) await store.ch.mutationsDone(shard);
  }
  /** The most builds a span and rollup of the tenant has on a shard, in the tails and in the heads (0: none). */
  async function buildsPerSpan(tenant: string): Promise<number[]> {
    return Promise.all(
      ['log_head_tails', 'log_heads'].map(async (table) => {
        const [r] = await store.ch.rows<{ n: string }>(
          sql`SELECT toString(max(n)) AS n FROM (SELECT uniqExact(build) AS n FROM ${raw(store.ch.config.database)}.${raw(table)}
               WHERE tenant_id = ${tenant} GROUP BY shard, \`rollup\`, by_key, span, span_start)`,
        );
        return Number(r?.n ?? 0);
      }),
    );
  }
  /** The tenant's heads rows on any shard whose build has no tails row there. */
  async function unrecorded(tenant: string): Promise<number> {
    const database = raw(store.ch.config.database);
    let n = 0;
    for (let shard = 0; shard < store.ch.shardCount; shard++) {
      const [r] = await store.ch.rows<{ n: string }>(
        sql`SELECT toString(count()) AS n FROM ${database}.log_heads_local
             WHERE tenant_id = ${tenant} AND build NOT IN (SELECT build FROM ${database}.log_head_tails_local WHERE tenant_id = ${tenant})`,
        { shard },
      );
      n += Number(r?.n ?? 0);
    }
    return n;
  }

  it('sums again only the rollup rows of the hours whose events changed since the last pass', async () => {
    const tenant = randomUUID();
    await ingest(tenant, [4, 3].flatMap((ago) => day(ago, { 'a.example': 20, 'b.example': 15 })));
    await store.heads.build({ now, minEvents: 1 });
    await store.heads.build({ now, minEvents: 1 });
    // The statements a pass sends that read rollup rows, by the days they name.
    const summed = async () => {
      const rows = vi.spyOn(store.ch, 'rows');
      try {
        const built = await store.heads.build({ now, minEvents: 1 });
        const texts = rows.mock.calls.map(([statement]) => statement.text).filter((t) => /FROM \S+\.log_(rollups|drills)(_daily)?_local\s/.test(t) && /GROUP BY tenant_id/.test(t));
        return { built, texts };
      } finally {
        rows.mockRestore();
      }
    };
    // Nothing arrived: no span's rows are summed, and nothing is built.
    expect(await summed()).toEqual({ built: 0, texts: [] });
    // Late events for one day: that day's (and its hours') rows are summed, no other day's.
    const late = today - 3 * DAY_MS + 7_200_000;
    await ingest(tenant, at(late, { 'q.example': 50 }));
    const after = await summed();
    expect(after.texts.length).toBeGreaterThan(0);
    for (const t of after.texts) expect(t).not.toContain(`${today - 4 * DAY_MS}`);
    // The day, in the daily tables; its hour, in the hourly ones.
    expect(after.texts.some((t) => t.includes(`hour >= ${today - 3 * DAY_MS} AND hour < ${today - 2 * DAY_MS}`))).toBe(true);
    expect(after.texts.some((t) => t.includes(`hour >= ${Math.floor(late / 3_600_000) * 3_600_000} AND hour < ${Math.floor(late / 3_600_000) * 3_600_000 + 3_600_000}`))).toBe(true);
    // Settled, the day is built again, and the heads answer as the SQL store does.
    expect((await summed()).built).toBeGreaterThanOrEqual(1);
    const answer = await both(tenant, 'top_domains', 1);
    expect(answer.clickhouse).toEqual(answer.sql);
    expect((answer.clickhouse as { data: unknown[] }).data).toEqual([{ key: 'q.example', value: 50 }]);
    expect(answer.headed).toBe(true);
  });

  it('answers the drill-down of one value from that value\'s heads, until its own events change', async () => {
    const tenant = randomUUID();
    // One day: u0 has a fifth of a and b, and every rare domain (the first event of each).
    await ingest(tenant, day(5, { 'a.example': 20, 'b.example': 15 }));
    expect(await store.heads.build({ now, settled: false, minEvents: 1 })).toBeGreaterThanOrEqual(1);
    const user = { userid: 'u0@heads.example' };
    const first = await both(tenant, 'top_user_domains', 2, '30d', user);
    expect(first.clickhouse).toEqual(first.sql);
    expect((first.clickhouse as { data: unknown[] }).data).toEqual([
      { key: 'a.example', value: 4 },
      { key: 'b.example', value: 3 },
    ]);
    expect(first.headed).toBe(true);
    const late = (userid: string, domain: string, n: number): IncomingEvent[] =>
      [...Array(n)].map((_, i) => ({ ts: today - 5 * DAY_MS + 7_200_000 + i, event: { userid, domain, bytes: 10, pe_action: 'allow' } }));
    // Another user's late events for the day leave this user's heads of it valid.
    await ingest(tenant, late('u1@heads.example', 'q.example', 50));
    const other = await both(tenant, 'top_user_domains', 2, '30d', user);
    expect(other.clickhouse).toEqual(first.clickhouse);
    expect(other.headed).toBe(true);
    // The user's own late events make them stale: the day's rows answer, with the new domain first.
    await ingest(tenant, late(user.userid, 'q.example', 50));
    const own = await both(tenant, 'top_user_domains', 1, '30d', user);
    expect(own.clickhouse).toEqual(own.sql);
    expect((own.clickhouse as { data: unknown[] }).data).toEqual([{ key: 'q.example', value: 50 }]);
    expect(own.headed).toBe(false);
  });
});
