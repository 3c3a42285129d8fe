-- Beside the rows per filter value of past days (017), the same rows per UTC hour of those days (`hour`: the hour's
-- start), for the rollups of the series and heat maps only (filterDays.ts): a series whose bins do not hold whole UTC
-- days, and a heat map, read a built day's hours from them instead of its events. Written by the same build as the
-- day's rows, before its row in log_filter_builds_local; a build made before them is built anew (its `fields` differ).
CREATE TABLE IF NOT EXISTS {db}.log_filter_hours_local AS {db}.log_filter_days_local;
CREATE TABLE IF NOT EXISTS {db}.log_filter_hours AS {db}.log_filter_hours_local
ENGINE = Distributed({cluster}, {db}, log_filter_hours_local, cityHash64(tenant_id));
