CREATE SEQUENCE "public"."claim_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "claims" (
	"claim_reference" text PRIMARY KEY NOT NULL,
	"policy_id" text NOT NULL,
	"claim_type" text NOT NULL,
	"status" text NOT NULL,
	"insured_name" text NOT NULL,
	"occurred_date" date NOT NULL,
	"description" text,
	"source" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('ACTIVE', 'SETTLED', 'PENDING')),
	CONSTRAINT "claims_type_check" CHECK ("claims"."claim_type" in ('Accident', 'FireDamage', 'StormFloodDamage', 'Theft', 'Vandalism', 'Windscreen', 'Others')),
	CONSTRAINT "claims_source_check" CHECK ("claims"."source" in ('fnol', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_policy_occurred_idx" ON "claims" USING btree ("policy_id","occurred_date");