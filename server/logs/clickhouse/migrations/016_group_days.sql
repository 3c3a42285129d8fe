-- The reports' rollup rows of past UTC days per group (the `group` field of an event, the user's group), built in the
-- background from each day's events (groups.ts), not by a view: a report filtered by group alone reads them for its
-- whole days instead of every raw event of the range. Rows kept per group by views made the cluster take events at
-- less than half the rate (docs/scale-out.md). `build` names one computation of a day's rows on `shard`; a read takes
-- only a build recorded in log_group_builds_local whose stamp still holds.
CREATE TABLE IF NOT EXISTS {db}.log_group_days_local (
  shard UInt32,
  tenant_id String,
  rollup String,
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
ORDER BY (tenant_id, rollup, by_key, hour, build, has_key, key)
SETTINGS index_granularity = 1024;
CREATE TABLE IF NOT EXISTS {db}.log_group_days AS {db}.log_group_days_local
ENGINE = Distributed({cluster}, {db}, log_group_days_local, cityHash64(tenant_id));
-- One row per build, written after its rows: a build without it is never read. `stamp`: the day's events of the kind
-- on the shard when the rows were computed (the kind's stamp rollup, as for the heads); the rows answer only while it
-- is unchanged, so an event arriving late for the day, a recount or retention makes the day read from events again
-- until it is built anew.
CREATE TABLE IF NOT EXISTS {db}.log_group_builds_local (
  tenant_id String,
  log_type String,
  hour Int64,
  build UInt64,
  stamp UInt64
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, log_type, hour, build);
