-- A second copy of each shard's events in the order of their user, kept unless the configuration turns it off
-- (CLICKHOUSE_USER_ORDER=0): ordered by (tenant, kind, user, time, sequence), one part per UTC day like the events. A
-- report given the user filter reads the user's rows of it, where log_events (in time order) has any user's events in
-- most granules of the tenant's range: the read grew with the tenant's events, not the user's. It holds the fields
-- reports read (not the whole event, nor the batch columns). In granules of 1,024 rows: a user's events of a day are a
-- few granules of each part, read whole with the other users' rows they hold. Its views (one per kind's entry table,
-- named after the events' own so that they run after it) are made and dropped by the store at start
-- (ClickHouseLogStore.syncUserOrder); recount.ts adds what a fault between the two views left out; retention drops its
-- days and rows with the events'.
-- `log_user_events_from_local`, per server: from which time the copy holds every event (`from_ts`), as of `at` (ms);
-- the row with the latest `at` holds.
CREATE TABLE IF NOT EXISTS {db}.log_user_events_local (
  tenant_id String,
  log_type String,
  user String,
  ts Int64,
  seq UInt64,
  bytes Int64,
  keys Array(String),
  vals Array(String),
  list_keys Array(String),
  list_vals Array(Array(String))
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(ts, 1000)))
ORDER BY (tenant_id, log_type, user, ts, seq)
SETTINGS index_granularity = 1024;
CREATE TABLE IF NOT EXISTS {db}.log_user_events AS {db}.log_user_events_local
ENGINE = Distributed({cluster}, {db}, log_user_events_local, cityHash64(tenant_id, user));
CREATE TABLE IF NOT EXISTS {db}.log_user_events_from_local (from_ts Int64, at UInt64) ENGINE = TinyLog;
