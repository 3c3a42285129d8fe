-- Scheduled and past reports (spec 000 §7). The scheduled list is one document per tenant with the settings
-- documents' stamp; past reports keep the generated file, produced by instant reports and by due schedules.

CREATE TABLE scheduled_reports (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL
);

-- When each schedule last produced a report (epoch ms); kept apart so the document round-trips unchanged.
CREATE TABLE report_schedule_runs (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  schedule_id text NOT NULL,
  last_run_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, schedule_id)
);

CREATE TABLE past_reports (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigserial,
  name text NOT NULL,
  source text NOT NULL CHECK (source IN ('instant', 'scheduled')),
  schedule_id text,
  created_at timestamptz(3) NOT NULL,
  created_by text NOT NULL,
  start_s bigint NOT NULL,
  end_s bigint NOT NULL,
  interval text NOT NULL,
  reports jsonb NOT NULL,
  file_name text NOT NULL,
  content text NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX past_reports_recent ON past_reports (tenant_id, created_at DESC, id DESC);
