-- The reports' rollups (server/logs/rollups.ts: one per grouping the catalogue uses), per tenant, rollup and UTC hour:
-- the key (has_key 0: events without the value, the key ''), events and bytes (for a list field also those counted
-- once per event, `first_`), distinct users as uniqExact states (exact over any span of hours, the near-unique
-- dimensions included) and the smallest label. One materialized view per rollup fills it as events arrive; the
-- store creates and drops those views as the catalogue changes (ClickHouseLogStore.syncRollups), as the SQL store
-- rebuilds its rollups at start.
CREATE TABLE IF NOT EXISTS {db}.log_rollups_local (
  tenant_id String,
  rollup String,
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
ORDER BY (tenant_id, rollup, hour, has_key, key);
CREATE TABLE IF NOT EXISTS {db}.log_rollups AS {db}.log_rollups_local
ENGINE = Distributed({cluster}, {db}, log_rollups_local, cityHash64(tenant_id));
