import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { VerifyResponseSchema, type VerifyResponse } from '@motor/contract';
import { isApiError } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { proposalPath } from './proposal';

/** POST /api/policyholder/validateAccount: false when the quote's e-mail has an account (409). */
export async function validateAccount(client: ApiClient, proposalCode: string): Promise<boolean> {
  try {
    await client.post<unknown>('/policyholder/validateAccount', { source: proposalCode });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 409) return false;
    throw error;
  }
}

/** PUT /api/proposals/{code}/verify: identity checks plus our business checks. */
export async function verifyCustomer(
  client: ApiClient,
  proposalCode: string,
): Promise<VerifyResponse> {
  return VerifyResponseSchema.parse(
    await client.put<unknown>(proposalPath(proposalCode, '/verify'), {}),
  );
}

/**
 * The customer's verification, read when the checkout address is opened (issue 31 item 9): a
 * customer whose checks are not clear is sent to account set-up, which explains it, rather than
 * shown a payment page every action of which the server would refuse. Read afresh each visit.
 */
export function useVerification(proposalCode: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['proposal-verification', proposalCode],
    queryFn: () => verifyCustomer(client, proposalCode),
    enabled,
    gcTime: 0,
    retry: false,
    // Not knowing is not a refusal: the payment page shows, and the server still checks.
    meta: { handlesErrors: true },
  });
}

const CustomerAccountSchema = z.object({
  accountId: z.string(),
  accountCode: z.string().nullish(),
  paymentDay: z.number().int().nullish(),
  paymentMethodType: z.enum(['CARD', 'BACS_DEBIT']).nullish(),
  accountStatus: z.string().nullish(),
  accountBalance: z.number().int().nullish(),
  /** Pence still owed on the customer's accounts; above 0 blocks activation. */
  outstandingAmount: z.number().int().nullish(),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

/** How often, and how far apart, a 402 from account creation is retried (spec 2 §8). */
const ACCOUNT_RETRY = { attempts: 4, delayMs: 750 } as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/proposals/{code}/account. The billing system answers 402 while the customer's
 * record is still being prepared: that answer is retried a few times after a short pause.
 */
export async function createCustomerAccount(
  client: ApiClient,
  proposalCode: string,
  retry: { attempts: number; delayMs: number } = ACCOUNT_RETRY,
): Promise<CustomerAccount> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const data = await client.post<unknown>(proposalPath(proposalCode, '/account'), {});
      return CustomerAccountSchema.parse(data);
    } catch (error) {
      const isPaymentRequired = isApiError(error) && error.status === 402;
      if (!isPaymentRequired || attempt >= retry.attempts) throw error;
      await wait(retry.delayMs);
    }
  }
}

/**
 * What blocks a new policy from starting (spec 2 §4 outstanding balance), in pence: a debt on the
 * account just created, or arrears on a suspended account (GET /api/customerAccounts). An active
 * account whose Direct Debit collection is still in flight is not in arrears.
 */
export async function getOutstandingPence(
  client: ApiClient,
  created: CustomerAccount,
): Promise<number> {
  const data = await client.get<unknown>('/customerAccounts');
  const accounts = z.array(CustomerAccountSchema).parse(Array.isArray(data) ? data : []);
  const blocking = accounts.filter(
    (account) => account.accountId !== created.accountId && account.accountStatus === 'SUSPENDED',
  );
  return [created, ...blocking].reduce(
    (sum, account) => sum + Math.max(0, account.outstandingAmount ?? 0),
    0,
  );
}

const BindResultSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string().nullish(),
  status: z.string().nullish(),
});
export type BindResult = z.infer<typeof BindResultSchema>;

/** POST /api/proposals/{code}/bind; the server makes it idempotent per proposal. */
export async function bindProposal(
  client: ApiClient,
  proposalCode: string,
  paymentMethodType?: 'CARD' | 'BACS_DEBIT',
): Promise<BindResult> {
  const body = paymentMethodType ? { paymentMethodType } : {};
  return BindResultSchema.parse(
    await client.post<unknown>(proposalPath(proposalCode, '/bind'), body),
  );
}
