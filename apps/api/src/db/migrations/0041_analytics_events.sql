CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tracked_user_id" text NOT NULL,
	"brand" text NOT NULL,
	"scheme_code" text,
	"proposal_code" text,
	"policy_id" text,
	"section" text,
	"path" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_at_idx" ON "analytics_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_proposal_code_idx" ON "analytics_events" USING btree ("proposal_code");--> statement-breakpoint
CREATE INDEX "analytics_events_tracked_user_id_idx" ON "analytics_events" USING btree ("tracked_user_id");