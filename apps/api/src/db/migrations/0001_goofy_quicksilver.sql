CREATE TABLE "proposals" (
	"proposal_code" text PRIMARY KEY NOT NULL,
	"external_reference" text NOT NULL,
	"scheme_code" text NOT NULL,
	"brand" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"status" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"policy_term" text NOT NULL,
	"auto_renewal_enabled" boolean DEFAULT true NOT NULL,
	"promo_code" text,
	"tracking" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"quote" jsonb,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('INSUFFICIENT_ACCURACY', 'QUOTE', 'QUOTE_EXPIRED', 'REFERRAL', 'POLICY'))
);
--> statement-breakpoint
CREATE TABLE "rating_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_code" text NOT NULL,
	"table_version" text,
	"inputs" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"rated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rating_records" ADD CONSTRAINT "rating_records_proposal_code_proposals_proposal_code_fk" FOREIGN KEY ("proposal_code") REFERENCES "public"."proposals"("proposal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_external_reference_idx" ON "proposals" USING btree ("external_reference");--> statement-breakpoint
CREATE INDEX "proposals_owner_created_at_idx" ON "proposals" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_records_proposal_rated_at_idx" ON "rating_records" USING btree ("proposal_code","rated_at");