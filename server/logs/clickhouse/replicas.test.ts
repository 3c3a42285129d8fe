/**
 * A cluster with two replicas of each shard (deploy/clickhouse/replicas.xml, ZooKeeper), of the test's own
 * (testCluster.ts): the store makes its tables replicated, answers as the SQL store does, keeps rollup rows that two
 * batches make alike, and goes on taking and answering events with one replica of each shard killed with kill -9.
 * It runs where the cluster tests run (CLICKHOUSE_URL set) when CLICKHOUSE_REPLICAS_TEST=1 asks for it, with Debian's
 * zookeeper package installed: about three minutes, of four more servers and ZooKeeper. CI does not run it: on its
 * two cores it pushed the whole run past its time limit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORT_NAMES, reportSpec } from '../../../schemas/reports';
import type { Db } from '../../types';
import { sqlLogStore } from '../sqlStore';
import { openSeededTestDb, TEST_NOW, TEST_TENANTS } from '../testDb';
import { raw, sql } from './bind';
import { clickHouseConfig } from './client';
import { ClickHouseLogStore } from './store';
import { CLICKHOUSE_SERVER, startTestCluster, zooKeeperInstalled, type TestCluster } from './testCluster';

const HOUR = 3_600_000;
const T = TEST_TENANTS.demo.id;
const run = !!process.env.CLICKHOUSE_URL && !!CLICKHOUSE_SERVER && zooKeeperInstalled() && process.env.CLICKHOUSE_REPLICAS_TEST === '1';

describe.skipIf(!run)('ClickHouse with two replicas of each shard', () => {
  let cluster: TestCluster;
  let db: Db;
  let store: ClickHouseLogStore;
  const database = 'portal_replicas';

  beforeAll(async () => {
    cluster = await startTestCluster(177, { replicas: true });
    db = await openSeededTestDb();
    store = new ClickHouseLogStore(clickHouseConfig({ CLICKHOUSE_URL: cluster.url, CLICKHOUSE_DATABASE: database }));
    await store.start(db);
  }, 600_000);
  afterAll(async () => {
    await store?.close();
    await db?.close();
    await cluster?.remove();
  }, 120_000);

  /** The events of a tenant on each server, read from its own tables. */
  const heldBy = async (tenantId: string) => {
    const counts = [];
    for (const server of store.ch.serversOf()) {
      const [row] = await store.ch.rows<{ n: string }>(sql`SELECT toString(count()) AS n FROM ${raw(database)}.log_events_local WHERE tenant_id = ${tenantId}`, {
        shard: { server },
      });
      counts.push(Number(row!.n));
    }
    return counts;
  };

  /**
   * Waits until every server that answers has fetched what its shard's other replica stored: each replicated table has
   * taken every entry of its shard's log into its queue (`log_pointer` past `log_max_index`, where the log has more
   * than one) and done them.
   */
  const caughtUp = async () => {
    for (let i = 0; i < 600; i++) {
      let behind = 0;
      for (const server of store.ch.serversOf()) {
        const rows = await store.ch
          .rows<{ n: string }>(
            sql`SELECT toString(countIf(is_readonly OR queue_size > 0 OR (log_pointer <= log_max_index AND log_max_index > 0))) AS n FROM system.replicas WHERE database = ${database}`,
            { shard: { server } },
          )
          .catch(() => [{ n: '0' }]);
        behind += Number(rows[0]!.n);
      }
      if (!behind) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the replicas did not catch up in a minute');
  };

  it('makes every table of the MergeTree family replicated on every server, and answers every report as the SQL store does', { timeout: 300_000 }, async () => {
    for (const server of store.ch.serversOf()) {
      const tables = await store.ch.rows<{ name: string; engine: string }>(
        sql`SELECT name, engine FROM system.tables WHERE database = ${database} AND engine LIKE '%MergeTree' ORDER BY name`,
        { shard: { server } },
      );
      expect(tables.length).toBeGreaterThan(10);
      expect(tables.filter((t) => !t.engine.startsWith('Replicated'))).toEqual([]);
    }
    await caughtUp();
    const [r1, r2, r3, r4] = await heldBy(T);
    // Each shard's replicas hold the same events, and each shard some.
    expect([r1, r3]).toEqual([r2, r4]);
    expect(r1! * r3!).toBeGreaterThan(0);
    for (const name of REPORT_NAMES) {
      if (reportSpec(name).requires) continue;
      const params = { interval: '7d' as const, limit: 5 };
      expect(await store.report(db, T, name, params, TEST_NOW), name).toEqual(await sqlLogStore.report(db, T, name, params, TEST_NOW));
    }
  });

  it('counts two batches whose rollup rows are alike twice (a replicated table would drop the second as a copy)', async () => {
    const tenant = randomUUID();
    const event = { ts: TEST_NOW - 5 * HOUR, event: { userid: 'same@demo.example', domain: 'same.example', bytes: 7 } };
    for (let i = 0; i < 2; i++) {
      expect(await store.ingest(db, tenant, 'web', [{ ...event, ts: event.ts + i }])).toBe(1);
      await store.queue.settled(db, tenant);
    }
    // The hour is whole in the range: read from the hourly rollup rows, which the two batches made alike.
    const report = await store.report(db, tenant, 'top_domains', { interval: '24h', limit: 5 }, TEST_NOW);
    expect(report).toMatchObject({ data: [{ key: 'same.example', value: 2 }] });
  });

  it('takes and answers events with a replica of each shard killed during ingestion, then with the other, and loses none and stores none twice', { timeout: 600_000 }, async () => {
    let sent = 0;
    let sending = true;
    let acknowledged = 0;
    let failed: unknown;
    const batch = () =>
      [...Array(200)].map(() => {
        const n = sent++;
        return { ts: TEST_NOW - 2 * HOUR + n, event: { userid: `u${n}@replicas.example`, domain: `d${n % 50}.example`, bytes: 1 } };
      });
    // A sender as an appliance is: a batch refused for back-pressure (429) is sent again after its Retry-After.
    const send = async (tenant: string) => {
      while (sending) {
        const events = batch();
        for (;;) {
          try {
            acknowledged += await store.ingest(db, tenant, 'web', events);
            break;
          } catch (e) {
            if ((e as { status?: number }).status !== 429) {
              failed = e;
              return;
            }
            await new Promise((r) => setTimeout(r, 1_000));
          }
        }
      }
    };
    const atLeast = async (n: number) => {
      while (acknowledged < n) {
        if (failed) throw failed;
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const stored = async (tenant: string) => {
      await store.queue.settled(db, tenant);
      const [row] = await store.ch.rows<{ n: string; users: string }>(
        sql`SELECT toString(count()) AS n, toString(uniqExact(user)) AS users FROM ${raw(database)}.log_events WHERE tenant_id = ${tenant}`,
      );
      return { events: Number(row!.n), users: Number(row!.users) };
    };
    const [first1, second1, first2, second2] = store.ch.serversOf();

    // The first replicas killed while the queue moves batches to them: batches go on being taken and stored.
    const during = randomUUID();
    let sender = send(during);
    await atLeast(2_000);
    await cluster.kill(first1!);
    await cluster.kill(first2!);
    await atLeast(acknowledged + 4_000);
    sending = false;
    await sender;
    expect(failed).toBeUndefined();
    const duringAcknowledged = acknowledged;
    // Every acknowledged event is there once, but those of inserts the kills cut off whose stored rows the replicas
    // left could not show: those batches are set aside until the killed replicas are back.
    const afterKill = await stored(during);
    const [asideRow] = (
      await db.query<{ n: string }>('SELECT coalesce(sum(events), 0)::text AS n FROM log_ingest_queue WHERE aside_since IS NOT NULL AND NOT recount')
    ).rows;
    expect(afterKill.events).toBe(afterKill.users);
    expect(afterKill.users).toBeLessThanOrEqual(duringAcknowledged);
    expect(afterKill.users).toBeGreaterThanOrEqual(duringAcknowledged - Number(asideRow!.n));

    // The first replicas back and caught up: the batches set aside are stored, and every acknowledged event is there
    // once. Then the second killed between inserts: the first hold what the second stored while they were down, and
    // take and answer new events exactly.
    await cluster.start(first1!);
    await cluster.start(first2!);
    await caughtUp();
    await vi.waitFor(
      async () => expect(Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM log_ingest_queue WHERE aside_since IS NOT NULL AND NOT recount')).rows[0]!.n)).toBe(0),
      { timeout: 120_000, interval: 500 },
    );
    await caughtUp();
    expect(await stored(during)).toEqual({ events: duringAcknowledged, users: duringAcknowledged });
    await cluster.kill(second1!);
    await cluster.kill(second2!);
    expect((await stored(during)).users).toBe(duringAcknowledged);
    const after = randomUUID();
    acknowledged = 0;
    sending = true;
    sender = send(after);
    await atLeast(2_000);
    sending = false;
    await sender;
    expect(failed).toBeUndefined();
    expect(await stored(after)).toEqual({ events: acknowledged, users: acknowledged });
    const report = await store.report(db, after, 'top_domains', { interval: '24h', limit: 1 }, TEST_NOW);
    expect(report).toMatchObject({ total: acknowledged });

    // The second replicas back: each shard's two hold the same events.
    await cluster.start(second1!);
    await cluster.start(second2!);
    await caughtUp();
    const held = await heldBy(after);
    expect(held[0]! + held[2]!).toBe(acknowledged);
    expect([held[1], held[3]]).toEqual([held[0], held[2]]);

    // The rollups of the batches the kills cut off, counted again once every replica had what the killed ones stored,
    // agree with the events: a report over whole hours (read from rollup rows) counts every event stored.
    await vi.waitFor(
      async () => expect(Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM log_ingest_queue WHERE recount')).rows[0]!.n)).toBe(0),
      { timeout: 120_000, interval: 500 },
    );
    for (const tenant of [during, after]) {
      const report = await store.report(db, tenant, 'top_domains', { interval: '24h', limit: 1 }, TEST_NOW);
      expect(report, tenant === during ? 'during the kills' : 'after').toMatchObject({ total: (await stored(tenant)).events });
    }
  });
});
