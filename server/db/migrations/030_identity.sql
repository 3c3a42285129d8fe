-- Identity administration: directory fields of users, the tenant's roles, and API tokens.

-- A disabled user's password_hash is prefixed 'disabled$' (sign-in then fails like a wrong password); role_name
-- names the role whose read/write/deny lists are copied into users.roles whenever the user or the role changes.
ALTER TABLE users ADD COLUMN email text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN role_name text;
ALTER TABLE users ADD COLUMN mfa_enrolled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN created_at timestamptz(3) NOT NULL DEFAULT now();
ALTER TABLE users ADD COLUMN updated_at timestamptz(3) NOT NULL DEFAULT now();

CREATE TABLE roles (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- {read: [area], write: [area], deny: [permission]}, as users.roles holds them.
  grants jsonb NOT NULL,
  builtin boolean NOT NULL DEFAULT false,
  updated_at timestamptz(3) NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (tenant_id, name)
);

CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- SHA-256 of the token: a copy of this table does not let anyone call the API.
  token_hash text NOT NULL UNIQUE,
  role_name text NOT NULL,
  created_at timestamptz(3) NOT NULL,
  created_by text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  last_used_at timestamptz(3),
  FOREIGN KEY (tenant_id, role_name) REFERENCES roles (tenant_id, name)
);
CREATE INDEX api_tokens_tenant ON api_tokens (tenant_id);
