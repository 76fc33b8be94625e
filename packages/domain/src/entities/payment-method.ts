import { z } from 'zod';
import { AgreementStatusSchema } from '../enums/billing-schemas';

export const CardPaymentMethodSchema = z.object({
  type: z.literal('CARD'),
  paymentMethodId: z.string().min(1),
  status: AgreementStatusSchema,
  brand: z.string().nullish(),
  last4: z
    .string()
    .regex(/^\d{4}$/)
    .nullish(),
});
export type CardPaymentMethod = z.infer<typeof CardPaymentMethodSchema>;

/** A direct-debit mandate, shown redacted as bank name and last digits. */
export const DirectDebitMandateSchema = z.object({
  type: z.literal('BACS_DEBIT'),
  mandateId: z.string().min(1),
  status: AgreementStatusSchema,
  bankName: z.string(),
  accountNumberEnding: z.string().regex(/^\d{2,4}$/),
});
export type DirectDebitMandate = z.infer<typeof DirectDebitMandateSchema>;

export const PaymentMethodSchema = z.discriminatedUnion('type', [
  CardPaymentMethodSchema,
  DirectDebitMandateSchema,
]);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
