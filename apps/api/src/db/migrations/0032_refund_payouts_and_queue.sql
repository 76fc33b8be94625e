CREATE TABLE "refund_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"unsent_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "refund_issues_resolution_check" CHECK ("refund_issues"."resolution" is null or "refund_issues"."resolution" in ('PAID_ELSEWHERE', 'WRITTEN_OFF'))
);
--> statement-breakpoint
CREATE TABLE "refund_payouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"refund_key" text NOT NULL,
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refund_payouts_amount_check" CHECK ("refund_payouts"."amount_pence" > 0),
	CONSTRAINT "refund_payouts_status_check" CHECK ("refund_payouts"."status" in ('SENDING', 'PAID', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_findings" DROP CONSTRAINT "reconciliation_findings_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "refund_issues_refund_idx" ON "refund_issues" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "refund_issues_open_idx" ON "refund_issues" USING btree ("raised_at") WHERE "refund_issues"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "refund_payouts_refund_idx" ON "refund_payouts" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "refund_payouts_payment_idx" ON "refund_payouts" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_kind_check" CHECK ("reconciliation_findings"."kind" in ('PROVIDER_ONLY', 'LEDGER_ONLY', 'AMOUNT_MISMATCH', 'REFUND_NOT_SENT'));