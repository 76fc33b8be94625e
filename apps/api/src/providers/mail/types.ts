/** A file an e-mail carries (a policy's documents as PDFs). */
type MailAttachment = { filename: string; content: Uint8Array; contentType: string };

/** One e-mail to send. */
type MailMessage = { to: string; subject: string; text: string; attachments?: MailAttachment[] };

/**
 * Sends e-mail. The outbox's delivery job is its only caller: a change never sends mail itself,
 * it queues a message in its transaction (modules/notification).
 */
export type MailProvider = {
  /** `sandbox` sends nothing: messages stay in the outbox, readable at /dev/outbox. */
  adapter: 'smtp' | 'sandbox';
  send: (message: MailMessage) => Promise<void>;
};
