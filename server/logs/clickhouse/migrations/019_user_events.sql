-- A second copy of each shard's events in the order of their user: ordered by (tenant, kind, user, time, sequence), one
-- part per UTC day like the events. A report given the user filter reads the user's rows of it, where log_events (in
-- time order) has any user's events in most granules of the tenant's range: the read grew with the tenant's events,
-- not the user's. It holds the fields reports read (not the whole event, nor the batch columns), filled by a view of
-- each kind's entry table after the events' own (views run in the order of their names); recount.ts adds what a
-- fault between the two left out. Retention drops its days and rows with the events'. In granules of 1,024 rows: a
-- user's events of a day are a few granules of each part, read whole with the other users' rows they hold.
-- `log_user_events_from_local` holds, per server, the first time from which the copy holds every event: one past the
-- latest event stored when the view was made (ingestion stops while a migration runs). Reads take the events before
-- it from log_events. Cut off and run again, it makes both anew (no event is stored in between).
DROP TABLE IF EXISTS {db}.ingest_{kind}_user_events;
DROP TABLE IF EXISTS {db}.log_user_events_local;
DROP TABLE IF EXISTS {db}.log_user_events_from_local;
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
CREATE TABLE IF NOT EXISTS {db}.log_user_events_from_local (from_ts Int64) ENGINE = TinyLog;
INSERT INTO {db}.log_user_events_from_local SELECT max(ts) + 1 FROM {db}.log_events_local;
CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.ingest_{kind}_user_events TO {db}.log_user_events_local AS
SELECT tenant_id, log_type, user, ts, seq, bytes, keys, vals, list_keys, list_vals FROM {db}.ingest_{kind}_local;
