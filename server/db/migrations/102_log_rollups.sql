-- Report rollups (server/logs/rollups.ts): events pre-aggregated per tenant, rollup (a log kind, fixed conditions
-- and the dimension a report groups by) and UTC hour or day, kept up to date as events are written. Reports read
-- these rows for whole hours and days and raw events only for the partial hours at the edges of a range.

CREATE TABLE log_rollups (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  rollup text NOT NULL,
  -- 'h' (bucket = start of a UTC hour) or 'd' (start of a UTC day), epoch ms
  grain text NOT NULL CHECK (grain IN ('h', 'd')),
  bucket bigint NOT NULL,
  -- the grouped value (NULL: no dimension, or an event without the value in a split series)
  key text,
  -- the user of distinct-user rollups, NULL otherwise
  sub text,
  events bigint NOT NULL,
  -- of a list dimension, the events counted at their first value only (adds up to the number of events)
  first_events bigint NOT NULL,
  bytes bigint NOT NULL,
  first_bytes bigint NOT NULL,
  label text
);
CREATE INDEX log_rollups_read ON log_rollups (tenant_id, rollup, grain, bucket);

-- The definition each rollup id was computed from; a changed or new definition is rebuilt at start.
CREATE TABLE log_rollup_defs (
  rollup text PRIMARY KEY,
  definition jsonb NOT NULL
);
