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
CREATE TABLE "proposals" (
	"proposal_code" text PRIMARY KEY NOT NULL,
	"external_reference" text NOT NULL,
	"scheme_code" text NOT NULL,
	"brand" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"status" text NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"policy_term" text NOT NULL,
	"auto_renewal_enabled" boolean DEFAULT true NOT NULL,
	"promo_code" text,
	"tracking" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"quote" jsonb,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('INSUFFICIENT_ACCURACY', 'QUOTE', 'QUOTE_EXPIRED', 'REFERRAL', 'POLICY'))
);
--> statement-breakpoint
CREATE TABLE "rating_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_code" text NOT NULL,
	"table_version" text,
	"inputs" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"rated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_id_kind_pk" PRIMARY KEY("id","kind")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"recipient" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_connection_check" CHECK ("one_time_codes"."connection" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"phone" text,
	"first_name" text,
	"last_name" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marketing_preferences" jsonb DEFAULT '{"email":false,"phone":false,"sms":false}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rating_records" ADD CONSTRAINT "rating_records_proposal_code_proposals_proposal_code_fk" FOREIGN KEY ("proposal_code") REFERENCES "public"."proposals"("proposal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_subject_at_idx" ON "audit_log" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lookup_retailers_brand_name_idx" ON "lookup_retailers" USING btree ("brand","name");--> statement-breakpoint
CREATE INDEX "notification_outbox_status_created_at_idx" ON "notification_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_external_reference_idx" ON "proposals" USING btree ("external_reference");--> statement-breakpoint
CREATE INDEX "proposals_owner_created_at_idx" ON "proposals" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_records_proposal_rated_at_idx" ON "rating_records" USING btree ("proposal_code","rated_at");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_recipient_idx" ON "one_time_codes" USING btree ("connection","recipient","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_idx" ON "users" USING btree ("phone");