-- Publish review: the change reason stored with a published revision, and the store's own guard against a save
-- landing in a revision after its publish (the server serialises saves and publishes per tenant; this refuses what
-- slips past it).

ALTER TABLE policy_revisions ADD COLUMN publish_reason text;

-- A revision that was published is never "staged" again (a late save used to mark it so).
UPDATE policy_revisions SET state = 'published' WHERE published_at IS NOT NULL AND state = 'staged';
ALTER TABLE policy_revisions ADD CONSTRAINT policy_revisions_published_state CHECK (published_at IS NULL OR state = 'published');

-- FOR SHARE waits for a publish of the revision in flight and then sees its published_at (also under READ COMMITTED).
CREATE FUNCTION policy_documents_refuse_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM policy_revisions
    WHERE tenant_id = NEW.tenant_id AND rev_id = NEW.rev_id AND published_at IS NOT NULL
    FOR SHARE;
  IF FOUND THEN
    RAISE EXCEPTION 'policy revision % is published: its documents cannot change', NEW.rev_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER policy_documents_refuse_published
  BEFORE INSERT OR UPDATE ON policy_documents
  FOR EACH ROW EXECUTE FUNCTION policy_documents_refuse_published();
