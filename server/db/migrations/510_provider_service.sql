-- Provider console (issue 14): licence keys of appliances (OVA keys) and category overrides, service-wide records
-- an operator keeps (not any tenant's). The body is the saved payload; see server/modules/provider.ts.
CREATE TABLE ova_keys (
  key_id text PRIMARY KEY,
  body jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL
);

CREATE TABLE category_overrides (
  id text PRIMARY KEY,
  body jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL
);
