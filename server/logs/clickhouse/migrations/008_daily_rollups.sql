-- Daily rows of the reports' rollups: the columns of log_rollups_local, `hour` holding the UTC day's start. A report
-- over whole UTC days reads one row per key and day instead of 24 (a 30-day top-N of users read up to 720 rows per
-- user). A second view per kind on its entry table fills it as events arrive (ClickHouseLogStore.syncRollups).
CREATE TABLE IF NOT EXISTS {db}.log_rollups_daily_local AS {db}.log_rollups_local;
CREATE TABLE IF NOT EXISTS {db}.log_rollups_daily AS {db}.log_rollups_daily_local
ENGINE = Distributed({cluster}, {db}, log_rollups_daily_local, cityHash64(tenant_id));
