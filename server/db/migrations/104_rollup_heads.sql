-- Rollup layouts for reports whose keys are many (server/logs/rollups.ts):
-- * a day's rows of a keyed rollup are split into its head (grain 'd': the DAY_ROWS.head keys with the most events)
--   and its tail (grain 't': the rest), and the tail is summed up per day in log_rollup_tails (how many keys, the
--   most events of one of them, the sums). A top-N report reads the heads and the tails' sums, and looks up the
--   tail rows of the few keys that can reach its top N; the result equals a scan of every row.
-- * distinct-user rollups keep, per (key, user), one row per block of BLOCK_DAYS UTC days (grain 'b') whose `days`
--   has a bit set for each day of the block with an event; a report counts the users whose bits meet its days.
ALTER TABLE log_rollups DROP CONSTRAINT log_rollups_grain_check;
ALTER TABLE log_rollups ADD CONSTRAINT log_rollups_grain_check CHECK (grain IN ('h', 'd', 't', 'b'));
ALTER TABLE log_rollups ADD COLUMN days bigint;
CREATE INDEX log_rollups_tail ON log_rollups (tenant_id, rollup, key, bucket) WHERE grain = 't';

CREATE TABLE log_rollup_tails (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  rollup text NOT NULL,
  -- start of the UTC day, epoch ms
  bucket bigint NOT NULL,
  keys bigint NOT NULL,
  -- the most events one key of the tail has that day: a key outside the head has at most this many
  top_events bigint NOT NULL,
  events bigint NOT NULL,
  first_events bigint NOT NULL,
  bytes bigint NOT NULL,
  first_bytes bigint NOT NULL,
  PRIMARY KEY (tenant_id, rollup, bucket)
);
