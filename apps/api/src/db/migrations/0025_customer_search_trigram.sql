-- Decision 024: contains searches of the staff console (like '%x%') from a trigram index. pg_trgm
-- is a trusted extension (PostgreSQL 13+: a database owner may create it); PGlite loads it from
-- its own package (db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customer_search_value_trgm_idx" ON "customer_search" USING gin ("value" gin_trgm_ops);
