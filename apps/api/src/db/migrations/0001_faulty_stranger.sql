CREATE TABLE "collections" (
	"provider_payment_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"owner_user_id" text,
	"session_id" text,
	"proposal_code" text,
	"amount_pence" integer NOT NULL,
	"status" text NOT NULL,
	"settles_on" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "collections_amount_check" CHECK ("collections"."amount_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"payment_method_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"adapter" text NOT NULL,
	"provider_reference" text NOT NULL,
	"provider_customer_reference" text,
	"bank_name" text,
	"account_number_ending" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"adapter" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"proposal_code" text,
	"client_reference" text,
	"amount_pence" integer NOT NULL,
	"save_card" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_sessions_amount_check" CHECK ("payment_sessions"."amount_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_provider_records_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "collections_proposal_idx" ON "collections" USING btree ("proposal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_reference_idx" ON "payment_methods" USING btree ("adapter","provider_reference");--> statement-breakpoint
CREATE INDEX "payment_methods_owner_idx" ON "payment_methods" USING btree ("owner_user_id","type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_session_idx" ON "payment_sessions" USING btree ("adapter","provider_session_id");--> statement-breakpoint
CREATE INDEX "payment_sessions_owner_idx" ON "payment_sessions" USING btree ("owner_user_id","created_at");