-- The log store (server/logs): secondary indexes of the shared event log, and which tenants have their seeded logs.
-- Paging runs on the primary key (tenant_id, log_type, ts, seq), scanned backwards for newest first. The two
-- filters that select few events of many (one user, one domain) get indexes ending in (ts, seq), so a filtered page
-- is an ordered index scan too. Files are looked up by hash for the sandbox report.

CREATE INDEX log_events_userid ON log_events (tenant_id, log_type, (event ->> 'userid'), ts, seq);
CREATE INDEX log_events_domain ON log_events (tenant_id, log_type, (event ->> 'domain'), ts, seq);
CREATE INDEX log_events_sha256 ON log_events (tenant_id, (event ->> 'sha256')) WHERE event ? 'sha256';

CREATE TABLE log_seed_state (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  events bigint NOT NULL,
  -- 'full' or 'small' (PORTAL_SEED)
  kind text NOT NULL,
  seeded_at timestamptz(3) NOT NULL
);
