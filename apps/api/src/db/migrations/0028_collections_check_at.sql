ALTER TABLE "customer_accounts" ADD COLUMN "collections_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customer_accounts_collections_check_at_idx" ON "customer_accounts" USING btree ("collections_check_at") WHERE "customer_accounts"."collections_check_at" is not null;--> statement-breakpoint
-- Accounts bound before the marker existed: the planner looks at each once, then keeps it.
UPDATE "customer_accounts" SET "collections_check_at" = "created_at" WHERE "policy_id" IS NOT NULL AND "payment_method_type" IS NOT NULL;
