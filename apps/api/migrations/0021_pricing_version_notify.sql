-- A change of pricing also says so (NOTIFY pricing_version) as it commits. The embedded database has
-- one process, which is told before the changing statement returns: it need not read the version
-- before every search. Processes on PostgreSQL still read it (a notification reaches them late).
CREATE OR REPLACE FUNCTION pricing_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pricing_version (id, version) VALUES (true, 1)
    ON CONFLICT (id) DO UPDATE SET version = pricing_version.version + 1;
  PERFORM pg_notify('pricing_version', '');
  RETURN NULL;
END;
$$;
