-- The progress of filling a new rollup view's table from the events stored before it (ClickHouseLogStore, fill.ts):
-- one row when the fill is planned (`day`: the day after the newest with events), then one per day filled, newest
-- first (`day`: the rows are whole from it on). Per shard, like the table it fills. A fill is done when a row has
-- `day` = `first_day`. `bound`: the events the fill takes are those with seq up to it; the view counts later ones.
CREATE TABLE IF NOT EXISTS {db}.log_fills_local (
  view String,
  target String,
  rollups Array(String),
  bound UInt64,
  first_day Int64,
  last_day Int64,
  day Int64
) ENGINE = MergeTree
ORDER BY (view, day);
