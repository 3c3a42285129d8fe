-- Rollup: events and bytes per tenant, kind and UTC hour, kept by a materialized view as rows arrive.
CREATE TABLE IF NOT EXISTS {db}.log_hourly_local (
  tenant_id String,
  log_type String,
  hour Int64,
  events UInt64,
  bytes Int64
) ENGINE = SummingMergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, log_type, hour);
CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.log_hourly_mv TO {db}.log_hourly_local AS
SELECT tenant_id, log_type, intDiv(ts, 3600000) * 3600000 AS hour, count() AS events, sum(bytes) AS bytes
FROM {db}.log_events_local GROUP BY tenant_id, log_type, hour;
CREATE TABLE IF NOT EXISTS {db}.log_hourly AS {db}.log_hourly_local
ENGINE = Distributed({cluster}, {db}, log_hourly_local, cityHash64(tenant_id));
