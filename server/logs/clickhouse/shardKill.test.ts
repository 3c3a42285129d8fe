/**
 * kill -9 of one shard while appliances send event batches to a portal on ClickHouse (LOG_STORE=clickhouse), on a
 * two-shard cluster of the test's own (testCluster.ts). It runs where the cluster tests run (CLICKHOUSE_URL set) when
 * CLICKHOUSE_KILL_TEST=1 asks for it, as CI does: about a minute alone, of two more servers and three senders. A batch
 * is answered 200 once queued in the SQL store (queue.ts), so batches go on being acknowledged while a shard is down,
 * until the queue holds what the cluster stores in INGEST_QUEUE_BACKLOG_S; the queue's inserts into the cluster fail
 * meanwhile and are tried again, and once the shard is back a read waits for them while the senders pause. Senders
 * send a refused batch (429 with Retry-After) again with its Idempotency-Key until it is taken. Once the shard is back,
 * every acknowledged batch is there whole and once, and no batch is there in part: a drain whose insert failed after
 * one shard stored its rows inserts only the rows the shards do not hold (`heldRows`, the rows' key and place,
 * migration 006).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { reportSpec } from '../../../schemas/reports';
import { INGEST_PATH, emailEvent, ingestAuth, ndjson } from '../../../tests/api/ingestEvents';
import { signedIn } from '../../../tests/api/helpers';
import { startTestServer, type TestServer } from '../../../tests/setup/start-server';
import { reportRollups, rollupId } from '../rollups';
import { raw, sql, type Sql } from './bind';
import { ClickHouse, clickHouseConfig } from './client';
import { text } from './columns';
import { CLICKHOUSE_SERVER, startTestCluster, type TestCluster } from './testCluster';

const SIZE = 200;
const SENDER = 'shard-kill@ingest.example';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.CLICKHOUSE_URL || !CLICKHOUSE_SERVER || process.env.CLICKHOUSE_KILL_TEST !== '1')('kill -9 of one ClickHouse shard during ingestion', () => {
  let cluster: TestCluster | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    await cluster?.remove();
  }, 120_000);

  it('goes on acknowledging batches, loses none, and stores none in part or twice', { timeout: 900_000 }, async () => {
    cluster = await startTestCluster();
    server = await startTestServer({ ownDatabase: true, env: { LOG_STORE: 'clickhouse', CLICKHOUSE_URL: cluster.url, CLICKHOUSE_DATABASE: 'portal_kill' } });
    const admin = await signedIn('admin', server.url);
    const made = await admin.post('/api/settings/v1/tenants/ingestion_tokens', { body: { name: 'shard kill appliance' } });
    expect(made.status, made.text).toBe(200);
    const headers = { ...ingestAuth(made.body.secret as string), 'content-type': 'application/x-ndjson' };

    const acknowledged: string[] = [];
    const refused: { status: number; retryAfter: string | null }[] = [];
    /** The last refusal's answer, for a failure's message. */
    let lastRefusal = '';
    let ackedWhileDown = 0;
    let down = false;
    let paused = false;
    let stop = false;
    let next = 0;
    // Three appliances; a batch's events carry its id in their message ids and spread over users (and so shards).
    const appliance = async () => {
      while (!stop) {
        if (paused) {
          await sleep(50);
          continue;
        }
        const batch = `b${next++}`;
        const body = ndjson([...Array(SIZE)].map((_, i) => ({ ...emailEvent(Date.now() - i, SENDER, `${batch}-${i}`), userid: `user${i % 13}@demo.example` }))).data;
        for (let sent = false; !sent && !stop; ) {
          const res = await fetch(server!.url + INGEST_PATH('email'), { method: 'POST', headers: { ...headers, 'idempotency-key': batch }, body });
          const answer = await res.text();
          if (res.status === 200) {
            acknowledged.push(batch);
            if (down) ackedWhileDown++;
            sent = true;
          } else {
            refused.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
            lastRefusal = `${res.status} ${answer}`;
            await sleep(200);
          }
        }
      }
    };
    const sending = Promise.all([appliance(), appliance(), appliance()]);
    /** The sender's events of the last hour, 1,000 a page. */
    const readPath = () => {
      const now = Math.floor(Date.now() / 1000);
      return `/api/rep/v1/query/email?sender=${encodeURIComponent(SENDER)}&start=${now - 3600}&end=${now + 60}&limit=1000`;
    };
    const acksAtLeast = async (n: number) => {
      for (let t = 0; acknowledged.length < n; t++) {
        if (t > 3000) throw new Error(`only ${acknowledged.length} batches acknowledged; ${refused.length} refusals, the last: ${lastRefusal || 'none'}`);
        await sleep(50);
      }
    };
    // Each shard in turn: the second (reached through the first), then the first (where the portal sends its inserts).
    for (const shard of [1, 0]) {
      await acksAtLeast(acknowledged.length + 3);
      down = true;
      await cluster.kill(shard);
      await acksAtLeast(acknowledged.length + 10);
      await sleep(1000);
      await cluster.start(shard);
      down = false;
      // What the queue took while the shard was down is stored before the next is killed: a read waits for it. The
      // senders pause meanwhile, so that the queue is near empty when the next shard is killed and has room for the
      // batches sent while it is down (a full batch at least): senders faster than the cluster keep it at its limit.
      paused = true;
      await vi.waitFor(async () => expect((await admin.get(readPath())).status).toBe(200), { timeout: 120_000, interval: 1_000 });
      paused = false;
    }
    await acksAtLeast(acknowledged.length + 3);
    stop = true;
    await sending;

    expect(ackedWhileDown).toBeGreaterThanOrEqual(20);
    for (const r of refused) expect(r, JSON.stringify(r)).toEqual({ status: 429, retryAfter: '1' });

    const path = readPath();
    const ids: string[] = [];
    for (let page = (await admin.get(path)).body; ; ) {
      ids.push(...page.events.map((e: { event: { message_id: string } }) => e.event.message_id));
      if (page.paginate.last_iteration) break;
      page = (await admin.post(path, { body: { pagingIdentifiers: page.paginate.pagingIdentifiers } })).body;
    }
    const perBatch = new Map<string, number>();
    for (const id of ids) perBatch.set(id.split('-')[0]!, (perBatch.get(id.split('-')[0]!) ?? 0) + 1);
    // Every acknowledged batch is there once and whole; none is there in part or twice.
    for (const batch of acknowledged) expect(perBatch.get(batch), batch).toBe(SIZE);
    expect([...perBatch].filter(([, n]) => n !== SIZE)).toEqual([]);
    // The rollups agree with the events: those of an insert a kill cut off between its views are counted again.
    const ch = new ClickHouse(clickHouseConfig({ CLICKHOUSE_URL: cluster.url, CLICKHOUSE_DATABASE: 'portal_kill' }));
    const id = rollupId(reportRollups(reportSpec('smtp_top_senders')).main!);
    const count = async (statement: Sql) => Number((await ch.rows<{ n: string }>(statement))[0]!.n);
    const events = await count(sql`SELECT toString(count()) AS n FROM portal_kill.log_events WHERE log_type = 'email' AND ${text('sender')} = ${SENDER}`);
    expect(events).toBe(acknowledged.length * SIZE);
    for (const table of ['log_rollups', 'log_rollups_daily']) {
      await vi.waitFor(
        async () => expect(await count(sql`SELECT toString(sum(events)) AS n FROM portal_kill.${raw(table)} WHERE rollup = ${id} AND key = ${SENDER}`), table).toBe(events),
        { timeout: 60_000, interval: 500 },
      );
    }
    console.info(`shard kill: ${acknowledged.length} batches acknowledged (${ackedWhileDown} while a shard was down), ${refused.length} refusals, ${perBatch.size} batches stored, each once`);
  });
});
