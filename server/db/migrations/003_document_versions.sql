-- Versioned documents: each stored body carries the schema version it was written at, and a reader migrates older
-- bodies step by step (definitions: a document screen's `storage`). The screen_id column holds the screen's storage
-- key, which stays the same when a screen is renamed. Bodies stored before this migration are version 1.

ALTER TABLE policy_documents ADD COLUMN schema_version integer NOT NULL DEFAULT 1 CHECK (schema_version >= 1);
ALTER TABLE settings_documents ADD COLUMN schema_version integer NOT NULL DEFAULT 1 CHECK (schema_version >= 1);
