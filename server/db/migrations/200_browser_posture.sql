-- Browser posture management: configuration policies of managed browsers, one row per policy and tenant.
CREATE TABLE bpm_config_policies (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  description text,
  platform text NOT NULL,
  browser text NOT NULL,
  version text NOT NULL,
  -- Setting values by policy name, checked against the catalogue of platform, browser and version on every write.
  settings jsonb NOT NULL DEFAULT '{}',
  created_by text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX bpm_config_policies_created ON bpm_config_policies (tenant_id, created_at DESC);

-- Tenants whose demo policies were seeded once, so a policy an administrator deletes does not come back on restart.
CREATE TABLE bpm_seeded (tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE);
