import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { notificationOutbox, policyVersions } from '../../db/schema';
import { findJobByKey } from '../jobs/queue';
import { runDueJobs } from '../jobs/runner';
import { pdfText } from '../../test/pdf-text';
import { useTestApp } from '../../test/use-test-app';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import type { StorageProvider } from '../../providers/storage';
import { issuePolicyDocuments, POLICY_VERSION_NOT_FOUND_MESSAGE } from './service';

const START = '2026-03-02T09:00:00.000Z';

describe('policy documents', () => {
  const suite = useTestApp({ at: START, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let headers: Record<string, string>;
  let policyId: string;
  let policyNumber: string;

  let storage: StorageProvider;
  // Every write to the sandbox's store: a document is rendered and stored once.
  let put: MockInstance<StorageProvider['put']>;

  beforeAll(async () => {
    storage = suite.app.providers.storage;
    put = vi.spyOn(storage, 'put');
    headers = await suite.customer('doc-owner');
    ({ policyId, policyNumber } = await createBoundPolicyWithNumber(suite.app, headers));
  });

  async function open(doc: string, as = headers, query = '') {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/documents/policy/${policyId}/${doc}${query}`,
      headers: as,
    });
    return res;
  }

  async function download(location: string) {
    const url = new URL(location);
    return suite.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  }

  const confirmationMails = (number: string) =>
    suite.app.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.subject, `Your policy ${number} is confirmed`));
  const writesOf = (id: string, doc: string) =>
    put.mock.calls
      .filter(([key]) => key.startsWith(`policies/${id}/`) && key.endsWith(`/${doc}.pdf`))
      .map(([key, , options]) => ({ key, contentType: options.contentType }));
  /** Where a policy's first version keeps this document. */
  const firstVersionKey = async (id: string, doc: string) => {
    const [version] = await suite.app.db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policyId, id))
      .orderBy(policyVersions.versionNumber);
    return `policies/${id}/${version!.id}/${doc}.pdf`;
  };

  it('gives a short-lived link to a certificate that names the policy, car and policyholder', async () => {
    // Opened right after bind: the documents job has not run yet, so the route renders it.
    expect(await findJobByKey(suite.app.db, `issue-policy-documents:${policyId}`)).toMatchObject({
      attempts: 0,
      doneAt: null,
    });
    const res = await open('policy-certificate');
    expect(res.statusCode, res.body).toBe(200);
    const { location, expiresAt } = res.json();
    expect(location).toMatch(/^http:\/\/localhost:3000\/api\/documents\/file\?token=/);
    expect(expiresAt).toBe('2026-03-02T09:05:00.000Z');
    const file = await download(location);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="${policyNumber}-policy-certificate.pdf"`,
    );
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Certificate of Motor Insurance');
    expect(text).toContain(policyNumber);
    // Issue 13 item 5: the mark with its space, the whole car, the time of commencement and
    // the class of use disclosed (the fixture's SocialDomesticPleasureCommuting).
    expect(text).toContain('BM24 XYZ');
    expect(text).not.toContain('BM24XYZ');
    expect(text).toContain('Jane Smith');
    expect(text).toContain('2024 BMW 3 Series 320i M Sport');
    expect(text).toContain('02 Mar 2026 at 09:00');
    expect(text).toContain(
      'Use for social, domestic and pleasure purposes and for commuting to a permanent place of work.',
    );
    // Issue 31 item 10: Flex sells driving other cars, and its term reads as the quote's does.
    expect(text).toContain(
      "The policyholder may also drive a private motor car not belonging to them and not hired to them under a hire-purchase or leasing agreement, with the owner's consent, for third-party cover only.",
    );
    expect(text).toContain('Term: 12 months, renews automatically');
  });

  it('renders the schedule with covers, excess and premium', async () => {
    const file = await download((await open('policy-schedule')).json().location);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Policy Schedule');
    expect(text).toContain(policyNumber);
    expect(text).toContain('Liability to others');
    // Covers and excess categories by their names, never their codes.
    expect(text).toContain('Accidental damage, fire and theft of your car');
    expect(text).toContain('Windscreen replacement');
    expect(text).not.toMatch(
      /damage_to_car|ACCIDENTAL_DAMAGE|WINDSCREEN_REPAIR|Liability to others_/,
    );
    // Issue 13 item 11: the payments stated add up to the total stated.
    const total = /Total: £([\d,]+\.\d\d)/.exec(text)?.[1];
    const payments = /A first payment of £([\d.,]+), then 11 monthly payments of £([\d.,]+)/.exec(
      text,
    );
    const pence = (pounds: string | undefined) =>
      Math.round(Number(pounds?.replace(',', '')) * 100);
    expect(payments, text).not.toBeNull();
    expect(pence(payments![1]) + 11 * pence(payments![2])).toBe(pence(total));
    expect(text).toContain('Insurance premium tax');
  });

  it('serves the product documents of the policy’s scheme, wording and insurer', async () => {
    for (const doc of ['ipid', 'policy-wording', 'legal-ipid', 'legal-wording', 'business-terms']) {
      const res = await open(doc);
      expect(res.statusCode, res.body).toBe(200);
      const file = await download(res.json().location);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const text = await pdfText((await download((await open('ipid')).json().location)).rawPayload);
    expect(text).toContain('Insurance Product Information Document');
    expect(text).toContain('BMW Flex');
    expect(text).toContain('Term: 12 months, renews automatically.');
    // Issue 31 item 12: the wording promises the refund the cancel page and the refund give —
    // everything paid inside the cooling-off period (Flex: 14 days from the start of cover).
    const wording = await pdfText(
      (await download((await open('policy-wording')).json().location)).rawPayload,
    );
    for (const document of [text, wording]) {
      expect(document).toContain(
        'You may cancel within 14 days of the day your cover starts (the cooling-off period): your cover stops straight away and you get back everything you have paid. After that you can cancel at any time, effective from the day you choose (up to 30 days ahead);',
      );
      expect(document).not.toContain('for days not yet covered');
    }
  });

  it('refuses an expired or altered link with 410, an unknown document with 400', async () => {
    const { location } = (await open('policy-certificate')).json();
    const altered = await download(`${location.slice(0, -3)}abc`);
    expect(altered.statusCode).toBe(410);
    clock.advance(6 * 60 * 1000);
    try {
      const expired = await download(location);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.message).toBe(
        'This document link has expired. Open the document again from your policy.',
      );
    } finally {
      clock.set(START);
    }
    expect((await open('not-a-document')).statusCode).toBe(400);
  });

  it("answers 404 for someone else's policy", async () => {
    const other = await suite.customer('not-the-owner');
    const res = await open('policy-certificate', other);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('We could not find that policy.');
  });

  it('renders a new policy’s documents and sends one confirmation e-mail when its job runs', async () => {
    const second = await createBoundPolicyWithNumber(suite.app, headers);
    const certificateKey = await firstVersionKey(second.policyId, 'policy-certificate');
    const scheduleKey = await firstVersionKey(second.policyId, 'policy-schedule');
    const key = (doc: string) => (doc === 'policy-certificate' ? certificateKey : scheduleKey);
    expect(await storage.get(key('policy-certificate'))).toBeNull();
    expect(await confirmationMails(second.policyNumber)).toHaveLength(0);
    // The first policy's certificate was rendered on demand by the route, before its job ran.
    expect(writesOf(policyId, 'policy-certificate')).toEqual([
      {
        key: await firstVersionKey(policyId, 'policy-certificate'),
        contentType: 'application/pdf',
      },
    ]);

    expect(await runDueJobs(suite.app)).toBeGreaterThanOrEqual(2);
    for (const id of [policyId, second.policyId]) {
      const job = await findJobByKey(suite.app.db, `issue-policy-documents:${id}`);
      expect(job).toMatchObject({ attempts: 1, doneAt: clock.now(), lastError: null });
    }
    const certificate = await pdfText((await storage.get(key('policy-certificate')))!);
    expect(certificate).toContain(second.policyNumber);
    const schedule = await pdfText((await storage.get(key('policy-schedule')))!);
    expect(schedule).toContain('Policy Schedule');
    // Stored once: the job did not render the first policy's certificate again.
    expect(writesOf(policyId, 'policy-certificate')).toHaveLength(1);
    expect(writesOf(second.policyId, 'policy-certificate')).toHaveLength(1);

    // However often it runs again, each policy has one confirmation e-mail.
    await issuePolicyDocuments(suite.app, second.policyId);
    await runDueJobs(suite.app);
    expect(await confirmationMails(second.policyNumber)).toHaveLength(1);
    const mails = await confirmationMails(policyNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('jane.smith@example.com');
    // Its one link is the SPA's policy page (/{productUrlName}/policy/{policyId}, spec 1 §2),
    // which lists the documents; /policy/{id}/documents was no route at all (issue 13 item 4).
    expect(mails[0]!.body.match(/https?:\/\/\S+/g)).toEqual([
      `http://localhost:3000/flex/policy/${policyId}`,
    ]);
    expect(mails[0]!.body).toContain('Dear Jane Smith,');
    // The documents travel as stored files the delivery attaches (issue 31 item 10).
    expect(mails[0]!.attachments).toEqual(
      ['policy-certificate', 'policy-schedule', 'ipid', 'policy-wording'].map((doc) => ({
        fileName: `${policyNumber}-${doc}.pdf`,
        key: expect.stringMatching(/\.pdf$/),
      })),
    );
    for (const file of mails[0]!.attachments!) {
      expect((await storage.get(file.key))?.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('keeps a certificate per version: the one in force by default, an earlier one by id', async () => {
    const [first] = await suite.app.db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policyId, policyId))
      .orderBy(policyVersions.versionNumber);
    // A change of car from today (what a mid-term adjustment adds): a second version.
    const quote = structuredClone(first!.quote);
    (quote.insuredAssets[0]!.data as { vehicle: { vrn: string } }).vehicle.vrn = 'LB69KRT';
    await suite.app.db.insert(policyVersions).values({
      policyId,
      versionNumber: 2,
      startedAt: clock.now(),
      quote,
      createdAt: clock.now(),
    });
    const textOf = async (query: string) => {
      const res = await open('policy-certificate', headers, query);
      expect(res.statusCode, res.body).toBe(200);
      return pdfText((await download(res.json().location)).rawPayload);
    };
    expect(await textOf('')).toContain('LB69 KRT');
    expect(await textOf(`?version=${first!.id}`)).not.toContain('LB69 KRT');
    const unknown = await open('policy-certificate', headers, '?version=pv-none');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(POLICY_VERSION_NOT_FOUND_MESSAGE);
  });
});
