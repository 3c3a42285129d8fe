-- Provider console licensing and fleet (issue 14): features, SKUs, appliance versions, deployments, pods and rollouts
-- are service-wide records, a tenant's entitlements and entitlement overrides are the tenant's (tenant_id). The body is
-- the saved payload; links between them (feature_id, sku_id, deployment_id) are checked by server/modules/providerFleet.ts.
CREATE TABLE provider_records (
  kind text NOT NULL,
  id text NOT NULL,
  tenant_id text REFERENCES tenants (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX provider_records_tenant ON provider_records (kind, tenant_id);

-- The deployment a tenant was moved to; a tenant without a row runs in the default deployment.
CREATE TABLE provider_tenant_deployments (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  deployment_id text NOT NULL
);

-- Service-wide settings of the management service (default_deployment).
CREATE TABLE provider_settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL
);
