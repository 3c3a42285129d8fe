-- Each user's own dashboard (reports.dashboard.get / save): the charts on it in order, with the settings documents'
-- stamp. A user without a row sees the dashboard definition's default charts.

CREATE TABLE dashboard_layouts (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  -- the session user's id (an API token acts as its own principal, so no reference to users)
  user_id text NOT NULL,
  body jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, user_id)
);
