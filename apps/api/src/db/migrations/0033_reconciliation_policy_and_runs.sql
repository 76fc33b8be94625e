CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"findings" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_findings" DROP CONSTRAINT "reconciliation_findings_kind_check";--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD COLUMN "policy_id" text;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_kind_check" CHECK ("reconciliation_findings"."kind" in ('PROVIDER_ONLY', 'LEDGER_ONLY', 'AMOUNT_MISMATCH', 'REFUND_NOT_SENT', 'COVER_UNPAID'));