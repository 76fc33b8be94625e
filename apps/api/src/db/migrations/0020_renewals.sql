ALTER TABLE "proposals" ADD COLUMN "kind" text DEFAULT 'NEW_BUSINESS' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "source_policy_id" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "renewal_rated_price_pence" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "new_business_price_pence" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_proposal_code" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "source_policy_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_renewal_source_policy_idx" ON "proposals" USING btree ("source_policy_id") WHERE "proposals"."kind" = 'RENEWAL';--> statement-breakpoint
CREATE INDEX "policies_renewal_due_idx" ON "policies" USING btree ("expired_at") WHERE "policies"."status" = 'ACTIVE' and "policies"."renewal_proposal_code" is null and "policies"."review_type" <> 'NEVER' and "policies"."renewal_stopped" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_source_policy_idx" ON "policies" USING btree ("source_policy_id") WHERE "policies"."source_policy_id" is not null;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_kind_check" CHECK ("proposals"."kind" in ('NEW_BUSINESS', 'RENEWAL', 'UPSELL'));