-- A batch stored in the ClickHouse log store by an insert that failed part-way, whose rollup rows are still to be
-- counted again from its events (server/logs/clickhouse/recount.ts): kept, without its rows, until that is done, and
-- neither moved again nor waited for by reads.
ALTER TABLE log_ingest_queue ADD COLUMN IF NOT EXISTS recount boolean NOT NULL DEFAULT false;
