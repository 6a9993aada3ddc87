-- Several API processes on one PostgreSQL share what used to be kept by one process or one machine.

-- The pricing version: one number that changes whenever a rate or a markup rule does, in the same
-- transaction. A process compares it with the one it priced from before each search (one indexed
-- read of one row) and reads the rates and markups again only when it moved, so a change made
-- through any process prices the next search in every other one.
CREATE TABLE pricing_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO pricing_version (id, version) VALUES (true, 1);

CREATE FUNCTION pricing_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pricing_version (id, version) VALUES (true, 1)
    ON CONFLICT (id) DO UPDATE SET version = pricing_version.version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER exchange_rate_changes_bump_pricing_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rate_changes
  FOR EACH STATEMENT EXECUTE FUNCTION pricing_version_bump();
CREATE TRIGGER markup_rules_bump_pricing_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON markup_rules
  FOR EACH STATEMENT EXECUTE FUNCTION pricing_version_bump();

-- Transfer receipts in the database, beside their row, so every process (on any machine) can show
-- them to staff. Receipts uploaded before were files under UPLOADS_DIR: their storage_path still
-- names the file, read from there until the process that has it copies it in here (on start).
-- A receipt uploaded from now on has no storage_path.
CREATE TABLE receipt_files (
  receipt_id text PRIMARY KEY REFERENCES payment_receipts (id) ON DELETE CASCADE,
  bytes bytea NOT NULL
);
ALTER TABLE payment_receipts ALTER COLUMN storage_path DROP NOT NULL;
