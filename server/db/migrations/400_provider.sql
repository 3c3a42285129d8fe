-- Provider console (issue 14): a tenant an operator disabled keeps its data, but its users cannot sign in and have
-- no session; operator sign-in goes through single-use tokens of the embedded identity provider.
ALTER TABLE tenants ADD COLUMN disabled boolean NOT NULL DEFAULT false;

CREATE TABLE provider_idp_tokens (
  -- SHA-256 of the access token the identity provider handed out; it is exchanged once for a session.
  token_hash text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz(3) NOT NULL
);
