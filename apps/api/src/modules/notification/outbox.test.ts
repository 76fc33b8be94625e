// One way to send (issue 20; issue 13 item 14): a message is queued with its delivery job in the
// change's transaction; the job runner delivers it through SMTP (here an in-process smtp-server)
// and marks it SENT, retries a server that is down, and without SMTP_URL leaves it PENDING for
// /dev/outbox.
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { notificationOutbox } from '../../db/schema';
import { createTestClock } from '../../clock';
import { createTestApp, createTestConfig, createTestProviders } from '../../test/test-app';
import { createMail } from '../../providers/mail';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { runDueJobs } from '../jobs/runner';
import { createQuote } from '../../test/quotes';
import { DRIVER_ANSWERS } from '../proposal/fixtures';
import { queueDepsOf } from '.';
import { queueMessage } from './outbox';
import { pdfText } from '../../test/pdf-text';

describe('notification outbox', () => {
  let app: App;
  let smtp: SMTPServer;
  let port = 0;
  let isDown = false;
  const clock = createTestClock();
  const received: { to: string; subject: string; text: string }[] = [];
  // The files of each message received, in order (kept apart: most tests compare `received`).
  const receivedFiles: { filename: string | null; mimeType: string; content: Buffer }[][] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(isDown ? Object.assign(new Error('try later'), { responseCode: 451 }) : undefined);
      },
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
            receivedFiles.push(
              email.attachments.map((file) => ({
                filename: file.filename,
                mimeType: file.mimeType,
                content: Buffer.from(file.content as ArrayBuffer),
              })),
            );
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    app = await createTestApp({
      clock,
      seed: true, // the driveaway retailers
      providers: {
        ...createTestProviders(),
        mail: createMail({
          smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
          mailFrom: createTestConfig().identity.mailFrom,
        }),
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const statusOf = async (id: string) =>
    (await app.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)))[0]
      ?.status;

  it('queues the message with its delivery job; the runner sends it by SMTP and marks it SENT', async () => {
    const id = await queueMessage(
      queueDepsOf(app),
      {
        channel: 'EMAIL',
        recipient: 'smtp@example.com',
        subject: 'Your sign-in code',
        body: 'Your sign-in code is 123456.',
      },
      app.clock.now(),
    );
    expect(await statusOf(id)).toBe('PENDING');
    expect(received).toEqual([]);
    await runDueJobs(app);
    expect(received).toEqual([
      {
        to: 'smtp@example.com',
        subject: 'Your sign-in code',
        text: 'Your sign-in code is 123456.\n',
      },
    ]);
    expect(await statusOf(id)).toBe('SENT');
    // The job again (a crash before it was marked done): nothing is sent twice.
    await runDueJobs(app);
    expect(received).toHaveLength(1);
  });

  it('attaches the stored documents a message names, read from storage at delivery', async () => {
    // The row keeps the key, never the file (issue 31 item 10): the PDF is read when sending.
    await app.providers.storage.put(
      'policies/p-1/v-1/policy-certificate.pdf',
      Buffer.from('%PDF-cert'),
      {
        contentType: 'application/pdf',
      },
    );
    const id = await queueMessage(
      queueDepsOf(app),
      {
        channel: 'EMAIL',
        recipient: 'files@example.com',
        subject: 'Your documents',
        body: 'Attached.',
        attachments: [
          {
            fileName: 'PN1-policy-certificate.pdf',
            key: 'policies/p-1/v-1/policy-certificate.pdf',
          },
        ],
      },
      app.clock.now(),
    );
    const [row] = await app.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.id, id));
    expect(JSON.stringify(row)).not.toContain('%PDF');
    const before = received.length;
    await runDueJobs(app);
    expect(received[before]).toMatchObject({ to: 'files@example.com', subject: 'Your documents' });
    expect(
      receivedFiles[before]!.map((file) => ({ ...file, content: file.content.toString() })),
    ).toEqual([
      { filename: 'PN1-policy-certificate.pdf', mimeType: 'application/pdf', content: '%PDF-cert' },
    ]);
    expect(await statusOf(id)).toBe('SENT');
  });

  it('a message queued in a transaction that rolls back is never sent', async () => {
    await app.db
      .transaction(async (tx) => {
        await queueMessage(
          queueDepsOf({ ...app, db: tx }),
          { channel: 'EMAIL', recipient: 'rolled@example.com', subject: 'x', body: 'x' },
          app.clock.now(),
        );
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await runDueJobs(app);
    expect(received.filter((mail) => mail.to === 'rolled@example.com')).toEqual([]);
    const rows = await app.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, 'rolled@example.com'));
    expect(rows).toEqual([]);
  });

  it('a mail server that is down: FAILED, tried again later, then SENT; nothing lost', async () => {
    isDown = true;
    const id = await queueMessage(
      queueDepsOf(app),
      { channel: 'EMAIL', recipient: 'later@example.com', subject: 'Later', body: 'Hello' },
      app.clock.now(),
    );
    await runDueJobs(app);
    expect(await statusOf(id)).toBe('FAILED');
    isDown = false;
    await runDueJobs(app);
    expect(await statusOf(id)).toBe('FAILED'); // not due yet: the retry waits 30 s
    clock.advance(31_000);
    await runDueJobs(app);
    expect(await statusOf(id)).toBe('SENT');
    expect(received.filter((mail) => mail.to === 'later@example.com')).toHaveLength(1);
  });

  it("an anonymous visitor's quote e-mail is sent, and its link retrieves the quote", async () => {
    const session = await app.inject({ method: 'POST', url: '/api/session', payload: {} });
    const headers = { authorization: `Bearer ${session.json().accessToken as string}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
    });
    const { proposalCode, externalReference } = created.json();
    const update = (answers: Record<string, unknown>) =>
      Object.entries(answers).map(([name, value]) => ({
        path: `data.${name}`,
        attribute: name,
        value,
      }));
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${proposalCode as string}`,
      headers,
      payload: {
        changes: [
          {
            changeType: 'PROFILE_DISCLOSURE_CHANGE',
            profileCode: 'ph',
            update: update({
              firstName: 'Ann',
              lastName: 'Nonymous',
              dateOfBirth: '1985-06-15',
              address: {
                line1: '10 Downing Street',
                city: 'London',
                postalCode: 'SW1A 2AA',
                countryIso3: 'GBR',
              },
            }),
          },
        ],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const retained = await app.inject({
      method: 'POST',
      url: `/api/proposals/${proposalCode as string}/retain`,
      headers,
      payload: { email: 'ann.nonymous@example.com' },
    });
    expect(retained.statusCode, retained.body).toBe(202);
    await runDueJobs(app);
    const mail = received.find((message) => message.to === 'ann.nonymous@example.com');
    expect(mail?.subject).toBe(`Your BMW Insurance quote ${externalReference as string}`);
    expect(mail?.text).toContain('Thank you for your quote. Pick up where you left off here:');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.origin).toBe(new URL(app.config.publicUrl).origin);
    expect(link.pathname).toBe('/retrieve');
    expect(link.searchParams.get('ref')).toBe(externalReference);
    // The page at that link retrieves the quote with the reference, date of birth and postcode.
    const fresh = await app.inject({ method: 'POST', url: '/api/session', payload: {} });
    const retrieved = await app.inject({
      method: 'POST',
      url: '/api/session/back-book',
      payload: {
        externalReference: link.searchParams.get('ref'),
        dateOfBirth: '1985-06-15',
        postalCode: 'SW1A 2AA',
        brand: 'bmw',
      },
      headers: { authorization: `Bearer ${fresh.json().accessToken as string}` },
    });
    expect(retrieved.statusCode, retrieved.body).toBe(200);
  });

  it("a new policy's confirmation e-mail is sent, its link naming the policy page", async () => {
    const customer = bearer(await createTestAccessToken(app, { userId: 'confirmed-customer' }));
    const quote = await createQuote(app, customer, { schemeCode: 'bmw-driveaway' });
    const bound = await app.inject({
      method: 'POST',
      url: `/api/proposals/${quote.proposalCode}/bind`,
      headers: customer,
      payload: {},
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const { policyId, policyNumber } = bound.json() as { policyId: string; policyNumber: string };
    await runDueJobs(app); // the documents job queues the e-mail, whose delivery job then runs
    const mail = received.find((message) => message.subject.includes(policyNumber));
    expect(mail).toMatchObject({
      to: DRIVER_ANSWERS.email,
      subject: `Your policy ${policyNumber} is confirmed`,
    });
    expect(mail!.text).toContain(`Thank you: your policy ${policyNumber} is confirmed.`);
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe(`/driveaway/policy/${policyId}`);
    // The documents the success page says were e-mailed are attached (issue 31 item 10).
    expect(mail!.text).toContain('the policy wording are attached to this e-mail as PDFs.');
    const files = receivedFiles[received.indexOf(mail!)]!;
    expect(files.map((file) => [file.filename, file.mimeType])).toEqual(
      ['policy-certificate', 'policy-schedule', 'ipid', 'policy-wording'].map((doc) => [
        `${policyNumber}-${doc}.pdf`,
        'application/pdf',
      ]),
    );
    const [certificate, schedule, ipid] = await Promise.all(
      files.map((file) => pdfText(file.content)),
    );
    expect(certificate).toContain('Certificate of Motor Insurance');
    expect(certificate).toContain(policyNumber);
    // Driveaway sells no driving of other cars, and is free: no payment to describe.
    expect(certificate).not.toContain('may also drive');
    expect(schedule).toContain('Policy Schedule');
    expect(schedule).not.toContain('One payment');
    expect(schedule).toContain('Payment: Nothing to pay: this cover is free');
    expect(certificate).toContain('Term: 5 days, does not renew');
    expect(ipid).toContain('Insurance Product Information Document');
  });

  it('keeps messages PENDING for /dev/outbox without SMTP; /dev/outbox lists them', async () => {
    const sandbox = await createTestApp();
    try {
      const id = await queueMessage(
        queueDepsOf(sandbox),
        { channel: 'SMS', recipient: '+447700000001', subject: null, body: 'Code 654321' },
        sandbox.clock.now(),
      );
      await runDueJobs(sandbox);
      const [row] = await sandbox.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.id, id));
      expect(row?.status).toBe('PENDING');
      const page = await sandbox.inject({ url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Code 654321');
      expect(page.body).not.toContain('<script');
    } finally {
      await sandbox.close();
    }
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
