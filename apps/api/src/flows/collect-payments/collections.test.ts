// Issue 16 item 3: monthly collections by Direct Debit and card, failed payments (e-mail, retry,
// suspension with notice, restored by a late payment), refunds and reconciliation, on the clock.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { toInstant } from '@motor/domain';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import {
  collections,
  customerAccounts,
  jobs,
  ledgerPostings,
  ledgerTransactions,
  notificationOutbox,
  paymentMethods,
  policies,
  policyAdjustments,
  reconciliationFindings,
  refundIssues,
} from '../../db/schema';
import { bindProposal } from '../bind-policy';
import {
  listAccountsToCheckForCollection,
  postProviderPayment,
  type CustomerAccountRow,
} from '../../modules/billing';
import { postTransaction } from '../../modules/billing/testing';
import { raiseDueInvoices } from '../../modules/billing/invoicing';
import { onOrAfterWorkingDay, subtractWorkingDays } from '../../providers/direct-debit';
import { assertLedgerBalanced } from '../../modules/billing/testing';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { runDueJobs } from '../../modules/jobs/runner';
import { createDirectDebitCollection, findActiveMandate } from '../../modules/payment';
import { computeAmountDueAtBind } from '../../modules/policy';
import {
  payOnSandboxCardPage,
  SANDBOX_GOOD_BANK,
  setUpSandboxMandate,
} from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import type { SandboxCardPayments } from '../../providers/card-payments';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { expectGolden } from '../../test/golden';
import { createTestApp } from '../../test/test-app';
import { planCollections } from './collect';
import { cancelForNonPayment, NON_PAYMENT_REASON } from './non-payment';
import { applyCollectionOutcomes } from './outcomes';
import { listOpenFindings, reconcilePayments } from './reconcile';
import { payPendingRefunds } from './refunds';

const SYSTEM = { kind: 'system', name: 'test' } as const;
const MINUTE = 60_000;
const DAY = 86_400_000;
// Bought on Thursday 5 March 2026: payment day 5. 5 April is Easter Sunday and 6 April Easter
// Monday (a bank holiday in England and Wales); 5 July, 5 September and 5 December are weekends.
const INCEPTION = '2026-03-05T10:00:00.000Z';
const CHARGE_DATES = [
  '2026-04-07',
  '2026-05-05',
  '2026-06-05',
  '2026-07-06',
  '2026-08-05',
  '2026-09-07',
  '2026-10-05',
  '2026-11-05',
  '2026-12-07',
  '2027-01-05',
  '2027-02-05',
];
const GOOD_BANK = SANDBOX_GOOD_BANK;
const FAILING_BANK = { ...GOOD_BANK, accountHolderName: 'Fail Payment' };

/** One scenario: its own app and clock (the runner's slots are keyed by time: never go back). */
async function scenario(start: string) {
  const clock = createTestClock(start);
  const app: App = await createTestApp({ clock });

  /** Job ticks a minute apart (the runner's scheduled slots are per minute). */
  async function tick(times = 2) {
    for (let i = 0; i < times; i += 1) {
      clock.advance(MINUTE);
      await runDueJobs(app);
    }
  }

  /** Day by day at 10:00 UTC up to `until`, the jobs running each day. */
  async function daysUntil(until: string) {
    while (clock.now().getTime() + DAY <= Date.parse(until)) {
      clock.set(
        new Date(Date.parse(clock.now().toISOString().slice(0, 10)) + DAY + 10 * 3_600_000),
      );
      await tick();
    }
  }

  /** A real sandbox mandate on the given bank (a failing one fails every collection). */
  const setUpMandate = (headers: Record<string, string>, bank: typeof GOOD_BANK) =>
    setUpSandboxMandate(app, headers, bank);

  /**
   * A flex policy bought today, its first month paid by Direct Debit (a real sandbox collection)
   * or card. By Direct Debit on the good bank, or by card with a failing bank's mandate for the
   * months after, it is bought as the checkout page buys it. Two are still bound by hand: a card
   * payer's, on the payment and saved card the test makes with the sandbox itself (one a card that
   * needs its holder), and a first Direct Debit collection the failing bank fails, made as the
   * test makes it (the bind's own first collection fails days after the dates that test reads).
   */
  async function bindFlex(
    userId: string,
    options: {
      method: 'BACS_DEBIT' | 'CARD';
      bank?: typeof GOOD_BANK;
      cardPaymentId?: string;
      /** The first month by Direct Debit too, whatever the bank does with it. */
      ddDeposit?: boolean;
    },
  ) {
    const { headers, quote, policyId } = await buy(userId, options);
    const schedule = quote.quote.availablePaymentSchedules.find((s) => s.active)!;
    return {
      headers,
      policyId,
      account: (await accountOf(policyId))!,
      instalment: schedule.premiumBreakdown.instalmentAmount,
    };
  }

  async function buy(userId: string, options: Parameters<typeof bindFlex>[1]) {
    if (options.method === 'BACS_DEBIT' && options.bank === GOOD_BANK) {
      return buyFlexByDirectDebit(app, userId, options.bank);
    }
    const headers = bearer(await createTestAccessToken(app, { userId }));
    const quote = await createQuote(app, headers);
    if (options.bank) await setUpMandate(headers, options.bank);
    if (options.method === 'BACS_DEBIT' && !options.ddDeposit) {
      await payOnSandboxCardPage(app, headers, quote.proposalCode);
      const [account] = await app.db
        .select({ policyId: customerAccounts.policyId })
        .from(customerAccounts)
        .where(eq(customerAccounts.proposalCode, quote.proposalCode));
      return { headers, quote, policyId: account!.policyId! };
    }
    const amountPence = computeAmountDueAtBind(quote.quote).totalPence;
    const payment = options.ddDeposit
      ? {
          provider: 'DIRECT_DEBIT' as const,
          providerPaymentId: (
            await createDirectDebitCollection(app, {
              mandate: (await findActiveMandate(app.db, userId))!,
              proposalCode: quote.proposalCode,
              amountPence,
              description: 'First month',
              reference: `bind:${quote.proposalCode}`,
            })
          ).providerPaymentId,
          amountPence,
          settled: false,
        }
      : {
          provider: 'CARD' as const,
          providerPaymentId: options.cardPaymentId ?? `pi_${quote.proposalCode}`,
          amountPence,
          settled: true,
        };
    const bound = await bindProposal(app, {
      proposalCode: quote.proposalCode,
      principal: SYSTEM,
      paymentMethodType: options.method,
      payment,
    });
    return { headers, quote, policyId: bound.policyId };
  }

  async function accountOf(policyId: string): Promise<CustomerAccountRow | undefined> {
    const [row] = await app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, policyId));
    return row;
  }

  async function ledgerOf(accountId: string) {
    return app.db
      .select({
        type: ledgerTransactions.type,
        status: ledgerTransactions.status,
        subType: ledgerTransactions.subType,
        key: ledgerTransactions.idempotencyKey,
        amount: ledgerPostings.amountPence,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
      .where(
        and(
          eq(ledgerTransactions.accountId, accountId),
          eq(ledgerPostings.ledgerAccount, `receivable:${accountId}`),
        ),
      )
      .orderBy(asc(ledgerTransactions.createdAt));
  }

  /**
   * The policy's e-mails about its payments (not the one confirming the purchase, nor the Direct
   * Debit notices: direct-debit-notices.test.ts reads those).
   */
  async function mailAbout(policyNumber: string) {
    const rows = await app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `%${policyNumber}%`))
      .orderBy(asc(notificationOutbox.createdAt));
    return rows.filter(
      (row) =>
        row.subject !== `Your policy ${policyNumber} is confirmed` &&
        !row.subject?.includes('Direct Debit'),
    );
  }

  async function sandboxChargeDates(ids: string[]) {
    const store = app.providers.directDebit as unknown as {
      getCollection(o: { providerPaymentId: string; now: Date }): Promise<{ chargeDate: string }>;
    };
    return Promise.all(
      ids.map(
        async (id) =>
          (await store.getCollection({ providerPaymentId: id, now: clock.now() })).chargeDate,
      ),
    );
  }

  async function close() {
    await assertLedgerBalanced(app.db);
    await app.close();
  }

  return {
    app,
    clock,
    tick,
    daysUntil,
    setUpMandate,
    bindFlex,
    accountOf,
    ledgerOf,
    mailAbout,
    sandboxChargeDates,
    close,
  };
}

/** What a scenario's ledger row sums to: what the customer owes counting only settled money. */
function settledOwed(rows: { status: string; amount: number }[]): number {
  return rows.filter((row) => row.status !== 'PENDING').reduce((sum, row) => sum + row.amount, 0);
}

describe('monthly collections', () => {
  it('a simulated year: 12 bills collected by Direct Debit on each payment day (working days), one failure recovered in grace, one account suspended and cancelled; statements as golden files', async () => {
    const {
      app,
      daysUntil,
      setUpMandate,
      bindFlex,
      accountOf,
      ledgerOf,
      mailAbout,
      sandboxChargeDates,
      close,
    } = await scenario(INCEPTION);
    const policy = await bindFlex('year-dd', { method: 'BACS_DEBIT', bank: GOOD_BANK });
    // Bought the same morning: one whose first collection fails and is recovered by the retry
    // (the customer gives a working bank account meanwhile), one that never pays.
    const recovers = await bindFlex('year-recovers', { method: 'BACS_DEBIT', bank: FAILING_BANK });
    const unpaid = await bindFlex('year-unpaid', { method: 'BACS_DEBIT', bank: FAILING_BANK });
    expect(policy.account.paymentDay).toBe(5);
    // Easter: the April payment (5 April is a Sunday, 6 April Easter Monday) is collected on
    // Tuesday 7 April; Good Friday is not a working day either, so it is submitted from Friday
    // 27 March, 5 working days before, and not earlier.
    await daysUntil('2026-03-27T09:00:00.000Z');
    const paymentsOf = async () =>
      (await ledgerOf(policy.account.accountId)).filter((row) => row.type === 'PAYMENT');
    expect(await paymentsOf()).toHaveLength(1);
    await daysUntil('2026-03-27T11:00:00.000Z');
    expect(await paymentsOf()).toEqual([
      expect.objectContaining({ status: 'POSTED' }),
      expect.objectContaining({ status: 'PENDING', amount: -policy.instalment }),
    ]);
    // The Direct Debit submitted ahead belongs to the April bill: the March statement is settled
    // with nothing carried forward, and April's estimate shows the instalment and its payment.
    const yearOwner = bearer(await createTestAccessToken(app, { userId: 'year-dd' }));
    const accountUrl = `/api/customerAccounts/${policy.account.accountId}`;
    const [march] = (
      await app.inject({ method: 'GET', url: `${accountUrl}/statements`, headers: yearOwner })
    ).json() as { status: string; carriedForwardBalance: number }[];
    expect(march).toMatchObject({ status: 'SETTLED', carriedForwardBalance: 0 });
    const [april] = (
      await app.inject({
        method: 'GET',
        url: `${accountUrl}/nextStatementEstimate`,
        headers: yearOwner,
      })
    ).json() as {
      statementSummary: Record<string, unknown>;
      lineItems: { type: string; status: string; amount: number }[];
    }[];
    expect(april!.lineItems).toMatchObject([
      { type: 'INVOICE', amount: policy.instalment },
      { type: 'PAYMENT', status: 'PENDING', amount: -policy.instalment },
    ]);
    // Being collected is not paid: it counts once the bank has paid it.
    expect(april!.statementSummary).toMatchObject({
      status: 'DRAFT',
      subtotalBalance: policy.instalment,
      carriedForwardBalance: policy.instalment,
      amountOutstanding: policy.instalment,
    });
    // Tuesday 7 April's collections: Bacs reports the failures two working days later.
    await daysUntil('2026-04-10T09:00:00.000Z');
    for (const failing of [recovers, unpaid]) {
      const failed = await ledgerOf(failing.account.accountId);
      expect(failed.filter((row) => row.type.startsWith('PAYMENT'))).toEqual([
        expect.objectContaining({ type: 'PAYMENT', status: 'POSTED' }),
        expect.objectContaining({ type: 'PAYMENT', status: 'FAILED' }),
        expect.objectContaining({ type: 'PAYMENT_REVERSAL', status: 'POSTED' }),
      ]);
    }
    const recoveringOwner = bearer(await createTestAccessToken(app, { userId: 'year-recovers' }));
    await setUpMandate(recoveringOwner, GOOD_BANK);
    await daysUntil('2027-02-20T09:00:00.000Z');

    const rows = await ledgerOf(policy.account.accountId);
    const invoices = rows.filter((row) => row.type === 'INVOICE');
    const payments = rows.filter((row) => row.type === 'PAYMENT');
    expect(invoices).toHaveLength(12);
    expect(payments).toHaveLength(12);
    expect(payments.every((row) => row.status === 'POSTED' && row.subType === 'GOCARDLESS')).toBe(
      true,
    );
    // Each month collected the instalment, on the payment day or the next working day.
    const monthly = payments.slice(1);
    expect(monthly.map((row) => -row.amount)).toEqual(CHARGE_DATES.map(() => policy.instalment));
    const ids = monthly.map((row) => row.key.slice('payment:'.length));
    expect(await sandboxChargeDates(ids)).toEqual(CHARGE_DATES);
    const settled = await app.db
      .select({ status: collections.status })
      .from(collections)
      .where(eq(collections.ownerUserId, 'year-dd'));
    // The first month's and the eleven monthly collections.
    expect(settled.map((row) => row.status)).toEqual(payments.map(() => 'SETTLED'));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect((await accountOf(policy.policyId))!.accountStatus).toBe('ACTIVE');

    // The recovered account: the retry a week after the failure collected April; every later
    // month was collected; nothing is owed; one e-mail about the failure, then the renewal's.
    const recovered = await ledgerOf(recovers.account.accountId);
    expect(recovered.filter((row) => row.type === 'INVOICE')).toHaveLength(12);
    expect(recovered.filter((row) => row.type === 'PAYMENT').map((row) => row.status)).toEqual([
      'POSTED',
      'FAILED',
      ...CHARGE_DATES.map(() => 'POSTED'),
    ]);
    expect(recovered.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect((await accountOf(recovers.policyId))!.accountStatus).toBe('ACTIVE');
    expect((await mailAbout(recovers.account.accountCode)).map((mail) => mail.subject)).toEqual([
      `Your payment for policy ${recovers.account.accountCode} failed`,
      `Your renewal: policy ${recovers.account.accountCode} renews on 05 Mar 2027`,
    ]);

    // The unpaid account: suspended after the retries, cancelled on its notice's date, billed no
    // more after that.
    const [unpaidPolicy] = await app.db
      .select()
      .from(policies)
      .where(eq(policies.policyId, unpaid.policyId));
    expect(unpaidPolicy!.status).toBe('CANCELLED');
    const unpaidCode = unpaid.account.accountCode;
    expect((await mailAbout(unpaidCode)).map((mail) => mail.subject)).toEqual([
      `Your payment for policy ${unpaidCode} failed`,
      `Your payment for policy ${unpaidCode} failed`,
      `Notice of cancellation: policy ${unpaidCode} is unpaid`,
      `Your policy ${unpaidCode} is cancelled`,
    ]);

    // Every statement of the three accounts as the API answers it, against its golden file.
    for (const [name, bought] of [
      ['paid', policy],
      ['recovered', recovers],
      ['cancelled', unpaid],
    ] as const) {
      const owner = bearer(
        await createTestAccessToken(app, { userId: bought.account.ownerUserId }),
      );
      const url = `/api/customerAccounts/${bought.account.accountId}`;
      const summaries = await app.inject({
        method: 'GET',
        url: `${url}/statements`,
        headers: owner,
      });
      expect(summaries.statusCode, summaries.body).toBe(200);
      const statements: unknown[] = [];
      for (const { statementNumber } of summaries.json() as { statementNumber: string }[]) {
        const one = await app.inject({
          method: 'GET',
          url: `${url}/statements/${statementNumber}`,
          headers: owner,
        });
        expect(one.statusCode, one.body).toBe(200);
        statements.push(one.json());
      }
      const estimate = await app.inject({
        method: 'GET',
        url: `${url}/nextStatementEstimate`,
        headers: owner,
      });
      expectGolden(new URL(`../../modules/billing/__golden__/year-${name}.json`, import.meta.url), {
        statements,
        nextStatementEstimate: estimate.json(),
      });
    }
    await close();
  }, 900_000);

  it('a failed collection e-mails the customer, is tried again after the interval, and succeeds', async () => {
    const { app, daysUntil, setUpMandate, bindFlex, accountOf, ledgerOf, mailAbout, close } =
      await scenario('2026-05-05T10:00:00.000Z');
    const policy = await bindFlex('retry-dd', { method: 'BACS_DEBIT', bank: FAILING_BANK });
    // The June payment (Friday 5 June) fails when Bacs reports back on 9 June.
    await daysUntil('2026-06-10T09:00:00.000Z');
    let rows = await ledgerOf(policy.account.accountId);
    const failed = rows.find((row) => row.type === 'PAYMENT' && row.status === 'FAILED');
    expect(failed, JSON.stringify(rows)).toBeDefined();
    expect(rows.filter((row) => row.type === 'PAYMENT_REVERSAL')).toEqual([
      expect.objectContaining({ status: 'POSTED', amount: policy.instalment }),
    ]);
    const [mail] = await mailAbout(policy.account.accountCode);
    expect(mail!.subject).toBe(`Your payment for policy ${policy.account.accountCode} failed`);
    const amount = `£${(policy.instalment / 100).toFixed(2)}`;
    expect(mail!.body).toContain(
      `Your payment of ${amount} for policy ${policy.account.accountCode} failed: The payer’s bank refused the collection (sandbox).`,
    );
    expect(mail!.body).toContain(`We will try to collect ${amount} again on 16 Jun 2026.`);
    expect(mail!.body).toContain(
      `To pay now, open the Billing tab of your policy and choose Pay: http://localhost:3000/flex/policy/${policy.policyId}/billing`,
    );
    // The customer gives a working bank account; the retry a week later collects it.
    const signedIn = bearer(await createTestAccessToken(app, { userId: 'retry-dd' }));
    await setUpMandate(signedIn, GOOD_BANK);
    await daysUntil('2026-06-22T09:00:00.000Z');
    // The new mandate's confirmation announces the retry: its amount and the day it is taken.
    const confirmations = await app.db
      .select({ body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(
        eq(
          notificationOutbox.subject,
          `Your Direct Debit for policy ${policy.account.accountCode} is set up`,
        ),
      )
      .orderBy(asc(notificationOutbox.createdAt));
    expect(confirmations.at(-1)!.body).toContain('Name on the account: Jo Bloggs');
    expect(confirmations.at(-1)!.body).toContain(
      `Your first payment of ${amount} will be collected on 16 Jun 2026.`,
    );
    rows = await ledgerOf(policy.account.accountId);
    const payments = rows.filter((row) => row.type === 'PAYMENT');
    expect(payments.map((row) => row.status)).toEqual(['POSTED', 'FAILED', 'POSTED']);
    // The customer's statements show the failed line and its reversal (from the ledger).
    const owner = bearer(await createTestAccessToken(app, { userId: 'retry-dd' }));
    const statementsUrl = `/api/customerAccounts/${policy.account.accountId}/statements`;
    const summaries = await app.inject({ method: 'GET', url: statementsUrl, headers: owner });
    expect(summaries.statusCode, summaries.body).toBe(200);
    const lines: { type: string; status: string }[] = [];
    for (const { statementNumber } of summaries.json() as { statementNumber: string }[]) {
      const one = await app.inject({
        method: 'GET',
        url: `${statementsUrl}/${statementNumber}`,
        headers: owner,
      });
      lines.push(...(one.json() as { lineItems: { type: string; status: string }[] }).lineItems);
    }
    expect(lines).toContainEqual(expect.objectContaining({ type: 'PAYMENT', status: 'FAILED' }));
    expect(lines).toContainEqual(
      expect.objectContaining({ type: 'PAYMENT_REVERSAL', status: 'POSTED' }),
    );
    expect(payments[2]!.amount).toBe(-policy.instalment);
    expect((await accountOf(policy.policyId))!.accountStatus).toBe('ACTIVE');
    expect(await mailAbout(policy.account.accountCode)).toHaveLength(1);
    await close();
  }, 300_000);

  it('failures through the retries suspend the account with a written notice; a late payment in grace restores it', async () => {
    const { app, clock, tick, daysUntil, bindFlex, accountOf, ledgerOf, mailAbout, close } =
      await scenario('2026-07-08T10:00:00.000Z');
    const policy = await bindFlex('suspended-dd', { method: 'BACS_DEBIT', bank: FAILING_BANK });
    // The August payment (8 August, a Saturday: Monday 10th) fails, then both retries a week
    // apart, each taken on the day its e-mail names (submitted 3 working days before, with its
    // advance notice): the third failure suspends the account, with the notice.
    await daysUntil('2026-09-06T09:00:00.000Z');
    const rows = await ledgerOf(policy.account.accountId);
    expect(
      rows
        .filter((row) => row.type === 'PAYMENT')
        .slice(0, 4)
        .map((row) => row.status),
    ).toEqual(['POSTED', 'FAILED', 'FAILED', 'FAILED']);
    expect((await accountOf(policy.policyId))!.accountStatus).toBe('SUSPENDED');
    const code = policy.account.accountCode;
    const mails = await mailAbout(code);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your payment for policy ${code} failed`,
      `Your payment for policy ${code} failed`,
      `Notice of cancellation: policy ${code} is unpaid`,
    ]);
    expect(mails[2]!.body).toContain(
      'We have tried again and could not collect it, so your account is suspended.',
    );
    const amount = `£${(policy.instalment / 100).toFixed(2)}`;
    expect(mails[2]!.body).toContain(
      `Unless ${amount} is paid, your policy will be cancelled for non-payment on 16 Sep 2026.`,
    );
    // The customer pays what is owed by card within the grace period: ACTIVE again.
    const owed = settledOwed(await ledgerOf(policy.account.accountId));
    expect(owed).toBeGreaterThan(0);
    await postProviderPayment(app.db, {
      account: policy.account,
      payment: {
        provider: 'CARD',
        providerPaymentId: 'pi_late_payment',
        amountPence: owed,
        settled: true,
      },
      at: clock.now(),
    });
    await tick();
    expect((await accountOf(policy.policyId))!.accountStatus).toBe('ACTIVE');
    expect((await mailAbout(policy.account.accountCode)).at(-1)!.subject).toBe(
      `Thank you: your policy ${policy.account.accountCode} is up to date`,
    );
    await close();
  }, 300_000);

  it('cancels the policy for non-payment when the grace ends unpaid, once, crediting the unused time against the debt', async () => {
    const { app, daysUntil, bindFlex, accountOf, mailAbout, close } = await scenario(
      '2026-07-08T10:00:00.000Z',
    );
    const policy = await bindFlex('unpaid-dd', { method: 'BACS_DEBIT', bank: FAILING_BANK });
    await daysUntil('2026-09-06T09:00:00.000Z');
    expect((await accountOf(policy.policyId))!.accountStatus).toBe('SUSPENDED');
    const statusOf = async () =>
      (await app.db.select().from(policies).where(eq(policies.policyId, policy.policyId)))[0]!;
    // The day before the notice's date: still in force.
    await daysUntil('2026-09-16T09:00:00.000Z');
    expect((await statusOf()).status).toBe('ACTIVE');
    await daysUntil('2026-09-18T09:00:00.000Z');
    expect((await statusOf()).status).toBe('CANCELLED');
    const cancellations = await app.db
      .select()
      .from(policyAdjustments)
      .where(eq(policyAdjustments.policyId, policy.policyId));
    expect(cancellations).toEqual([
      expect.objectContaining({
        adjustmentType: 'CAN',
        reason: NON_PAYMENT_REASON,
        createdByUserId: 'system:collections',
        confirmedByUserId: 'system:collections',
      }),
    ]);
    // Once: a second run finds nothing to do.
    expect(await cancelForNonPayment(app, { accountId: policy.account.accountId })).toBe(false);
    const code = policy.account.accountCode;
    expect((await mailAbout(code)).at(-1)!.subject).toBe(`Your policy ${code} is cancelled`);
    await close();
  }, 300_000);

  it('charges a card-paying account’s saved card off-session on the payment day; a card that needs its holder fails', async () => {
    const { app, clock, daysUntil, bindFlex, ledgerOf, mailAbout, close } = await scenario(
      '2026-09-10T10:00:00.000Z',
    );
    const sandbox = app.providers.cardPayments as SandboxCardPayments;
    const saveCard = async (userId: string, number: string) => {
      const token = await sandbox.tokenize({
        card: { number, expiry: '12/30', cvc: '123' },
        now: clock.now(),
      });
      if (token.kind !== 'TOKEN') throw new Error('no token');
      const charged = await sandbox.chargeWithToken({
        reference: `deposit-${userId}`,
        customerReference: userId,
        amountPence: 100_000,
        description: 'First month',
        token: token.token,
        saveCard: true,
      });
      if (charged.status !== 'SUCCEEDED' || !charged.card) throw new Error('not charged');
      return { paymentId: charged.providerPaymentId, card: charged.card };
    };
    const good = await saveCard('card-payer', '4242424242424242');
    const policy = await bindFlex('card-payer', { method: 'CARD', cardPaymentId: good.paymentId });
    const strong = await saveCard('card-3ds', '4000002500003155');
    const needsHolder = await bindFlex('card-3ds', {
      method: 'CARD',
      cardPaymentId: strong.paymentId,
    });
    for (const [owner, saved] of [
      ['card-payer', good.card],
      ['card-3ds', strong.card],
    ] as const) {
      await app.db.insert(paymentMethods).values({
        paymentMethodId: `pm_test_${owner}`,
        type: 'CARD',
        status: 'ACTIVE',
        ownerUserId: owner,
        adapter: 'sandbox',
        providerReference: saved.providerReference,
        providerCustomerReference: saved.providerCustomerReference,
        cardBrand: saved.brand,
        cardLast4: saved.last4,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
    }
    // The October invoice is raised on 10 October; the card is charged that day.
    await daysUntil('2026-10-10T12:00:00.000Z');
    const rows = await ledgerOf(policy.account.accountId);
    expect(rows.filter((row) => row.type === 'PAYMENT')).toEqual([
      expect.objectContaining({ status: 'POSTED', subType: 'STRIPE' }),
      expect.objectContaining({ status: 'POSTED', subType: 'STRIPE', amount: -policy.instalment }),
    ]);
    const declined = await ledgerOf(needsHolder.account.accountId);
    expect(declined.filter((row) => row.type === 'PAYMENT').map((row) => row.status)).toEqual([
      'POSTED',
      'FAILED',
    ]);
    const [mail] = await mailAbout(needsHolder.account.accountCode);
    expect(mail!.body).toContain(
      'failed: This card needs the cardholder to authenticate the payment.',
    );

    // Refunds go back to the card's settled payments: two paid; one more than the payments took
    // goes to the staff queue with the reason.
    const refund = async (account: CustomerAccountRow, key: string, amount: number) =>
      postTransaction(app.db, {
        accountId: account.accountId,
        type: 'REFUND',
        subType: 'STRIPE',
        status: 'PENDING',
        idempotencyKey: key,
        description: 'Refund to the way you paid',
        postings: [
          { ledgerAccount: `receivable:${account.accountId}`, amountPence: amount },
          { ledgerAccount: 'card_clearing', amountPence: -amount },
        ],
        at: clock.now(),
      });
    await refund(policy.account, 'test-refund:paid', 2_500);
    await refund(policy.account, 'test-refund:too-much', 10_000_000);
    await refund(needsHolder.account, 'test-refund:other-account', 1_000);
    const paid = await Promise.all([payPendingRefunds(app), payPendingRefunds(app)]);
    expect(paid[0] + paid[1]).toBe(2);
    const statusOf = async (key: string) =>
      (
        await app.db
          .select({ status: ledgerTransactions.status })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, key))
      )[0]?.status;
    expect(await statusOf('test-refund:paid')).toBe('POSTED');
    expect(await statusOf('test-refund:too-much')).toBe('PENDING');
    expect(await statusOf('test-refund:other-account')).toBe('POSTED');
    const queued = await app.db.select().from(refundIssues).orderBy(refundIssues.refundKey);
    expect(queued.map((row) => [row.refundKey, row.unsentPence])).toEqual([
      ['test-refund:too-much', 10_000_000],
    ]);
    expect(queued[0]!.reason).toMatch(
      /^The payments it could go back to have only £[\d,.]+ left to refund\.$/,
    );
    await close();
  }, 300_000);

  it('the planner looks only at the accounts asked: a Direct Debit waits for its submission day, then for its invoice; its scan reads the partial index', async () => {
    const { app, clock, bindFlex, accountOf, close } = await scenario('2026-11-02T10:00:00.000Z');
    const policy = await bindFlex('marker-dd', { method: 'BACS_DEBIT', bank: GOOD_BANK });
    const checkAt = async () => (await accountOf(policy.policyId))!.collectionsCheckAt;
    // Bound: asked at once. Its first bill is due on Wednesday 2 December: submitted from the
    // 5th working day before, 25 November, so the planner's look says to wait until then.
    expect((await checkAt())!.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(await planCollections(app)).toBe(0);
    expect(await checkAt()).toEqual(new Date('2026-11-25T00:00:00.000Z'));
    const scan = () => listAccountsToCheckForCollection(app.db, { now: clock.now(), limit: 100 });
    expect(await scan()).toEqual([]);
    clock.set('2026-11-24T23:30:00.000Z');
    expect(await planCollections(app)).toBe(0);
    clock.set('2026-11-25T00:15:00.000Z');
    expect(await planCollections(app)).toBe(1);
    // Planned: nothing more until the invoice is raised on the payment day, which asks again.
    expect(await checkAt()).toBeNull();
    expect(await planCollections(app)).toBe(0);
    clock.set('2026-12-02T10:00:00.000Z');
    await raiseDueInvoices(app.db, clock.now());
    expect((await scan()).map((row) => row.accountId)).toEqual([policy.account.accountId]);
    expect(await planCollections(app)).toBe(0);
    // The next bill, Saturday 2 January 2027, is charged on Monday the 4th and submitted from the
    // 5th working day before (weekends, Christmas and Boxing Day skipped): 23 December.
    expect(subtractWorkingDays(onOrAfterWorkingDay('2027-01-02'), 5)).toBe('2026-12-23');
    expect(await checkAt()).toEqual(toInstant('2026-12-23'));
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain ${listAccountsToCheckForCollection(tx, { now: clock.now(), limit: 100 })}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('customer_accounts_collections_check_at_idx');
    await close();
  }, 300_000);

  it('two runs at once act once: one collection per period, one reversal and one e-mail per failure', async () => {
    const { app, clock, bindFlex, ledgerOf, mailAbout, close } = await scenario(
      '2026-11-02T10:00:00.000Z',
    );
    const policy = await bindFlex('twice-dd', { method: 'BACS_DEBIT', bank: FAILING_BANK });
    clock.set('2026-11-27T10:00:00.000Z');
    const planned = await Promise.all([planCollections(app), planCollections(app)]);
    expect(planned[0] + planned[1]).toBe(1);
    await Promise.all([
      runDueJobs(app, { owner: 'runner-a' }),
      runDueJobs(app, { owner: 'runner-b' }),
    ]);
    const keyed = await app.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `collect:${policy.account.accountId}:%`));
    expect(keyed).toHaveLength(1);
    // Bacs reports the failure; two outcome runs at once.
    clock.set('2026-12-07T10:00:00.000Z');
    await runDueJobs(app);
    clock.advance(MINUTE);
    await Promise.all([applyCollectionOutcomes(app), applyCollectionOutcomes(app)]);
    const rows = await ledgerOf(policy.account.accountId);
    expect(rows.filter((row) => row.type === 'PAYMENT_REVERSAL')).toHaveLength(1);
    expect(await mailAbout(policy.account.accountCode)).toHaveLength(1);
    const retries = await app.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'collect-retry:%'));
    expect(
      retries.filter(
        (job) => (job.payload as { accountId?: string }).accountId === policy.account.accountId,
      ),
    ).toHaveLength(1);
    await close();
  }, 300_000);

  it('a failed first payment (at purchase) is reversed but not chased: not taking the policy up is the NTU job’s', async () => {
    const { app, daysUntil, bindFlex, ledgerOf, mailAbout, close } = await scenario(
      '2026-03-05T10:00:00.000Z',
    );
    const policy = await bindFlex('deposit-fails', {
      method: 'BACS_DEBIT',
      bank: FAILING_BANK,
      ddDeposit: true,
    });
    await daysUntil('2026-03-12T09:00:00.000Z');
    const rows = await ledgerOf(policy.account.accountId);
    expect(rows.filter((row) => row.type.startsWith('PAYMENT'))).toEqual([
      expect.objectContaining({ type: 'PAYMENT', status: 'FAILED' }),
      expect.objectContaining({ type: 'PAYMENT_REVERSAL', status: 'POSTED' }),
    ]);
    // No failure notice nor retry: only the NTU job's e-mail that the policy is not taken up.
    expect((await mailAbout(policy.account.accountCode)).map((mail) => mail.subject)).toEqual([
      `Your policy ${policy.account.accountCode} has not been taken up`,
    ]);
    const retries = await app.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'collect-retry:%'));
    expect(retries).toEqual([]);
    await close();
  }, 300_000);

  it('reconciliation lists provider-only, ledger-only and amount mismatches, stored once for staff', async () => {
    const { app, clock, daysUntil, bindFlex, close } = await scenario('2026-03-05T10:00:00.000Z');
    const policy = await bindFlex('reconciled-dd', { method: 'BACS_DEBIT', bank: GOOD_BANK });
    const account = policy.account;
    await daysUntil('2026-04-10T09:00:00.000Z');
    const now = clock.now();
    const collection = (id: string, amountPence: number) => ({
      providerPaymentId: id,
      provider: 'CARD' as const,
      amountPence,
      status: 'SETTLED' as const,
      createdAt: now,
      updatedAt: now,
    });
    await app.db
      .insert(collections)
      .values([collection('py_provider_only', 1_234), collection('py_mismatch', 1_000)]);
    const pay = (id: string, amountPence: number) =>
      postProviderPayment(app.db, {
        account,
        payment: { provider: 'CARD', providerPaymentId: id, amountPence, settled: true },
        at: now,
      });
    await pay('py_ledger_only', 4_321);
    await pay('py_mismatch', 1_200);
    await Promise.all([reconcilePayments(app), reconcilePayments(app)]);
    const open = await listOpenFindings(app.db);
    const of = (id: string) => open.filter((finding) => finding.providerPaymentId === id);
    expect(of('py_provider_only')).toEqual([
      expect.objectContaining({
        kind: 'PROVIDER_ONLY',
        providerAmountPence: 1_234,
        ledgerAmountPence: null,
      }),
    ]);
    expect(of('py_ledger_only')).toEqual([
      expect.objectContaining({
        kind: 'LEDGER_ONLY',
        providerAmountPence: null,
        ledgerAmountPence: 4_321,
      }),
    ]);
    expect(of('py_mismatch')).toEqual([
      expect.objectContaining({
        kind: 'AMOUNT_MISMATCH',
        providerAmountPence: 1_000,
        ledgerAmountPence: 1_200,
      }),
    ]);
    // The settled Direct Debits agree with the ledger: none of them is listed.
    const yearIds = (
      await app.db.select().from(collections).where(eq(collections.ownerUserId, 'reconciled-dd'))
    ).map((row) => row.providerPaymentId);
    expect(open.filter((finding) => yearIds.includes(finding.providerPaymentId))).toEqual([]);
    // Mended: the next run resolves it.
    await app.db
      .update(collections)
      .set({ amountPence: 1_200 })
      .where(eq(collections.providerPaymentId, 'py_mismatch'));
    clock.advance(MINUTE);
    await reconcilePayments(app);
    expect((await listOpenFindings(app.db)).map((f) => f.providerPaymentId)).not.toContain(
      'py_mismatch',
    );
    const stored = await app.db.select().from(reconciliationFindings);
    expect(stored.filter((row) => row.providerPaymentId === 'py_mismatch')).toHaveLength(1);
    // Staff read them; a customer may not, nor anybody signed out.
    const read = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers });
    const staff = await read(
      bearer(
        await createTestAccessToken(app, { roles: ['admin'], permissions: ['access:operations'] }),
      ),
    );
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().findings).toContainEqual(
      expect.objectContaining({
        kind: 'PROVIDER_ONLY',
        providerPaymentId: 'py_provider_only',
        providerAmountPence: 1_234,
        ledgerAmountPence: null,
      }),
    );
    expect(staff.json().findings).not.toContainEqual(
      expect.objectContaining({ providerPaymentId: 'py_mismatch' }),
    );
    const customer = await read(
      bearer(await createTestAccessToken(app, { userId: 'reconciled-dd' })),
    );
    expect(customer.statusCode).toBe(403);
    expect((await read({})).statusCode).toBe(401);
    await close();
  }, 300_000);
});
