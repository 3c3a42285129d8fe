-- The rate at which a ClickHouse log store's ingest queue moves events to its cluster (events a second, over the time
-- a drain was under way), measured by the server that drains it (server/logs/clickhouse/queue.ts). Every server admits
-- batches by it (the queue holds what the cluster stores in INGEST_QUEUE_BACKLOG_S), and a restarted one starts from it.
CREATE TABLE IF NOT EXISTS log_ingest_rate (
  target text PRIMARY KEY,
  events_per_s double precision NOT NULL,
  measured_at timestamptz NOT NULL DEFAULT now()
);
