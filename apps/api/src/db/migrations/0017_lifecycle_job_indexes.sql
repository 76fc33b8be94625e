-- Issue 17: the lifecycle jobs read only the rows still waiting for a move (partial indexes).
CREATE INDEX "proposals_quote_expires_at_idx" ON "proposals" USING btree ("expires_at") WHERE "proposals"."status" = 'QUOTE';--> statement-breakpoint
CREATE INDEX "proposals_quote_start_at_idx" ON "proposals" USING btree ("start_at") WHERE "proposals"."status" = 'QUOTE';--> statement-breakpoint
CREATE INDEX "collections_unsettled_direct_debit_idx" ON "collections" USING btree ("created_at") WHERE "collections"."provider" = 'DIRECT_DEBIT' and "collections"."status" <> 'SETTLED' and "collections"."proposal_code" is not null;--> statement-breakpoint
CREATE INDEX "policies_pending_incepted_at_idx" ON "policies" USING btree ("incepted_at") WHERE "policies"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "policies_active_expired_at_idx" ON "policies" USING btree ("expired_at") WHERE "policies"."status" = 'ACTIVE';