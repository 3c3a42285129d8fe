-- The heads of the drill-downs too (heads.ts): `by_key` names the value of a drill-down's filter (the user of "top
-- domains of a user", a category of "top domains of a category"), '' for a report's heads, and orders the rows before
-- the metric, so that the drill-down of one value reads that value's heads alone. Heads are derived rows: the tables
-- are made afresh with the column, and the background passes build them again within minutes of the start (reports
-- read the rollup rows meanwhile, as before migration 011).
DROP TABLE IF EXISTS {db}.log_heads;
DROP TABLE IF EXISTS {db}.log_heads_local;
DROP TABLE IF EXISTS {db}.log_head_tails;
DROP TABLE IF EXISTS {db}.log_head_tails_local;
CREATE TABLE IF NOT EXISTS {db}.log_heads_local (
  shard UInt32,
  tenant_id String,
  log_type String,
  rollup String,
  by_key String,
  metric String,
  span Int64,
  span_start Int64,
  build UInt64,
  key String,
  events UInt64,
  first_events UInt64,
  byte_sum Int64,
  first_byte_sum Int64,
  label String,
  labelled UInt64
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(span_start, 1000)))
ORDER BY (tenant_id, rollup, by_key, metric, span, span_start, build, key)
SETTINGS index_granularity = 512;
CREATE TABLE IF NOT EXISTS {db}.log_heads AS {db}.log_heads_local
ENGINE = Distributed({cluster}, {db}, log_heads_local, cityHash64(tenant_id));
CREATE TABLE IF NOT EXISTS {db}.log_head_tails_local (
  shard UInt32,
  tenant_id String,
  log_type String,
  rollup String,
  by_key String,
  metric String,
  span Int64,
  span_start Int64,
  build UInt64,
  stamp UInt64,
  top Int64,
  keys UInt64,
  tail_first_events UInt64,
  tail_first_byte_sum Int64
) ENGINE = MergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(span_start, 1000)))
ORDER BY (tenant_id, rollup, by_key, metric, span, span_start, build)
SETTINGS index_granularity = 512;
CREATE TABLE IF NOT EXISTS {db}.log_head_tails AS {db}.log_head_tails_local
ENGINE = Distributed({cluster}, {db}, log_head_tails_local, cityHash64(tenant_id));
