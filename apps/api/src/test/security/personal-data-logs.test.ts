// Issue 21 item 14: no personal data in the logs. A whole journey runs in-process with the log
// at level debug — an anonymous quote with a full disclosure (a refused answer too), the quote
// e-mailed, sign-in and merge, agreements, ID check, a Direct Debit mandate and a card deposit on
// the sandbox pages, bind, the jobs (documents, e-mails), the policy, its documents, account
// settings, a back-book retrieval and the data export — then every line is searched for the
// journey's names, date of birth, e-mail, phone, postcode, address, card and bank details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { POLICYHOLDER_PROFILE_CODE } from '../../modules/disclosure';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { runDueJobs } from '../../modules/jobs/runner';
import { getChecklistKeys } from '../quotes';
import { buildCompleteDisclosure, updates } from '../../modules/proposal/fixtures';
import { createLogCapture, createTestApp } from '../test-app';

const START = '2026-03-02T09:00:00.000Z';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const PERSON = {
  firstName: 'Ottoline',
  lastName: 'Verbruggen',
  dateOfBirth: '1981-07-23',
  email: 'ottoline.verbruggen@example.com',
  phoneNumber: '+447700900456',
  line1: '42 Larkspur Mews',
  postalCode: 'SW1A 1AA',
};
const CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '737' };
const BANK = { accountHolderName: 'O Verbruggen', sortCode: '20-29-59', accountNumber: '63748472' };

/** Every spelling of the personal values a log line could carry. */
const NEEDLES = [
  PERSON.firstName,
  PERSON.lastName,
  PERSON.dateOfBirth,
  '23/07/1981',
  '1981-07-23'.replaceAll('-', ''),
  PERSON.email,
  'ottoline.verbruggen%40example.com',
  PERSON.phoneNumber,
  '07700 900456',
  '07700900456',
  '447700900456',
  '7700900456',
  PERSON.line1,
  'Larkspur',
  PERSON.postalCode,
  'SW1A1AA',
  'SW1A+1AA',
  'SW1A%201AA',
  CARD.number,
  CARD.number.replaceAll(' ', ''),
  '4242+4242',
  BANK.sortCode,
  '202959',
  BANK.accountNumber,
];

describe('no personal data in the logs of a whole journey', () => {
  const clock = createTestClock(START);
  const logs = createLogCapture('debug');
  let app: App;

  beforeAll(async () => {
    app = await createTestApp({
      clock,
      seed: true,
      logger: logs.logger,
      config: { logLevel: 'debug' },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const form = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });

  it('writes none of the journey’s personal data at level debug', async () => {
    const call = async (
      method: 'GET' | 'POST' | 'PATCH' | 'PUT',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    // An anonymous quote with the full disclosure; a refused answer on the way.
    const session = await call('POST', '/api/session', {});
    const anonymousToken = session.json<{ accessToken: string }>().accessToken;
    const anonymous = bearer(anonymousToken);
    const created = await call('POST', '/api/proposals', anonymous, {
      schemeCode: 'bmw-flex',
      brand: 'bmw',
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json<ProposalResponse>().proposalCode;
    const refused = await call('PATCH', `/api/proposals/${code}`, anonymous, {
      changes: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: POLICYHOLDER_PROFILE_CODE,
          update: updates({
            dateOfBirth: '1981-07-32',
            email: `${PERSON.firstName}@`,
            phoneNumber: '+4477009004567',
          }),
        },
      ],
      applyRating: false,
    });
    expect(refused.statusCode).toBe(400);
    const { firstName, lastName, dateOfBirth, email, phoneNumber, line1, postalCode } = PERSON;
    const patched = await call('PATCH', `/api/proposals/${code}`, anonymous, {
      changes: buildCompleteDisclosure({
        driver: {
          firstName,
          lastName,
          dateOfBirth,
          email,
          phoneNumber,
          address: { line1, city: 'London', postalCode, countryIso3: 'GBR' },
        },
      }),
      applyRating: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const quote = patched.json<ProposalResponse>();
    expect(quote.status).toBe('QUOTE');
    const retained = await call('POST', `/api/proposals/${code}/retain`, anonymous, { email });
    expect(retained.statusCode, retained.body).toBeLessThan(300);
    const found = await call(
      'GET',
      `/api/lookup/addresses?query=${encodeURIComponent(postalCode)}`,
      anonymous,
    );
    for (const { id } of found.json<{ id: string }[]>().slice(0, 1)) {
      await call('GET', `/api/lookup/addresses?container=${encodeURIComponent(id)}`, anonymous);
    }

    // Signed in: the quote moves to the account; agreements, ID check, account.
    const customer = bearer(await createTestAccessToken(app, { userId: 'log-scan-customer' }));
    const merged = await call('POST', '/api/proposals/merge', customer, {
      proposalCode: code,
      sourceAccessToken: anonymousToken,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await call('POST', '/api/policyholder/validateAccount', customer, { source: code });
    const agreed = await call('PUT', `/api/proposals/${code}/agreements`, customer, {
      accepted: getChecklistKeys(),
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const verified = await call('PUT', `/api/proposals/${code}/verify`, customer);
    expect(verified.statusCode, verified.body).toBe(200);
    const account = await call('POST', `/api/proposals/${code}/account`, customer);
    expect(account.statusCode, account.body).toBe(200);

    // A Direct Debit mandate on the sandbox page, then the card deposit: the webhook binds.
    const flow = await call('POST', '/api/goCardless/flows', customer, {
      mandateDescription: 'Monthly payments',
      successUrl: '/checkout',
      proposalCode: code,
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const { flowId, redirectUrl } = flow.json<{ flowId: string; redirectUrl: string }>();
    await form(redirectUrl, { ...BANK, accountNumber: '63748473' }); // a wrong sort code first
    expect((await form(redirectUrl, BANK)).statusCode).toBe(200);
    expect((await form(`${redirectUrl}/confirm`, { action: 'confirm' })).statusCode).toBe(303);
    const mandate = await call('POST', '/api/goCardless/mandates', customer, {
      redirectFlowId: flowId,
    });
    expect(mandate.statusCode, mandate.body).toBe(201);
    const checkout = await call('POST', `/api/stripe/checkout/proposal/${code}`, customer, {
      saveCard: true,
      successPath: '/checkout/callback',
      cancelPath: '/checkout',
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const pageUrl = checkout.json<{ url: string }>().url;
    await form(pageUrl, { ...CARD, number: '4000 0000 0000 0002' }); // declined first
    expect((await form(pageUrl, CARD)).statusCode).toBe(303);
    await runDueJobs(app);

    // The policy, its documents, the account settings, a retrieval, the data export.
    const proposal = (
      await call('GET', `/api/proposals/${code}`, customer)
    ).json<ProposalResponse>();
    expect(proposal.status).toBe('POLICY');
    const policyId = proposal.policyId!;
    expect((await call('GET', `/api/policies/${policyId}`, customer)).statusCode).toBe(200);
    const link = await call(
      'GET',
      `/api/documents/policy/${policyId}/policy-certificate`,
      customer,
    );
    expect(link.statusCode, link.body).toBe(200);
    const location = new URL(link.json<{ location: string }>().location);
    expect(
      (await app.inject({ method: 'GET', url: `${location.pathname}${location.search}` }))
        .statusCode,
    ).toBe(200);
    await call('GET', '/api/policyholder', customer);
    await call('PATCH', '/api/policyholder', customer, { firstName, lastName });
    await call('PATCH', '/api/policyholder', customer, { email: `${PERSON.firstName}@` });
    for (const dob of [dateOfBirth, '1990-01-01']) {
      await call(
        'POST',
        '/api/session/back-book',
        {},
        {
          externalReference: quote.externalReference,
          dateOfBirth: dob,
          postalCode,
          brand: 'bmw',
        },
      );
    }
    expect((await call('GET', '/api/policyholder/data-export', customer)).statusCode).toBe(200);

    const lines = logs.text.split('\n').filter(Boolean);
    const hits = lines.flatMap((line, index) =>
      NEEDLES.filter((needle) => line.toLowerCase().includes(needle.toLowerCase())).map(
        (needle) => `line ${index + 1} holds ${needle}: ${line.slice(0, 300)}`,
      ),
    );
    console.log(
      `personal data in logs: ${lines.length} lines at level debug scanned for ` +
        `${NEEDLES.length} values, ${hits.length} found`,
    );
    expect(lines.length).toBeGreaterThan(50);
    expect(hits).toEqual([]);
  });
});
