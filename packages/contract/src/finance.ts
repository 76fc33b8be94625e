import { z } from 'zod';
import { PenceSchema } from '@motor/domain';

// The finance views for staff (issue 32 item 7): what customers owe by age, today's collections,
// and the premium and tax written each month by product, from the ledger.

export const AGED_DEBT_BANDS = [
  'NOT_DUE',
  'DAYS_1_30',
  'DAYS_31_60',
  'DAYS_61_90',
  'OVER_90',
] as const;

/** How long ago a refund still owed to a customer was due (the pages promise 7 to 10 working days). */
export const REFUND_AGE_BANDS = ['DAYS_0_7', 'DAYS_8_14', 'OVER_14'] as const;

const MoneyCountSchema = z.object({
  count: z.number().int(),
  amountPence: PenceSchema,
});

export const FinanceReportResponseSchema = z
  .object({
    /** The server's time (ISO): "today" and the debts' ages are counted from it. */
    now: z.string(),
    /** The London day "today" is (YYYY-MM-DD). */
    today: z.string(),
    /**
     * What customers owe (settled ledger balances above zero), by how long it has been due: the
     * newest invoices are taken to be the unpaid ones. Every band, in order, zeros included.
     */
    agedDebt: z.array(
      z.object({
        band: z.enum(AGED_DEBT_BANDS),
        /** Accounts with any amount in this band. */
        accounts: z.number().int(),
        owedPence: PenceSchema,
      }),
    ),
    /** Payments asked of the providers for today, and those that failed today, by method. */
    collectionsToday: z.array(
      z.object({
        method: z.enum(['CARD', 'DIRECT_DEBIT']),
        due: MoneyCountSchema,
        failed: MoneyCountSchema,
      }),
    ),
    /**
     * Premium and insurance premium tax written (invoiced, less credit notes) per London month
     * and product, newest month first.
     */
    written: z.array(
      z.object({
        month: z.string(),
        schemeCode: z.string(),
        premiumPence: PenceSchema,
        iptPence: PenceSchema,
      }),
    ),
    /**
     * Policies that ended unpaid, per London month and product, newest month first: not taken up
     * (the first payment failed or never settled) and cancelled for non-payment.
     */
    /**
     * Refunds owed to customers and not paid out yet (waiting for the payout job, with a
     * provider, or in the staff queue), by how long ago they were due: every band, in order.
     */
    refundsPending: z.array(
      z.object({
        band: z.enum(REFUND_AGE_BANDS),
        count: z.number().int(),
        amountPence: PenceSchema,
      }),
    ),
    unpaidEndings: z.array(
      z.object({
        month: z.string(),
        schemeCode: z.string(),
        notTakenUp: z.number().int(),
        cancelledForNonPayment: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'FinanceReport' });
export type FinanceReportResponse = z.infer<typeof FinanceReportResponseSchema>;
