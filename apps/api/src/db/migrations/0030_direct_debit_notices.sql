CREATE TABLE "direct_debit_notices" (
	"notice_key" text PRIMARY KEY NOT NULL,
	"payment_method_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_by" text NOT NULL,
	"amount_pence" integer,
	"charge_date" text,
	"message_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "direct_debit_notices_kind_check" CHECK ("direct_debit_notices"."kind" in ('CONFIRMATION', 'ADVANCE_NOTICE')),
	CONSTRAINT "direct_debit_notices_sent_by_check" CHECK ("direct_debit_notices"."sent_by" in ('APP', 'PROVIDER'))
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "account_holder_name" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "sort_code" text;--> statement-breakpoint
CREATE INDEX "direct_debit_notices_method_idx" ON "direct_debit_notices" USING btree ("payment_method_id","created_at");
