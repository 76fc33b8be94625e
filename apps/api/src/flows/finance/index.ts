import {
  ErrorBodySchema,
  FinanceReportResponseSchema,
  REFUND_AGE_BANDS,
  type FinanceReportResponse,
} from '@motor/contract';
import { londonDateString, startOfLondonDay } from '@motor/domain';
import type { AppPlugin, ServiceDeps } from '../../app-types';
import { listAgedDebt, listPendingRefunds, sumWrittenPremium } from '../../modules/billing';
import { PERMISSIONS, staffWith } from '../../modules/identity';
import { summariseCollectionsOn } from '../../modules/payment';
import { listSchemesOfProposals } from '../../modules/proposal';
import { listConfirmedCancellations } from '../../modules/adjustment';
import { countNotTakenUpByMonth, listSchemesOfPolicies } from '../../modules/policy';
import { NON_PAYMENT_REASON } from '../collect-payments';

// The finance views for staff (issue 32 item 7): aged debt and premium written from the ledger
// (billing), refunds still owed (billing), today's collections (payment), each quote's product
// (proposal), policies not taken up (policy) and cancelled for non-payment (adjustment).

/** Later than any London day is long (a day the clocks go back has 25 hours). */
const MORE_THAN_A_DAY_MS = 26 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type UnpaidEnding = FinanceReportResponse['unpaidEndings'][number];

/** The row of a month and product in `rows`, added as `empty` the first time it is asked for. */
function rowOf<Row extends { month: string; schemeCode: string }>(
  rows: Map<string, Row>,
  empty: Row,
): Row {
  const key = `${empty.month} ${empty.schemeCode}`;
  const found = rows.get(key) ?? empty;
  rows.set(key, found);
  return found;
}

/** Policies not taken up (policy) and cancelled for non-payment (adjustment), month by product. */
async function listUnpaidEndings(deps: ServiceDeps): Promise<UnpaidEnding[]> {
  const [notTakenUp, nonPayment] = await Promise.all([
    countNotTakenUpByMonth(deps.db),
    listConfirmedCancellations(deps.db, NON_PAYMENT_REASON),
  ]);
  const schemes = await listSchemesOfPolicies(deps.db, [
    ...new Set(nonPayment.map((row) => row.policyId)),
  ]);
  const endings = new Map<string, UnpaidEnding>();
  const entry = (month: string, schemeCode: string) =>
    rowOf(endings, { month, schemeCode, notTakenUp: 0, cancelledForNonPayment: 0 });
  for (const row of notTakenUp) entry(row.month, row.schemeCode).notTakenUp += row.count;
  for (const row of nonPayment) {
    entry(row.month, schemes.get(row.policyId) ?? 'unknown').cancelledForNonPayment += 1;
  }
  return [...endings.values()].sort(newestMonthFirst);
}

const newestMonthFirst = (
  a: { month: string; schemeCode: string },
  b: { month: string; schemeCode: string },
) => b.month.localeCompare(a.month) || a.schemeCode.localeCompare(b.schemeCode);

/** The refunds still owed, by age: a week, two, and older (the pages promise 7 to 10 working days). */
async function listRefundsPendingByAge(
  deps: ServiceDeps,
): Promise<FinanceReportResponse['refundsPending']> {
  const now = deps.clock.now().getTime();
  const bands = REFUND_AGE_BANDS.map((band) => ({ band, count: 0, amountPence: 0 }));
  for (const refund of await listPendingRefunds(deps.db, { queued: true })) {
    const days = (now - refund.createdAt.getTime()) / DAY_MS;
    const band = bands[days <= 7 ? 0 : days <= 14 ? 1 : 2]!;
    band.count += 1;
    band.amountPence += Math.abs(refund.amountPence);
  }
  return bands;
}

async function buildFinanceReport(deps: ServiceDeps): Promise<FinanceReportResponse> {
  const now = deps.clock.now();
  const start = startOfLondonDay(now);
  const today = londonDateString(now);
  const end = startOfLondonDay(new Date(start.getTime() + MORE_THAN_A_DAY_MS));
  const [agedDebt, collectionsToday, written] = await Promise.all([
    listAgedDebt(deps.db, now),
    summariseCollectionsOn(deps.db, { date: today, start, end }),
    sumWrittenPremium(deps.db),
  ]);
  const schemes = await listSchemesOfProposals(deps.db, [
    ...new Set(written.map((row) => row.proposalCode)),
  ]);
  const byMonthAndScheme = new Map<string, FinanceReportResponse['written'][number]>();
  for (const row of written) {
    const schemeCode = schemes.get(row.proposalCode) ?? 'unknown';
    const entry = rowOf(byMonthAndScheme, {
      month: row.month,
      schemeCode,
      premiumPence: 0,
      iptPence: 0,
    });
    entry.premiumPence += row.premiumPence;
    entry.iptPence += row.iptPence;
  }
  return {
    now: now.toISOString(),
    today,
    agedDebt,
    collectionsToday,
    refundsPending: await listRefundsPendingByAge(deps),
    unpaidEndings: await listUnpaidEndings(deps),
    written: [...byMonthAndScheme.values()].sort(newestMonthFirst),
  };
}

/** GET /api/admin/finance: the finance views' figures (staff with access:operations). */
export const financeAdminRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/finance',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Aged debt, today’s collections and premium written by month (staff)',
        description:
          'From the ledger and the providers’ collections: what customers owe by how long it has ' +
          'been due (settled balances; a pending payment is not paid), the payments due and ' +
          'failed today by method, the refunds still owed by age, and the premium and IPT ' +
          'written per London month and product.',
        response: {
          200: FinanceReportResponseSchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await buildFinanceReport(app)),
  );
};
