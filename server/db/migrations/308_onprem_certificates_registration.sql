-- The service certificate each managed appliance presents (fetched through /api/mgr/v2/remote/{id}/...): made once
-- per appliance when it is first fetched and kept, so its serial number and fingerprint stay the same. No key: the
-- station never holds an appliance's private key.
ALTER TABLE managed_systems ADD COLUMN cert_pem text;

-- This appliance's registration with its management station (GET/PUT /api/mgr/v1/reg/self): the station and the
-- name it was registered under, and the station's registration request it became (managed_registrations.id; the
-- reference server plays the station in the same database).
CREATE TABLE appliance_station_registration (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  station text NOT NULL,
  name text NOT NULL,
  registration_id text NOT NULL,
  requested_at timestamptz(3) NOT NULL
);
