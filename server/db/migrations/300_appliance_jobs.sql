-- On-premises appliance: trusted CA certificates, the administrator's appliance manager choice, and jobs.
CREATE TABLE appliance_ca_certs (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  pem text NOT NULL,
  -- What node:crypto decoded at upload: subject, issuer, serial_number, valid_from, valid_to, fingerprint_sha256, is_ca.
  decoded jsonb NOT NULL,
  uploaded_at timestamptz(3) NOT NULL,
  uploaded_by text NOT NULL,
  PRIMARY KEY (tenant_id, name)
);

CREATE TABLE appliance_manager_prefs (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  appliance_manager_ui_v2 boolean NOT NULL DEFAULT true
);

-- Long actions (licence check, update, restart). A job advances from queued through running to finished or failed
-- between its created_at and due_at; the outcome it reaches is decided when it is created (outcome, reason).
CREATE TABLE jobs (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  kind text NOT NULL,
  title text NOT NULL,
  status text NOT NULL,
  progress integer NOT NULL DEFAULT 0,
  outcome text NOT NULL,
  reason text,
  result text,
  -- What finishing does (e.g. the licence to install), applied once when the job finishes.
  payload jsonb NOT NULL DEFAULT '{}',
  created_by text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  due_at timestamptz(3) NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX jobs_created ON jobs (tenant_id, created_at DESC);

-- Tenants whose demo certificates and jobs were seeded once, so what an administrator deletes does not come back.
CREATE TABLE appliance_seeded (tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE);
