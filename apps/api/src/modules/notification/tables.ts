// The outbox: every e-mail and text message, queued in the transaction of the change that causes it.
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { checkOneOf, createdAt, instant, randomId } from '../../db/columns';

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
    id: randomId(),
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
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    index('notification_outbox_status_created_at_idx').on(table.status, table.createdAt),
    checkOneOf('notification_outbox_channel_check', table.channel, NOTIFICATION_CHANNELS),
    checkOneOf('notification_outbox_status_check', table.status, NOTIFICATION_STATUSES),
  ],
);
