-- The appliance's own accounts (spec 002 §7 Appliance: /api/mgr/v2/settings/auth/user), kept across restarts.
CREATE TABLE appliance_users (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  username text NOT NULL,
  role text NOT NULL CHECK (role IN ('administrator', 'auditor', 'support')),
  enabled boolean NOT NULL DEFAULT true,
  locked boolean NOT NULL DEFAULT false,
  ssh_enabled boolean NOT NULL DEFAULT false,
  password_hash text NOT NULL,
  password_changed_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, username)
);
