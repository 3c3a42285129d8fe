-- Distinct users of a key as bits (the distinct-user top-Ns, rollups of layout 'blocks' in server/logs/rollups.ts):
-- per tenant, rollup, span, key and user, a groupBitOr of a bit per part of the span in which the user had an event
-- of the key. log_day_bits: a bit per UTC day of a block of BLOCK_DAYS (62) days (`hour` holds the block's start,
-- named like the rollup tables' span so that fills and deletes treat them alike); log_hour_bits: a bit per hour of a
-- UTC day (`hour` holds the day's start). A 30-day top-N reads a (key, user) pair once or twice for its whole days
-- and once a day for its partial days' hours, instead of merging a uniqExact state per key and day or hour. Events
-- without a user have a row of their own, with user '\0' (no stored text holds a NUL), so that a key whose events
-- in a range have no user is answered with 0 users, as from the other rollups. Bits are or'ed, so a row stored twice
-- changes nothing. A view per kind on its entry table fills each as events arrive; a user's rows are on the shard of
-- the user's events.
--
-- They replace log_blocks (013), whose rows left out events without a user: new tables are filled from the events
-- afresh (fill.ts), and the old one goes with its view.
CREATE TABLE IF NOT EXISTS {db}.log_day_bits_local (
  tenant_id String,
  rollup String,
  hour Int64,
  has_key UInt8,
  key String,
  user String,
  days AggregateFunction(groupBitOr, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, rollup, hour, has_key, key, user);
CREATE TABLE IF NOT EXISTS {db}.log_day_bits AS {db}.log_day_bits_local
ENGINE = Distributed({cluster}, {db}, log_day_bits_local, cityHash64(tenant_id, user));
CREATE TABLE IF NOT EXISTS {db}.log_hour_bits_local (
  tenant_id String,
  rollup String,
  hour Int64,
  has_key UInt8,
  key String,
  user String,
  hours AggregateFunction(groupBitOr, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMMDD(toDateTime(intDiv(hour, 1000)))
ORDER BY (tenant_id, rollup, hour, has_key, key, user);
CREATE TABLE IF NOT EXISTS {db}.log_hour_bits AS {db}.log_hour_bits_local
ENGINE = Distributed({cluster}, {db}, log_hour_bits_local, cityHash64(tenant_id, user));
DROP TABLE IF EXISTS {db}.log_blocks;
DROP TABLE IF EXISTS {db}.log_blocks_local;
