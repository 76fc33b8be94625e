// Issue 35 item 6: the insurer's reports, after policies bought, changed, cancelled, not taken up
// and renewed through the calls and jobs that do it. Every money figure equals the ledger's: each
// bordereau row one transaction's postings to premium and IPT, a month's totals billing's
// `sumWrittenPremium`, the quarter's IPT the ipt_payable postings. CSV and XLSX say the same.
import ExcelJS from 'exceljs';
import type { BordereauResponse, IptReturnResponse, RenewalPricingResponse } from '@motor/contract';
import { addIsoDuration, londonDateString } from '@motor/domain';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { ledgerPostings, ledgerTransactions, policies, proposals } from '../../db/schema';
import { sumWrittenPremium } from '../../modules/billing';
import { assertLedgerBalanced } from '../../modules/billing/testing';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { ADD_YOUNG_DRIVER } from '../../modules/proposal';
import { createBoundPolicy } from '../../test/bound-policy';
import { buyFlexByDirectDebit } from '../../test/buy-by-direct-debit';
import { liveDaysUntil } from '../../test/live-days';
import { createTestApp } from '../../test/test-app';
import { settleRenewalsAtExpiry } from '../renew-policy/anniversary';
import { offerDueRenewals, RENEWAL_OFFER_DAYS } from '../renew-policy/offer';

const START = '2026-03-02T10:00:00.000Z';
const DAY = 86_400_000;

/** The ledger's own sums, from its postings: written is minus the premium and IPT credits. */
async function ledgerWritten(app: App, range: { start: Date; end: Date }) {
  const rows = await app.db
    .select({
      id: ledgerTransactions.id,
      account: ledgerPostings.ledgerAccount,
      total: sql<string>`sum(${ledgerPostings.amountPence})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(
      and(
        gte(ledgerTransactions.createdAt, range.start),
        lt(ledgerTransactions.createdAt, range.end),
        inArray(ledgerPostings.ledgerAccount, ['premium', 'ipt_payable']),
      ),
    )
    .groupBy(ledgerTransactions.id, ledgerPostings.ledgerAccount);
  const byTransaction = new Map<string, { net: number; ipt: number }>();
  for (const row of rows) {
    const entry = byTransaction.get(row.id) ?? { net: 0, ipt: 0 };
    if (row.account === 'premium') entry.net -= Number(row.total);
    else entry.ipt -= Number(row.total);
    byTransaction.set(row.id, entry);
  }
  const transactions = [...byTransaction.values()];
  return {
    transactions,
    net: transactions.reduce((sum, row) => sum + row.net, 0),
    ipt: transactions.reduce((sum, row) => sum + row.ipt, 0),
  };
}

const monthOf = (start: string, end: string) => ({
  start: new Date(start),
  end: new Date(end),
});
// London months: March 2026 starts in GMT, April in BST.
const MARCH = monthOf('2026-03-01T00:00:00.000Z', '2026-03-31T23:00:00.000Z');
const APRIL = monthOf('2026-03-31T23:00:00.000Z', '2026-04-30T23:00:00.000Z');

const sortPairs = (pairs: { net: number; ipt: number }[]) =>
  pairs.map((pair) => `${pair.net}/${pair.ipt}`).sort();

describe('the insurer’s reports', () => {
  const clock = createTestClock(START);
  let app: App;
  const staff = async () =>
    bearer(
      await createTestAccessToken(app, { roles: ['admin'], permissions: ['access:operations'] }),
    );
  const get = async (url: string) => app.inject({ method: 'GET', url, headers: await staff() });
  const json = async <T>(url: string): Promise<T> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  let changedNumber = '';
  let cancelledNumber = '';
  let unpaidNumber = '';

  beforeAll(async () => {
    app = await createTestApp({ clock });
    // Bought, then changed (a young driver added: extra premium).
    const changer = bearer(await createTestAccessToken(app, { userId: 'report-changer' }));
    const changed = await createBoundPolicy(app, changer);
    const created = await app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: changer,
      payload: { policyId: changed.policyId, adjustmentType: 'MTA', changes: ADD_YOUNG_DRIVER },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { adjustmentId } = created.json() as { adjustmentId: string };
    const committed = await app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${adjustmentId}/commit`,
      headers: changer,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    // Bought, then cancelled in the cooling-off period.
    const leaver = bearer(await createTestAccessToken(app, { userId: 'report-leaver' }));
    const cancelled = await createBoundPolicy(app, leaver);
    const cancellation = await app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers: leaver,
      payload: { policyId: cancelled.policyId, adjustmentType: 'CAN', reason: 'Price' },
    });
    expect(cancellation.statusCode, cancellation.body).toBe(201);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/policyAdjustments/${(cancellation.json() as { adjustmentId: string }).adjustmentId}/commit`,
      headers: leaver,
      payload: {},
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Bought by Direct Debit from a bank that fails the first payment: not taken up.
    const unpaid = await buyFlexByDirectDebit(app, 'report-unpaid', {
      accountHolderName: 'Fail Payment',
      sortCode: '20-29-59',
      accountNumber: '63748472',
    });
    unpaidNumber = unpaid.policyNumber;
    const numberOf = async (policyId: string) =>
      (await app.db.select().from(policies).where(eq(policies.policyId, policyId)))[0]!
        .policyNumber;
    changedNumber = await numberOf(changed.policyId);
    cancelledNumber = await numberOf(cancelled.policyId);
    // The days pass into April: the first collection fails (NTU), April's instalments are raised.
    await liveDaysUntil(app, clock, '2026-04-20T10:00:00.000Z');
  }, 300_000);
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  it('is for staff with access:operations only, and refuses a bad month, quarter or product', async () => {
    const customer = bearer(await createTestAccessToken(app, { userId: 'report-changer' }));
    const noPermission = bearer(await createTestAccessToken(app, { roles: ['admin'] }));
    const url = '/api/admin/reports/bordereau?month=2026-03&scheme=bmw-flex';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [customer, noPermission]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('policyNumber');
    }
    for (const bad of [
      '/api/admin/reports/bordereau?month=2026-13&scheme=bmw-flex',
      '/api/admin/reports/bordereau?month=March&scheme=bmw-flex',
      '/api/admin/reports/bordereau?scheme=bmw-flex',
      '/api/admin/reports/renewal-pricing?month=2026-03&scheme=no-such-product',
      '/api/admin/reports/bordereau?month=2026-03&scheme=bmw-flex&format=pdf',
      '/api/admin/reports/ipt?quarter=2026-Q5',
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect((res.json() as { error: { message: string } }).error.message, bad).toBeTruthy();
    }
    const unknown = await get('/api/admin/reports/bordereau?month=2026-03&scheme=no-such-product');
    expect(unknown.body).toContain('No product is called no-such-product');
  });

  it('lists March’s transactions by class, each figure the ledger’s, totals equal to premium written', async () => {
    const report = await json<BordereauResponse>(
      '/api/admin/reports/bordereau?month=2026-03&scheme=bmw-flex',
    );
    const classes = (number: string) =>
      report.rows.filter((row) => row.policyNumber === number).map((row) => row.transactionClass);
    expect(classes(changedNumber)).toEqual(['NEW_BUSINESS', 'MTA']);
    expect(classes(cancelledNumber)).toEqual(['NEW_BUSINESS', 'CANCELLATION']);
    expect(classes(unpaidNumber)).toEqual(['NEW_BUSINESS', 'NTU']);
    const [bought, change] = report.rows.filter((row) => row.policyNumber === changedNumber);
    expect(bought).toMatchObject({
      transactionDate: '2026-03-02',
      vehicle: expect.stringContaining('BMW'),
      registration: 'BM24XYZ',
      postcodeDistrict: 'SW1A',
    });
    expect(bought!.netPremiumPence).toBeGreaterThan(0);
    expect(change!.netPremiumPence).toBeGreaterThan(0);
    const cancellation = report.rows.find((row) => row.transactionClass === 'CANCELLATION')!;
    expect(cancellation.netPremiumPence).toBeLessThan(0);
    expect(cancellation.coverEnd <= cancellation.coverStart || cancellation.coverEnd < '2027').toBe(
      true,
    );
    // Never the full postcode.
    expect(JSON.stringify(report)).not.toContain('2AA');

    // Each row is one ledger transaction's postings; the totals are the ledger's and billing's.
    const ledger = await ledgerWritten(app, MARCH);
    expect(
      sortPairs(report.rows.map((row) => ({ net: row.netPremiumPence, ipt: row.iptPence }))),
    ).toEqual(sortPairs(ledger.transactions));
    expect(report.totals).toEqual({
      netPremiumPence: ledger.net,
      iptPence: ledger.ipt,
      rowCount: ledger.transactions.length,
    });
    const written = (await sumWrittenPremium(app.db)).filter((row) => row.month === '2026-03');
    expect(report.totals.netPremiumPence).toBe(
      written.reduce((sum, row) => sum + row.premiumPence, 0),
    );
    expect(report.totals.iptPence).toBe(written.reduce((sum, row) => sum + row.iptPence, 0));
  });

  it('lists April’s monthly instalments, equal to the ledger', async () => {
    const report = await json<BordereauResponse>(
      '/api/admin/reports/bordereau?month=2026-04&scheme=bmw-flex',
    );
    const mine = report.rows.filter((row) => row.policyNumber === changedNumber);
    expect(mine.map((row) => row.transactionClass)).toEqual(['INSTALMENT']);
    expect(mine[0]!.effectiveDate.startsWith('2026-0')).toBe(true);
    // The change's car (and young driver) is on the instalment's version: the same car.
    expect(mine[0]!.registration).toBe('BM24XYZ');
    const ledger = await ledgerWritten(app, APRIL);
    expect(report.totals.netPremiumPence).toBe(ledger.net);
    expect(report.totals.iptPence).toBe(ledger.ipt);
    // Another product had nothing.
    const other = await json<BordereauResponse>(
      '/api/admin/reports/bordereau?month=2026-04&scheme=bmw-driveaway',
    );
    expect(other.rows).toEqual([]);
    expect(other.totals).toEqual({ netPremiumPence: 0, iptPence: 0, rowCount: 0 });
  });

  it('downloads the bordereau as CSV and XLSX with the same figures', async () => {
    const url = '/api/admin/reports/bordereau?month=2026-03&scheme=bmw-flex';
    const report = await json<BordereauResponse>(url);
    const csv = await get(`${url}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="bordereau-bmw-flex-2026-03.csv"',
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Policy number,Transaction,Transaction date,Effective date,Cover start,Cover end,' +
        'Net premium (GBP),IPT (GBP),Gross (GBP),Vehicle,Registration,Postcode district',
    );
    expect(lines).toHaveLength(report.rows.length + 2);
    const pounds = (pence: number) =>
      `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
    const first = report.rows[0]!;
    expect(lines[1]!.split(',').slice(0, 9)).toEqual([
      first.policyNumber,
      first.transactionClass,
      first.transactionDate,
      first.effectiveDate,
      first.coverStart,
      first.coverEnd,
      pounds(first.netPremiumPence),
      pounds(first.iptPence),
      pounds(first.netPremiumPence + first.iptPence),
    ]);
    expect(lines.at(-1)!.split(',').slice(6, 8)).toEqual([
      pounds(report.totals.netPremiumPence),
      pounds(report.totals.iptPence),
    ]);

    const xlsx = await get(`${url}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toContain('bordereau-bmw-flex-2026-03.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(report.rows.length + 2);
    const pence = (value: ExcelJS.CellValue) => Math.round(Number(value) * 100);
    report.rows.forEach((row, index) => {
      const cells = sheet.getRow(index + 2);
      expect(cells.getCell(1).value).toBe(row.policyNumber);
      expect(cells.getCell(2).value).toBe(row.transactionClass);
      expect(pence(cells.getCell(7).value)).toBe(row.netPremiumPence);
      expect(pence(cells.getCell(8).value)).toBe(row.iptPence);
    });
    const totals = sheet.getRow(report.rows.length + 2);
    expect(pence(totals.getCell(7).value)).toBe(report.totals.netPremiumPence);
    expect(pence(totals.getCell(8).value)).toBe(report.totals.iptPence);
  });

  it('answers the quarter’s IPT by month and product, equal to the ipt_payable postings', async () => {
    const report = await json<IptReturnResponse>('/api/admin/reports/ipt?quarter=2026-Q2');
    expect(report.rows.map((row) => [row.month, row.schemeCode])).toEqual([
      ['2026-04', 'bmw-flex'],
    ]);
    const april = await ledgerWritten(app, APRIL);
    expect(report.totals).toEqual({ netPremiumPence: april.net, iptPence: april.ipt });
    const q1 = await json<IptReturnResponse>('/api/admin/reports/ipt?quarter=2026-Q1');
    const march = await ledgerWritten(app, MARCH);
    expect(q1.rows.map((row) => row.month)).toEqual(['2026-03']);
    expect(q1.totals.iptPence).toBe(march.ipt);
    expect(q1.byScheme).toEqual([
      { schemeCode: 'bmw-flex', netPremiumPence: march.net, iptPence: march.ipt },
    ]);
    const csv = await get('/api/admin/reports/ipt?quarter=2026-Q1&format=csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="ipt-2026-Q1.csv"');
    expect(csv.body.split('\r\n')[0]).toBe('Month,Product,Net premium (GBP),IPT (GBP)');
  });
});

describe('the renewal pricing record', () => {
  const INCEPTION = '2026-03-12T10:00:00.000Z';
  const EXPIRY = new Date(addIsoDuration(new Date(INCEPTION), 'P12M'));
  const clock = createTestClock(INCEPTION);
  let app: App;
  let policyNumber = '';

  beforeAll(async () => {
    app = await createTestApp({ clock });
    ({ policyNumber } = await buyFlexByDirectDebit(app, 'report-renewing'));
    clock.set(new Date(EXPIRY.getTime() - RENEWAL_OFFER_DAYS * DAY));
    expect(await offerDueRenewals(app)).toBe(1);
  }, 120_000);
  afterAll(async () => {
    await assertLedgerBalanced(app.db);
    await app.close();
  });

  const month = londonDateString(EXPIRY).slice(0, 7);
  const staffGet = async (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: bearer(
        await createTestAccessToken(app, { roles: ['admin'], permissions: ['access:operations'] }),
      ),
    });

  it('records each renewal’s price beside its equivalent new-business price, as offered and as bound', async () => {
    const read = async () => {
      const res = await staffGet(
        `/api/admin/reports/renewal-pricing?month=${month}&scheme=bmw-flex`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as RenewalPricingResponse;
    };
    const [offer] = await app.db.select().from(proposals).where(eq(proposals.kind, 'RENEWAL'));
    const offered = await read();
    expect(offered.rows).toHaveLength(1);
    const [row] = offered.rows;
    expect(row).toMatchObject({
      policyNumber,
      renewalDate: londonDateString(EXPIRY),
      outcome: 'OFFERED',
      renewalRatedPence: offer!.renewalRatedPricePence,
      newBusinessPence: offer!.newBusinessPricePence,
      renewalPricePence: (offer!.quote as { totalPremium: number }).totalPremium,
      renewedPolicyNumber: null,
    });
    expect(row!.newBusinessPence).toBeGreaterThan(0);
    expect(row!.renewalPricePence!).toBeLessThanOrEqual(row!.newBusinessPence!);
    expect(row!.differencePence).toBe(row!.newBusinessPence! - row!.renewalPricePence!);
    expect(row!.isCapped).toBe(row!.renewalRatedPence! > row!.newBusinessPence!);

    // The anniversary binds it: RENEWED, and the bordereau of that month has its RENEWAL line.
    clock.set(new Date(EXPIRY.getTime() + 60_000));
    expect((await settleRenewalsAtExpiry(app)).renewed).toBe(1);
    const bound = (await read()).rows[0]!;
    expect(bound.outcome).toBe('RENEWED');
    expect(bound.renewedPolicyNumber).toMatch(/\S/);
    const bordereau = await staffGet(`/api/admin/reports/bordereau?month=${month}&scheme=bmw-flex`);
    const renewalRows = (bordereau.json() as BordereauResponse).rows.filter(
      (line) => line.transactionClass === 'RENEWAL',
    );
    expect(renewalRows.map((line) => line.policyNumber)).toEqual([bound.renewedPolicyNumber]);
    expect(renewalRows[0]!.netPremiumPence).toBeGreaterThan(0);

    const csv = await staffGet(
      `/api/admin/reports/renewal-pricing?month=${month}&scheme=bmw-flex&format=csv`,
    );
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="renewal-pricing-bmw-flex-${month}.csv"`,
    );
    const [header, line] = csv.body.split('\r\n');
    expect(header).toContain('Equivalent new-business price (GBP)');
    expect(line).toContain(policyNumber);
    const xlsx = await staffGet(
      `/api/admin/reports/renewal-pricing?month=${month}&scheme=bmw-flex&format=xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = workbook.worksheets[0]!.getRow(2);
    expect(Math.round(Number(cells.getCell(5).value) * 100)).toBe(bound.renewalPricePence);
    expect(Math.round(Number(cells.getCell(6).value) * 100)).toBe(bound.newBusinessPence);
  });
});
