import { describe, expect, it } from 'vitest';
import { raw } from './bind';
import { ClickHouse, ClickHouseError, clickHouseConfig, groupBySpill } from './client';

describe('the GROUP BY spill for a shard', () => {
  it("spills at half the shard's memory limit per query, 1 GB without one, and keeps the spill a profile sets", () => {
    expect(groupBySpill({ max_memory_usage: '2000000000', max_bytes_before_external_group_by: '0' })).toBe(1_000_000_000);
    expect(groupBySpill({ max_memory_usage: '1000000000', max_bytes_before_external_group_by: '0' })).toBe(500_000_000);
    expect(groupBySpill({ max_memory_usage: '0', max_bytes_before_external_group_by: '0' })).toBe(1_000_000_000);
    expect(groupBySpill({ max_memory_usage: '8000000000', max_bytes_before_external_group_by: '3000000000' })).toBeUndefined();
  });
});

describe('the configuration', () => {
  it("keeps the copy of the events in the users' order unless CLICKHOUSE_USER_ORDER says 0 or false, and names a value it cannot read", () => {
    const userOrder = (value?: string) => clickHouseConfig({ CLICKHOUSE_URL: 'http://127.0.0.1:1', CLICKHOUSE_USER_ORDER: value }).userOrder;
    expect([userOrder(), userOrder(''), userOrder('1'), userOrder('true')]).toEqual([true, true, true, true]);
    expect([userOrder('0'), userOrder('false')]).toEqual([false, false]);
    expect(() => userOrder('off')).toThrow('CLICKHOUSE_USER_ORDER must be true or false; got "off".');
  });
});

describe('a statement for any shard', () => {
  /** Shards that answer with the number of the shard, fail as unreachable (`down`) or with an error of their own. */
  class Shards extends ClickHouse {
    readonly asked: number[] = [];
    constructor(readonly down = new Set<number>(), readonly refusing = new Set<number>()) {
      super(clickHouseConfig({ CLICKHOUSE_URL: 'http://127.0.0.1:1,http://127.0.0.1:2,http://127.0.0.1:3' }));
    }
    protected override async post(shard: number): Promise<string> {
      this.asked.push(shard);
      if (this.down.has(shard)) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      if (this.refusing.has(shard)) throw new ClickHouseError('Code: 60, Table does not exist', 404);
      return `{"shard":${shard}}\n`;
    }
  }
  const answered = async (ch: Shards) => (await ch.rows<{ shard: number }>(raw('SELECT 1')))[0]!.shard;

  it('goes to each shard in turn, so that they share the final merges', async () => {
    const ch = new Shards();
    const shards = [];
    for (let i = 0; i < 6; i++) shards.push(await answered(ch));
    expect(shards).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('passes on to the next shard from one that cannot be reached, and not from one that answers with an error', async () => {
    const ch = new Shards(new Set([1]));
    expect([await answered(ch), await answered(ch), await answered(ch)]).toEqual([0, 2, 2]);
    expect(ch.asked).toEqual([0, 1, 2, 2]);
    await expect(answered(new Shards(new Set(), new Set([0])))).rejects.toThrow('Table does not exist');
  });
});

describe('a cluster with replicas', () => {
  /** Servers that answer with their number; `down`: unreachable, `cut`: the connection reset after it was sent. */
  class Replicas extends ClickHouse {
    readonly asked: number[] = [];
    constructor(
      readonly down = new Set<number>(),
      readonly cut = new Set<number>(),
    ) {
      super(clickHouseConfig({ CLICKHOUSE_URL: 'http://a:1|http://b:1, http://c:1|http://d:1' }));
    }
    protected override async post(server: number): Promise<string> {
      this.asked.push(server);
      if (this.down.has(server)) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      if (this.cut.has(server)) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return `{"server":${server}}\n`;
    }
  }

  it("reads CLICKHOUSE_URL's shards and, within each, its replicas", () => {
    const ch = new Replicas();
    expect(ch.config.shards).toEqual([
      ['http://a:1', 'http://b:1'],
      ['http://c:1', 'http://d:1'],
    ]);
    expect([ch.shardCount, ch.servers.length, ch.serversOf(1), ch.serversOf()]).toEqual([2, 4, [2, 3], [0, 1, 2, 3]]);
  });

  it("sends a shard's statement to its first replica that can be reached, and one server's to that server alone", async () => {
    const ch = new Replicas(new Set([2]));
    expect(await ch.rows(raw('SELECT 1'), { shard: 1 })).toEqual([{ server: 3 }]);
    expect(await ch.rows(raw('SELECT 1'), { shard: 0 })).toEqual([{ server: 0 }]);
    await expect(ch.rows(raw('SELECT 1'), { shard: { server: 2 } })).rejects.toThrow('ECONNREFUSED');
    expect(ch.asked).toEqual([2, 3, 0, 2]);
  });

  it('passes an insert on only when it did not reach a server: one cut off may have stored rows', async () => {
    const unreachable = new Replicas(new Set([0]));
    await unreachable.insert('t', 'a', ['1']);
    // To the other shard's first replica: a statement for any server goes to first replicas while one answers.
    expect(unreachable.asked).toEqual([0, 2]);
    const firstsDown = new Replicas(new Set([0, 2]));
    await firstsDown.insert('t', 'a', ['1']);
    expect(firstsDown.asked).toEqual([0, 2, 1]);
    const cut = new Replicas(new Set(), new Set([0]));
    await expect(cut.insert('t', 'a', ['1'])).rejects.toThrow('socket hang up');
    expect(cut.asked).toEqual([0]);
    // A read is passed on either way.
    expect(await cut.rows(raw('SELECT 1'), { shard: 0 })).toEqual([{ server: 1 }]);
  });
});

describe('an insert to a server killed while it ran it', () => {
  it('is not sent to another server, also when the retry on a kept-alive connection finds the server gone', async () => {
    const { createServer } = await import('node:http');
    const inserts: string[] = [];
    const answer = (name: string) =>
      createServer((req, res) => {
        const query = decodeURIComponent(req.url ?? '');
        if (!query.includes('INSERT')) return res.end('');
        inserts.push(name);
        // The server dies with the statement read: its connection is reset, and it takes no more.
        req.socket.destroy();
        killed.close();
      });
    const killed = answer('first');
    const other = answer('second');
    const port = async (server: ReturnType<typeof createServer>) => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return (server.address() as { port: number }).port;
    };
    const ch = new ClickHouse(clickHouseConfig({ CLICKHOUSE_URL: `http://127.0.0.1:${await port(killed)}|http://127.0.0.1:${await port(other)}` }));
    try {
      // The settings read opens the kept-alive connection the insert then goes on.
      await ch.command(raw('SELECT 1'), 0);
      await expect(ch.insert('t', 'a', ['1'])).rejects.toThrow();
      expect(inserts).toEqual(['first']);
    } finally {
      other.close();
      killed.closeAllConnections();
    }
  });
});

const url = process.env.CLICKHOUSE_URL;

describe.skipIf(!url)('the statements the store sends', () => {
  // Made only when the suite runs: vitest collects a skipped suite's body too.
  const ch = url ? new ClickHouse(clickHouseConfig({ CLICKHOUSE_URL: url })) : (undefined as never);

  it("spill a GROUP BY past half the shard's 2 GB limit to disk and merge the shards bucket by bucket, on every shard", async () => {
    // Without these, a 30-day top-N over millions of keys fails on the shards' per-query memory limit.
    for (let shard = 0; shard < ch.shardCount; shard++) {
      const rows = await ch.rows<{ name: string; value: string }>(
        raw(`SELECT name, value FROM system.settings WHERE name IN ('max_bytes_before_external_group_by', 'distributed_aggregation_memory_efficient') ORDER BY name`),
        { shard },
      );
      expect(rows).toEqual([
        { name: 'distributed_aggregation_memory_efficient', value: '1' },
        { name: 'max_bytes_before_external_group_by', value: '1000000000' },
      ]);
    }
  });
});
