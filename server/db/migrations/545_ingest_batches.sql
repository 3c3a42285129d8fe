-- Batches of the ingestion calls sent with an Idempotency-Key: a batch sent again with the same key (its first answer
-- lost) is answered without being stored twice. Kept 24 hours; the row commits with the batch on the SQL log store.
CREATE TABLE IF NOT EXISTS ingest_batches (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  log_type text NOT NULL,
  key text NOT NULL,
  accepted integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, log_type, key)
);
CREATE INDEX IF NOT EXISTS ingest_batches_created ON ingest_batches (tenant_id, created_at);
