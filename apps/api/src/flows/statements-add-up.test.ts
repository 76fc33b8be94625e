// Issue 30 item 5: only settled money is money, and every statement adds up as displayed. One
// flex policy bought through the checkout's HTTP calls (a sandbox mandate on a failing bank, the
// first month paid on the hosted card page), its first Direct Debit failed, retried on a working
// bank, then cancelled: every statement on the way satisfies brought forward + subtotal = carried
// forward, and a collection still with the bank is never counted as paid.
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerAccountResponse,
  PolicyAdjustmentResponse,
  StatementResponse,
} from '@motor/contract';
import { expectStatementsAddUp } from '../modules/billing/testing';
import { runDueJobs } from '../modules/jobs/runner';
import {
  payOnSandboxCardPage,
  SANDBOX_GOOD_BANK,
  setUpSandboxMandate,
} from '../test/sandbox-payments';
import { createQuote } from '../test/quotes';
import { useTestApp } from '../test/use-test-app';
import { readStatements as readAccountStatements } from '../test/statements';

// Bought on Tuesday 5 May 2026: payment day 5; the June collection (Friday 5 June) is submitted
// ahead of the day and fails when the bank answers.
const INCEPTION = '2026-05-05T10:00:00.000Z';
const OWNER = 'add-up-owner';
const DAY = 86_400_000;
const FAILING_BANK = { ...SANDBOX_GOOD_BANK, accountHolderName: 'Fail Payment' };

describe('statements add up, and pending money is not paid', () => {
  const suite = useTestApp({ at: INCEPTION, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let proposalCode = '';
  let policyId = '';
  let account: CustomerAccountResponse;
  let instalment = 0;

  const signIn = async () => {
    owner = await suite.customer(OWNER);
  };

  /** Day by day at 10:00 UTC, the jobs running twice a day (slots a minute apart). */
  async function daysUntil(until: string) {
    while (clock.now().getTime() + DAY <= Date.parse(until)) {
      const day = Date.parse(clock.now().toISOString().slice(0, 10)) + DAY;
      clock.set(new Date(day + 10 * 3_600_000));
      await runDueJobs(suite.app);
      clock.advance(60_000);
      await runDueJobs(suite.app);
    }
    await signIn();
  }

  async function readAccount(): Promise<CustomerAccountResponse> {
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${proposalCode}`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as CustomerAccountResponse[])[0]!;
  }

  /** Every statement, oldest first, each read with its lines. */
  /** Every statement, oldest first, each checked to add up as displayed. */
  async function readStatements(): Promise<StatementResponse[]> {
    const statements = await readAccountStatements(suite.app, owner, account.accountId);
    expectStatementsAddUp(statements);
    return statements;
  }

  beforeAll(async () => {
    await signIn();
    const quote = await createQuote(suite.app, owner);
    proposalCode = quote.proposalCode;
    instalment = quote.quote.availablePaymentSchedules.find((s) => s.active)!.premiumBreakdown
      .instalmentAmount;
    // The checkout as the browser does it: the mandate pages, then the hosted card page.
    await setUpSandboxMandate(suite.app, owner, FAILING_BANK);
    await payOnSandboxCardPage(suite.app, owner, proposalCode);
    account = await readAccount();
    expect(account).toMatchObject({ paymentMethodType: 'BACS_DEBIT', accountBalance: 0 });
    policyId = account.policyId!;
  });

  it('a Direct Debit submitted ahead of its bill is being collected: not in credit, nothing to pay twice', async () => {
    await daysUntil('2026-06-02T09:00:00.000Z');
    expect(await readAccount()).toMatchObject({
      accountBalance: 0,
      outstandingAmount: 0,
      pendingPaymentAmount: instalment,
    });
    const estimate = await suite.app.inject({
      method: 'GET',
      url: `/api/customerAccounts/${account.accountId}/nextStatementEstimate`,
      headers: owner,
    });
    const [draft] = estimate.json() as StatementResponse[];
    expect(draft!.lineItems.map((item) => [item.type, item.status, item.amount])).toEqual([
      ['INVOICE', 'PENDING', instalment],
      ['PAYMENT', 'PENDING', -instalment],
    ]);
    // The bill is still to be paid until the bank has paid it.
    expect(draft!.statementSummary).toMatchObject({
      status: 'DRAFT',
      broughtForwardBalance: 0,
      subtotalBalance: instalment,
      carriedForwardBalance: instalment,
    });
  }, 300_000);

  it('a failed collection leaves its bill FAILED and owed; a retry with the bank is PENDING, owed, and not offered again', async () => {
    await daysUntil('2026-06-10T09:00:00.000Z');
    let june = (await readStatements())[1]!;
    expect(june.statementSummary).toMatchObject({
      status: 'FAILED',
      carriedForwardBalance: instalment,
      amountOutstanding: instalment,
    });
    expect(await readAccount()).toMatchObject({
      accountBalance: instalment,
      outstandingAmount: instalment,
      pendingPaymentAmount: 0,
    });
    // The customer gives a working bank; the retry is submitted on a later day.
    await setUpSandboxMandate(suite.app, owner, SANDBOX_GOOD_BANK);
    let retrying = await readAccount();
    for (let day = 11; retrying.pendingPaymentAmount === 0 && day < 20; day += 1) {
      await daysUntil(`2026-06-${day}T09:00:00.000Z`);
      retrying = await readAccount();
    }
    expect(retrying).toMatchObject({
      accountBalance: instalment,
      outstandingAmount: 0,
      pendingPaymentAmount: instalment,
    });
    june = (await readStatements())[1]!;
    expect(june.statementSummary).toMatchObject({
      status: 'PENDING',
      carriedForwardBalance: instalment,
      amountOutstanding: instalment,
    });
    const settle = await suite.app.inject({
      method: 'POST',
      url: `/api/stripe/settle/${account.accountId}`,
      headers: owner,
      payload: {
        successPath: '/billing',
        cancelPath: '/billing',
        lineItem: { name: 'Outstanding balance' },
        locale: 'en-GB',
        saveCard: false,
      },
    });
    expect(settle.statusCode).toBe(409);

    await daysUntil('2026-06-26T09:00:00.000Z');
    june = (await readStatements())[1]!;
    expect(june.statementSummary).toMatchObject({ status: 'SETTLED', carriedForwardBalance: 0 });
    expect(june.lineItems.map((item) => [item.type, item.status])).toEqual([
      ['INVOICE', 'POSTED'],
      ['PAYMENT', 'FAILED'],
      ['PAYMENT_REVERSAL', 'POSTED'],
      ['PAYMENT', 'POSTED'],
    ]);
    expect(await readAccount()).toMatchObject({ accountBalance: 0, pendingPaymentAmount: 0 });
  }, 300_000);

  it('the cancellation statement adds up as displayed, its refund pending until paid', async () => {
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: owner,
      payload: { policyId, adjustmentType: 'CAN', reason: 'Price' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { adjustmentId } = created.json() as PolicyAdjustmentResponse;
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustmentId}/commit`,
      headers: owner,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    await daysUntil('2026-06-27T09:00:00.000Z');
    const statements = await readStatements();
    const last = statements.at(-1)!;
    expect(last.statementSummary.final).toBe(true);
    expect(last.lineItems[0]).toMatchObject({ type: 'CREDIT_NOTE', status: 'POSTED' });
    const credit = -last.lineItems[0]!.amount;
    expect(credit).toBeGreaterThan(0);
    const refund = last.lineItems.find((item) => item.type === 'REFUND');
    const held = await readAccount();
    if (refund?.status === 'PENDING') {
      // With the provider: listed, not counted; the credit is still the customer's.
      expect(last.statementSummary).toMatchObject({
        status: 'PENDING',
        carriedForwardBalance: -credit,
      });
      expect(held).toMatchObject({ accountBalance: -credit, pendingRefundAmount: credit });
    } else {
      expect(last.statementSummary.carriedForwardBalance).toBe(0);
      expect(held).toMatchObject({ accountBalance: 0, pendingRefundAmount: 0 });
    }
    expect(held.outstandingAmount).toBe(0);
  }, 300_000);
});
