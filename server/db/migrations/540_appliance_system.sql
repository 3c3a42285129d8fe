-- The appliance's own system (spec 001 §7): the software version it runs, the last update check, and its local log.
CREATE TABLE appliance_system (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  serial text NOT NULL,
  version text NOT NULL,
  installed_at timestamptz(3) NOT NULL,
  -- The versions the update server offered at the last check (null: never checked).
  offered jsonb,
  checked_at timestamptz(3)
);

CREATE TABLE appliance_system_log (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  at timestamptz(3) NOT NULL,
  line text NOT NULL
);
CREATE INDEX appliance_system_log_at ON appliance_system_log (tenant_id, at DESC);
