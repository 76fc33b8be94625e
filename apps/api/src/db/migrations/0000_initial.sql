CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text NOT NULL,
	"subject_user_id" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"job_name" text PRIMARY KEY NOT NULL,
	"leased_by" text NOT NULL,
	"leased_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_retailers" (
	"code" char(5) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postcode" text NOT NULL,
	"brand" text NOT NULL,
	CONSTRAINT "lookup_retailers_code_check" CHECK ("lookup_retailers"."code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_outbox_channel_check" CHECK ("notification_outbox"."channel" in ('EMAIL', 'SMS')),
	CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_at_idx" ON "audit_log" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lookup_retailers_brand_name_idx" ON "lookup_retailers" USING btree ("brand","name");--> statement-breakpoint
CREATE INDEX "notification_outbox_status_created_at_idx" ON "notification_outbox" USING btree ("status","created_at");