ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- Numbers people signed up with by text message were proved by the code they entered.
UPDATE "users" SET "phone_verified_at" = "created_at" WHERE "connection" = 'sms' AND "phone" IS NOT NULL;
