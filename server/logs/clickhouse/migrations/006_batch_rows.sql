-- A keyed batch's rows (one sent with an Idempotency-Key) carry the key and their place in the batch. A batch sent
-- again after an insert that failed part-way (a shard killed before it answered) stores only the rows the shards do
-- not hold yet, so each acknowledged event is stored once. Unkeyed rows keep '' and 0.
ALTER TABLE {db}.log_events_local ADD COLUMN batch_key String DEFAULT '';
ALTER TABLE {db}.log_events_local ADD COLUMN batch_row UInt32 DEFAULT 0;
ALTER TABLE {db}.log_events ADD COLUMN batch_key String DEFAULT '';
ALTER TABLE {db}.log_events ADD COLUMN batch_row UInt32 DEFAULT 0;
