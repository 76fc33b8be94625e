// Issue 30 item 4: a refund is PENDING until its provider confirms it. GoCardless takes a refund
// (SENT) and pays it by Bacs credit days later, saying so by its refund `paid` webhook, or `failed`
// / `funds_returned` when it could not. Here the sandbox Direct Debit answers a refund as
// GoCardless does (SENT), and its signed webhooks carry the outcome: the customer is told when the
// refund is sent, the statement shows it PENDING until `paid`, then POSTED; one that fails goes to
// the staff queue with the provider's reason. A card refund Stripe holds `pending` waits for its
// `refund.updated` the same way. Bought and cancelled through the browser's calls.
import { and, eq, like } from 'drizzle-orm';
import { formatMoney } from '@motor/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RefundIssuesResponse } from '@motor/contract';
import {
  collections,
  customerAccounts,
  ledgerTransactions,
  notificationOutbox,
  policies,
  refundPayouts,
} from '../../db/schema';
import { getAccountTotals } from '../../modules/billing';
import { expectStatementsAddUp } from '../../modules/billing/testing';
import { runDueJobs } from '../../modules/jobs/runner';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { expectGolden } from '../../test/golden';
import { readStatements } from '../../test/statements';
import { payOnSandboxCardPage } from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import type { CardEvent, SandboxCardPayments } from '../../providers/card-payments';
import type { DirectDebitEvent, SandboxDirectDebit } from '../../providers/direct-debit';
import { createTestProviders } from '../../test/test-app';
import { payRefundsJob } from './refunds';
import { useTestApp } from '../../test/use-test-app';

// Thursday 5 March 2026: the deposit is charged Tuesday 10 March and settles Thursday 12 March,
// inside the 14 days of cooling-off.
const START = '2026-03-05T10:00:00.000Z';
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('a Direct Debit refund stays PENDING until the provider says it was paid', () => {
  const providers = createTestProviders();
  const suite = useTestApp({ at: START, providers, assertLedgerBalanced: true });
  const { clock } = suite;
  // As GoCardless answers a refund: taken, not paid yet.
  const refundCollection = providers.directDebit.refundCollection;
  providers.directDebit.refundCollection = async (request) => {
    const answer = await refundCollection(request);
    return answer.status === 'PAID'
      ? { status: 'SENT', providerRefundId: answer.providerRefundId }
      : answer;
  };
  // And as Stripe answers a refund it holds `pending`.
  const refundPayment = providers.cardPayments.refundPayment;
  providers.cardPayments.refundPayment = async (request) => {
    const answer = await refundPayment(request);
    return answer.status === 'PAID'
      ? { status: 'SENT', providerRefundId: answer.providerRefundId }
      : answer;
  };
  const bought: Record<string, { policyId: string; policyNumber: string }> = {};

  beforeAll(async () => {
    for (const userId of ['dd-refund-paid', 'dd-refund-failed']) {
      bought[userId] = await buyFlexByDirectDebit(suite.app, userId);
    }
    bought['card-refund-paid'] = await buyByCard('card-refund-paid');
    // Day by day until both deposits settled (the sandbox's webhooks, delivered by its job).
    while (clock.now().getTime() < Date.parse('2026-03-13T10:00:00.000Z')) {
      clock.advance(DAY);
      for (let tick = 0; tick < 2; tick += 1) {
        clock.advance(MINUTE);
        await runDueJobs(suite.app);
      }
    }
    for (const userId of ['dd-refund-paid', 'dd-refund-failed']) {
      const [deposit] = await suite.app.db
        .select({ status: collections.status })
        .from(collections)
        .where(eq(collections.ownerUserId, userId));
      expect(deposit).toMatchObject({ status: 'SETTLED' });
    }
  }, 300_000);

  /** A flex policy bought on the hosted card page, as the browser does it. */
  async function buyByCard(userId: string) {
    const headers = await suite.customer(userId);
    const quote = await createQuote(suite.app, headers);
    await payOnSandboxCardPage(suite.app, headers, quote.proposalCode, {
      paymentMethodType: 'CARD',
    });
    const [policy] = await suite.app.db
      .select({ policyId: policies.policyId, policyNumber: policies.policyNumber })
      .from(policies)
      .where(eq(policies.proposalCode, quote.proposalCode));
    return policy!;
  }

  /** A cooling-off cancellation through the customer's calls: its refund's ledger key. */
  async function cancel(userId: string) {
    const headers = await suite.customer(userId);
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload: { policyId: bought[userId]!.policyId, adjustmentType: 'CAN', reason: 'Price' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { adjustmentId, cancellationKind } = created.json() as {
      adjustmentId: string;
      cancellationKind: string;
    };
    expect(cancellationKind).toBe('CoolingOff');
    const committed = await suite.app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustmentId}/commit`,
      headers,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    return `adjustment:${adjustmentId}:refund`;
  }

  async function runRefunds() {
    clock.advance(15 * MINUTE);
    await payRefundsJob.run(suite.app, {});
  }

  const ledgerRow = async (key: string) =>
    (
      await suite.app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, key))
    )[0];

  const payoutsOf = (key: string) =>
    suite.app.db
      .select({
        status: refundPayouts.status,
        provider: refundPayouts.provider,
        providerRefundId: refundPayouts.providerRefundId,
        amountPence: refundPayouts.amountPence,
      })
      .from(refundPayouts)
      .where(eq(refundPayouts.refundKey, key));

  async function accountOf(userId: string) {
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, bought[userId]!.policyId));
    return account!;
  }

  /** The refund's line on the account's newest statement; every statement adds up. */
  async function refundLine(userId: string) {
    const { accountId } = await accountOf(userId);
    const statements = await readStatements(suite.app, await suite.customer(userId), accountId);
    expectStatementsAddUp(statements);
    return statements.at(-1)!.lineItems.find((item) => item.type === 'REFUND');
  }

  /** The provider's signed webhook, as it would reach us. */
  async function webhook(events: DirectDebitEvent[] | CardEvent) {
    const delivery = Array.isArray(events)
      ? (suite.app.providers.directDebit as SandboxDirectDebit).signEvents(events, clock.now())
      : (suite.app.providers.cardPayments as SandboxCardPayments).signEvent(events, clock.now());
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/webhooks/${Array.isArray(events) ? 'direct-debit' : 'card'}`,
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { received: number; duplicates: number };
  }

  /** The refunds staff queue, as an agent with access:operations reads it. */
  async function refundQueue() {
    const staff = await suite.staff(['access:operations'], { userId: 'refund-agent' });
    const queue = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/refunds',
      headers: staff,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    return queue.json() as RefundIssuesResponse;
  }

  const refundMails = (policyNumber: string) =>
    suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(
        and(
          like(notificationOutbox.subject, 'Your refund%'),
          like(notificationOutbox.subject, `%${policyNumber}%`),
        ),
      );

  it('tells the customer when the refund is sent, and posts it only once GoCardless says `paid`', async () => {
    const userId = 'dd-refund-paid';
    const key = await cancel(userId);
    await runRefunds();
    const [payout, ...others] = await payoutsOf(key);
    expect(others).toEqual([]);
    expect(payout).toMatchObject({ status: 'SENT', provider: 'DIRECT_DEBIT' });
    const refunded = payout!.amountPence;
    // Sent: the customer is told, the refund is still with the provider.
    const { policyNumber } = bought[userId]!;
    const amount = formatMoney(refunded);
    expect(await refundMails(policyNumber)).toEqual([
      {
        subject: `Your refund of ${amount} for policy ${policyNumber} is on its way`,
        // The mandate's account (63748472) as the billing tab shows it: its last 2 digits.
        body: [
          'Dear Jane Smith,',
          '',
          `We have sent your refund of ${amount} for policy ${policyNumber}: ${amount} to your bank account ending 72.`,
          'Refunds take 7 to 10 working days.',
        ].join('\n'),
      },
    ]);
    expect(await ledgerRow(key)).toMatchObject({ subType: 'GOCARDLESS', status: 'PENDING' });
    expect(await refundLine(userId)).toMatchObject({ status: 'PENDING', amount: refunded });
    // Another run sends nothing again and does not post it.
    await runRefunds();
    expect(await payoutsOf(key)).toEqual([payout]);
    expect(await ledgerRow(key)).toMatchObject({ status: 'PENDING' });

    const paid: DirectDebitEvent = {
      type: 'REFUND_PAID',
      eventId: 'EV-refund-paid',
      providerRefundId: payout!.providerRefundId!,
    };
    expect(await webhook([paid])).toEqual({ received: 1, duplicates: 0 });
    expect(await payoutsOf(key)).toEqual([{ ...payout, status: 'PAID' }]);
    expect(await ledgerRow(key)).toMatchObject({ status: 'POSTED' });
    expect(await refundLine(userId)).toMatchObject({ status: 'POSTED', amount: refunded });
    expect(
      (await getAccountTotals(suite.app.db, (await accountOf(userId)).accountId)).balancePence,
    ).toBe(0);
    // Redelivered: nothing happens twice; one e-mail in all.
    expect(await webhook([paid])).toEqual({ received: 0, duplicates: 1 });
    expect(await refundMails(bought[userId]!.policyNumber)).toHaveLength(1);
  });

  it('puts a paid refund that comes back on the account again and in the staff queue, once', async () => {
    const userId = 'dd-refund-paid';
    const { accountId } = await accountOf(userId);
    const [payout, ...others] = await suite.app.db
      .select()
      .from(refundPayouts)
      .where(and(eq(refundPayouts.accountId, accountId), eq(refundPayouts.status, 'PAID')));
    expect(others).toEqual([]);
    const returned: DirectDebitEvent = {
      type: 'REFUND_FAILED',
      eventId: 'EV-refund-funds-returned',
      providerRefundId: payout!.providerRefundId!,
      reason: 'GoCardless refund funds_returned',
    };
    expect(await webhook([returned])).toEqual({ received: 1, duplicates: 0 });
    // The refund stays posted (it was paid); its money came back and is the customer's again.
    expect(await ledgerRow(payout!.refundKey)).toMatchObject({ status: 'POSTED' });
    expect(await ledgerRow(`returned:${payout!.reference}`)).toMatchObject({
      type: 'REFUND_REVERSAL',
      status: 'POSTED',
      description: 'Refund returned by the bank: the money is back on your account',
    });
    // A new refund of it waits for staff: not sent again to the account that returned it.
    const again = `${payout!.reference}:returned`;
    expect(await ledgerRow(again)).toMatchObject({ type: 'REFUND', status: 'PENDING' });
    expect((await getAccountTotals(suite.app.db, accountId)).balancePence).toBe(0);
    const queue = await refundQueue();
    expect(queue.issues.filter((issue) => issue.refundKey === again)).toEqual([
      expect.objectContaining({
        accountId,
        amountPence: payout!.amountPence,
        unsentPence: payout!.amountPence,
        reason:
          'The Direct Debit provider paid the refund, then it came back: GoCardless refund funds_returned',
        resolution: null,
      }),
    ]);
    // The refund run leaves it to staff; the statements still add up, and read as the golden
    // file says: the refund paid, its return, and the refund owed again (issue 30).
    await runRefunds();
    expect(await payoutsOf(again)).toEqual([]);
    await refundLine(userId);
    expectGolden(
      new URL('../../modules/billing/__golden__/refund-returned.json', import.meta.url),
      await readStatements(suite.app, await suite.customer(userId), accountId),
    );
    // Redelivered: nothing is posted twice.
    expect(await webhook([returned])).toEqual({ received: 0, duplicates: 1 });
    const reversals = await suite.app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `returned:${payout!.reference}`));
    expect(reversals).toHaveLength(1);
  });

  it('puts a refund GoCardless could not pay in the staff queue with its reason', async () => {
    const userId = 'dd-refund-failed';
    const key = await cancel(userId);
    await runRefunds();
    const [payout] = await payoutsOf(key);
    expect(payout).toMatchObject({ status: 'SENT' });
    await webhook([
      {
        type: 'REFUND_FAILED',
        eventId: 'EV-refund-failed',
        providerRefundId: payout!.providerRefundId!,
        reason: "The customer's bank account is closed.",
      },
    ]);
    expect(await payoutsOf(key)).toEqual([{ ...payout, status: 'FAILED' }]);
    expect(await ledgerRow(key)).toMatchObject({ status: 'PENDING' });
    const queue = await refundQueue();
    expect(queue.issues.filter((issue) => issue.refundKey === key)).toEqual([
      expect.objectContaining({
        amountPence: payout!.amountPence,
        unsentPence: payout!.amountPence,
        reason:
          "The Direct Debit provider could not pay the refund: The customer's bank account is closed.",
        resolution: null,
      }),
    ]);
    // Queued: the refund run leaves it to staff.
    await runRefunds();
    expect(await payoutsOf(key)).toHaveLength(1);
    expect(await refundLine(userId)).toMatchObject({ status: 'PENDING' });
  });

  it('posts a card refund Stripe held pending once its refund.updated says it succeeded', async () => {
    const userId = 'card-refund-paid';
    const key = await cancel(userId);
    await runRefunds();
    const [payout] = await payoutsOf(key);
    expect(payout).toMatchObject({ status: 'SENT', provider: 'CARD' });
    expect(await ledgerRow(key)).toMatchObject({ subType: 'STRIPE', status: 'PENDING' });
    expect(await refundMails(bought[userId]!.policyNumber)).toHaveLength(1);
    await webhook({
      type: 'REFUND_PAID',
      eventId: 'evt-refund-succeeded',
      providerRefundId: payout!.providerRefundId!,
    });
    expect(await payoutsOf(key)).toEqual([{ ...payout, status: 'PAID' }]);
    expect(await refundLine(userId)).toMatchObject({
      status: 'POSTED',
      amount: payout!.amountPence,
    });
  });
});
