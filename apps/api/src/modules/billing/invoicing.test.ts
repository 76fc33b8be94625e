// Issue 16 item 1: the monthly invoices, raised by the job on the payment day, on the clock.
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { listBilledMonths, prorateBetween } from '@motor/domain';
import { customerAccounts, ledgerPostings, ledgerTransactions, policies } from '../../db/schema';
import { runDueJobs } from '../jobs/runner';
import { computeAmountDueAtBind, transitionPolicy } from '../policy';
import { createQuote } from '../../test/quotes';
import { buyByCard } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';
import { invoiceDueAt, planInvoices, raiseDueInvoices } from './invoicing';

const MINUTE = 60_000;

describe('invoiceDueAt: the payment day on or before the period starts, London midnight', () => {
  it('is the same day when the period starts on the payment day (BST: 23:00 UTC the day before)', () => {
    expect(invoiceDueAt(new Date('2026-04-12T09:00:00.000Z'), 12).toISOString()).toBe(
      '2026-04-11T23:00:00.000Z',
    );
    expect(invoiceDueAt(new Date('2026-02-12T10:00:00.000Z'), 12).toISOString()).toBe(
      '2026-02-12T00:00:00.000Z',
    );
  });

  it('is the 28th before a period starting on the 29th–31st, and last month before a later day', () => {
    expect(invoiceDueAt(new Date('2026-03-31T09:00:00.000Z'), 28).toISOString()).toBe(
      '2026-03-28T00:00:00.000Z',
    );
    expect(invoiceDueAt(new Date('2026-05-05T09:00:00.000Z'), 20).toISOString()).toBe(
      '2026-04-19T23:00:00.000Z',
    );
    expect(invoiceDueAt(new Date('2027-01-03T10:00:00.000Z'), 28).toISOString()).toBe(
      '2026-12-28T00:00:00.000Z',
    );
  });
});

describe('planInvoices: what each month bills', () => {
  /** A stored quote as billing reads it: £1,200.00 a year with £120.00 IPT, 12 instalments. */
  const quote = (options: { instalment: number; monthly?: boolean; discount?: number }) => ({
    availablePaymentSchedules: [
      {
        type: options.monthly === false ? 'SINGLE_PAYMENT' : 'MONTHLY',
        active: true,
        premiumBreakdown: { instalmentAmount: options.instalment },
      },
    ],
    totalPremium: 12 * options.instalment,
    taxAmount: roundTax(12 * options.instalment),
    promotionMonthlyDiscountPence: options.discount ?? null,
  });
  const roundTax = (gross: number) => Math.round((gross * 12) / 112);
  const policy = {
    status: 'ACTIVE' as const,
    inceptedAt: new Date('2026-03-05T10:00:00.000Z'),
    expiredAt: new Date('2027-03-05T10:00:00.000Z'),
    terminatedAt: null,
  };
  const version = (versionNumber: number, startedAt: string, body: Record<string, unknown>) => ({
    versionNumber,
    startedAt: new Date(startedAt),
    quote: body,
  });

  it('raises the 11 months after bind, each due on the payment day before it starts (in advance)', () => {
    const planned = planInvoices({
      policy,
      versions: [version(1, policy.inceptedAt.toISOString(), quote({ instalment: 10_000 }))],
      paymentDay: 20,
      afterPeriod: 0,
    });
    expect(planned.map((invoice) => invoice.period)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(planned[0]).toMatchObject({
      servicePeriod: {
        start: new Date('2026-04-05T09:00:00.000Z'),
        end: new Date('2026-05-05T09:00:00.000Z'),
      },
      // 20 March, GMT: the month from 5 April is billed on the payment day before it.
      dueAt: new Date('2026-03-20T00:00:00.000Z'),
      amountPence: 10_000,
      taxPence: 1_071,
      coverEndsAt: null,
      isLast: false,
    });
    expect(planned.at(-1)).toMatchObject({ period: 11, isLast: true });
    // After period 10 was invoiced only the last is left.
    expect(
      planInvoices({
        policy,
        versions: [version(1, policy.inceptedAt.toISOString(), quote({ instalment: 10_000 }))],
        paymentDay: 20,
        afterPeriod: 10,
      }).map((invoice) => invoice.period),
    ).toEqual([11]);
  });

  it('bills each version its share of a month a change falls in, and the new instalment after', () => {
    const planned = planInvoices({
      policy,
      versions: [
        version(1, policy.inceptedAt.toISOString(), quote({ instalment: 10_000 })),
        // A change from 12:00 on 20 April (BST), inside the month from 5 April not yet billed.
        version(2, '2026-04-20T11:00:00.000Z', quote({ instalment: 13_100 })),
      ],
      paymentDay: 5,
      afterPeriod: 0,
    });
    const month = { start: '2026-04-05T09:00:00.000Z', end: '2026-05-05T09:00:00.000Z' };
    const expected =
      prorateBetween({
        amountPence: 10_000,
        from: month.start,
        to: '2026-04-20T11:00:00.000Z',
        periodStart: month.start,
        periodEnd: month.end,
      }) +
      prorateBetween({
        amountPence: 13_100,
        from: '2026-04-20T11:00:00.000Z',
        to: month.end,
        periodStart: month.start,
        periodEnd: month.end,
      });
    expect(planned[0]!.amountPence).toBe(expected);
    expect(expected).toBeGreaterThan(10_000);
    expect(expected).toBeLessThan(13_100);
    expect(planned[1]!.amountPence).toBe(13_100);
  });

  it('takes the monthly promotion off, bills nothing for a single payment or a policy not taken up', () => {
    const promo = planInvoices({
      policy,
      versions: [
        version(1, policy.inceptedAt.toISOString(), quote({ instalment: 10_000, discount: 8_334 })),
      ],
      paymentDay: 5,
      afterPeriod: 0,
    });
    expect(promo[0]!.amountPence).toBe(10_000 - 8_334);
    const single = quote({ instalment: 120_000, monthly: false });
    expect(
      planInvoices({
        policy,
        versions: [version(1, policy.inceptedAt.toISOString(), single)],
        paymentDay: 5,
        afterPeriod: 0,
      }),
    ).toEqual([]);
    expect(
      planInvoices({
        policy: { ...policy, status: 'NTU' },
        versions: [version(1, policy.inceptedAt.toISOString(), quote({ instalment: 10_000 }))],
        paymentDay: 5,
        afterPeriod: 0,
      }),
    ).toEqual([]);
  });
});

describe('the invoicing job', () => {
  // Bought on 31 January: payment day 28 (capped), billing months end on 28 Feb, 31 Mar, 30 Apr…
  const INCEPTION = '2026-01-31T10:00:00.000Z';
  const suite = useTestApp({ at: INCEPTION, assertLedgerBalanced: true });
  const { clock } = suite;
  let owner: Record<string, string>;

  async function bindFlex(userId: string) {
    owner = await suite.customer(userId);
    const quote = await createQuote(suite.app, owner);
    const due = computeAmountDueAtBind(quote.quote);
    const bound = await buyByCard(suite.app, owner, quote.proposalCode);
    const [account] = await suite.app.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.policyId, bound.policyId));
    const schedule = quote.quote.availablePaymentSchedules.find((s) => s.active)!;
    return {
      policyId: bound.policyId,
      account: account!,
      deposit: due.totalPence,
      instalment: schedule.premiumBreakdown.instalmentAmount,
      total: quote.quote.totals.discounted,
    };
  }

  async function invoicesOf(accountId: string) {
    return suite.app.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.accountId, accountId),
          like(ledgerTransactions.idempotencyKey, 'invoice:%'),
        ),
      )
      .orderBy(ledgerTransactions.servicePeriodStart);
  }

  async function receivableOf(accountId: string) {
    const rows = await suite.app.db
      .select({ amount: ledgerPostings.amountPence, key: ledgerTransactions.idempotencyKey })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(eq(ledgerPostings.ledgerAccount, `receivable:${accountId}`));
    return rows;
  }

  async function nextInvoiceAt(accountId: string) {
    const [row] = await suite.app.db
      .select({ at: customerAccounts.nextInvoiceAt })
      .from(customerAccounts)
      .where(eq(customerAccounts.accountId, accountId));
    return row!.at;
  }

  afterAll(async () => {
    const [total] = await suite.app.db
      .select({ sum: sql<string | null>`sum(${ledgerPostings.amountPence})` })
      .from(ledgerPostings);
    expect(Number(total?.sum ?? 0)).toBe(0);
  });

  it('bills a year: one invoice on each 28th, whatever the month length and BST, the total exactly', async () => {
    clock.set(INCEPTION);
    const policy = await bindFlex('invoiced-owner');
    expect(policy.account.paymentDay).toBe(28);
    const months = listBilledMonths({
      inceptedAt: INCEPTION,
      expiredAt: '2027-01-31T10:00:00.000Z',
      now: '2027-01-31T10:00:00.000Z',
    });
    expect(months).toHaveLength(12);
    // The due days: one per calendar month, on the 28th, from February to December.
    const dues = months.slice(1).map((month) => invoiceDueAt(month.start, 28).toISOString());
    expect(dues).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-28T00:00:00.000Z', // for 31 Mar–30 Apr
      '2026-04-27T23:00:00.000Z', // 28 April, BST
      '2026-05-27T23:00:00.000Z',
      '2026-06-27T23:00:00.000Z',
      '2026-07-27T23:00:00.000Z',
      '2026-08-27T23:00:00.000Z',
      '2026-09-27T23:00:00.000Z',
      '2026-10-28T00:00:00.000Z', // GMT again
      '2026-11-28T00:00:00.000Z',
      '2026-12-28T00:00:00.000Z',
    ]);
    for (const [index, due] of dues.entries()) {
      // A minute before the payment day starts in London: nothing yet.
      clock.set(new Date(Date.parse(due) - MINUTE));
      await runDueJobs(suite.app);
      expect(await invoicesOf(policy.account.accountId)).toHaveLength(index);
      clock.set(new Date(Date.parse(due) + 5 * MINUTE));
      await runDueJobs(suite.app);
      const invoices = await invoicesOf(policy.account.accountId);
      expect(invoices).toHaveLength(index + 1);
      const latest = invoices.at(-1)!;
      expect(latest).toMatchObject({
        type: 'INVOICE',
        status: 'POSTED',
        description: 'Monthly instalment',
        idempotencyKey: `invoice:${policy.account.accountId}:${index + 1}`,
        dueAt: new Date(due),
        servicePeriodStart: months[index + 1]!.start,
        servicePeriodEnd: months[index + 1]!.end,
      });
    }
    const invoices = await invoicesOf(policy.account.accountId);
    expect(invoices.map((row) => row.servicePeriodStart!.toISOString())).toEqual(
      months.slice(1).map((month) => month.start.toISOString()),
    );
    expect(invoices[1]!.servicePeriodStart!.toISOString()).toBe('2026-03-31T09:00:00.000Z');
    // Premium and IPT split, and the year adds up to the quote: deposit + 11 instalments.
    const receivable = await receivableOf(policy.account.accountId);
    const invoiced = receivable
      .filter((row) => row.key.startsWith('invoice:'))
      .reduce((sum, row) => sum + row.amount, 0);
    expect(invoiced).toBe(11 * policy.instalment);
    expect(policy.deposit + invoiced).toBe(policy.total);
    for (const invoice of invoices) {
      const postings = await suite.app.db
        .select()
        .from(ledgerPostings)
        .where(eq(ledgerPostings.transactionId, invoice.id));
      const by = (account: string) =>
        postings.find((p) => p.ledgerAccount === account)?.amountPence;
      expect(by(`receivable:${policy.account.accountId}`)).toBe(policy.instalment);
      expect(by('ipt_payable')).toBeLessThan(0);
      expect((by('premium') ?? 0) + (by('ipt_payable') ?? 0)).toBe(-policy.instalment);
    }
    // Nothing after the last month: the account leaves the job's index.
    expect(await nextInvoiceAt(policy.account.accountId)).toBeNull();
    clock.set('2027-02-28T12:00:00.000Z');
    await runDueJobs(suite.app);
    expect(await invoicesOf(policy.account.accountId)).toHaveLength(11);
  });

  it('catches up after days without a run, each month once; reruns and two runners post nothing twice', async () => {
    clock.set(INCEPTION);
    const policy = await bindFlex('catch-up-owner');
    expect(await nextInvoiceAt(policy.account.accountId)).not.toBeNull();
    // No run from bind until mid-May: February, March and April are due (28 Feb, 28 Mar, 28 Apr).
    clock.set('2026-05-15T12:00:00.000Z');
    const runs = await Promise.all([
      raiseDueInvoices(suite.app.db, clock.now()),
      raiseDueInvoices(suite.app.db, clock.now()),
      runDueJobs(suite.app, { owner: 'runner-a' }),
      runDueJobs(suite.app, { owner: 'runner-b' }),
    ]);
    expect(runs[0] + runs[1]).toBeLessThanOrEqual(3);
    const invoices = await invoicesOf(policy.account.accountId);
    expect(invoices.map((row) => row.idempotencyKey)).toEqual(
      [1, 2, 3].map((period) => `invoice:${policy.account.accountId}:${period}`),
    );
    expect(await raiseDueInvoices(suite.app.db, clock.now())).toBe(0);
    await runDueJobs(suite.app);
    expect(await invoicesOf(policy.account.accountId)).toHaveLength(3);
    expect((await nextInvoiceAt(policy.account.accountId))?.toISOString()).toBe(
      '2026-05-27T23:00:00.000Z',
    );
  });

  it('reads only the accounts that are due, through the partial index', async () => {
    // The table is small here, so the planner may prefer a scan; with scans off it takes the index.
    const plan = await suite.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select account_id from customer_accounts where next_invoice_at is not null and next_invoice_at <= ${clock.now()} order by next_invoice_at limit 100`,
      );
    });
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain(
      'customer_accounts_next_invoice_at_idx',
    );
  });

  it('bills nothing after cover ended: cancelled before the month, or not taken up', async () => {
    clock.set(INCEPTION);
    const cancelled = await bindFlex('cancelled-owner');
    const ntu = await bindFlex('ntu-owner');
    clock.set('2026-02-10T12:00:00.000Z');
    await transitionPolicy(suite.app.db, {
      policyId: cancelled.policyId,
      to: 'CANCELLED',
      actor: 'test',
      at: clock.now(),
    });
    await transitionPolicy(suite.app.db, {
      policyId: ntu.policyId,
      to: 'NTU',
      actor: 'test',
      at: clock.now(),
    });
    clock.set('2026-04-01T12:00:00.000Z');
    await runDueJobs(suite.app);
    expect(await invoicesOf(cancelled.account.accountId)).toEqual([]);
    expect(await invoicesOf(ntu.account.accountId)).toEqual([]);
    expect(await nextInvoiceAt(cancelled.account.accountId)).toBeNull();
    expect(await nextInvoiceAt(ntu.account.accountId)).toBeNull();
  });

  it('bills the last month of a deferred cancellation pro rata, up to the end of cover, then stops', async () => {
    clock.set(INCEPTION);
    const policy = await bindFlex('deferred-owner');
    // Cover ends at 12:00 on 15 April: the month from 31 March is billed to then only.
    const endOfCover = new Date('2026-04-15T11:00:00.000Z');
    await suite.app.db
      .update(policies)
      .set({ terminatedAt: endOfCover })
      .where(eq(policies.policyId, policy.policyId));
    clock.set('2026-06-01T12:00:00.000Z');
    await runDueJobs(suite.app);
    const invoices = await invoicesOf(policy.account.accountId);
    expect(invoices).toHaveLength(2);
    const last = invoices[1]!;
    expect(last).toMatchObject({
      description: 'Monthly instalment to the end of cover',
      servicePeriodStart: new Date('2026-03-31T09:00:00.000Z'),
      servicePeriodEnd: endOfCover,
    });
    const expected = prorateBetween({
      amountPence: policy.instalment,
      from: '2026-03-31T09:00:00.000Z',
      to: endOfCover,
      periodStart: '2026-03-31T09:00:00.000Z',
      periodEnd: '2026-04-30T09:00:00.000Z',
    });
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(policy.instalment);
    const receivable = await receivableOf(policy.account.accountId);
    expect(receivable.find((row) => row.key === last.idempotencyKey)?.amount).toBe(expected);
    expect(await nextInvoiceAt(policy.account.accountId)).toBeNull();
  });
});
