-- The impact of a publish, as background jobs (server/modules/evaluate.ts). The server process running a job writes
-- its progress and outcome here, so that every process on the database answers it and a cancel made through any of
-- them stops it. The job's status is one of queued, running, finished, failed and cancelled; updated_at is the last
-- write of the process running it (while it runs, at least every few seconds). Kept an hour, at most 20 per tenant.
CREATE TABLE impact_jobs (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
  progress integer NOT NULL DEFAULT 0,
  published_rev_id integer NOT NULL,
  staged_rev_id integer NOT NULL,
  days integer NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  -- Why the job failed or was cancelled.
  reason text,
  -- The impact, once the job has finished.
  result jsonb,
  PRIMARY KEY (tenant_id, id)
);
