import {
  BordereauResponseSchema,
  ErrorBodySchema,
  IptReturnResponseSchema,
  MonthReportQuerySchema,
  QuarterReportQuerySchema,
  RenewalPricingResponseSchema,
  type BordereauResponse,
  type IptReturnResponse,
  type RenewalPricingResponse,
} from '@motor/contract';
import { getVersionInForceAt, londonDateString, startOfLondonDate } from '@motor/domain';
import type { FastifyReply } from 'fastify';
import type { AppPlugin, ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import { listWrittenTransactions, sumWrittenPremium } from '../../modules/billing';
import { registeredSchemeCodes } from '../../modules/brand';
import { PERMISSIONS, staffWith } from '../../modules/identity';
import { listPoliciesWithVersions } from '../../modules/policy';
import {
  listKindsOfProposals,
  listRenewalOffers,
  listSchemesOfProposals,
} from '../../modules/proposal';
import { toCsv, toXlsx, XLSX_CONTENT_TYPE, type ReportTable } from './report-files';

// The insurer's reports (issue 35 item 6, decision 041): the premium bordereau and the renewal
// pricing record of a London month and product, and the IPT written in a calendar quarter. Every
// money figure is the ledger's (billing): a bordereau row is one invoicing transaction's postings
// to premium and IPT; the quarter's IPT is `sumWrittenPremium` over the quarter. The policy
// module names the policy, its dates, car and postcode; the proposal module the product, what a
// bind was for (new business or renewal) and the renewal offers' recorded prices.

type Format = 'json' | 'csv' | 'xlsx';
type BordereauRow = BordereauResponse['rows'][number];
type TransactionClass = BordereauRow['transactionClass'];
type Answers = Record<string, unknown>;

/** [start, end) of a London month 'YYYY-MM'. */
function monthRange(month: string): { start: Date; end: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { start: startOfLondonDate(`${month}-01`), end: startOfLondonDate(`${next}-01`) };
}

/** The three London months of a calendar quarter 'YYYY-Qn' (HMRC's IPT return periods). */
function monthsOfQuarter(quarter: string): string[] {
  const [year, q] = [quarter.slice(0, 4), Number(quarter.slice(-1))];
  return [1, 2, 3].map((offset) => `${year}-${String((q - 1) * 3 + offset).padStart(2, '0')}`);
}

function assertKnownScheme(schemeCode: string): void {
  if (!registeredSchemeCodes().includes(schemeCode)) {
    throw new AppError('VALIDATION_FAILED', `No product is called ${schemeCode}.`, {
      fields: [{ path: 'scheme', message: `Choose one of: ${registeredSchemeCodes().join(', ')}` }],
    });
  }
}

/**
 * What a transaction was posted for, from the key its poster gave it: bind's invoice
 * (`bind:<proposal>:invoice`, flows/bind-policy.ts; new business or a renewal by the proposal's
 * kind), the monthly invoicing job's (`invoice:<account>:<n>`, billing/invoicing.ts), a change
 * or cancellation (`adjustment:<id>`, billing/adjustment-money.ts: a credit note
 * is a cancellation), and the credit of a policy not taken up (`ntu:<policy>:credit`,
 * flows/collect-payments/not-taken-up.ts). Anything else goes by its ledger type.
 */
function classOf(
  transaction: { idempotencyKey: string; type: string },
  proposalKind: string | undefined,
): TransactionClass {
  const [prefix] = transaction.idempotencyKey.split(':');
  if (prefix === 'bind') return proposalKind === 'RENEWAL' ? 'RENEWAL' : 'NEW_BUSINESS';
  if (prefix === 'invoice') return 'INSTALMENT';
  if (prefix === 'ntu') return 'NTU';
  if (transaction.type === 'CREDIT_NOTE') return 'CANCELLATION';
  if (prefix === 'adjustment' || transaction.type !== 'INVOICE') return 'MTA';
  return 'INSTALMENT';
}

/** The order of a policy's transactions posted at one instant. */
const RANK: Record<TransactionClass, number> = {
  NEW_BUSINESS: 0,
  RENEWAL: 0,
  INSTALMENT: 1,
  MTA: 2,
  CANCELLATION: 3,
  NTU: 3,
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The outward code of a UK postcode ("SW1A 2AA" → "SW1A"); empty when it is not one. */
function postcodeDistrict(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact) ? compact.slice(0, -3) : '';
}

/** The car (make and model, registration) and the policyholder's postcode district of a quote. */
function describeRisk(quote: Answers | undefined) {
  const assets = (quote?.insuredAssets ?? []) as { coreAsset?: boolean; data?: Answers }[];
  const vehicle = ((assets.find((item) => item.coreAsset) ?? assets[0])?.data?.vehicle ??
    {}) as Answers;
  const specification = (vehicle.specification ?? {}) as Answers;
  const profiles = (quote?.insuredProfiles ?? []) as { policyholder?: boolean; data?: Answers }[];
  const address = ((profiles.find((item) => item.policyholder) ?? profiles[0])?.data?.address ??
    {}) as Answers;
  return {
    vehicle: [text(specification.make), text(specification.model)].filter(Boolean).join(' '),
    registration: (text(vehicle.vrn) || text(specification.vrn)).replace(/\s+/g, '').toUpperCase(),
    postcodeDistrict: postcodeDistrict(text(address.postalCode)),
  };
}

async function buildBordereau(
  deps: Pick<ServiceDeps, 'db'>,
  options: { month: string; schemeCode: string },
): Promise<BordereauResponse> {
  const transactions = await listWrittenTransactions(deps.db, monthRange(options.month));
  const proposals = await listKindsOfProposals(
    deps.db,
    transactions.map((row) => row.proposalCode),
  );
  const ofScheme = transactions.filter(
    (row) => proposals.get(row.proposalCode)?.schemeCode === options.schemeCode,
  );
  const policies = await listPoliciesWithVersions(
    deps.db,
    ofScheme.flatMap((row) => (row.policyId ? [row.policyId] : [])),
  );
  const rows = ofScheme.map((transaction) => {
    const policy = transaction.policyId ? policies.get(transaction.policyId) : undefined;
    const effectiveAt =
      transaction.servicePeriodStart ?? policy?.inceptedAt ?? transaction.createdAt;
    const version = policy
      ? getVersionInForceAt(
          policy.versions.map((item) => ({ ...item, startedAt: item.startedAt.toISOString() })),
          effectiveAt.toISOString(),
        )
      : undefined;
    const end =
      policy?.terminatedAt && policy.terminatedAt < policy.expiredAt
        ? policy.terminatedAt
        : policy?.expiredAt;
    const row: BordereauRow = {
      policyNumber: policy?.policyNumber ?? '',
      transactionClass: classOf(transaction, proposals.get(transaction.proposalCode)?.kind),
      transactionDate: londonDateString(transaction.createdAt),
      effectiveDate: londonDateString(effectiveAt),
      coverStart: policy ? londonDateString(policy.inceptedAt) : '',
      coverEnd: end ? londonDateString(end) : '',
      netPremiumPence: transaction.premiumPence,
      iptPence: transaction.iptPence,
      ...describeRisk(version?.quote),
    };
    return { row, at: transaction.createdAt.getTime() };
  });
  // Posted at the same instant (a bind and a change made in one moment): the policy's life order.
  rows.sort((a, b) => a.at - b.at || RANK[a.row.transactionClass] - RANK[b.row.transactionClass]);
  return {
    month: options.month,
    schemeCode: options.schemeCode,
    rows: rows.map(({ row }) => row),
    totals: {
      netPremiumPence: rows.reduce((sum, { row }) => sum + row.netPremiumPence, 0),
      iptPence: rows.reduce((sum, { row }) => sum + row.iptPence, 0),
      rowCount: rows.length,
    },
  };
}

async function buildIptReturn(
  deps: Pick<ServiceDeps, 'db'>,
  quarter: string,
): Promise<IptReturnResponse> {
  const months = monthsOfQuarter(quarter);
  const range = { start: monthRange(months[0]!).start, end: monthRange(months[2]!).end };
  const written = await sumWrittenPremium(deps.db, range);
  const schemes = await listSchemesOfProposals(deps.db, [
    ...new Set(written.map((row) => row.proposalCode)),
  ]);
  const rows = new Map<string, IptReturnResponse['rows'][number]>();
  const byScheme = new Map<string, IptReturnResponse['byScheme'][number]>();
  for (const row of written) {
    const schemeCode = schemes.get(row.proposalCode) ?? 'unknown';
    const key = `${row.month} ${schemeCode}`;
    const entry = rows.get(key) ?? {
      month: row.month,
      schemeCode,
      netPremiumPence: 0,
      iptPence: 0,
    };
    const total = byScheme.get(schemeCode) ?? { schemeCode, netPremiumPence: 0, iptPence: 0 };
    for (const item of [entry, total]) {
      item.netPremiumPence += row.premiumPence;
      item.iptPence += row.iptPence;
    }
    rows.set(key, entry);
    byScheme.set(schemeCode, total);
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.schemeCode.localeCompare(b.schemeCode),
  );
  const schemeTotals = [...byScheme.values()].sort((a, b) =>
    a.schemeCode.localeCompare(b.schemeCode),
  );
  return {
    quarter,
    rows: sorted,
    byScheme: schemeTotals,
    totals: {
      netPremiumPence: schemeTotals.reduce((sum, row) => sum + row.netPremiumPence, 0),
      iptPence: schemeTotals.reduce((sum, row) => sum + row.iptPence, 0),
    },
  };
}

const OUTCOMES = {
  POLICY: 'RENEWED',
  QUOTE: 'OFFERED',
  QUOTE_EXPIRED: 'EXPIRED',
  REFERRAL: 'REFERRED',
  INSUFFICIENT_ACCURACY: 'NOT_PRICED',
} as const;

async function buildRenewalPricing(
  deps: Pick<ServiceDeps, 'db'>,
  options: { month: string; schemeCode: string },
): Promise<RenewalPricingResponse> {
  const offers = await listRenewalOffers(deps.db, {
    schemeCode: options.schemeCode,
    ...monthRange(options.month),
  });
  const sources = await listPoliciesWithVersions(
    deps.db,
    offers.flatMap((offer) => (offer.sourcePolicyId ? [offer.sourcePolicyId] : [])),
  );
  return {
    month: options.month,
    schemeCode: options.schemeCode,
    rows: offers.map((offer) => {
      const rated = offer.renewalRatedPricePence;
      const newBusiness = offer.newBusinessPricePence;
      const price = offer.offeredPence;
      return {
        policyNumber:
          (offer.sourcePolicyId && sources.get(offer.sourcePolicyId)?.policyNumber) || '',
        renewalDate: offer.startAt ? londonDateString(offer.startAt) : '',
        offeredDate: londonDateString(offer.createdAt),
        outcome: OUTCOMES[offer.status],
        renewalRatedPence: rated,
        newBusinessPence: newBusiness,
        renewalPricePence: price,
        isCapped: rated !== null && newBusiness !== null && rated > newBusiness,
        differencePence: newBusiness !== null && price !== null ? newBusiness - price : null,
        renewedPolicyNumber: offer.status === 'POLICY' ? offer.policyNumber : null,
      };
    }),
  };
}

function bordereauTable(report: BordereauResponse): ReportTable {
  const money = 'money' as const;
  return {
    title: `Bordereau ${report.month}`,
    columns: [
      { header: 'Policy number', kind: 'text' },
      { header: 'Transaction', kind: 'text' },
      { header: 'Transaction date', kind: 'text' },
      { header: 'Effective date', kind: 'text' },
      { header: 'Cover start', kind: 'text' },
      { header: 'Cover end', kind: 'text' },
      { header: 'Net premium (GBP)', kind: money },
      { header: 'IPT (GBP)', kind: money },
      { header: 'Gross (GBP)', kind: money },
      { header: 'Vehicle', kind: 'text' },
      { header: 'Registration', kind: 'text' },
      { header: 'Postcode district', kind: 'text' },
    ],
    rows: report.rows.map((row) => [
      row.policyNumber,
      row.transactionClass,
      row.transactionDate,
      row.effectiveDate,
      row.coverStart,
      row.coverEnd,
      row.netPremiumPence,
      row.iptPence,
      row.netPremiumPence + row.iptPence,
      row.vehicle,
      row.registration,
      row.postcodeDistrict,
    ]),
    totals: [
      'Total',
      `${report.totals.rowCount} transactions`,
      null,
      null,
      null,
      null,
      report.totals.netPremiumPence,
      report.totals.iptPence,
      report.totals.netPremiumPence + report.totals.iptPence,
      null,
      null,
      null,
    ],
  };
}

function iptTable(report: IptReturnResponse): ReportTable {
  return {
    title: `IPT ${report.quarter}`,
    columns: [
      { header: 'Month', kind: 'text' },
      { header: 'Product', kind: 'text' },
      { header: 'Net premium (GBP)', kind: 'money' },
      { header: 'IPT (GBP)', kind: 'money' },
    ],
    rows: [
      ...report.rows.map((row) => [row.month, row.schemeCode, row.netPremiumPence, row.iptPence]),
      ...report.byScheme.map((row) => [
        report.quarter,
        row.schemeCode,
        row.netPremiumPence,
        row.iptPence,
      ]),
    ],
    totals: [report.quarter, 'Total', report.totals.netPremiumPence, report.totals.iptPence],
  };
}

function renewalPricingTable(report: RenewalPricingResponse): ReportTable {
  return {
    title: `Renewal pricing ${report.month}`,
    columns: [
      { header: 'Policy number', kind: 'text' },
      { header: 'Renewal date', kind: 'text' },
      { header: 'Offered on', kind: 'text' },
      { header: 'Outcome', kind: 'text' },
      { header: 'Renewal price (GBP)', kind: 'money' },
      { header: 'Equivalent new-business price (GBP)', kind: 'money' },
      { header: 'Renewal rated before cap (GBP)', kind: 'money' },
      { header: 'Capped', kind: 'boolean' },
      { header: 'New-business less renewal (GBP)', kind: 'money' },
      { header: 'Renewed as', kind: 'text' },
    ],
    rows: report.rows.map((row) => [
      row.policyNumber,
      row.renewalDate,
      row.offeredDate,
      row.outcome,
      row.renewalPricePence,
      row.newBusinessPence,
      row.renewalRatedPence,
      row.isCapped,
      row.differencePence,
      row.renewedPolicyNumber,
    ]),
  };
}

/** Answers the report as JSON, or as a CSV or XLSX attachment named `fileName`. */
async function sendReport<Report>(
  reply: FastifyReply,
  options: {
    report: Report;
    format: Format;
    fileName: string;
    table: (report: Report) => ReportTable;
  },
) {
  reply.header('cache-control', 'no-store');
  if (options.format === 'json') return reply.send(options.report);
  const table = options.table(options.report);
  const fileName = `${options.fileName}.${options.format}`;
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  if (options.format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(table));
  }
  return reply.type(XLSX_CONTENT_TYPE).send(await toXlsx(table));
}

const FILES_NOTE =
  ' `format=csv` or `format=xlsx` answers the same figures as an attachment (amounts in pounds).';
const refusals = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The insurer's reports for staff with access:operations, as JSON, CSV or XLSX. */
export const insurerReportRoutes: AppPlugin = async (app) => {
  app.get(
    '/admin/reports/bordereau',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'The premium bordereau of a month and product (staff)',
        description:
          'One row per premium-bearing ledger transaction posted in the London month (new ' +
          'business, monthly instalment, change, cancellation, renewal, not taken up) with its ' +
          'net premium and IPT as the ledger holds them, the cover dates, the car and the ' +
          'postcode district; a totals line.' +
          FILES_NOTE,
        querystring: MonthReportQuerySchema,
        response: { 200: BordereauResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { month, scheme, format } = request.query;
      assertKnownScheme(scheme);
      return sendReport(reply, {
        report: await buildBordereau(app, { month, schemeCode: scheme }),
        format,
        fileName: `bordereau-${scheme}-${month}`,
        table: bordereauTable,
      });
    },
  );

  app.get(
    '/admin/reports/ipt',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'Insurance premium tax written in a calendar quarter (staff)',
        description:
          'IPT (and the net premium it is on) written per London month of the quarter and ' +
          'product, per product and in total: the ledger’s postings to IPT payable by invoices, ' +
          'credit notes and journals.' +
          FILES_NOTE,
        querystring: QuarterReportQuerySchema,
        response: { 200: IptReturnResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { quarter, format } = request.query;
      return sendReport(reply, {
        report: await buildIptReturn(app, quarter),
        format,
        fileName: `ipt-${quarter}`,
        table: iptTable,
      });
    },
  );

  app.get(
    '/admin/reports/renewal-pricing',
    {
      config: staffWith(PERMISSIONS.operations),
      schema: {
        tags: ['admin'],
        summary: 'The renewal pricing record of a month and product (staff)',
        description:
          'Each renewal whose new term starts in the London month: the price offered beside the ' +
          'equivalent new-business price and the renewal’s own rating (FCA ICOBS 6B), whether ' +
          'the cap applied, and the outcome.' +
          FILES_NOTE,
        querystring: MonthReportQuerySchema,
        response: { 200: RenewalPricingResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { month, scheme, format } = request.query;
      assertKnownScheme(scheme);
      return sendReport(reply, {
        report: await buildRenewalPricing(app, { month, schemeCode: scheme }),
        format,
        fileName: `renewal-pricing-${scheme}-${month}`,
        table: renewalPricingTable,
      });
    },
  );
};
