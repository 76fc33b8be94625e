// Issue 16 item 2: statements derived from the ledger, the next bill's estimate, and the routes
// GET /api/customerAccounts?policyNumber=, …/{id}/statements, …/statements/{sid},
// …/nextStatementEstimate, called directly by the owner, staff and everyone else.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerAccountResponse,
  PolicyAdjustmentResponse,
  PolicyResponse,
  StatementResponse,
  StatementSummaryResponse,
} from '@motor/contract';
import { ledgerPostings } from '../../db/schema';
import { bindProposal } from '../../flows/bind-policy';
import { bearer, createTestAccessToken } from '../identity/test-tokens';
import { runDueJobs } from '../jobs/runner';
import { computeAmountDueAtBind } from '../policy';
import { createQuote } from '../../test/quotes';
import { ADD_YOUNG_DRIVER } from '../proposal';
import { buyByCard } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import {
  LEDGER_ACCOUNTS,
  postTransaction,
  receivableAccount,
  setTransactionStatus,
} from './ledger';
import { expectStatementsAddUp } from './testing';

const SYSTEM = { kind: 'system', name: 'test' } as const;
// Bought at 10:00 on 12 March: payment day 12, billing months from 12 March (BST from 29 March).
const INCEPTION = '2026-03-12T10:00:00.000Z';
const OWNER = 'statement-owner';

const addDriver = ADD_YOUNG_DRIVER;

describe('statements', () => {
  const suite = useTestApp({ at: INCEPTION, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  let staffForOwner: Record<string, string>;
  let staffForOther: Record<string, string>;
  let staffAlone: Record<string, string>;
  let policyNumber = '';
  let policyId = '';
  let account: CustomerAccountResponse;
  let deposit = 0;
  let instalment = 0;

  /** Moves the clock and signs everyone in again (a token lives minutes, not months). */
  async function at(time: string): Promise<void> {
    clock.set(time);
    owner = bearer(await createTestAccessToken(suite.app, { userId: OWNER }));
    other = bearer(await createTestAccessToken(suite.app, { userId: 'someone-else' }));
    const staff = (impersonate?: string) =>
      createTestAccessToken(suite.app, {
        userId: 'agent-9',
        roles: ['admin'],
        permissions: ['access:impersonate'],
        ...(impersonate ? { impersonate } : {}),
      });
    staffForOwner = bearer(await staff(OWNER));
    staffForOther = bearer(await staff('someone-else'));
    staffAlone = bearer(await staff());
  }

  const get = (url: string, headers: Record<string, string> = owner) =>
    suite.app.inject({ method: 'GET', url, headers });
  const statementsUrl = () => `/api/customerAccounts/${account.accountId}/statements`;
  const estimateUrl = () => `/api/customerAccounts/${account.accountId}/nextStatementEstimate`;

  async function readAll(): Promise<StatementResponse[]> {
    const res = await get(statementsUrl());
    expect(res.statusCode, res.body).toBe(200);
    const summaries = res.json() as StatementSummaryResponse[];
    const full: StatementResponse[] = [];
    for (const summary of [...summaries].reverse()) {
      const one = await get(`${statementsUrl()}/${summary.statementNumber}`);
      expect(one.statusCode, one.body).toBe(200);
      full.push(one.json());
    }
    return full;
  }

  async function readAccount(): Promise<CustomerAccountResponse> {
    const res = await get(`/api/customerAccounts?policyNumber=${policyNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    const [found] = res.json() as CustomerAccountResponse[];
    return found!;
  }

  /** Creates a policy adjustment as the owner and commits it (both routes must accept). */
  async function adjustAndCommit(
    payload: Record<string, unknown>,
  ): Promise<PolicyAdjustmentResponse> {
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: owner,
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const adjustment = created.json() as PolicyAdjustmentResponse;
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustment.adjustmentId}/commit`,
      headers: owner,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    return adjustment;
  }

  beforeAll(async () => {
    await at(INCEPTION);
    const quote = await createQuote(suite.app, owner);
    const due = computeAmountDueAtBind(quote.quote);
    deposit = due.totalPence;
    instalment = quote.quote.availablePaymentSchedules.find((s) => s.active)!.premiumBreakdown
      .instalmentAmount;
    // Paid by card on the card page, the card not kept: no month after is charged to it, each
    // bill is owed until a payment comes (below).
    ({ policyId } = await buyByCard(suite.app, owner, quote.proposalCode, { saveCard: false }));
    policyNumber = ((await get(`/api/policies/${policyId}`)).json() as PolicyResponse).policyNumber;
    account = await readAccount();
  });
  afterAll(async () => {
    const [total] = await suite.app.db
      .select({ sum: sql<string | null>`sum(${ledgerPostings.amountPence})` })
      .from(ledgerPostings);
    expect(Number(total?.sum ?? 0)).toBe(0);
  });

  it('after bind: one settled statement (the first instalment and its card payment) and a draft next bill', async () => {
    const [first, ...rest] = await readAll();
    expect(rest).toEqual([]);
    expect(first!.statementSummary).toEqual({
      statementNumber: `${policyNumber}-01`,
      createdAt: INCEPTION,
      status: 'SETTLED',
      statementBalance: deposit,
      // The instalment and its settled card payment.
      subtotalBalance: 0,
      broughtForwardBalance: 0,
      carriedForwardBalance: 0,
      amountOutstanding: 0,
      paymentDueAt: INCEPTION,
      final: false,
    });
    expect(first!.lineItems).toEqual([
      {
        type: 'INVOICE',
        subType: null,
        status: 'POSTED',
        amount: deposit,
        descriptionKey: 'billing.lineItem.invoice',
        descriptionValue: 'First monthly instalment',
        servicePeriodStart: INCEPTION,
        servicePeriodEnd: '2026-04-12T09:00:00.000Z',
        paymentMethodDescription: null,
        effectiveAt: INCEPTION,
      },
      {
        type: 'PAYMENT',
        subType: 'STRIPE',
        status: 'POSTED',
        amount: -deposit,
        descriptionKey: 'billing.lineItem.payment',
        descriptionValue: 'Card payment',
        servicePeriodStart: null,
        servicePeriodEnd: null,
        paymentMethodDescription: 'Card',
        effectiveAt: INCEPTION,
      },
    ]);
    const estimate = await get(estimateUrl());
    expect(estimate.statusCode).toBe(200);
    const [draft] = estimate.json() as StatementResponse[];
    expect(draft!.statementSummary).toMatchObject({
      statementNumber: `${policyNumber}-02`,
      status: 'DRAFT',
      broughtForwardBalance: 0,
      subtotalBalance: instalment,
      carriedForwardBalance: instalment,
      amountOutstanding: instalment,
      // The payment day, 12 April, from London midnight (BST).
      paymentDueAt: '2026-04-11T23:00:00.000Z',
      final: false,
    });
    expect(draft!.lineItems).toMatchObject([
      {
        type: 'INVOICE',
        amount: instalment,
        servicePeriodStart: '2026-04-12T09:00:00.000Z',
        servicePeriodEnd: '2026-05-12T09:00:00.000Z',
      },
    ]);
  });

  it('nets a mid-month change into the next bill, and the bill adds up to the account', async () => {
    await at('2026-03-20T12:00:00.000Z');
    const adjustment = await adjustAndCommit({
      policyId,
      adjustmentType: 'MTA',
      changes: addDriver,
    });
    const journal = adjustment.prorataPremium;
    const newInstalment = adjustment.instalmentAfter!;
    expect(journal).toBeGreaterThan(0);
    expect(newInstalment).toBeGreaterThan(instalment);

    // Not billed yet: the change waits in the next bill's estimate, with the new instalment.
    expect(await readAll()).toHaveLength(1);
    const [draft] = (await get(estimateUrl())).json() as StatementResponse[];
    expect(draft!.lineItems.map((item) => [item.type, item.subType, item.amount])).toEqual([
      ['DEBIT_JOURNAL', 'MTA', journal],
      ['INVOICE', null, newInstalment],
    ]);
    expect(draft!.statementSummary.subtotalBalance).toBe(journal + newInstalment);

    // The payment day: the bill is raised with the change in it.
    await at('2026-04-11T23:05:00.000Z');
    await runDueJobs(suite.app);
    const statements = await readAll();
    expect(statements).toHaveLength(2);
    expectStatementsAddUp(statements);
    const bill = statements[1]!;
    expect(bill.lineItems.map((item) => [item.type, item.subType, item.amount])).toEqual([
      ['DEBIT_JOURNAL', 'MTA', journal],
      ['INVOICE', null, newInstalment],
    ]);
    expect(bill.statementSummary).toMatchObject({
      statementNumber: `${policyNumber}-02`,
      status: 'PENDING',
      broughtForwardBalance: 0,
      subtotalBalance: journal + newInstalment,
      carriedForwardBalance: journal + newInstalment,
      amountOutstanding: journal + newInstalment,
      paymentDueAt: '2026-04-11T23:00:00.000Z',
      final: false,
    });
    const balances = await readAccount();
    expect(balances.outstandingAmount).toBe(bill.statementSummary.amountOutstanding);
    expect(balances.accountBalance).toBe(bill.statementSummary.carriedForwardBalance);
    // Read by the summary list too, newest first.
    const summaries = (await get(statementsUrl())).json() as StatementSummaryResponse[];
    expect(summaries.map((summary) => summary.statementNumber)).toEqual([
      `${policyNumber}-02`,
      `${policyNumber}-01`,
    ]);
    // The next estimate is the month after, at the new instalment.
    const [nextDraft] = (await get(estimateUrl())).json() as StatementResponse[];
    expect(nextDraft!.statementSummary).toMatchObject({
      statementNumber: `${policyNumber}-03`,
      broughtForwardBalance: journal + newInstalment,
      subtotalBalance: newInstalment,
      paymentDueAt: '2026-05-11T23:00:00.000Z',
    });
  });

  it('a statement is pending while its payment is, settled when paid, failed when the payment fails', async () => {
    const owed = (await readAccount()).outstandingAmount;
    const payment = (key: string, amount: number, type: 'PAYMENT' | 'PAYMENT_REVERSAL') =>
      postTransaction(suite.app.db, {
        accountId: account.accountId,
        type,
        subType: 'GOCARDLESS',
        status: type === 'PAYMENT' ? 'PENDING' : 'POSTED',
        idempotencyKey: key,
        description: type === 'PAYMENT' ? 'Direct Debit payment' : 'Direct Debit payment failed',
        postings: [
          {
            ledgerAccount: LEDGER_ACCOUNTS.directDebitClearing,
            amountPence: type === 'PAYMENT' ? amount : -amount,
          },
          {
            ledgerAccount: receivableAccount(account.accountId),
            amountPence: type === 'PAYMENT' ? -amount : amount,
          },
        ],
        at: clock.now(),
      });
    await at('2026-04-14T09:00:00.000Z');
    await payment('payment:PM-april', owed, 'PAYMENT');
    let statements = await readAll();
    expectStatementsAddUp(statements);
    // Being collected is not paid: the bill is still owed, and the account is not in credit.
    expect(statements[1]!.statementSummary).toMatchObject({
      status: 'PENDING',
      carriedForwardBalance: owed,
      amountOutstanding: owed,
    });
    expect(await readAccount()).toMatchObject({
      accountBalance: owed,
      outstandingAmount: 0,
      pendingPaymentAmount: owed,
    });
    expect(statements[1]!.lineItems.at(-1)).toMatchObject({
      type: 'PAYMENT',
      subType: 'GOCARDLESS',
      status: 'PENDING',
      paymentMethodDescription: 'Direct Debit',
      amount: -owed,
    });
    await setTransactionStatus(suite.app.db, {
      idempotencyKey: 'payment:PM-april',
      status: 'POSTED',
    });
    statements = await readAll();
    expectStatementsAddUp(statements);
    expect(statements[1]!.statementSummary).toMatchObject({
      status: 'SETTLED',
      carriedForwardBalance: 0,
    });

    // May: the collection fails and is reversed; the bill is owed again.
    await at('2026-05-11T23:05:00.000Z');
    await runDueJobs(suite.app);
    await at('2026-05-14T09:00:00.000Z');
    const may = (await readAll())[2]!.statementSummary.carriedForwardBalance;
    await payment('payment:PM-may', may, 'PAYMENT');
    await setTransactionStatus(suite.app.db, {
      idempotencyKey: 'payment:PM-may',
      status: 'FAILED',
    });
    await payment('payment:PM-may:reversal', may, 'PAYMENT_REVERSAL');
    statements = await readAll();
    expectStatementsAddUp(statements);
    expect(statements.map((statement) => statement.statementSummary.status)).toEqual([
      'SETTLED',
      'SETTLED',
      'FAILED',
    ]);
    expect(statements[2]!.statementSummary).toMatchObject({
      carriedForwardBalance: may,
      amountOutstanding: may,
    });
    expect((await readAccount()).outstandingAmount).toBe(may);
  });

  it('answers an unknown statement number with 404', async () => {
    const res = await get(`${statementsUrl()}/${policyNumber}-99`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('We could not find that statement.');
  });

  it("refuses someone else's account on every route: 404 for customers and staff acting for another, 403 for staff acting for nobody, 401 signed out", async () => {
    const urls = [statementsUrl(), `${statementsUrl()}/${policyNumber}-01`, estimateUrl()];
    for (const url of urls) {
      expect((await get(url, owner)).statusCode, url).toBe(200);
      expect((await get(url, staffForOwner)).statusCode, url).toBe(200);
      for (const headers of [other, staffForOther]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.message).toBe('We could not find that account.');
      }
      expect((await get(url, staffAlone)).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    const missing = await get('/api/customerAccounts/acc_nope/statements');
    expect(missing.statusCode).toBe(404);
    // The list by policy number answers only the caller's own accounts.
    const byNumber = `/api/customerAccounts?policyNumber=${policyNumber}`;
    expect(((await get(byNumber, owner)).json() as unknown[]).length).toBe(1);
    expect(((await get(byNumber, staffForOwner)).json() as unknown[]).length).toBe(1);
    expect((await get(byNumber, other)).json()).toEqual([]);
    expect((await get(byNumber, staffForOther)).json()).toEqual([]);
    expect((await get(byNumber, staffAlone)).statusCode).toBe(403);
    expect((await get(byNumber, {})).statusCode).toBe(401);
  });

  it('a cancellation issues a final statement with its credit note and refund; no bill is to come', async () => {
    // A second policy of the same customer, cancelled in its cooling-off period.
    await at('2026-05-20T12:00:00.000Z');
    const quote = await createQuote(suite.app, owner);
    const paid = computeAmountDueAtBind(quote.quote).totalPence;
    // Bound by hand on a card payment the sandbox never took: the refund below must still be with
    // the provider after the jobs run, and they pay the refund of a payment made on the card page.
    const bound = await bindProposal(suite.app, {
      proposalCode: quote.proposalCode,
      principal: SYSTEM,
      paymentMethodType: 'CARD',
      payment: {
        provider: 'CARD',
        providerPaymentId: `pi_${quote.proposalCode}`,
        amountPence: paid,
        settled: true,
      },
    });
    const listed = await get(`/api/customerAccounts?policyNumber=${bound.policyNumber}`);
    const [second] = listed.json() as CustomerAccountResponse[];
    await at('2026-05-25T12:00:00.000Z');
    const cancellation = await adjustAndCommit({
      policyId: bound.policyId,
      adjustmentType: 'CAN',
      reason: 'Price',
    });
    expect(cancellation.cancellationKind).toBe('CoolingOff');
    await runDueJobs(suite.app);
    const url = `/api/customerAccounts/${second!.accountId}/statements`;
    const summaries = (await get(url)).json() as StatementSummaryResponse[];
    const statements: StatementResponse[] = [];
    for (const summary of [...summaries].reverse()) {
      statements.push((await get(`${url}/${summary.statementNumber}`)).json());
    }
    expectStatementsAddUp(statements);
    expect(statements).toHaveLength(2);
    const last = statements[1]!;
    expect(
      last.lineItems.map((item) => [item.type, item.subType, item.status, item.amount]),
    ).toEqual([
      ['CREDIT_NOTE', 'MTA', 'POSTED', -paid],
      ['REFUND', 'STRIPE', 'PENDING', paid],
    ]);
    expect(last.statementSummary).toMatchObject({
      statementNumber: `${bound.policyNumber}-02`,
      status: 'PENDING', // the refund is with the card provider
      broughtForwardBalance: 0,
      // The refund counts once the provider has paid it: until then the credit is the customer's.
      subtotalBalance: -paid,
      carriedForwardBalance: -paid,
      amountOutstanding: 0,
      paymentDueAt: null,
      final: true,
    });
    const [secondAccount] = (
      await get(`/api/customerAccounts?policyNumber=${bound.policyNumber}`)
    ).json() as CustomerAccountResponse[];
    expect(secondAccount).toMatchObject({
      accountBalance: -paid,
      outstandingAmount: 0,
      pendingRefundAmount: paid,
    });
    expect(statements[0]!.statementSummary.final).toBe(false);
    const estimate = await get(`/api/customerAccounts/${second!.accountId}/nextStatementEstimate`);
    expect(estimate.json()).toEqual([]);
  });

  it("a cancelled account's final statement still owed after its collection failed is FAILED, not PENDING", async () => {
    // The first policy's May collection failed and was reversed (above); it is cancelled owing.
    await at('2026-05-26T12:00:00.000Z');
    await adjustAndCommit({ policyId, adjustmentType: 'CAN', reason: 'Price' });
    await runDueJobs(suite.app);
    const statements = await readAll();
    expectStatementsAddUp(statements);
    const last = statements.at(-1)!;
    expect(last.lineItems.map((item) => [item.type, item.subType, item.status])).toEqual([
      ['CREDIT_NOTE', 'MTA', 'POSTED'],
    ]);
    const owed = (await readAccount()).outstandingAmount;
    expect(owed).toBeGreaterThan(0);
    expect(last.statementSummary).toMatchObject({
      status: 'FAILED', // no collection is to come and the last one failed: the debt stands
      amountOutstanding: owed,
      carriedForwardBalance: owed,
      paymentDueAt: null,
      final: true,
    });
    expect(statements.map((statement) => statement.statementSummary.status)).toEqual([
      'SETTLED',
      'SETTLED',
      'FAILED',
      'FAILED',
    ]);
    const estimate = await get(estimateUrl());
    expect(estimate.json()).toEqual([]);
  });
});
