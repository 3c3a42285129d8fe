-- Rollup: distinct users per tenant, kind and UTC day (AggregatingMergeTree of uniqExact states), for user counts
-- over whole days.
CREATE TABLE IF NOT EXISTS {db}.log_daily_users_local (
  tenant_id String,
  log_type String,
  day Int64,
  users AggregateFunction(uniqExact, String)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(day, 1000)))
ORDER BY (tenant_id, log_type, day);
CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.log_daily_users_mv TO {db}.log_daily_users_local AS
SELECT tenant_id, log_type, intDiv(ts, 86400000) * 86400000 AS day, uniqExactState(user) AS users
FROM {db}.log_events_local WHERE user != '' GROUP BY tenant_id, log_type, day;
CREATE TABLE IF NOT EXISTS {db}.log_daily_users AS {db}.log_daily_users_local
ENGINE = Distributed({cluster}, {db}, log_daily_users_local, cityHash64(tenant_id));
