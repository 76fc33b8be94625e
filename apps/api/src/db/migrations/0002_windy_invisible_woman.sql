CREATE SEQUENCE "public"."policy_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "policies" (
	"policy_id" text PRIMARY KEY NOT NULL,
	"policy_number" text NOT NULL,
	"scheme_code" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"proposal_code" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"incepted_at" timestamp with time zone NOT NULL,
	"first_incepted_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"terminated_at" timestamp with time zone,
	"renewal_stopped" boolean DEFAULT false NOT NULL,
	"auto_renewal_enabled" boolean DEFAULT true NOT NULL,
	"review_type" text DEFAULT 'AUTO' NOT NULL,
	"policy_term" text NOT NULL,
	CONSTRAINT "policies_status_check" CHECK ("policies"."status" in ('PENDING', 'ACTIVE', 'LAPSED', 'CANCELLED', 'RENEWED', 'VOIDED', 'NTU')),
	CONSTRAINT "policies_review_type_check" CHECK ("policies"."review_type" in ('AUTO', 'NEVER'))
);
--> statement-breakpoint
CREATE TABLE "policy_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" text NOT NULL,
	"version_number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"quote" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"account_code" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"proposal_code" text NOT NULL,
	"policy_id" text,
	"payment_day" integer NOT NULL,
	"payment_method_type" text,
	"account_status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_accounts_payment_day_check" CHECK ("customer_accounts"."payment_day" between 1 and 28),
	CONSTRAINT "customer_accounts_payment_method_type_check" CHECK ("customer_accounts"."payment_method_type" in ('CARD', 'BACS_DEBIT')),
	CONSTRAINT "customer_accounts_account_status_check" CHECK ("customer_accounts"."account_status" in ('ACTIVE', 'SUSPENDED'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"ledger_account" text NOT NULL,
	"amount_pence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"sub_type" text,
	"group" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transactions_type_check" CHECK ("ledger_transactions"."type" in ('INVOICE', 'CREDIT_NOTE', 'DEBIT_JOURNAL', 'CREDIT_JOURNAL', 'PAYMENT', 'PAYMENT_REVERSAL', 'REFUND', 'REFUND_REVERSAL')),
	CONSTRAINT "ledger_transactions_group_check" CHECK ("ledger_transactions"."group" in ('INVOICE', 'PAYMENT')),
	CONSTRAINT "ledger_transactions_status_check" CHECK ("ledger_transactions"."status" in ('PENDING', 'POSTED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "insight_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"type" text NOT NULL,
	"policy_id" text,
	"rating" integer NOT NULL,
	"comment" text,
	"tags" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insight_feedback_rating_check" CHECK ("insight_feedback"."rating" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "insight_impressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_code" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "policy_id" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "policy_number" text;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_accounts" ADD CONSTRAINT "customer_accounts_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_account_id_customer_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."customer_accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_proposal_code_idx" ON "policies" USING btree ("proposal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_policy_number_idx" ON "policies" USING btree ("policy_number");--> statement-breakpoint
CREATE INDEX "policies_owner_created_at_idx" ON "policies" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_events_policy_at_idx" ON "policy_events" USING btree ("policy_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_versions_policy_number_idx" ON "policy_versions" USING btree ("policy_id","version_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_accounts_proposal_code_idx" ON "customer_accounts" USING btree ("proposal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_accounts_account_code_idx" ON "customer_accounts" USING btree ("account_code");--> statement-breakpoint
CREATE INDEX "customer_accounts_owner_idx" ON "customer_accounts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "customer_accounts_policy_idx" ON "customer_accounts" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_ledger_account_idx" ON "ledger_postings" USING btree ("ledger_account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_idx" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_account_created_at_idx" ON "ledger_transactions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "insight_feedback_policy_idx" ON "insight_feedback" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insight_impressions_proposal_code_idx" ON "insight_impressions" USING btree ("proposal_code");