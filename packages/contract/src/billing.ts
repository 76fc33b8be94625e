import { z } from 'zod';
import {
  CustomerAccountSchema,
  LineItemSchema,
  PaymentMethodTypeSchema,
  PenceSchema,
  StatementSchema,
  StatementSummarySchema,
} from '@motor/domain';

// Customer accounts (spec 3 §3, §7): POST /api/proposals/{code}/account, GET and POST
// /api/customerAccounts. Balances are in pence, derived from the ledger.

export const CustomerAccountResponseSchema = CustomerAccountSchema.extend({
  /** Null until the first bind sets it. */
  paymentMethodType: PaymentMethodTypeSchema.nullable(),
  proposalCode: z.string(),
  /** Null until the proposal is bound. */
  policyId: z.string().nullable(),
  /**
   * Payments with a provider, not settled yet (pence): being collected, so neither counted in
   * accountBalance nor asked for again in outstandingAmount.
   */
  pendingPaymentAmount: PenceSchema,
  /** Refunds on their way to the customer, not settled yet (pence). */
  pendingRefundAmount: PenceSchema,
  /**
   * The first payment, taken by Direct Debit at purchase, while it is on its way: how much and
   * the London day (yyyy-MM-dd) it is taken from the customer's bank. Null otherwise.
   */
  firstCollection: z
    .object({ amountPence: PenceSchema, chargeDate: z.string() })
    .nullable()
    .optional(),
}).meta({ id: 'CustomerAccount' });
export type CustomerAccountResponse = z.infer<typeof CustomerAccountResponseSchema>;

export const CustomerAccountListResponseSchema = z.array(CustomerAccountResponseSchema);

export const ListCustomerAccountsQuerySchema = z.object({
  proposalCode: z.string().min(1).max(100).optional(),
  policyNumber: z.string().min(1).max(40).optional(),
});

export const CreateCustomerAccountRequestSchema = z
  .object({ proposalCode: z.string().min(1).max(100) })
  .meta({ id: 'CreateCustomerAccountRequest' });

// Statements (spec 3 §3, §7): GET /api/customerAccounts/{id}/statements, …/statements/{sid} and
// …/nextStatementEstimate. Derived from the ledger on every read; amounts in pence.

export const CustomerAccountParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const CustomerStatementParamsSchema = CustomerAccountParamsSchema.extend({
  /** The statementNumber. */
  sid: z.string().min(1).max(100),
});

export const StatementSummaryResponseSchema = StatementSummarySchema.meta({
  id: 'StatementSummary',
});
export type StatementSummaryResponse = z.infer<typeof StatementSummaryResponseSchema>;

/** Newest first. */
export const StatementSummaryListResponseSchema = z.array(StatementSummaryResponseSchema);

export const StatementResponseSchema = StatementSchema.extend({
  statementSummary: StatementSummaryResponseSchema,
  lineItems: z.array(LineItemSchema.meta({ id: 'StatementLineItem' })),
}).meta({ id: 'Statement' });
export type StatementResponse = z.infer<typeof StatementResponseSchema>;

/** The next bill as a DRAFT statement: one item, or none when no bill is to come. */
export const NextStatementEstimateResponseSchema = z.array(StatementResponseSchema);

// Payment day (spec 3 §5, §7 updatePaymentDay): PUT /api/customerAccounts/{id}/paymentDay and
// POST /api/policies/{id}/billingDay. Staff acting for the customer only, with the brand's
// allowModifyBillingDay on and the account ACTIVE; answers the updated account.

const PaymentDayValueSchema = z
  .number({ error: 'Enter a payment day from 1 to 28' })
  .int({ error: 'Enter a payment day from 1 to 28' })
  .min(1, { error: 'Enter a payment day from 1 to 28' })
  .max(28, { error: 'Enter a payment day from 1 to 28' });

export const UpdatePaymentDayRequestSchema = z
  .object({
    /** The account's policy, when the caller names it: it must be the account's. */
    policyId: z.string().min(1).max(100).optional(),
    paymentDay: PaymentDayValueSchema,
  })
  .meta({ id: 'UpdatePaymentDayRequest' });
export type UpdatePaymentDayRequest = z.infer<typeof UpdatePaymentDayRequestSchema>;

export const UpdateBillingDayRequestSchema = z
  .object({ billingDay: PaymentDayValueSchema })
  .meta({ id: 'UpdateBillingDayRequest' });
export type UpdateBillingDayRequest = z.infer<typeof UpdateBillingDayRequestSchema>;

/**
 * GET /api/proposals/{code}/unbound-payment: money the customer paid for this quote that made no
 * policy (the quote expired before the payment reached us, or the amount was not the checkout's).
 * It is refunded in full; the return page tells the customer at once.
 */
export const UnboundPaymentResponseSchema = z
  .object({ amountPence: PenceSchema.describe('0 when we hold nothing for this quote') })
  .meta({ id: 'UnboundPayment' });
export type UnboundPaymentResponse = z.infer<typeof UnboundPaymentResponseSchema>;
