import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { notificationOutbox, type OutboxAttachment } from './tables';
import { enqueueJob } from '../jobs';
import type { MailProvider } from '../../providers/mail';
import type { StorageProvider } from '../../providers/storage';
import { findRow, listNewestRows } from '../../db/rows';

// The one way the app sends e-mail and text messages (a transactional outbox): a change queues
// its message in its own transaction, together with a job that delivers it. A message exists if
// and only if the change commits, and the job runner retries a provider that is down. Delivery
// never runs inside the change's transaction. With nothing to deliver to (the sandbox mail
// provider; SMS, which has no provider yet) no job is made: the message stays PENDING for
// /dev/outbox and, outside production, is written to the log.

export type OutboxMessage = {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
  /** Stored documents the e-mail carries, attached at delivery (the row keeps their keys). */
  attachments?: OutboxAttachment[] | null;
};

export const DELIVER_MESSAGE = 'deliver-message';

export type QueueDeps = {
  /** The caller's transaction, or the database. */
  db: Db;
  mail: MailProvider;
  log: FastifyBaseLogger;
  isProduction: boolean;
};

/** Is there a provider to hand this message to? */
function isDeliverable(mail: MailProvider, message: OutboxMessage): boolean {
  return message.channel === 'EMAIL' && mail.adapter !== 'sandbox';
}

/** Queues the message (and its delivery job) in the caller's transaction, or on its own. */
export async function queueMessage(
  deps: QueueDeps,
  message: OutboxMessage,
  at: Date,
): Promise<string> {
  const { db } = deps;
  const [row] = await db
    .insert(notificationOutbox)
    .values({ ...message, createdAt: at })
    .returning({ id: notificationOutbox.id });
  if (!row) throw new Error('the message could not be queued');
  if (!isDeliverable(deps.mail, message)) {
    if (!deps.isProduction) {
      // Sandbox only: the developer reads the message at /dev/outbox. The log never holds its
      // body or recipient: names, addresses and one-time codes (issue 21 item 14).
      deps.log.info(
        { messageId: row.id, channel: message.channel },
        'outbox: a message is waiting at /dev/outbox',
      );
    }
    return row.id;
  }
  await enqueueJob(db, {
    kind: DELIVER_MESSAGE,
    key: `${DELIVER_MESSAGE}:${row.id}`,
    payload: { messageId: row.id },
    at,
  });
  return row.id;
}

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  mail: MailProvider;
  storage: Pick<StorageProvider, 'get'>;
};

/** The message's documents, read from storage now; a missing one fails (and is retried). */
async function readAttachments(storage: DeliveryDeps['storage'], files: OutboxAttachment[]) {
  return Promise.all(
    files.map(async (file) => {
      const content = await storage.get(file.key);
      if (!content) throw new Error(`outbox: attachment ${file.key} is not stored`);
      return { filename: file.fileName, content, contentType: 'application/pdf' };
    }),
  );
}

/**
 * Delivers one queued message through the mail provider, then SENT. A failure is recorded as
 * FAILED and thrown, so the job runner tries again later; a message already SENT is left alone
 * (the job may run twice).
 */
export async function deliverMessage(deps: DeliveryDeps, messageId: string): Promise<void> {
  const { db, clock, mail, storage } = deps;
  const message = await findRow(db, notificationOutbox, eq(notificationOutbox.id, messageId));
  if (!message || message.status === 'SENT' || !isDeliverable(mail, message)) return;
  try {
    await mail.send({
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      attachments: await readAttachments(storage, message.attachments ?? []),
    });
  } catch (error) {
    await db
      .update(notificationOutbox)
      .set({ status: 'FAILED' })
      .where(eq(notificationOutbox.id, message.id));
    throw error;
  }
  await db
    .update(notificationOutbox)
    .set({ status: 'SENT', sentAt: clock.now() })
    .where(eq(notificationOutbox.id, message.id));
}

/** Newest first: the sandbox's /dev/outbox. */
export async function listRecentMessages(db: Db, limit = 50, recipient?: string) {
  const toRecipient =
    recipient === undefined ? undefined : eq(notificationOutbox.recipient, recipient);
  return listNewestRows(db, notificationOutbox, toRecipient, 'createdAt', limit);
}
