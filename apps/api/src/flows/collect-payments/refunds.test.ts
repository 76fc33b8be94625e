// Issue 30 item 4: refunds reach the customer. A flex policy bought by card through the real
// checkout and cancelled in its cooling-off period is refunded through the card provider's refund
// API to the payment that took the money (split over several, newest first, when one took less),
// POSTED once the provider paid it, and the customer told;
// a refund the provider refuses goes to the staff queue, is reported by reconciliation, and staff
// pay it by another route or write it off, audited and posted to the ledger.
import { and, asc, eq, like, ne } from 'drizzle-orm';
import { formatMoney } from '@motor/domain';
import { describe, expect, it } from 'vitest';
import type { RefundIssuesResponse, StatementResponse } from '@motor/contract';
import {
  auditLog,
  collections,
  customerAccounts,
  ledgerPostings,
  ledgerTransactions,
  notificationOutbox,
  policies,
  sandboxProviderRecords,
} from '../../db/schema';
import { getAccountTotals } from '../../modules/billing';
import { runDueJobs } from '../../modules/jobs/runner';
import { payOnSandboxCardPage, SANDBOX_GOOD_CARD } from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import { useTestApp } from '../../test/use-test-app';
import { reconcilePayments } from './reconcile';
import { payRefundsJob } from './refunds';
import { REFUND_ISSUE_NOT_OPEN_MESSAGE } from './routes';

const START = '2026-03-02T09:00:00.000Z';
const MINUTE = 60_000;

describe('refunds reach the customer', () => {
  const suite = useTestApp({ at: START, seed: true, assertLedgerBalanced: true });
  const { clock } = suite;
  let staff: Record<string, string>;

  /** A flex policy bought by card through the checkout the browser uses: its ids and payment. */
  async function buyByCard(userId: string, options: { saveCard?: boolean } = {}) {
    const headers = await suite.customer(userId);
    const quote = await createQuote(suite.app, headers);
    const session = await payOnSandboxCardPage(suite.app, headers, quote.proposalCode, {
      saveCard: options.saveCard ?? false,
      paymentMethodType: 'CARD',
    });
    const [policy] = await suite.app.db
      .select()
      .from(policies)
      .where(eq(policies.proposalCode, quote.proposalCode));
    const [payment] = await suite.app.db
      .select()
      .from(collections)
      .where(eq(collections.proposalCode, quote.proposalCode));
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, policy!.policyId));
    return {
      headers,
      policy: policy!,
      account: account!,
      paymentId: payment!.providerPaymentId,
      paidPence: session.amountPence,
    };
  }

  /** Saves a card through the sandbox's set-up page, as the billing tab's "Change card" does. */
  async function saveCardOnSetUpPage(headers: Record<string, string>, number: string) {
    const started = await suite.app.inject({
      method: 'POST',
      url: '/api/stripe/setup',
      headers,
      payload: { clientReference: 'billing', successPath: '/billing', cancelPath: '/billing' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { url } = started.json() as { url: string };
    const form = (path: string, fields: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    await form(url, { ...SANDBOX_GOOD_CARD, number });
    expect((await form(`${url}/authenticate`, { action: 'approve' })).statusCode).toBe(303);
  }

  /** Cancels through the customer's own calls (a cooling-off cancellation within 14 days). */
  async function cancel(policyId: string, headers: Record<string, string>) {
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload: { policyId, adjustmentType: 'CAN', reason: 'Price' },
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

  /** The refund run (the pay-refunds job, every 15 minutes), a quarter of an hour later. */
  async function runJobs() {
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

  const sandboxRecord = async (kind: string, id: string) =>
    (
      await suite.app.db
        .select({ data: sandboxProviderRecords.data })
        .from(sandboxProviderRecords)
        .where(and(eq(sandboxProviderRecords.kind, kind), eq(sandboxProviderRecords.id, id)))
    )[0]?.data;

  async function lastStatement(accountId: string, headers: Record<string, string>) {
    const url = `/api/customerAccounts/${accountId}/statements`;
    const summaries = (await suite.app.inject({ method: 'GET', url, headers })).json() as {
      statementNumber: string;
    }[];
    const newest = summaries
      .map((row) => row.statementNumber)
      .sort()
      .at(-1);
    return (
      await suite.app.inject({ method: 'GET', url: `${url}/${newest}`, headers })
    ).json() as StatementResponse;
  }

  it('pays a card payer’s cooling-off refund back to the card payment, posts it and tells them', async () => {
    const bought = await buyByCard('refund-card-payer');
    clock.set('2026-03-06T12:00:00.000Z');
    const headers = await suite.customer('refund-card-payer');
    // Paid with 4242 (not kept); another card, 3155, saved since on the set-up page.
    await saveCardOnSetUpPage(headers, '4000 0025 0000 3155');
    const key = await cancel(bought.policy.policyId, headers);

    // Tagged with the card provider that took the money, PENDING until it pays it back.
    expect(await ledgerRow(key)).toMatchObject({ subType: 'STRIPE', status: 'PENDING' });
    const before = await lastStatement(bought.account.accountId, headers);
    expect(before.lineItems.at(-1)).toMatchObject({
      type: 'REFUND',
      subType: 'STRIPE',
      status: 'PENDING',
      amount: bought.paidPence,
    });

    await runJobs();
    expect(await sandboxRecord('card-payment', bought.paymentId)).toMatchObject({
      amountPence: bought.paidPence,
      refundedPence: bought.paidPence,
    });
    expect(await sandboxRecord('card-refund', `${key}>${bought.paymentId}`)).toMatchObject({
      status: 'PAID',
    });
    expect(await ledgerRow(key)).toMatchObject({ status: 'POSTED' });
    const after = await lastStatement(
      bought.account.accountId,
      await suite.customer('refund-card-payer'),
    );
    expect(after.lineItems.at(-1)).toMatchObject({
      type: 'REFUND',
      status: 'POSTED',
      amount: bought.paidPence,
    });
    // The money left through the card's clearing account; nothing is left owed either way.
    const legs = await suite.app.db
      .select({ account: ledgerPostings.ledgerAccount, pence: ledgerPostings.amountPence })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, (await ledgerRow(key))!.id));
    const net = (name: string) =>
      legs.filter((leg) => leg.account === name).reduce((sum, leg) => sum + leg.pence, 0);
    expect(net('card_clearing')).toBe(-bought.paidPence);
    expect(net('refunds')).toBe(0);
    expect((await getAccountTotals(suite.app.db, bought.account.accountId)).balancePence).toBe(0);

    const amount = formatMoney(bought.paidPence);
    const mails = await suite.app.db
      .select({ subject: notificationOutbox.subject, body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, 'Your refund%'));
    expect(mails).toEqual([
      {
        subject: `Your refund of ${amount} for policy ${bought.policy.policyNumber} is on its way`,
        body: [
          'Dear Jane Smith,',
          '',
          // The card the money came from, not the card saved now.
          `We have sent your refund of ${amount} for policy ${bought.policy.policyNumber}: ${amount} to your card ending 4242.`,
          'Refunds take 7 to 10 working days.',
        ].join('\n'),
      },
    ]);
    // Another run pays nothing again.
    await runJobs();
    expect(
      (await sandboxRecord('card-payment', bought.paymentId)) as { refundedPence: number },
    ).toMatchObject({ refundedPence: bought.paidPence });
  });

  it('queues a refund the provider refuses, reports it, and lets staff write it off or pay it another way', async () => {
    clock.set('2026-04-01T09:00:00.000Z');
    const first = await buyByCard('refund-refused-1');
    const second = await buyByCard('refund-refused-2');
    // Each payment was refunded in full at the provider's own dashboard, outside the suite.app.
    for (const bought of [first, second]) {
      const outside = await suite.app.providers.cardPayments.refundPayment({
        reference: `dashboard-${bought.paymentId}`,
        providerPaymentId: bought.paymentId,
        amountPence: bought.paidPence,
      });
      expect(outside.status).toBe('PAID');
    }
    clock.set('2026-04-03T09:00:00.000Z');
    const keys = [
      await cancel(first.policy.policyId, await suite.customer('refund-refused-1')),
      await cancel(second.policy.policyId, await suite.customer('refund-refused-2')),
    ];
    await runJobs();
    for (const key of keys) expect(await ledgerRow(key)).toMatchObject({ status: 'PENDING' });

    staff = await suite.staff(['access:operations'], { userId: 'refund-agent' });
    const queue = async () =>
      (
        await suite.app.inject({ method: 'GET', url: '/api/admin/refunds', headers: staff })
      ).json() as RefundIssuesResponse;
    const open = (await queue()).issues.filter((issue) => keys.includes(issue.refundKey));
    expect(open).toEqual([
      expect.objectContaining({
        refundKey: keys[0],
        unsentPence: first.paidPence,
        reason: 'The card provider refused the refund: The refund is more than was paid (sandbox).',
        resolution: null,
      }),
      expect.objectContaining({ refundKey: keys[1], unsentPence: second.paidPence }),
    ]);

    // Reconciliation reports a refund due for more than a day and not sent.
    clock.set('2026-04-04T10:00:00.000Z');
    const findings = await reconcilePayments(suite.app);
    expect(
      findings
        .filter((finding) => finding.kind === 'REFUND_NOT_SENT')
        .map((finding) => [finding.providerPaymentId, finding.ledgerAmountPence]),
    ).toEqual([
      [keys[0], first.paidPence],
      [keys[1], second.paidPence],
    ]);

    const resolve = (id: string, payload: unknown, headers = staff) =>
      suite.app.inject({
        method: 'POST',
        url: `/api/admin/refunds/${id}/resolution`,
        headers,
        payload: payload as object,
      });
    const [written, elsewhere] = open;
    staff = await suite.staff(['access:operations'], { userId: 'refund-agent' });
    // Only staff; a note is needed.
    const customer = await suite.customer('refund-refused-1');
    expect(
      (await resolve(written!.id, { resolution: 'WRITTEN_OFF', note: 'x' }, customer)).statusCode,
    ).toBe(403);
    const noNote = await resolve(written!.id, { resolution: 'WRITTEN_OFF', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain('Say how the refund was paid, or why it is written off.');
    expect(await ledgerRow(keys[0]!)).toMatchObject({ status: 'PENDING' });

    const writeOff = await resolve(written!.id, {
      resolution: 'WRITTEN_OFF',
      note: 'Already refunded from the provider dashboard',
    });
    expect(writeOff.statusCode, writeOff.body).toBe(200);
    expect(writeOff.json()).toMatchObject({
      resolution: 'WRITTEN_OFF',
      resolvedBy: 'refund-agent',
    });
    const again = await resolve(written!.id, { resolution: 'PAID_ELSEWHERE', note: 'Cheque' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REFUND_ISSUE_NOT_OPEN_MESSAGE);
    expect(await ledgerRow(keys[0]!)).toMatchObject({ status: 'FAILED' });
    expect(await ledgerRow(`reversal:${keys[0]}`)).toMatchObject({ type: 'REFUND_REVERSAL' });
    expect(await ledgerRow(`${keys[0]}:write-off`)).toMatchObject({
      type: 'DEBIT_JOURNAL',
      description: 'Refund written off',
    });
    expect((await getAccountTotals(suite.app.db, first.account.accountId)).balancePence).toBe(0);

    const paidElsewhere = await resolve(elsewhere!.id, {
      resolution: 'PAID_ELSEWHERE',
      note: 'Bank transfer, reference RF-1',
    });
    expect(paidElsewhere.statusCode, paidElsewhere.body).toBe(200);
    expect(await ledgerRow(keys[1]!)).toMatchObject({ status: 'POSTED' });
    const legs = await suite.app.db
      .select({ account: ledgerPostings.ledgerAccount, pence: ledgerPostings.amountPence })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, (await ledgerRow(keys[1]!))!.id));
    expect(
      legs.filter((leg) => leg.account === 'refunds_paid_elsewhere').map((leg) => leg.pence),
    ).toEqual([-second.paidPence]);

    const audited = await suite.app.db
      .select({ action: auditLog.action, target: auditLog.target, subject: auditLog.subjectUserId })
      .from(auditLog)
      .where(like(auditLog.action, 'refund.%'))
      .orderBy(asc(auditLog.action));
    expect(audited).toEqual([
      { action: 'refund.paid-elsewhere', target: `refund:${keys[1]}`, subject: 'refund-refused-2' },
      { action: 'refund.write-off', target: `refund:${keys[0]}`, subject: 'refund-refused-1' },
    ]);
    // Nothing is due and not sent any more.
    clock.set('2026-04-05T10:00:00.000Z');
    expect(
      (await reconcilePayments(suite.app)).filter((finding) => finding.kind === 'REFUND_NOT_SENT'),
    ).toEqual([]);
  });
  it('splits a cooling-off refund over the two card payments that took the money', async () => {
    clock.set('2026-05-20T09:00:00.000Z');
    const bought = await buyByCard('refund-split', { saveCard: true });
    // Staff move the payment day to the 1st: the second month (from 20 June) is billed, and the
    // saved card charged, on 1 June, inside the 14 days of cooling-off.
    const staffForOwner = await suite.staff(['access:impersonate'], {
      userId: 'refund-agent',
      impersonate: 'refund-split',
    });
    const moved = await suite.app.inject({
      method: 'PUT',
      url: `/api/customerAccounts/${bought.account.accountId}/paymentDay`,
      headers: staffForOwner,
      payload: { paymentDay: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    clock.set('2026-06-01T10:00:00.000Z');
    for (let tick = 0; tick < 3; tick += 1) {
      clock.advance(MINUTE);
      await runDueJobs(suite.app);
    }
    const [instalment] = await suite.app.db
      .select({ key: ledgerTransactions.idempotencyKey, status: ledgerTransactions.status })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, bought.account.accountId),
          eq(ledgerTransactions.type, 'PAYMENT'),
          ne(ledgerTransactions.idempotencyKey, `payment:${bought.paymentId}`),
        ),
      );
    expect(instalment).toMatchObject({ status: 'POSTED' });
    const instalmentId = instalment!.key.slice('payment:'.length);
    const instalmentPence = (
      (await sandboxRecord('card-payment', instalmentId)) as { amountPence: number }
    ).amountPence;

    clock.set('2026-06-02T12:00:00.000Z');
    const key = await cancel(bought.policy.policyId, await suite.customer('refund-split'));
    await runJobs();
    // The newest payment first, then the deposit: each refunded in full, no more.
    expect(await sandboxRecord('card-payment', instalmentId)).toMatchObject({
      refundedPence: instalmentPence,
    });
    expect(await sandboxRecord('card-payment', bought.paymentId)).toMatchObject({
      refundedPence: bought.paidPence,
    });
    expect(await ledgerRow(key)).toMatchObject({ subType: 'STRIPE', status: 'POSTED' });
    const total = formatMoney(instalmentPence + bought.paidPence);
    const [mail] = await suite.app.db
      .select({ body: notificationOutbox.body })
      .from(notificationOutbox)
      .where(like(notificationOutbox.subject, `Your refund of ${total} for policy %`));
    // The card was kept at checkout: named by its last 4 digits.
    expect(mail?.body).toContain(`${total} to your card ending 4242.`);
  });
});
