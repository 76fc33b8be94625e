CREATE TABLE "error_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"location" text,
	"release" text NOT NULL,
	"brand" text NOT NULL,
	"last_request_id" text,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "error_events_source_check" CHECK ("error_events"."source" in ('server', 'browser'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "error_events_fingerprint_idx" ON "error_events" USING btree ("fingerprint");