import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ERASED } from '../../personal-data';
import { notificationOutbox } from './tables';

// The notification module's part of a customer's data export and erasure (decision 018): the
// messages sent to their e-mail addresses and phone numbers.

/** The messages to these contacts, oldest first (without their attachments). */
export function exportMessages(db: Db, contacts: string[]) {
  return db
    .select({
      id: notificationOutbox.id,
      channel: notificationOutbox.channel,
      recipient: notificationOutbox.recipient,
      subject: notificationOutbox.subject,
      body: notificationOutbox.body,
      status: notificationOutbox.status,
      createdAt: notificationOutbox.createdAt,
      sentAt: notificationOutbox.sentAt,
    })
    .from(notificationOutbox)
    .where(inArray(notificationOutbox.recipient, contacts))
    .orderBy(asc(notificationOutbox.createdAt));
}

/** The messages stay, without their recipient and body. */
export async function eraseMessagesTo(tx: Db, contacts: string[]): Promise<void> {
  await tx
    .update(notificationOutbox)
    .set({ recipient: ERASED, body: ERASED })
    .where(inArray(notificationOutbox.recipient, contacts));
}
