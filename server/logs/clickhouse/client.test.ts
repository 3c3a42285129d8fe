import { describe, expect, it } from 'vitest';
import { raw } from './bind';
import { ClickHouse, clickHouseConfig, groupBySpill } from './client';

describe('the GROUP BY spill for a shard', () => {
  it("spills at half the shard's memory limit per query, 1 GB without one, and keeps the spill a profile sets", () => {
    expect(groupBySpill({ max_memory_usage: '2000000000', max_bytes_before_external_group_by: '0' })).toBe(1_000_000_000);
    expect(groupBySpill({ max_memory_usage: '1000000000', max_bytes_before_external_group_by: '0' })).toBe(500_000_000);
    expect(groupBySpill({ max_memory_usage: '0', max_bytes_before_external_group_by: '0' })).toBe(1_000_000_000);
    expect(groupBySpill({ max_memory_usage: '8000000000', max_bytes_before_external_group_by: '3000000000' })).toBeUndefined();
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
