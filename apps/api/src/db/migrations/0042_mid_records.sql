CREATE TABLE "mid_records" (
	"policy_id" text PRIMARY KEY NOT NULL,
	"policy_number" text NOT NULL,
	"scheme_code" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"status" text NOT NULL,
	"desired" jsonb,
	"source_fingerprint" text NOT NULL,
	"confirmed" jsonb,
	"reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"due_by" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_submitted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mid_records_status_check" CHECK ("mid_records"."status" in ('PENDING', 'ON_MID', 'REMOVED', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "mid_records_unsettled_idx" ON "mid_records" USING btree ("next_attempt_at") WHERE "mid_records"."status" in ('PENDING', 'FAILED');