ALTER TABLE "proposals" ADD COLUMN "source_proposal_code" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "upsell_proposal_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_upsell_source_policy_idx" ON "proposals" USING btree ("source_policy_id") WHERE "proposals"."kind" = 'UPSELL';--> statement-breakpoint
CREATE INDEX "policies_upsell_due_idx" ON "policies" USING btree ("expired_at") WHERE "policies"."status" in ('ACTIVE', 'LAPSED') and "policies"."upsell_proposal_code" is null and "policies"."review_type" = 'NEVER';