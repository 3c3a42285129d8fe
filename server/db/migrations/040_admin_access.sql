-- Administrator access (Settings → Administrator Access): the second factor of a user, the account lock-out, and
-- the sign-ins waiting for their second factor.

-- tfa_secret: the base32 TOTP secret (RFC 6238), set once the user has confirmed a code; the user counts as enrolled
-- when mfa_enrolled is true and it is set (a second-factor reset clears mfa_enrolled, and the next sign-in enrols
-- anew). tfa_last_step: the 30-second step of the last accepted code, so a code is never accepted twice.
-- tfa_recovery: SHA-256 of each unused recovery code.
ALTER TABLE users ADD COLUMN tfa_secret text;
ALTER TABLE users ADD COLUMN tfa_last_step bigint NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN tfa_recovery jsonb NOT NULL DEFAULT '[]';
-- Failed sign-ins in a row (any address) and the end of the lock-out they caused.
ALTER TABLE users ADD COLUMN failed_logins integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN locked_until timestamptz(3);

-- A sign-in whose password was right and that waits for its code: the answer's challenge, stored by its SHA-256.
-- enrol_secret is the secret shown to a user who enrols at this sign-in.
CREATE TABLE tfa_challenges (
  id_hash text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  enrol_secret text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz(3) NOT NULL
);
