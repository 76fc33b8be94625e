import { z } from 'zod';
import { AccountStatusSchema, PaymentMethodTypeSchema } from '../enums/billing-schemas';
import { PenceSchema } from './common';
import { MAX_PAYMENT_DAY, MIN_PAYMENT_DAY } from './payment-day';

export { MAX_PAYMENT_DAY, MIN_PAYMENT_DAY };

export const PaymentDaySchema = z.number().int().min(MIN_PAYMENT_DAY).max(MAX_PAYMENT_DAY);

/** One customer account per policy; balances are derived from the ledger. */
export const CustomerAccountSchema = z.object({
  accountId: z.string().min(1),
  /** Equals the policy number. */
  accountCode: z.string().min(1),
  paymentDay: PaymentDaySchema,
  paymentMethodType: PaymentMethodTypeSchema,
  accountStatus: AccountStatusSchema,
  accountBalance: PenceSchema,
  outstandingAmount: PenceSchema,
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;
