import { z } from 'zod';
import { CustomerAccountSchema, PaymentMethodTypeSchema } from '@motor/domain';

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
