-- Event batches acknowledged to their senders and not yet in the ClickHouse log store (LOG_STORE=clickhouse; the SQL
-- log store writes a batch's events at once): each batch's rows as the cluster's insert takes them (TabSeparated, one
-- per line, ending with the batch's key and the row's place in it), moved to the cluster in large inserts by one
-- server at a time and deleted once stored there (server/logs/clickhouse/queue.ts).
CREATE TABLE IF NOT EXISTS log_ingest_queue (
  id bigserial PRIMARY KEY,
  -- The cluster and database it goes to ('<cluster> <database>')
  target text NOT NULL,
  tenant_id text NOT NULL,
  log_type text NOT NULL,
  batch_key text NOT NULL,
  events integer NOT NULL,
  min_ts bigint NOT NULL,
  max_ts bigint NOT NULL,
  lines text NOT NULL
);
CREATE INDEX IF NOT EXISTS log_ingest_queue_target ON log_ingest_queue (target, id);
CREATE INDEX IF NOT EXISTS log_ingest_queue_tenant ON log_ingest_queue (target, tenant_id, id);
