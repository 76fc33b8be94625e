// The database schema, put together: every module keeps its own tables in modules/<m>/tables.ts
// (decision 048) and this file gathers them for the database client, drizzle-kit's migrations and
// the tests. Nothing else imports it; a module reads another's data through that module's verbs.
// Keep to SQL that PostgreSQL 15 accepts (PGlite is 18): gen_random_uuid(), jsonb, timestamptz.
// Instants are written by the application from its Clock, so there are no `default now()` on
// business timestamps: tests that move time see the times they set.
export * from '../modules/proposal/tables';
export * from '../modules/identity/tables';
export * from '../modules/payment/tables';
export * from '../modules/policy/tables';
export * from '../modules/adjustment/tables';
export * from '../modules/billing/tables';
export * from '../modules/insight/tables';
export * from '../modules/error-tracker/tables';
export * from '../modules/jobs/tables';
export * from '../modules/clock/tables';
export * from '../modules/claim/tables';
export * from '../modules/upload/tables';
export * from '../modules/care/tables';
export * from '../modules/audit/tables';
export * from '../modules/chat/tables';
export * from '../modules/mid/tables';
export * from '../modules/document/tables';
export * from '../modules/notification/tables';
export * from '../modules/lookup/tables';
