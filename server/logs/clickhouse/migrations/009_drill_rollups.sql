-- The drill-downs' rollups (server/logs/rollups.ts, DRILL_ROLLUPS): the columns of log_rollups_local with `by_key`,
-- the value of the filter a drill-down requires (the user of "top domains of a user", each category of an event for
-- "top domains of a category"). Ordered by it before the hour, so the drill-down of one value reads that value's rows
-- alone; it read every event of the range before (about 6 s over a month of 10 M events). Hourly and daily tables,
-- filled like the reports' by two views per kind (ClickHouseLogStore.syncRollups).
CREATE TABLE IF NOT EXISTS {db}.log_drills_local (
  tenant_id String,
  rollup String,
  by_key String,
  hour Int64,
  has_key UInt8,
  key String,
  events UInt64,
  first_events UInt64,
  byte_sum Int64,
  first_byte_sum Int64,
  users AggregateFunction(uniqExactIf, String, UInt8),
  label AggregateFunction(minIf, String, UInt8),
  labelled UInt64
) ENGINE = SummingMergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, rollup, by_key, hour, has_key, key);
CREATE TABLE IF NOT EXISTS {db}.log_drills AS {db}.log_drills_local
ENGINE = Distributed({cluster}, {db}, log_drills_local, cityHash64(tenant_id));
CREATE TABLE IF NOT EXISTS {db}.log_drills_daily_local AS {db}.log_drills_local;
CREATE TABLE IF NOT EXISTS {db}.log_drills_daily AS {db}.log_drills_daily_local
ENGINE = Distributed({cluster}, {db}, log_drills_daily_local, cityHash64(tenant_id));
