-- A batch an insert that failed may have stored in part, whose look-up of what it stored cannot be answered yet: with
-- replicas, the replica that answers reads has still to fetch what a killed replica stored
-- (server/logs/clickhouse/queue.ts). Set aside at this time (ms since the epoch), it is looked up again later, and
-- reads do not wait for it meanwhile.
ALTER TABLE log_ingest_queue ADD COLUMN IF NOT EXISTS aside_since bigint;
