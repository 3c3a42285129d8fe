-- Connectivity checks, registration requests, rollback slots, templates and the settings of managed appliances.
CREATE TABLE connectivity_results (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  test_id text NOT NULL,
  -- The job that probes the sites; null for results a browser posted.
  job_id text,
  -- One entry per site: id, purpose, host, port, ok, time_ms, error.
  results jsonb NOT NULL,
  checked_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, test_id)
);

CREATE TABLE managed_registrations (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  address text NOT NULL,
  app_mode text NOT NULL,
  requested_at timestamptz(3) NOT NULL,
  -- pending until approved; the approval job and the group the appliance joins when it finishes.
  status text NOT NULL DEFAULT 'pending',
  job_id text,
  group_id integer,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE managed_templates (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  -- timezone, ntp_server, log_level, ssh_enabled
  settings jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX managed_templates_name ON managed_templates (tenant_id, lower(name));

-- The version in the other software slot (rolled back to), the settings the appliance reports, the last template.
ALTER TABLE managed_systems ADD COLUMN previous_version text;
ALTER TABLE managed_systems ADD COLUMN settings jsonb NOT NULL DEFAULT '{}';
ALTER TABLE managed_systems ADD COLUMN template_id text;

CREATE TABLE onprem_fleet_seeded (tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE);
