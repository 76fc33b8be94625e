-- Every write to a proposal changes its revision (decision 013): a writer that leaves it as it
-- was gets it bumped here, so a row read at revision r is the current row while revision = r.
-- The WHEN clause keeps the function out of saves that set the revision themselves.
CREATE FUNCTION "proposals_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "proposals_bump_revision" BEFORE UPDATE ON "proposals" FOR EACH ROW
  WHEN (NEW.revision IS NOT DISTINCT FROM OLD.revision)
  EXECUTE FUNCTION "proposals_bump_revision"();
