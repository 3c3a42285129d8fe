-- The event log on each shard. One part per UTC day (partition toYYYYMMDD), so retention drops whole days; ordered
-- by (tenant, kind, time, sequence), the order of a log page. `keys`/`vals` hold the event's scalar fields as text
-- (as PostgreSQL's ->> gives them) and `list_keys`/`list_vals` its list fields, so reads never parse the JSON;
-- `event` keeps the whole event for answers. `user` (the event's user field) is part of the sharding key.
CREATE TABLE IF NOT EXISTS {db}.log_events_local (
  tenant_id String,
  log_type String,
  ts Int64,
  seq UInt64,
  user String,
  bytes Int64,
  keys Array(String),
  vals Array(String),
  list_keys Array(String),
  list_vals Array(Array(String)),
  event String
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(ts, 1000)))
ORDER BY (tenant_id, log_type, ts, seq)
SETTINGS index_granularity = 8192;
