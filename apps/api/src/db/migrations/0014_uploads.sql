CREATE TABLE "upload_commits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" text NOT NULL,
	"purpose" text NOT NULL,
	"comment" text,
	"committed_by_user_id" text NOT NULL,
	"committed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"policy_id" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"storage_key" text NOT NULL,
	"staged_by_user_id" text NOT NULL,
	"staged_at" timestamp with time zone NOT NULL,
	"commit_id" uuid,
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('STAGED', 'COMMITTED')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "upload_commits" ADD CONSTRAINT "upload_commits_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_policy_id_policies_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("policy_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_commit_id_upload_commits_id_fk" FOREIGN KEY ("commit_id") REFERENCES "public"."upload_commits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_commits_policy_idx" ON "upload_commits" USING btree ("policy_id","committed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_staged_file_name_idx" ON "uploads" USING btree ("policy_id","file_name") WHERE "uploads"."status" = 'STAGED';--> statement-breakpoint
CREATE INDEX "uploads_status_staged_at_idx" ON "uploads" USING btree ("status","staged_at");--> statement-breakpoint
CREATE INDEX "uploads_commit_idx" ON "uploads" USING btree ("commit_id");