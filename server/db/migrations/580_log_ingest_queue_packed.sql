-- A queued batch's rows deflated (zlib), about an eighth of their text for the SQL store to write, keep and delete
-- (server/logs/clickhouse/queue.ts). Batches queued before this hold `lines`; a batch holds one or the other. Kept out
-- of line and not compressed again by the SQL store.
ALTER TABLE log_ingest_queue ADD COLUMN IF NOT EXISTS packed bytea;
ALTER TABLE log_ingest_queue ALTER COLUMN packed SET STORAGE EXTERNAL;
ALTER TABLE log_ingest_queue ALTER COLUMN lines DROP NOT NULL;
