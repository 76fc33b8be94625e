import { z } from 'zod';
import {
  CustomerAccountSchema,
  LineItemSchema,
  PaymentMethodTypeSchema,
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
