import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzleOnPglite, type DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every process of this application.
const MIGRATION_LOCK_ID = 7_240_311;

/**
 * Applies the pending drizzle-kit migrations. Safe to call on every start and from several
 * processes at once: applied migrations are skipped, and on PostgreSQL an advisory lock makes
 * concurrent starts wait for each other instead of racing.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // drizzle's pglite migrator, not PGlite's node-postgres adapter (that one hung in the migrator).
    await migratePglite(drizzleOnPglite(handle.client), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    return;
  }
  // The lock is held by a connection, so lock, migrate and unlock on one pooled client.
  const connection = await handle.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePostgres(drizzlePostgres({ client: connection }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    connection.release();
  }
}
