// The database schema: the single source for drizzle-kit migrations (src/db/migrations).
// Keep to SQL that PostgreSQL 15 accepts (PGlite is 18): gen_random_uuid(), jsonb, timestamptz.
// Instants are written by the application from its Clock, so there are no `default now()` on
// business timestamps: tests that move time see the times they set.
import { sql } from 'drizzle-orm';
import { char, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './schema/columns';

/**
 * Who did what to whom. Every admin action (impersonation, MOTO payment, effective-date choice,
 * editing a read-only field) writes one row; rows are never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in user who acted (for an admin acting as a customer: the admin). */
    actorUserId: text('actor_user_id').notNull(),
    /** The customer acted upon, when there is one. */
    subjectUserId: text('subject_user_id'),
    /** A stable verb, e.g. `policy.cancel`, `session.impersonate`. */
    action: text('action').notNull(),
    /** What was touched, e.g. `policy:BMW-FLX-000123`. */
    target: text('target').notNull(),
    at: instant('at').notNull(),
  },
  (table) => [
    index('audit_log_subject_at_idx').on(table.subjectUserId, table.at),
    index('audit_log_actor_at_idx').on(table.actorUserId, table.at),
  ],
);

/**
 * Replay protection for unsafe requests and external events. `key` is namespaced by the caller
 * (an Idempotency-Key header, a webhook event id, a provider payment id); `scope` says which
 * operation it belongs to so that a key reused for another operation is refused. `response` is
 * null while the first attempt is in flight and holds what to answer to a retry once it is done.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    response: jsonb('response'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('idempotency_keys_created_at_idx').on(table.createdAt)],
);

export const NOTIFICATION_CHANNELS = ['EMAIL', 'SMS'] as const;
export const NOTIFICATION_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
/** A document an e-mail carries: its file name and where storage keeps it. */
export type OutboxAttachment = { fileName: string; key: string };

/**
 * E-mails and text messages to send. Written in the same transaction as the change that causes
 * them, delivered afterwards by the mail/SMS provider (or shown on /dev/outbox in development).
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    /** An e-mail address or an E.164 phone number (personal data: never logged). */
    recipient: text('recipient').notNull(),
    /** E-mail subject; null for SMS. */
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * Documents to attach, by their stored blob key: read from storage at delivery, so that a
     * row never carries a PDF (e-mail only; null when none).
     */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('PENDING'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('notification_outbox_status_created_at_idx').on(table.status, table.createdAt),
    check('notification_outbox_channel_check', sql`${table.channel} in ('EMAIL', 'SMS')`),
    check(
      'notification_outbox_status_check',
      sql`${table.status} in ('PENDING', 'SENT', 'FAILED')`,
    ),
  ],
);

/**
 * The brand's retailers (dealers), offered by the "retailer" lookup in the quote journey.
 * `code` is the manufacturer's 5-digit retailer code, kept as text so leading zeros survive.
 */
export const lookupRetailers = pgTable(
  'lookup_retailers',
  {
    code: char('code', { length: 5 }).primaryKey(),
    name: text('name').notNull(),
    postcode: text('postcode').notNull(),
    /** The white-label brand the retailer sells for, e.g. `bmw`. */
    brand: text('brand').notNull(),
  },
  (table) => [
    index('lookup_retailers_brand_name_idx').on(table.brand, table.name),
    check('lookup_retailers_code_check', sql`${table.code} ~ '^[0-9]{5}$'`),
  ],
);
export * from './schema/proposals';
export * from './schema/identity';
export * from './schema/payments';
export * from './schema/policies';
export * from './schema/billing';
export * from './schema/insights';
export * from './schema/error-events';
export * from './schema/analytics-events';
export * from './schema/jobs';
export * from './schema/claims';
export * from './schema/uploads';
export * from './schema/care';
export * from './schema/chat';
export * from './schema/reconciliation';
export * from './schema/refunds';
export * from './schema/mid';
