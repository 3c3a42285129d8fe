-- Distinct users of a key over many days (the distinct-user top-Ns, rollups of layout 'blocks' in
-- server/logs/rollups.ts, as the SQL store keeps them): per tenant, rollup, block of BLOCK_DAYS (62) UTC days (`hour`
-- holds the block's start, named like the rollup tables' span so that fills and deletes treat them alike), key and
-- user, a bit per day of the block on which the user had an event of the key. A 30-day top-N then reads a (key, user)
-- pair once or twice instead of merging 30 daily uniqExact states per key (docs/benchmarks.md). Bits are or'ed, so a
-- row stored twice changes nothing. A view per kind on its entry table fills it as events arrive
-- (ClickHouseLogStore.syncRollups); a user's rows are on the shard of the user's events.
CREATE TABLE IF NOT EXISTS {db}.log_blocks_local (
  tenant_id String,
  rollup String,
  hour Int64,
  has_key UInt8,
  key String,
  user String,
  days AggregateFunction(groupBitOr, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, rollup, hour, has_key, key, user);
CREATE TABLE IF NOT EXISTS {db}.log_blocks AS {db}.log_blocks_local
ENGINE = Distributed({cluster}, {db}, log_blocks_local, cityHash64(tenant_id, user));
