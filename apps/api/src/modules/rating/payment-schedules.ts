import type { PaymentScheduleType } from '@motor/domain';

/**
 * Splits an amount in pence into `count` whole-penny instalments that sum exactly to it. The
 * remainder goes one penny each to the first instalments, so no instalment differs from another
 * by more than 1p and the customer never pays the odd pennies later than the rest.
 */
export function splitIntoInstalments(options: { totalPence: number; count: number }): number[] {
  const { totalPence, count } = options;
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) {
    throw new RangeError(`An instalment total must be whole, non-negative pence: ${totalPence}`);
  }
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`An instalment count must be a positive integer: ${count}`);
  }
  const base = Math.floor(totalPence / count);
  const remainder = totalPence - base * count;
  return Array.from({ length: count }, (_, index) => (index < remainder ? base + 1 : base));
}

export const MONTHLY_INSTALMENT_COUNT = 12;

export type RatedPaymentSchedule = {
  type: PaymentScheduleType;
  totalPence: number;
  instalments: number[];
};

/** Builds the MONTHLY (12 instalments) and SINGLE_PAYMENT schedules of an annual total. */
export function buildPaymentSchedules(totalPence: number): RatedPaymentSchedule[] {
  return [
    {
      type: 'MONTHLY',
      totalPence,
      instalments: splitIntoInstalments({ totalPence, count: MONTHLY_INSTALMENT_COUNT }),
    },
    { type: 'SINGLE_PAYMENT', totalPence, instalments: [totalPence] },
  ];
}
