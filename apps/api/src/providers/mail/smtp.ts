import nodemailer from 'nodemailer';
import type { MailProvider } from './types';

/** E-mail through an SMTP server (SMTP_URL), from MAIL_FROM; one connection pool per app. */
export function createSmtpMail(options: { smtpUrl: string; mailFrom: string }): MailProvider {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    adapter: 'smtp',
    send: async ({ attachments, ...message }) => {
      await transport.sendMail({
        from: options.mailFrom,
        ...message,
        attachments: attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })),
      });
    },
  };
}
