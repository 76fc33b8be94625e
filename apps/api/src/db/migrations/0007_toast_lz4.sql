-- The few-KB jsonb values written on every rated PATCH (a proposal's answers and quote, each
-- rating record) and each policy version's quote are compressed with lz4, a fraction of pglz's
-- CPU. Column settings apply to every session at once (the pool used to set it per connection,
-- with a query racing the connection's first one). A server built without lz4 (PGlite) keeps pglz.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_settings
    WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)
  ) THEN
    ALTER TABLE "proposals" ALTER COLUMN "data" SET COMPRESSION lz4;
    ALTER TABLE "proposals" ALTER COLUMN "quote" SET COMPRESSION lz4;
    ALTER TABLE "rating_records" ALTER COLUMN "inputs" SET COMPRESSION lz4;
    ALTER TABLE "rating_records" ALTER COLUMN "result" SET COMPRESSION lz4;
    ALTER TABLE "policy_versions" ALTER COLUMN "quote" SET COMPRESSION lz4;
  END IF;
END
$$;
