// With SMTP_URL set, messages leave through SMTP (here an in-process smtp-server) and are marked
// SENT; without it they stay PENDING for /dev/outbox.
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { notificationOutbox } from '../../db/schema';
import { createTestApp, createTestConfig } from '../../test/test-app';
import { Outbox } from './outbox';

describe('notification outbox', () => {
  let app: App;
  let smtp: SMTPServer;
  let port = 0;
  const received: { to: string; subject: string; text: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          void PostalMime.parse(Buffer.concat(chunks)).then((email) => {
            received.push({
              to: session.envelope.rcptTo[0]?.address ?? '',
              subject: email.subject ?? '',
              text: email.text ?? '',
            });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends e-mail through SMTP when configured and marks it SENT', async () => {
    const base = createTestConfig();
    const outbox = new Outbox({
      db: app.db,
      clock: app.clock,
      config: {
        nodeEnv: 'test',
        identity: { ...base.identity, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
      },
      log: app.log,
    });
    await outbox.send({
      channel: 'EMAIL',
      recipient: 'smtp@example.com',
      subject: 'Your sign-in code',
      body: 'Your sign-in code is 123456.',
    });
    expect(received).toEqual([
      {
        to: 'smtp@example.com',
        subject: 'Your sign-in code',
        text: 'Your sign-in code is 123456.\n',
      },
    ]);
    const [row] = await app.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, 'smtp@example.com'));
    expect(row?.status).toBe('SENT');
  });

  it('keeps messages PENDING for /dev/outbox without SMTP; /dev/outbox lists them', async () => {
    const outbox = new Outbox({
      db: app.db,
      clock: app.clock,
      config: createTestConfig(),
      log: app.log,
    });
    await outbox.send({
      channel: 'SMS',
      recipient: '+447700000001',
      subject: null,
      body: 'Code 654321',
    });
    const page = await app.inject({ url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Code 654321');
    expect(page.body).not.toContain('<script');
  });

  it('/dev/outbox does not exist in production', async () => {
    const production = await createTestApp({ config: { nodeEnv: 'production' } });
    try {
      expect((await production.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
