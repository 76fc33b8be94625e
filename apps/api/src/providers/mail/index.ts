import { createSmtpMail } from './smtp';
import type { MailProvider } from './types';

export type { MailProvider } from './types';

/** Sends nothing: without SMTP_URL the outbox is the sandbox (/dev/outbox). */
export function createSandboxMail(): MailProvider {
  return { adapter: 'sandbox', send: async () => undefined };
}

/** SMTP when SMTP_URL is set, the sandbox otherwise. */
export function createMail(options: {
  smtpUrl: string | undefined;
  mailFrom: string;
}): MailProvider {
  const { smtpUrl, mailFrom } = options;
  return smtpUrl ? createSmtpMail({ smtpUrl, mailFrom }) : createSandboxMail();
}
