CREATE TABLE "reconciliation_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider" text,
	"account_id" text,
	"provider_amount_pence" integer,
	"ledger_amount_pence" integer,
	"found_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reconciliation_findings_kind_check" CHECK ("reconciliation_findings"."kind" in ('PROVIDER_ONLY', 'LEDGER_ONLY', 'AMOUNT_MISMATCH'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_findings_kind_payment_idx" ON "reconciliation_findings" USING btree ("kind","provider_payment_id");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_open_idx" ON "reconciliation_findings" USING btree ("found_at") WHERE "reconciliation_findings"."resolved_at" is null;