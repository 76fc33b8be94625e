CREATE TABLE "proposal_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_code" text NOT NULL,
	"accepted_by" text NOT NULL,
	"checklist_keys" jsonb NOT NULL,
	"documents" jsonb NOT NULL,
	"proposal_revision" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_agreements" ADD CONSTRAINT "proposal_agreements_proposal_code_proposals_proposal_code_fk" FOREIGN KEY ("proposal_code") REFERENCES "public"."proposals"("proposal_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_agreements_proposal_accepted_at_idx" ON "proposal_agreements" USING btree ("proposal_code","accepted_at");