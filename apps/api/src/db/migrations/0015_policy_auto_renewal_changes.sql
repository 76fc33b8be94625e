CREATE TABLE "policy_auto_renewal_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"reason" text,
	"details" text,
	"actor_user_id" text NOT NULL,
	"on_behalf_of_user_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_auto_renewal_changes" ADD CONSTRAINT "policy_auto_renewal_changes_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_auto_renewal_changes_policy_at_idx" ON "policy_auto_renewal_changes" USING btree ("policy_id","at");