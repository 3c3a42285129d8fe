-- Tenants, users, sessions, sign-in throttling, policy revisions and documents, settings documents, and the shared
-- event log. Every row but the throttle state belongs to a tenant; timestamps keep milliseconds, as the API does.

CREATE TABLE tenants (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  capabilities jsonb NOT NULL DEFAULT '{}',
  -- Tenant settings, e.g. session_logout_days (inactivity time-out in days).
  settings jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE users (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  username text NOT NULL UNIQUE,
  -- scrypt$N$r$p$salt$hash, with a salt of its own per user.
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- {read: [area], write: [area], deny?: [permission]}
  roles jsonb NOT NULL DEFAULT '{"read": [], "write": []}'
);
CREATE INDEX users_tenant ON users (tenant_id);

CREATE TABLE sessions (
  -- SHA-256 of the session id: a copy of this table does not let anyone sign in.
  id_hash text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  xsrf_token text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  last_seen_at timestamptz(3) NOT NULL
);
CREATE INDEX sessions_user ON sessions (tenant_id, user_id);

-- Failed sign-ins per key ("user:<name>" or "ip:<address>"); checked before anyone is known, so not per tenant.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz(3) NOT NULL,
  blocked_until timestamptz(3)
);

CREATE TABLE policy_revisions (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  rev_id integer NOT NULL,
  state text NOT NULL CHECK (state IN ('staged', 'published')),
  updated_at timestamptz(3) NOT NULL,
  published_at timestamptz(3),
  published_by text,
  PRIMARY KEY (tenant_id, rev_id)
);

-- One row per area and revision it was saved in; reading revision R takes the newest row with rev_id <= R, so
-- publishing copies nothing and every published revision stays readable.
CREATE TABLE policy_documents (
  tenant_id text NOT NULL,
  screen_id text NOT NULL,
  rev_id integer NOT NULL,
  body jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (tenant_id, screen_id, rev_id),
  FOREIGN KEY (tenant_id, rev_id) REFERENCES policy_revisions (tenant_id, rev_id) ON DELETE CASCADE
);

CREATE TABLE settings_documents (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  screen_id text NOT NULL,
  body jsonb NOT NULL,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (tenant_id, screen_id)
);

-- The event log shared with the logs module (ts = epoch milliseconds).
CREATE TABLE log_events (tenant_id text NOT NULL, log_type text NOT NULL, ts bigint NOT NULL, seq bigserial, event jsonb NOT NULL, PRIMARY KEY (tenant_id, log_type, ts, seq));
