// Issue 21 item 14: a customer's copy of their data (GET /api/policyholder/data-export) and their
// erasure by staff (POST /api/admin/customers/{userId}/erasure), through the real app. Customer
// A signs in through the embedded provider over HTTP, so the erasure's end of sign-in (refresh
// token, access token, a new sign-in) is tried for real.
import { eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, findFreePort, form } from '../test/http-browser';
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../app-types';
import { createTestClock } from '../clock';
import {
  auditLog,
  customerAccounts,
  ledgerPostings,
  ledgerTransactions,
  oidcPayloads,
  policies,
  policyVersions,
  uploadCommits,
  uploads,
  users,
} from '../db/schema';
import { multipartFile, pdfBytes } from '../test/uploads';
import { POLICYHOLDER_PROFILE_CODE } from '../modules/disclosure';
import { PERMISSIONS } from '../modules/identity';
import { assertLedgerBalanced } from '../modules/billing/testing';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { createQuote } from '../test/quotes';
import { updates } from '../modules/proposal/fixtures';
import { createBoundPolicyWithNumber } from '../test/bound-policy';
import { createTestApp, createTestConfig } from '../test/test-app';
import type { CustomerDataExport } from './export-customer-data';

const START = '2026-03-02T09:00:00.000Z';

/** Customer A's personal data, distinct from every fixture, to look for after the erasure. */
const PERSON = {
  email: 'aurelia.quixley@example.com',
  firstName: 'Aurelia',
  lastName: 'Quixley',
  dateOfBirth: '1979-02-11',
  line1: '7 Quill Lane',
  postalCode: 'SW1A 1AA',
};

/** Where a policy's first version keeps its certificate. */
async function certificateKeyOfIn(app: App, policyId: string): Promise<string> {
  const [version] = await app.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, policyId))
    .orderBy(policyVersions.versionNumber);
  return `policies/${policyId}/${version!.id}/policy-certificate.pdf`;
}

describe('GDPR: data export and erasure', () => {
  const clock = createTestClock(START);
  let app: App;
  let baseUrl: string;
  let oidc: client.Configuration;
  let tokensA: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  let userA: string;
  let headersA: Record<string, string>;
  let headersB: Record<string, string>;
  let eraser: Record<string, string>;
  let staffWithout: Record<string, string>;
  let quoteA: ProposalResponse;
  let quoteB: ProposalResponse;
  let policyA: { policyId: string; policyNumber: string };

  async function signIn(email: string) {
    const browser = createBrowser();
    const codeVerifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(oidc, {
      redirect_uri: `${baseUrl}/callback`,
      scope: 'openid email profile api',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    const start = await browser.request(url.href);
    const interactionUrl = new URL(start.headers.get('location')!, baseUrl).href;
    await browser.request(interactionUrl);
    await browser.request(`${interactionUrl}/send`, form({ identifier: email }));
    const outbox = await fetch(`${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(email)}`);
    const [message] = (await outbox.json()) as { body: string }[];
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')![1]!;
    const verified = await browser.request(
      `${interactionUrl}/verify`,
      form({ identifier: email, code }),
    );
    expect(verified.status).toBe(303);
    let next = new URL(verified.headers.get('location')!, baseUrl).href;
    while (!next.startsWith(`${baseUrl}/callback`)) {
      const hop = await browser.request(next);
      next = new URL(hop.headers.get('location')!, baseUrl).href;
    }
    return client.authorizationCodeGrant(oidc, new URL(next), {
      pkceCodeVerifier: codeVerifier,
      expectedState: client.skipStateCheck,
    });
  }

  const inject = (method: 'GET' | 'POST', url: string, headers?: Record<string, string>) =>
    app.inject({ method, url, ...(headers ? { headers } : {}) });
  const exportOf = async (headers: Record<string, string>) => {
    const res = await inject('GET', '/api/policyholder/data-export', headers);
    expect(res.statusCode, res.body).toBe(200);
    return { res, data: res.json<CustomerDataExport>() };
  };
  const erase = (userId: string, headers = eraser) =>
    inject('POST', `/api/admin/customers/${userId}/erasure`, headers);

  /** Every row of every table of the database, as text. */
  async function dumpDatabase(): Promise<string> {
    const query = async <Row>(text: ReturnType<typeof sql>) =>
      ((await app.db.execute(text)) as unknown as { rows: Row[] }).rows;
    const tables = await query<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const rows: string[] = [];
    for (const { name } of tables) {
      const result = await query<{ row: string }>(
        sql.raw(`select row_to_json(t)::text as row from "${name}" t`),
      );
      rows.push(...result.map((row) => `${name}: ${row.row}`));
    }
    return rows.join('\n');
  }

  async function ledgerSums(accountIds: string[]) {
    const result = await app.db
      .select({
        ledgerAccount: ledgerPostings.ledgerAccount,
        total: sql<string>`sum(${ledgerPostings.amountPence})`,
        count: sql<string>`count(*)`,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(sql`${ledgerTransactions.accountId} in ${accountIds}`)
      .groupBy(ledgerPostings.ledgerAccount)
      .orderBy(ledgerPostings.ledgerAccount);
    return result.map((row) => ({ ...row, total: Number(row.total), count: Number(row.count) }));
  }

  beforeAll(async () => {
    const port = await findFreePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const identity = createTestConfig().identity;
    app = await createTestApp({
      clock,
      seed: true,
      config: {
        publicUrl: baseUrl,
        port,
        identity: { ...identity, issuer: `${baseUrl}/auth`, audience: `${baseUrl}/api` },
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
    oidc = await client.discovery(
      new URL(`${baseUrl}/auth`),
      app.config.identity.clientId,
      undefined,
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    tokensA = await signIn(PERSON.email);
    userA = tokensA.claims()!.sub;
    headersA = bearer(tokensA.access_token);
    headersB = bearer(await createTestAccessToken(app, { userId: 'gdpr-customer-b' }));
    eraser = bearer(
      await createTestAccessToken(app, {
        userId: 'gdpr-staff',
        roles: ['admin'],
        permissions: [PERMISSIONS.gdprErase],
      }),
    );
    staffWithout = bearer(
      await createTestAccessToken(app, {
        userId: 'gdpr-staff-2',
        roles: ['admin'],
        permissions: [PERMISSIONS.impersonate, PERMISSIONS.mtaClaims],
      }),
    );

    const { line1, postalCode, email, firstName, lastName, dateOfBirth } = PERSON;
    const bound = await createBoundPolicyWithNumber(app, headersA, {
      extraChanges: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: POLICYHOLDER_PROFILE_CODE,
          update: updates({
            firstName,
            lastName,
            dateOfBirth,
            email,
            address: { line1, city: 'London', postalCode, countryIso3: 'GBR' },
          }),
        },
      ],
    });
    quoteA = bound.quote;
    policyA = { policyId: bound.policyId, policyNumber: bound.policyNumber };
    // An online claim: the claims table then holds the insured's name and what they said.
    const link = await app.inject({
      method: 'POST',
      url: '/api/fnol/link',
      headers: headersA,
      payload: {
        policyId: policyA.policyId,
        callbackUrl: '/flex/policy/claims',
        privacyPolicyUrl: '/content/static/privacy.html',
        telephone: '0800 000 0000',
        email: 'claims@bmw-insurance.example',
      },
    });
    expect(link.statusCode, link.body).toBe(200);
    const claimed = await app.inject({
      method: 'POST',
      url: link.json<{ url: string }>().url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `claimType=Theft&occurredDate=2026-03-01&description=${encodeURIComponent(
        `Stolen from outside ${PERSON.line1}`,
      )}`,
    });
    expect(claimed.statusCode, claimed.body).toBe(303);
    quoteB = await createQuote(app, headersB);
  });
  afterAll(async () => {
    if (app) await assertLedgerBalanced(app.db);
    await app?.close();
  });

  describe('GET /api/policyholder/data-export', () => {
    it('gives the customer every record about them as an attachment, never cached', async () => {
      const { res, data } = await exportOf(headersA);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="my-data-2026-03-02.json"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toContain('application/json');
      expect(data).toMatchObject({
        format: 'motor-insurance-customer-data',
        userId: userA,
        account: { userId: userA, email: PERSON.email, connection: 'email' },
        marketingPreferences: expect.objectContaining({ email: expect.any(Boolean) }),
      });
      expect(data.proposals.map((row) => row.proposalCode)).toEqual([quoteA.proposalCode]);
      expect(JSON.stringify(data.proposals[0]!.data)).toContain(PERSON.dateOfBirth);
      expect(data.proposals[0]!.agreements).not.toEqual([]);
      expect(data.policies).toMatchObject([
        {
          policyNumber: policyA.policyNumber,
          versions: [expect.objectContaining({ versionNumber: 1 })],
          claims: [
            expect.objectContaining({
              claimType: 'Theft',
              status: 'PENDING',
              insuredName: `${PERSON.firstName} ${PERSON.lastName}`,
            }),
          ],
          documents: [
            {
              type: 'policy-certificate',
              fileName: `${policyA.policyNumber}-policy-certificate.pdf`,
            },
            { type: 'policy-schedule', fileName: `${policyA.policyNumber}-policy-schedule.pdf` },
          ],
        },
      ]);
      const [account] = data.customerAccounts as {
        accountCode: string;
        transactions: { type: string; postings: { amountPence: number }[] }[];
      }[];
      expect(account!.accountCode).toBe(policyA.policyNumber);
      expect(account!.transactions.map((row) => row.type)).toEqual(['INVOICE', 'PAYMENT']);
      for (const transaction of account!.transactions) {
        expect(transaction.postings.reduce((sum, row) => sum + row.amountPence, 0)).toBe(0);
      }
      // The sign-in code was sent to them: a message about them.
      expect(data.messages.map((row) => row.recipient)).toContain(PERSON.email);
      // Nothing of B's.
      const text = res.body;
      expect(text).not.toContain(quoteB.proposalCode);
      expect(text).not.toContain('gdpr-customer-b');
    });

    it("gives customer B only B's records, never A's", async () => {
      const { res, data } = await exportOf(headersB);
      expect(data.userId).toBe('gdpr-customer-b');
      expect(data.proposals.map((row) => row.proposalCode)).toEqual([quoteB.proposalCode]);
      expect(data.policies).toEqual([]);
      for (const value of [userA, PERSON.email, quoteA.proposalCode, policyA.policyNumber]) {
        expect(res.body).not.toContain(value);
      }
    });

    it('is audited, and refused to the anonymous (401 without a token, 403 with a session)', async () => {
      const audited = await app.db.select().from(auditLog).where(eq(auditLog.subjectUserId, userA));
      expect(audited).toContainEqual(
        expect.objectContaining({
          action: 'gdpr.export',
          actorUserId: userA,
          target: `user:${userA}`,
        }),
      );
      expect((await inject('GET', '/api/policyholder/data-export')).statusCode).toBe(401);
      const session = (await inject('POST', '/api/session')).json<{ accessToken: string }>();
      const res = await inject('GET', '/api/policyholder/data-export', bearer(session.accessToken));
      expect(res.statusCode).toBe(403);
    });
  });

  describe('POST /api/admin/customers/{userId}/erasure', () => {
    it('is refused to the anonymous (401), to customers and to staff without the permission (403)', async () => {
      expect((await inject('POST', `/api/admin/customers/${userA}/erasure`)).statusCode).toBe(401);
      for (const headers of [headersA, headersB, staffWithout]) {
        const res = await erase(userA, headers);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.message).toBe('You are not authorised to perform this action.');
      }
      const [row] = await app.db.select().from(users).where(eq(users.userId, userA));
      expect(row).toMatchObject({ email: PERSON.email, erasedAt: null });
    });

    it('answers 404 for nobody we know, 409 for staff accounts', async () => {
      expect((await erase('no-such-user')).statusCode).toBe(404);
      await app.db.insert(users).values({
        userId: 'gdpr-staff-row',
        connection: 'email',
        username: 'care@example.com',
        email: 'care@example.com',
        roles: ['admin'],
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      expect((await erase('gdpr-staff-row')).statusCode).toBe(409);
    });

    it('refuses a customer whose policy is live, saying why, and changes nothing', async () => {
      const res = await erase(userA);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        `This customer has a live policy (${policyA.policyNumber}), which the insurer must keep: cancel it or let it end, then erase the customer.`,
      );
      expect(await dumpDatabase()).toContain(PERSON.dateOfBirth);
    });

    it('erases the person once the policy has ended, keeping policy, ledger and audit records', async () => {
      // While the policy was live, A sent a proof letter (a file naming them, with a comment).
      const staged = await app.inject({
        method: 'POST',
        url: `/api/documents/upload/stage/${policyA.policyId}?purpose=ncb-proof`,
        ...(() => {
          const file = multipartFile({ fileName: 'jane-smith-ncb.pdf', bytes: pdfBytes() });
          return { payload: file.payload, headers: { ...headersA, ...file.headers } };
        })(),
      });
      expect(staged.statusCode, staged.body).toBe(201);
      const committed = await app.inject({
        method: 'POST',
        url: `/api/documents/upload/commit/${policyA.policyId}`,
        headers: headersA,
        payload: {
          fileNames: ['jane-smith-ncb.pdf'],
          comment: 'From Jane',
          purpose: 'ncb-proof',
          documentDate: START.slice(0, 10),
        },
      });
      expect(committed.statusCode, committed.body).toBe(201);
      const [upload] = await app.db
        .select()
        .from(uploads)
        .where(eq(uploads.policyId, policyA.policyId));
      expect(await app.providers.storage.exists(upload!.storageKey)).toBe(true);
      // The policy ends (no cancellation flow yet: its record says so, as cancel-policy would).
      await app.db
        .update(policies)
        .set({ status: 'CANCELLED', terminatedAt: clock.now() })
        .where(eq(policies.policyId, policyA.policyId));
      const accounts = await app.db
        .select({ accountId: customerAccounts.accountId })
        .from(customerAccounts)
        .where(eq(customerAccounts.ownerUserId, userA));
      const accountIds = accounts.map((row) => row.accountId);
      const sumsBefore = await ledgerSums(accountIds);
      expect(sumsBefore.length).toBeGreaterThan(0);
      const [policyBefore] = await app.db
        .select()
        .from(policies)
        .where(eq(policies.policyId, policyA.policyId));
      // The certificate is stored, with the name on it.
      const link = await inject(
        'GET',
        `/api/documents/policy/${policyA.policyId}/policy-certificate`,
        headersA,
      );
      expect(link.statusCode, link.body).toBe(200);
      expect(
        await app.providers.storage.exists(await certificateKeyOfIn(app, policyA.policyId)),
      ).toBe(true);

      const res = await erase(userA);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        userId: userA,
        erasedAt: clock.now().toISOString(),
        wasAlreadyErased: false,
      });

      const dump = await dumpDatabase();
      for (const value of Object.values(PERSON)) {
        expect(dump, `${value} is still in the database`).not.toContain(value);
      }
      const [user] = await app.db.select().from(users).where(eq(users.userId, userA));
      expect(user).toMatchObject({
        username: 'erased',
        email: null,
        phone: null,
        firstName: null,
        lastName: null,
        disabledAt: clock.now(),
        erasedAt: clock.now(),
      });
      expect(await ledgerSums(accountIds)).toEqual(sumsBefore);
      const [policyAfter] = await app.db
        .select()
        .from(policies)
        .where(eq(policies.policyId, policyA.policyId));
      expect(policyAfter).toEqual(policyBefore);
      expect(
        await app.providers.storage.exists(await certificateKeyOfIn(app, policyA.policyId)),
      ).toBe(false);
      expect(
        await app.db
          .select()
          .from(oidcPayloads)
          .where(sql`${oidcPayloads.payload} ->> 'accountId' = ${userA}`),
      ).toEqual([]);
      const audited = await app.db.select().from(auditLog).where(eq(auditLog.action, 'gdpr.erase'));
      expect(audited).toEqual([
        expect.objectContaining({
          actorUserId: 'gdpr-staff',
          subjectUserId: userA,
          target: `user:${userA}`,
        }),
      ]);
      // B is untouched.
      expect((await exportOf(headersB)).data.proposals).toHaveLength(1);
      expect(dump).toContain('jane.smith@example.com');
    });

    it('deletes the uploaded files and keeps only their type, size and dates', async () => {
      const rows = await app.db
        .select()
        .from(uploads)
        .where(eq(uploads.policyId, policyA.policyId));
      expect(rows.map((row) => row.fileName)).toEqual(['erased']);
      expect(await app.providers.storage.exists(rows[0]!.storageKey)).toBe(false);
      const [commit] = await app.db
        .select()
        .from(uploadCommits)
        .where(eq(uploadCommits.policyId, policyA.policyId));
      expect(commit?.comment).toBeNull();
    });

    it('answers the same when asked again', async () => {
      const erasedAt = clock.now().toISOString();
      clock.advance(60_000);
      const res = await erase(userA);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ userId: userA, erasedAt, wasAlreadyErased: true });
    });

    it('ends sign-in: the access token and the refresh token are refused, the account is gone', async () => {
      const res = await inject('GET', '/api/policyholder', headersA);
      expect(res.statusCode).toBe(401);
      expect(await app.tokens.verifyAccessToken(tokensA.access_token)).toBeNull();
      await expect(client.refreshTokenGrant(oidc, tokensA.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      // The address now belongs to nobody: signing in with it makes a new, empty account.
      const again = await signIn(PERSON.email);
      expect(again.claims()!.sub).not.toBe(userA);
      const { data } = await exportOf(bearer(again.access_token));
      expect(data.proposals).toEqual([]);
      expect(data.policies).toEqual([]);
    });
  });
});
