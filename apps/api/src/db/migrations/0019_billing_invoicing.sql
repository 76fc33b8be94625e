-- Issue 16: the invoicing job's schedule per account (partial index) and each invoice's period.
ALTER TABLE "customer_accounts" ADD COLUMN "next_invoice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "service_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "service_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_accounts_next_invoice_at_idx" ON "customer_accounts" USING btree ("next_invoice_at") WHERE "customer_accounts"."next_invoice_at" is not null;--> statement-breakpoint
-- Accounts bound before this release: the job looks at each once and plans its next invoice.
UPDATE "customer_accounts" SET "next_invoice_at" = "created_at" WHERE "policy_id" IS NOT NULL;
