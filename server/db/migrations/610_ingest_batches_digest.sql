-- The SHA-256 of each keyed batch's body (its NDJSON text, after any gzip): a key sent again with another body is
-- refused (422) instead of answered as the batch stored first, whose events the sender would take for the new ones.
-- Batches recorded before this migration have none and are answered as before.
ALTER TABLE ingest_batches ADD COLUMN IF NOT EXISTS body_sha256 text;
