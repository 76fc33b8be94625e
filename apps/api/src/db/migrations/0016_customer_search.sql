CREATE TABLE "customer_search" (
	"source" text NOT NULL,
	"field" text NOT NULL,
	"user_id" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "customer_search_source_field_pk" PRIMARY KEY("source","field")
);
--> statement-breakpoint
CREATE INDEX "customer_search_value_idx" ON "customer_search" USING btree ("value" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customer_search_user_id_idx" ON "customer_search" USING btree ("user_id");--> statement-breakpoint
-- The customer search (issue 18 item 1) is kept by triggers: every write to a user, proposal,
-- policy or policy version replaces that row's values. Values are lower-cased; registrations and
-- phone numbers lose their spaces (the query does the same).
CREATE FUNCTION "customer_search_put"(p_source text, p_field text, p_user_id text, p_value text)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_value IS NULL OR btrim(p_value) = '' THEN
    DELETE FROM "customer_search" WHERE "source" = p_source AND "field" = p_field;
  ELSE
    INSERT INTO "customer_search" ("source", "field", "user_id", "value")
      VALUES (p_source, p_field, p_user_id, lower(btrim(p_value)))
      ON CONFLICT ("source", "field")
      DO UPDATE SET "user_id" = EXCLUDED."user_id", "value" = EXCLUDED."value";
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "customer_search_vrn"(p_data jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(coalesce(
    p_data #>> '{insuredAssets,0,data,vehicle,vrn}',
    p_data #>> '{insuredAssets,0,data,vehicle,specification,vrn}'), ' ', '')
$$;
--> statement-breakpoint
CREATE FUNCTION "customer_search_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := 'user:' || NEW."user_id";
BEGIN
  PERFORM "customer_search_put"(src, 'name', NEW."user_id",
    nullif(btrim(concat_ws(' ', NEW."first_name", NEW."last_name")), ''));
  PERFORM "customer_search_put"(src, 'email', NEW."user_id", NEW."email");
  PERFORM "customer_search_put"(src, 'phone', NEW."user_id", replace(NEW."phone", ' ', ''));
  PERFORM "customer_search_put"(src, 'phone-national', NEW."user_id",
    CASE WHEN NEW."phone" LIKE '+44%' THEN '0' || substr(replace(NEW."phone", ' ', ''), 4) END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_search_users" AFTER INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "customer_search_users"();
--> statement-breakpoint
CREATE FUNCTION "customer_search_proposal"(p_code text, p_owner text, p_reference text,
  p_policy_number text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  src text := 'proposal:' || p_code;
  holder jsonb;
BEGIN
  IF jsonb_typeof(p_data -> 'insuredProfiles') = 'array' THEN
    SELECT p INTO holder FROM jsonb_array_elements(p_data -> 'insuredProfiles') AS p
      WHERE p ->> 'policyholder' = 'true' LIMIT 1;
  END IF;
  PERFORM "customer_search_put"(src, 'reference', p_owner, p_reference);
  PERFORM "customer_search_put"(src, 'policy-number', p_owner, p_policy_number);
  PERFORM "customer_search_put"(src, 'registration', p_owner, "customer_search_vrn"(p_data));
  PERFORM "customer_search_put"(src, 'name', p_owner,
    nullif(btrim(concat_ws(' ', holder #>> '{data,firstName}', holder #>> '{data,lastName}')), ''));
END
$$;
--> statement-breakpoint
CREATE FUNCTION "customer_search_proposals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "customer_search_proposal"(NEW."proposal_code", NEW."owner_user_id",
    NEW."external_reference", NEW."policy_number", NEW."data");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_search_proposals" AFTER INSERT OR UPDATE ON "proposals"
  FOR EACH ROW EXECUTE FUNCTION "customer_search_proposals"();
--> statement-breakpoint
CREATE FUNCTION "customer_search_policies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "customer_search_put"('policy:' || NEW."policy_id", 'policy-number',
    NEW."owner_user_id", NEW."policy_number");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_search_policies" AFTER INSERT OR UPDATE ON "policies"
  FOR EACH ROW EXECUTE FUNCTION "customer_search_policies"();
--> statement-breakpoint
-- A mid-term change of car is a new version: the search finds the policy by its latest car.
CREATE FUNCTION "customer_search_policy_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  SELECT "owner_user_id" INTO owner FROM "policies" WHERE "policy_id" = NEW."policy_id";
  IF owner IS NOT NULL THEN
    PERFORM "customer_search_put"('version:' || NEW."policy_id", 'registration', owner,
      "customer_search_vrn"(NEW."quote"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "customer_search_policy_versions" AFTER INSERT ON "policy_versions"
  FOR EACH ROW EXECUTE FUNCTION "customer_search_policy_versions"();
--> statement-breakpoint
-- What is there already: replaying each row through its trigger fills the table.
UPDATE "users" SET "user_id" = "user_id";
--> statement-breakpoint
-- (not an UPDATE of proposals: that would bump every revision, decision 013)
SELECT "customer_search_proposal"("proposal_code", "owner_user_id", "external_reference",
  "policy_number", "data") FROM "proposals";
--> statement-breakpoint
UPDATE "policies" SET "policy_id" = "policy_id";
--> statement-breakpoint
INSERT INTO "customer_search" ("source", "field", "user_id", "value")
  SELECT DISTINCT ON (v."policy_id") 'version:' || v."policy_id", 'registration', p."owner_user_id",
    lower(btrim("customer_search_vrn"(v."quote")))
  FROM "policy_versions" v JOIN "policies" p ON p."policy_id" = v."policy_id"
  WHERE nullif(btrim("customer_search_vrn"(v."quote")), '') IS NOT NULL
  ORDER BY v."policy_id", v."version_number" DESC;
