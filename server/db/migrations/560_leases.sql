-- Leases on work that one server of several sharing this database may do at a time (server/db/lease.ts): the
-- ClickHouse log store's upkeep at start (its migrations, its rollup views and the background fill of new rollup
-- tables), which two servers doing at once would count events twice. A holder renews its lease while it works; a
-- lease past expires_at (its holder stopped or was killed) may be taken by another.
CREATE TABLE leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz(3) NOT NULL
);
