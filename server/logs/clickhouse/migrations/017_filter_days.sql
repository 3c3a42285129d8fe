-- The rows of migration 016 kept per value of more filters than the group: per shard, tenant, report rollup, filter
-- (`field`: the event's field a report filter compares, filterDays.ts names them), its value (`by_key`), UTC day,
-- build and key, the columns of a daily rollup row. Built in the background from each day's events, as 016's were; a
-- report whose one filter is such a field reads them for its whole days instead of every raw event of the range.
-- 016's tables are dropped: their builds hold the group alone, and the next passes build every day anew here.
DROP TABLE IF EXISTS {db}.log_group_days;
DROP TABLE IF EXISTS {db}.log_group_days_local;
DROP TABLE IF EXISTS {db}.log_group_builds_local;
CREATE TABLE IF NOT EXISTS {db}.log_filter_days_local (
  shard UInt32,
  tenant_id String,
  rollup String,
  field String,
  by_key String,
  hour Int64,
  build UInt64,
  has_key UInt8,
  key String,
  events UInt64,
  first_events UInt64,
  byte_sum Int64,
  first_byte_sum Int64,
  users AggregateFunction(uniqExactIf, String, UInt8),
  label AggregateFunction(minIf, String, UInt8),
  labelled UInt64
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, rollup, field, by_key, hour, build, has_key, key)
SETTINGS index_granularity = 1024;
CREATE TABLE IF NOT EXISTS {db}.log_filter_days AS {db}.log_filter_days_local
ENGINE = Distributed({cluster}, {db}, log_filter_days_local, cityHash64(tenant_id));
-- One row per build, written after its rows: a build without it is never read. `stamp`: the day's events of the kind
-- on the shard when the rows were computed (as in 016); `fields`: the filters the build holds rows of, so that a build
-- made before a filter was added is built anew, not read for it.
CREATE TABLE IF NOT EXISTS {db}.log_filter_builds_local (
  tenant_id String,
  log_type String,
  hour Int64,
  build UInt64,
  stamp UInt64,
  fields String
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, log_type, hour, build);
