// Issue 30 item 4: a refund is paid back to the payments that took the money, split across them
// where one is not enough. A flex policy bought through the browser's calls (the sandbox mandate
// pages, then the first month on the hosted card page) pays its next month by Direct Debit; it
// is cancelled in cooling-off, so everything taken comes back: more than either payment took.
// One refund goes to the card payment and one to the Direct Debit collection, through each
// provider's refund API, each PENDING then POSTED; the ledger balances and every statement adds up.
import { and, eq, like } from 'drizzle-orm';
import { formatMoney } from '@motor/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerAccountResponse,
  PolicyAdjustmentResponse,
  StatementResponse,
} from '@motor/contract';
import { ledgerTransactions, notificationOutbox, policies, refundPayouts } from '../../db/schema';
import { getAccountTotals } from '../../modules/billing';
import { expectStatementsAddUp } from '../../modules/billing/testing';
import { runDueJobs } from '../../modules/jobs/runner';
import { payOnSandboxCardPage, setUpSandboxMandate } from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import { useTestApp } from '../../test/use-test-app';
import { payRefundsJob } from './refunds';
import { readStatements as readAccountStatements } from '../../test/statements';

// Bought Friday 22 May 2026 (cooling-off until 5 June); the payment day moved to the 1st, so the
// second month (from 22 June) is collected by Direct Debit on Monday 1 June and settles by the 3rd.
const START = '2026-05-22T10:00:00.000Z';
const OWNER = 'refund-split-owner';
const DAY = 86_400_000;
const MINUTE = 60_000;

describe('a refund larger than any one payment is split over the card and the Direct Debit', () => {
  const suite = useTestApp({ at: START, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;
  let account: CustomerAccountResponse;

  const signIn = async () => {
    owner = await suite.customer(OWNER);
  };

  /** Day by day at 10:00 UTC, the jobs running twice a day (slots a minute apart). */
  async function daysUntil(until: string) {
    while (clock.now().getTime() + DAY <= Date.parse(until)) {
      const day = Date.parse(clock.now().toISOString().slice(0, 10)) + DAY;
      clock.set(new Date(day + 10 * 3_600_000));
      await runDueJobs(suite.app);
      clock.advance(MINUTE);
      await runDueJobs(suite.app);
    }
    await signIn();
  }

  /** Every statement, oldest first, each checked to add up as displayed. */
  async function readStatements(): Promise<StatementResponse[]> {
    const statements = await readAccountStatements(suite.app, owner, account.accountId);
    expectStatementsAddUp(statements);
    return statements;
  }

  const refundLines = async () =>
    (await readStatements())
      .flatMap((statement) => statement.lineItems)
      .filter((item) => item.type === 'REFUND')
      .map((item) => ({ subType: item.subType, status: item.status, amount: item.amount }))
      .sort((a, b) => String(a.subType).localeCompare(String(b.subType)));

  /** The account's settled payments in the ledger: provider payment id, sub type and pence. */
  async function payments() {
    const rows = await suite.app.db
      .select({
        key: ledgerTransactions.idempotencyKey,
        subType: ledgerTransactions.subType,
        status: ledgerTransactions.status,
      })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, account.accountId),
          eq(ledgerTransactions.type, 'PAYMENT'),
          like(ledgerTransactions.idempotencyKey, 'payment:%'),
        ),
      );
    return rows.filter((row) => row.status === 'POSTED');
  }

  beforeAll(async () => {
    await signIn();
    const quote = await createQuote(suite.app, owner);
    // The checkout as the browser does it: the mandate pages, then the hosted card page.
    await setUpSandboxMandate(suite.app, owner);
    // The card is kept: the refund e-mail names it by its last 4 digits.
    await payOnSandboxCardPage(suite.app, owner, quote.proposalCode, { saveCard: true });
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/customerAccounts?proposalCode=${quote.proposalCode}`,
      headers: owner,
    });
    account = (res.json() as CustomerAccountResponse[])[0]!;
    expect(account).toMatchObject({ paymentMethodType: 'BACS_DEBIT', accountBalance: 0 });
    // Staff move the payment day to the 1st for the customer.
    const staff = await suite.staff(['access:impersonate'], {
      userId: 'refund-split-agent',
      impersonate: OWNER,
    });
    const moved = await suite.app.inject({
      method: 'PUT',
      url: `/api/customerAccounts/${account.accountId}/paymentDay`,
      headers: staff,
      payload: { paymentDay: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refunds the card payment and the Direct Debit collection, each PENDING then POSTED', async () => {
    await daysUntil('2026-06-04T09:00:00.000Z');
    const settled = await payments();
    const card = settled.filter((row) => row.subType === 'STRIPE');
    const directDebit = settled.filter((row) => row.subType === 'GOCARDLESS');
    expect(card).toHaveLength(1);
    expect(directDebit).toHaveLength(1);
    const cardId = card[0]!.key.slice('payment:'.length);
    const directDebitId = directDebit[0]!.key.slice('payment:'.length);
    const now = clock.now();
    const cardPence = (await suite.app.providers.cardPayments.listPayments()).find(
      (record) => record.providerPaymentId === cardId,
    )!.amountPence;
    const directDebitPence = (await suite.app.providers.directDebit.listCollections({ now })).find(
      (record) => record.providerPaymentId === directDebitId,
    )!.amountPence;

    // Cancelled in cooling-off (before 10:00 on 5 June): everything taken comes back.
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: owner,
      payload: { policyId: account.policyId, adjustmentType: 'CAN', reason: 'Price' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { adjustmentId, cancellationKind } = created.json() as PolicyAdjustmentResponse & {
      cancellationKind: string;
    };
    expect(cancellationKind).toBe('CoolingOff');
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustmentId}/commit`,
      headers: owner,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    const refundPence = cardPence + directDebitPence;
    expect(refundPence).toBeGreaterThan(Math.max(cardPence, directDebitPence));

    // Posted owed back, one part per provider that took the money.
    expect(await refundLines()).toEqual([
      { subType: 'GOCARDLESS', status: 'PENDING', amount: directDebitPence },
      { subType: 'STRIPE', status: 'PENDING', amount: cardPence },
    ]);

    clock.advance(15 * MINUTE);
    await payRefundsJob.run(suite.app, {});
    const payouts = await suite.app.db
      .select({
        provider: refundPayouts.provider,
        providerPaymentId: refundPayouts.providerPaymentId,
        amountPence: refundPayouts.amountPence,
        status: refundPayouts.status,
      })
      .from(refundPayouts)
      .where(like(refundPayouts.refundKey, `adjustment:${adjustmentId}:refund%`))
      .orderBy(refundPayouts.provider);
    expect(payouts).toEqual([
      { provider: 'CARD', providerPaymentId: cardId, amountPence: cardPence, status: 'PAID' },
      {
        provider: 'DIRECT_DEBIT',
        providerPaymentId: directDebitId,
        amountPence: directDebitPence,
        status: 'PAID',
      },
    ]);
    expect(payouts.reduce((sum, payout) => sum + payout.amountPence, 0)).toBe(refundPence);
    // Each provider's own record says so.
    expect(
      (await suite.app.providers.cardPayments.listPayments()).find(
        (r) => r.providerPaymentId === cardId,
      ),
    ).toMatchObject({ refundedPence: cardPence });
    expect(
      (await suite.app.providers.directDebit.listCollections({ now: clock.now() })).find(
        (record) => record.providerPaymentId === directDebitId,
      ),
    ).toMatchObject({ refundedPence: directDebitPence });

    await signIn();
    expect(await refundLines()).toEqual([
      { subType: 'GOCARDLESS', status: 'POSTED', amount: directDebitPence },
      { subType: 'STRIPE', status: 'POSTED', amount: cardPence },
    ]);
    expect((await getAccountTotals(suite.app.db, account.accountId)).balancePence).toBe(0);
    // One e-mail for the whole refund, once both parts were sent.
    const [policy] = await suite.app.db
      .select({ policyNumber: policies.policyNumber })
      .from(policies)
      .where(eq(policies.policyId, account.policyId!));
    const policyNumber = policy!.policyNumber;
    const mails = await suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, 'Your refund%'));
    expect(mails).toEqual([
      {
        subject: `Your refund of ${formatMoney(refundPence)} for policy ${policyNumber} is on its way`,
        // The mandate keeps the account number's last 2 digits (63748472), the card its last 4.
        body: [
          'Dear Jane Smith,',
          '',
          `We have sent your refund of ${formatMoney(refundPence)} for policy ${policyNumber}: ${formatMoney(cardPence)} to your card ending 4242 and ${formatMoney(directDebitPence)} to your bank account ending 72.`,
          'Refunds take 7 to 10 working days.',
        ].join('\n'),
      },
    ]);
  }, 300_000);
});
