// Issue 32 item 7: the finance views' figures, after policies bought through the calls the
// browser makes (the mandate pages; the hosted card page and its signed webhook), equal the
// ledger's: premium and IPT written equal what customers were invoiced, the debt is the settled
// balances (a pending Direct Debit is not paid), aged from the invoices' due days.
import type { FinanceReportResponse } from '@motor/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { collections, ledgerPostings, ledgerTransactions, policies } from '../../db/schema';
import { assertLedgerBalanced } from '../../modules/billing/testing';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { payOnSandboxCardPage } from '../../test/sandbox-payments';
import { createQuote } from '../../test/quotes';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { createTestApp } from '../../test/test-app';
import { liveDaysUntil } from '../../test/live-days';

const PURCHASE_DAY = '2026-03-16T10:00:00.000Z';
const DAY_MS = 86_400_000;

describe('GET /api/admin/finance', () => {
  const clock = createTestClock(PURCHASE_DAY);
  let app: App;
  let staff: Record<string, string>;
  let cardPaid = 0;

  beforeAll(async () => {
    app = await createTestApp({ clock });
    staff = bearer(
      await createTestAccessToken(app, { roles: ['admin'], permissions: ['access:operations'] }),
    );
    await buyFlexByDirectDebit(app, 'finance-direct-debit');
    const card = bearer(await createTestAccessToken(app, { userId: 'finance-card' }));
    const quote = await createQuote(app, card);
    ({ amountPence: cardPaid } = await payOnSandboxCardPage(app, card, quote.proposalCode, {
      paymentMethodType: 'CARD',
    }));
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const report = async (): Promise<FinanceReportResponse> => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/finance', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FinanceReportResponse;
  };

  /** What customers were invoiced, from the ledger's other side: invoicing's receivable postings. */
  const invoiced = async () => {
    const [row] = await app.db
      .select({ total: sql<string>`sum(${ledgerPostings.amountPence})` })
      .from(ledgerPostings)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(
        and(
          eq(ledgerTransactions.group, 'INVOICE'),
          like(ledgerPostings.ledgerAccount, 'receivable:%'),
        ),
      );
    return Number(row?.total);
  };

  it('is for staff with access:operations only', async () => {
    const customer = bearer(await createTestAccessToken(app, { userId: 'finance-card' }));
    const noPermission = bearer(await createTestAccessToken(app, { roles: ['admin'] }));
    for (const headers of [{}, customer, noPermission]) {
      const res = await app.inject({ method: 'GET', url: '/api/admin/finance', headers });
      expect([401, 403]).toContain(res.statusCode);
      expect(res.body).not.toContain('agedDebt');
    }
  });

  it('writes the premium and tax customers were invoiced, in the month, by product', async () => {
    const body = await report();
    expect(body.today).toBe('2026-03-16');
    expect(body.written.map((row) => [row.month, row.schemeCode])).toEqual([
      ['2026-03', 'bmw-flex'],
    ]);
    const [march] = body.written;
    expect(march!.premiumPence).toBeGreaterThan(0);
    expect(march!.iptPence).toBeGreaterThan(0);
    expect(march!.premiumPence + march!.iptPence).toBe(await invoiced());
  });

  it('counts today’s card payment as due today, and the Direct Debit on its charge day', async () => {
    const body = await report();
    const card = body.collectionsToday.find((row) => row.method === 'CARD');
    expect(card).toEqual({
      method: 'CARD',
      due: { count: 1, amountPence: cardPaid },
      failed: { count: 0, amountPence: 0 },
    });
    const [directDebit] = await app.db
      .select()
      .from(collections)
      .where(eq(collections.provider, 'DIRECT_DEBIT'));
    expect(directDebit!.chargeDate).not.toBe('2026-03-16');
    expect(body.collectionsToday.find((row) => row.method === 'DIRECT_DEBIT')!.due.count).toBe(0);
  });

  it('owes the Direct Debit customer’s first payment while it is pending, aged as the days pass', async () => {
    const [directDebit] = await app.db
      .select()
      .from(collections)
      .where(eq(collections.provider, 'DIRECT_DEBIT'));
    const owed = directDebit!.amountPence;
    const today = await report();
    expect(today.agedDebt.map((band) => band.band)).toEqual([
      'NOT_DUE',
      'DAYS_1_30',
      'DAYS_31_60',
      'DAYS_61_90',
      'OVER_90',
    ]);
    // The card payer owes nothing: their payment settled. The Direct Debit one is pending.
    expect(today.agedDebt[0]).toEqual({ band: 'NOT_DUE', accounts: 1, owedPence: owed });
    expect(today.agedDebt.slice(1).every((band) => band.owedPence === 0)).toBe(true);

    // 40 days on, with the collection still unsettled (no job has run): the same debt, older.
    clock.set('2026-04-25T10:00:00.000Z');
    staff = bearer(
      await createTestAccessToken(app, { roles: ['admin'], permissions: ['access:operations'] }),
    );
    const later = await report();
    expect(later.agedDebt.find((band) => band.band === 'DAYS_31_60')).toEqual({
      band: 'DAYS_31_60',
      accounts: 1,
      owedPence: owed,
    });
    expect(later.agedDebt.reduce((sum, band) => sum + band.owedPence, 0)).toBe(owed);
  });
});

describe('GET /api/admin/finance: refunds owed', () => {
  it('counts a cooling-off refund not yet paid out, by how long ago it was due, as the ledger holds it', async () => {
    const clock = createTestClock(PURCHASE_DAY);
    const app = await createTestApp({ clock });
    try {
      const staffHeaders = async () =>
        bearer(
          await createTestAccessToken(app, {
            roles: ['admin'],
            permissions: ['access:operations'],
          }),
        );
      const refunds = async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/admin/finance',
          headers: await staffHeaders(),
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as FinanceReportResponse).refundsPending;
      };
      expect(await refunds()).toEqual([
        { band: 'DAYS_0_7', count: 0, amountPence: 0 },
        { band: 'DAYS_8_14', count: 0, amountPence: 0 },
        { band: 'OVER_14', count: 0, amountPence: 0 },
      ]);
      // A card payer cancels in the cooling-off period: the refund is owed until it is paid out.
      const customer = bearer(await createTestAccessToken(app, { userId: 'finance-refund' }));
      const quote = await createQuote(app, customer);
      await payOnSandboxCardPage(app, customer, quote.proposalCode, { paymentMethodType: 'CARD' });
      const [policy] = await app.db
        .select()
        .from(policies)
        .where(eq(policies.proposalCode, quote.proposalCode));
      clock.advance(2 * DAY_MS);
      // Signed in again two days later.
      const again = bearer(await createTestAccessToken(app, { userId: 'finance-refund' }));
      const created = await app.inject({
        method: 'POST',
        url: '/api/policyAdjustments',
        headers: again,
        payload: { policyId: policy!.policyId, adjustmentType: 'CAN', reason: 'Price' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const committed = await app.inject({
        method: 'POST',
        url: `/api/policyAdjustments/${(created.json() as { adjustmentId: string }).adjustmentId}/commit`,
        headers: again,
        payload: {},
      });
      expect(committed.statusCode, committed.body).toBe(200);

      // The ledger's pending refund, from its other side: the customer's receivable.
      const [pending] = await app.db
        .select({ total: sql<string>`sum(abs(${ledgerPostings.amountPence}))` })
        .from(ledgerPostings)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(
          and(
            eq(ledgerTransactions.type, 'REFUND'),
            eq(ledgerTransactions.status, 'PENDING'),
            like(ledgerPostings.ledgerAccount, 'receivable:%'),
          ),
        );
      const owed = Number(pending?.total);
      expect(owed).toBeGreaterThan(0);
      expect((await refunds())[0]).toEqual({ band: 'DAYS_0_7', count: 1, amountPence: owed });
      // Ten days on with no payout run (no job has run): it is older, and still owed.
      clock.advance(10 * DAY_MS);
      expect((await refunds())[1]).toEqual({ band: 'DAYS_8_14', count: 1, amountPence: owed });
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/admin/finance: policies that ended unpaid', () => {
  const clock = createTestClock(PURCHASE_DAY);
  let app: App;

  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  it('counts a policy not taken up and one cancelled for non-payment, by month and product', async () => {
    // Bought on the mandate pages with the sandbox's failing banks: the first payment fails; the
    // first settles and every later one fails, through the retries, to cancellation.
    const bank = (accountHolderName: string) => ({
      accountHolderName,
      sortCode: '20-29-59',
      accountNumber: '63748472',
    });
    await buyFlexByDirectDebit(app, 'finance-ntu', bank('Fail Payment'));
    await buyFlexByDirectDebit(app, 'finance-non-payment', bank('Fail Payment From 2'));
    await liveDaysUntil(app, clock, '2026-07-15T10:00:00.000Z');
    const staff = bearer(
      await createTestAccessToken(app, { roles: ['admin'], permissions: ['access:operations'] }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/admin/finance', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const { unpaidEndings } = res.json() as FinanceReportResponse;
    expect(unpaidEndings.every((row) => row.schemeCode === 'bmw-flex')).toBe(true);
    expect(unpaidEndings.find((row) => row.month === '2026-03')).toMatchObject({ notTakenUp: 1 });
    expect(unpaidEndings.reduce((sum, row) => sum + row.notTakenUp, 0)).toBe(1);
    expect(unpaidEndings.reduce((sum, row) => sum + row.cancelledForNonPayment, 0)).toBe(1);
    // Months newest first.
    const months = unpaidEndings.map((row) => row.month);
    expect(months).toEqual([...months].sort().reverse());
    // Four months lived day by day with every due job: 15–30 s on a quiet machine, over a minute
    // on a loaded one. The limit only stops a hung run.
  }, 300_000);
});
