import { z } from 'zod';
import { PenceSchema } from '@motor/domain';

// The insurer's reports (issue 35 item 6, decision 041): for a London month and a product, the
// premium bordereau (one row per premium-bearing ledger transaction) and the renewal pricing
// record (FCA ICOBS 6B); for a calendar quarter, the insurance premium tax written. JSON here;
// the same figures as CSV or XLSX with `format`.

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;

/** What a bordereau row records, from what its ledger transaction was posted for. */
export const BORDEREAU_CLASSES = [
  'NEW_BUSINESS',
  'INSTALMENT',
  'MTA',
  'CANCELLATION',
  'RENEWAL',
  'NTU',
] as const;

const MONTH_MESSAGE = 'Give the month as YYYY-MM, for example 2026-03.';
const QUARTER_MESSAGE = 'Give the quarter as YYYY-Qn, for example 2026-Q1.';

const MonthSchema = z
  .string({ error: MONTH_MESSAGE })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
  .meta({ example: '2026-03' });
const SchemeSchema = z.string().trim().min(1).max(100).meta({ example: 'bmw-flex' });
const FormatSchema = z.enum(REPORT_FORMATS).default('json');

export const MonthReportQuerySchema = z.object({
  month: MonthSchema,
  scheme: SchemeSchema,
  format: FormatSchema,
});

export const QuarterReportQuerySchema = z.object({
  quarter: z
    .string({ error: QUARTER_MESSAGE })
    .regex(/^\d{4}-Q[1-4]$/, QUARTER_MESSAGE)
    .meta({ example: '2026-Q1' }),
  format: FormatSchema,
});

/** The two figures every report adds up, in pence: premium net of IPT, and the IPT on it. */
const PremiumAndIpt = { netPremiumPence: PenceSchema, iptPence: PenceSchema };

/** A report for one London month and one product: the month, the product and a row each. */
function monthReport<Row extends z.ZodType>(row: Row) {
  return z.object({ month: z.string(), schemeCode: z.string(), rows: z.array(row) });
}

export const BordereauResponseSchema = monthReport(
  z.object({
    policyNumber: z.string(),
    transactionClass: z.enum(BORDEREAU_CLASSES),
    /** The London day the ledger transaction was posted (YYYY-MM-DD). */
    transactionDate: z.string(),
    /** The London day the transaction takes effect: a change's, an instalment's month start. */
    effectiveDate: z.string(),
    coverStart: z.string(),
    /** The term's end, or the day cover ended when it ended early. */
    coverEnd: z.string(),
    // Premium written net of IPT and its IPT, pence: positive written, negative returned.
    ...PremiumAndIpt,
    vehicle: z.string(),
    registration: z.string(),
    /** The outward code only (for example SW1A): never the full postcode. */
    postcodeDistrict: z.string(),
  }),
)
  .extend({ totals: z.object({ ...PremiumAndIpt, rowCount: z.number().int() }) })
  .meta({ id: 'Bordereau' });
export type BordereauResponse = z.infer<typeof BordereauResponseSchema>;

export const IptReturnResponseSchema = z
  .object({
    quarter: z.string(),
    /** IPT written (invoiced less credited) per London month of the quarter and product. */
    rows: z.array(z.object({ month: z.string(), schemeCode: z.string(), ...PremiumAndIpt })),
    byScheme: z.array(z.object({ schemeCode: z.string(), ...PremiumAndIpt })),
    totals: z.object(PremiumAndIpt),
  })
  .meta({ id: 'IptReturn' });
export type IptReturnResponse = z.infer<typeof IptReturnResponseSchema>;

export const RenewalPricingResponseSchema = monthReport(
  z.object({
    /** The policy renewed (the term that ends). */
    policyNumber: z.string(),
    /** The London day the new term starts. */
    renewalDate: z.string(),
    offeredDate: z.string(),
    /** OFFERED (not bound yet), RENEWED (bound), or the offer's status otherwise. */
    outcome: z.enum(['OFFERED', 'RENEWED', 'EXPIRED', 'REFERRED', 'NOT_PRICED']),
    /** The renewing customer's own rating, before the cap (pence with IPT). */
    renewalRatedPence: PenceSchema.nullable(),
    /** The equivalent new-business price (pence with IPT). */
    newBusinessPence: PenceSchema.nullable(),
    /** What the customer was offered: never above the new-business price. */
    renewalPricePence: PenceSchema.nullable(),
    isCapped: z.boolean(),
    /** New-business price less the renewal price: never negative when the cap held. */
    differencePence: PenceSchema.nullable(),
    renewedPolicyNumber: z.string().nullable(),
  }),
).meta({ id: 'RenewalPricingRecord' });
export type RenewalPricingResponse = z.infer<typeof RenewalPricingResponseSchema>;
