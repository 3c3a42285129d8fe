-- Small tenant values of the shell-level calls (PAC version, category migration, DLP file password), and the records
-- they add (contact requests, mail allow-list entries from UCE reports). See server/modules/lookups.ts.
CREATE TABLE tenant_values (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  body jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (tenant_id, name)
);

CREATE TABLE contact_requests (
  id bigserial PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  username text NOT NULL,
  body jsonb NOT NULL,
  received_at timestamptz(3) NOT NULL
);

CREATE TABLE mail_allow_feed (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  value text NOT NULL,
  type text NOT NULL,
  source text NOT NULL,
  comment text NOT NULL DEFAULT '',
  added_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, value)
);
