-- The table the portal reads and writes: every shard's log_events_local, events placed by tenant and user (a tenant
-- larger than one shard spreads over all of them; every read aggregates, so placement never changes an answer).
CREATE TABLE IF NOT EXISTS {db}.log_events AS {db}.log_events_local
ENGINE = Distributed({cluster}, {db}, log_events_local, cityHash64(tenant_id, user));
