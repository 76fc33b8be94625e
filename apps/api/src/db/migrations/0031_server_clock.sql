CREATE TABLE "server_clock" (
	"id" text PRIMARY KEY NOT NULL,
	"offset_ms" bigint NOT NULL,
	"moved_at" timestamp with time zone NOT NULL
);
