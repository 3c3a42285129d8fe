-- The rollup tables read in granules of 1,024 rows instead of 8,192. A report reads one rollup of one tenant in every
-- part of every day it spans: a rollup of a few dozen rows a day read at least a granule a part, 8,192 rows, mostly
-- other rollups' (docs/benchmarks.md, 2026-12-04 07:00). The rows are copied into each table made again (migrate.ts,
-- rebuild); the rollup rows of events another server stores meanwhile may be left out of the copy, so a cluster is
-- upgraded to it with one server running.
REBUILD TABLE {db}.log_rollups_local SETTINGS index_granularity = 1024;
REBUILD TABLE {db}.log_rollups_daily_local SETTINGS index_granularity = 1024;
REBUILD TABLE {db}.log_drills_local SETTINGS index_granularity = 1024;
REBUILD TABLE {db}.log_drills_daily_local SETTINGS index_granularity = 1024;
REBUILD TABLE {db}.log_day_bits_local SETTINGS index_granularity = 1024;
REBUILD TABLE {db}.log_hour_bits_local SETTINGS index_granularity = 1024;
