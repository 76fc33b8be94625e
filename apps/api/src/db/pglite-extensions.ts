// The PostgreSQL extensions every PGlite of this application loads. PGlite bundles contrib
// extensions separately: a migration's CREATE EXTENSION works only if the extension was passed
// to PGlite.create. Used by openPgliteDatabase (tests, the bench) and the worker thread (the
// server, decision 012), so both run the same migrations.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** pg_trgm: trigram GIN index of the staff console's customer search (decision 024). */
export const PGLITE_EXTENSIONS = { pg_trgm };
