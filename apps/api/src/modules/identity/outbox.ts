import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notificationOutbox } from '../../db/schema';

export type OutboxMessage = {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
};

/**
 * Queues a message in notification_outbox and delivers it: e-mail through SMTP when SMTP_URL is
 * set; otherwise (sandbox) it stays readable at /dev/outbox and, outside production, in the log.
 * SMS has no vendor adapter yet: SMS stays in the outbox.
 */
export class Outbox {
  private readonly transport: Transporter | null;

  constructor(
    private readonly options: {
      db: Db;
      clock: Clock;
      config: Pick<Config, 'identity' | 'nodeEnv'>;
      log: FastifyBaseLogger;
    },
  ) {
    const smtpUrl = options.config.identity.smtpUrl;
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get isSandbox(): boolean {
    return this.transport === null;
  }

  async send(message: OutboxMessage): Promise<void> {
    const { db, clock, log, config } = this.options;
    const [row] = await db
      .insert(notificationOutbox)
      .values({ ...message, createdAt: clock.now() })
      .returning({ id: notificationOutbox.id });
    if (!row) return;
    if (this.transport && message.channel === 'EMAIL') {
      try {
        await this.transport.sendMail({
          from: config.identity.mailFrom,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
        });
        await db
          .update(notificationOutbox)
          .set({ status: 'SENT', sentAt: clock.now() })
          .where(eq(notificationOutbox.id, row.id));
      } catch (error) {
        log.error({ err: error, messageId: row.id }, 'e-mail could not be sent');
        await db
          .update(notificationOutbox)
          .set({ status: 'FAILED' })
          .where(eq(notificationOutbox.id, row.id));
      }
      return;
    }
    if (config.nodeEnv !== 'production') {
      // Sandbox only: the developer reads the code here or at /dev/outbox. Production never logs
      // a message body (it carries one-time codes).
      log.info({ messageId: row.id, channel: message.channel }, `outbox: ${message.body}`);
    }
  }

  async listRecent(limit = 50) {
    return this.options.db
      .select()
      .from(notificationOutbox)
      .orderBy(desc(notificationOutbox.createdAt))
      .limit(limit);
  }
}
