-- Accounts that signed in successfully from an address: a block of that address (failures of other accounts) does
-- not refuse them, so one user's typos or a spray of guesses from a shared address cannot lock everyone else out.
CREATE TABLE login_known (
  key text PRIMARY KEY,
  last_success_at timestamptz(3) NOT NULL
);
