import { splitIntoInstalments, type PaymentScheduleType } from '@motor/domain';

// The one instalment rule is the domain's (splitIntoInstalments); re-exported for rating's callers.
export { splitIntoInstalments };

const MONTHLY_INSTALMENT_COUNT = 12;

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
