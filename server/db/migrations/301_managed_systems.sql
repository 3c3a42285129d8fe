-- The management station's fleet (spec 001 §3-§9): groups and the appliances it manages, kept across restarts.
CREATE TABLE managed_groups (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id integer NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE managed_systems (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  address text NOT NULL,
  app_mode text NOT NULL,
  group_id integer NOT NULL,
  -- As the appliances report it: the text "True" or "False".
  auto_group text NOT NULL DEFAULT 'False',
  version text NOT NULL,
  -- An unreachable system stays so (a demo of a system that does not answer).
  reachable boolean NOT NULL DEFAULT true,
  maintenance boolean NOT NULL DEFAULT false,
  -- Maintenance mode entered for an update, left when the update has installed.
  maintenance_for_update boolean NOT NULL DEFAULT false,
  -- A restart: offline from restart_at until back_at.
  restart_at timestamptz(3),
  back_at timestamptz(3),
  -- An update: the version it runs from update_due_at on.
  pending_version text,
  update_due_at timestamptz(3),
  last_contact timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE managed_seeded (tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE);
