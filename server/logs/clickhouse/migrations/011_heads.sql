-- The heads of past days and hours (heads.ts): per shard, tenant, keyed rollup, metric ('count' or 'bytes') and span
-- (`span`: its length, a UTC day or hour, in ms; `span_start`: its start), the DAY_ROWS.head keys with the highest
-- metric, summed from the span's rollup rows. A top-N over many days reads these instead of every rollup row, and
-- proves its answer with the span's tail (log_head_tails_local). `build` names one computation of a span's heads.
-- Small granules: a read takes a few hundred rows of each day's partition.
CREATE TABLE IF NOT EXISTS {db}.log_heads_local (
  shard UInt32,
  tenant_id String,
  log_type String,
  rollup String,
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
ORDER BY (tenant_id, rollup, metric, span, span_start, build, key)
SETTINGS index_granularity = 512;
CREATE TABLE IF NOT EXISTS {db}.log_heads AS {db}.log_heads_local
ENGINE = Distributed({cluster}, {db}, log_heads_local, cityHash64(tenant_id));
-- One row per build, rollup and metric, written after its heads: a build without it is never read. `stamp`: the
-- span's events of the kind on the shard when the heads were computed; the heads answer only while it is unchanged
-- (an event arriving late for the span makes a new build due). `top`: the highest metric of a key left out of the
-- head (0 when none is); `keys`: the span's keys. `tail_first_events`, `tail_first_byte_sum`: what the keys outside
-- the head (and the events without the key) add to a report's total.
CREATE TABLE IF NOT EXISTS {db}.log_head_tails_local (
  shard UInt32,
  tenant_id String,
  log_type String,
  rollup String,
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
ORDER BY (tenant_id, rollup, metric, span, span_start, build)
SETTINGS index_granularity = 512;
CREATE TABLE IF NOT EXISTS {db}.log_head_tails AS {db}.log_head_tails_local
ENGINE = Distributed({cluster}, {db}, log_head_tails_local, cityHash64(tenant_id));
