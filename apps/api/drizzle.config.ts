import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @motor/api` writes a new SQL migration after a change to a module's
// tables.ts: src/db/schema.ts gathers every module's tables (decision 048).
// Migrations are applied at start-up by src/db/migrate.ts, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
