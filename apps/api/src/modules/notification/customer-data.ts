import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listRows } from '../../db/rows';
import { ERASED } from '../../personal-data';
import { notificationOutbox } from './tables';

// The notification module's part of a customer's data export and erasure (decision 018): the
// messages sent to their e-mail addresses and phone numbers.

/** What the export shows of a message: not its attachments. */
const MESSAGES_SHOWN = [
  'id',
  'channel',
  'recipient',
  'subject',
  'body',
  'status',
  'createdAt',
  'sentAt',
] as const;

/** The messages to these contacts, oldest first. */
export function exportMessages(db: Db, contacts: string[]) {
  const toContacts = inArray(notificationOutbox.recipient, contacts);
  return listRows(db, notificationOutbox, toContacts, 'createdAt', MESSAGES_SHOWN);
}

/** The messages stay, without their recipient and body. */
export async function eraseMessagesTo(tx: Db, contacts: string[]): Promise<void> {
  await tx
    .update(notificationOutbox)
    .set({ recipient: ERASED, body: ERASED })
    .where(inArray(notificationOutbox.recipient, contacts));
}
