-- The appliance's own certificates (spec 002 §7 Appliance: /api/dash/v1/certs/*, /api/mgr/v2/certs/self/service):
-- the inspection CA and the service certificate, each with its private key, and a pending signing request's key.
CREATE TABLE appliance_certificates (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('inspection_ca', 'service')),
  cert_pem text NOT NULL,
  key_pem text NOT NULL,
  csr_pem text,
  csr_key_pem text,
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, kind),
  CHECK ((csr_pem IS NULL) = (csr_key_pem IS NULL))
);
