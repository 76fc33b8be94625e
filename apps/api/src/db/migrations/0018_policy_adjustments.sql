CREATE TABLE "policy_adjustments" (
	"adjustment_id" text PRIMARY KEY NOT NULL,
	"policy_id" text NOT NULL,
	"adjustment_type" text NOT NULL,
	"changes" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"base_version_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"updated_versions" jsonb NOT NULL,
	"amount_due_pence" integer NOT NULL,
	"prorata_premium_pence" integer NOT NULL,
	"available_balance_pence" integer NOT NULL,
	"prorata_tax_pence" integer NOT NULL,
	"premium_before_pence" integer NOT NULL,
	"premium_after_pence" integer NOT NULL,
	"instalment_before_pence" integer,
	"instalment_after_pence" integer,
	"payment_schedule_type" text,
	"cancellation_kind" text,
	"verification_clear" boolean NOT NULL,
	"reason" text,
	"created_by_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_user_id" text,
	CONSTRAINT "policy_adjustments_type_check" CHECK ("policy_adjustments"."adjustment_type" in ('MTA', 'SDA', 'CAN'))
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "adjustment_id" text;--> statement-breakpoint
ALTER TABLE "policy_adjustments" ADD CONSTRAINT "policy_adjustments_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_adjustments_policy_created_idx" ON "policy_adjustments" USING btree ("policy_id","created_at");