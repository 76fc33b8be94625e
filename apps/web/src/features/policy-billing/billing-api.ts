import { useQuery } from '@tanstack/react-query';
import {
  CardCheckoutSessionSchema,
  CustomerAccountListResponseSchema,
  CustomerAccountResponseSchema,
  MandateListResponseSchema,
  MotoCheckoutResponseSchema,
  NextStatementEstimateResponseSchema,
  StatementResponseSchema,
  StatementSummaryListResponseSchema,
  type CardCheckoutSession,
  type CustomerAccountResponse,
  type Mandate,
  type MotoCheckoutResponse,
  type SettleCheckoutRequest,
  type SettleMotoRequest,
} from '@motor/contract';
import { isApiError, type ApiClient } from '../../lib/api-client';
import { useApiClient } from '../../lib/use-api-client';
import { fetchSavedCard } from '../../lib/saved-card';

// The billing tab's calls (spec 3 §7 "Billing and payment", updatePaymentDay).

const account = (accountId: string) => `/customerAccounts/${encodeURIComponent(accountId)}`;

/** Every billing query sits under BILLING_QUERY_KEY: a payment or a new day refreshes them all. */
export const BILLING_QUERY_KEY = ['billing'] as const;

export const billingQueryKeys = {
  account: (policyNumber: string) => [...BILLING_QUERY_KEY, 'account', policyNumber] as const,
  statements: (accountId: string) => [...BILLING_QUERY_KEY, 'statements', accountId] as const,
  statement: (accountId: string, sid: string) =>
    [...BILLING_QUERY_KEY, 'statements', accountId, sid] as const,
  estimate: (accountId: string) => [...BILLING_QUERY_KEY, 'estimate', accountId] as const,
  mandates: () => [...BILLING_QUERY_KEY, 'mandates'] as const,
  cards: () => [...BILLING_QUERY_KEY, 'cards'] as const,
};

export function useCustomerAccount(policyNumber: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.account(policyNumber),
    meta: { handlesErrors: true },
    queryFn: async ({ signal }) => {
      const accounts = CustomerAccountListResponseSchema.parse(
        await client.get<unknown>(
          `/customerAccounts?policyNumber=${encodeURIComponent(policyNumber)}`,
          { signal },
        ),
      );
      return accounts[0] ?? null;
    },
  });
}

export function useStatements(accountId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.statements(accountId ?? ''),
    enabled: accountId !== undefined,
    queryFn: async ({ signal }) =>
      StatementSummaryListResponseSchema.parse(
        await client.get<unknown>(`${account(accountId!)}/statements`, { signal }),
      ),
  });
}

export function useNextStatementEstimate(accountId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.estimate(accountId ?? ''),
    enabled: accountId !== undefined,
    queryFn: async ({ signal }) => {
      const estimates = NextStatementEstimateResponseSchema.parse(
        await client.get<unknown>(`${account(accountId!)}/nextStatementEstimate`, { signal }),
      );
      // Spec 3 §7 getNextStatement: the first item is used.
      return estimates[0] ?? null;
    },
  });
}

export function useStatement(accountId: string, statementNumber: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.statement(accountId, statementNumber ?? ''),
    meta: { handlesErrors: true },
    enabled: statementNumber !== null,
    queryFn: async ({ signal }) =>
      StatementResponseSchema.parse(
        await client.get<unknown>(
          `${account(accountId)}/statements/${encodeURIComponent(statementNumber!)}`,
          { signal },
        ),
      ),
  });
}

/**
 * The Direct Debit the account is collected from: the customer's newest ACTIVE mandate (spec 3
 * §3: shown redacted as bank and last digits), or null.
 */
export function useActiveMandate(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.mandates(),
    enabled,
    meta: { handlesErrors: true },
    queryFn: async ({ signal }): Promise<Mandate | null> => {
      const mandates = MandateListResponseSchema.parse(
        await client.get<unknown>('/goCardless/mandates', { signal }),
      );
      // Newest first, as the API answers.
      return mandates.find((mandate) => mandate.status === 'ACTIVE') ?? null;
    },
  });
}

/**
 * The card a card account's months are taken from: the customer's saved card, shown as its brand
 * and last 4 digits, or null when none is saved (the months cannot be taken).
 */
export function useSavedCard(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingQueryKeys.cards(),
    enabled,
    meta: { handlesErrors: true },
    queryFn: ({ signal }) => fetchSavedCard(client, signal),
  });
}

export async function updatePaymentDay(
  client: ApiClient,
  options: { accountId: string; policyId: string; paymentDay: number },
): Promise<CustomerAccountResponse> {
  return CustomerAccountResponseSchema.parse(
    await client.put<unknown>(`${account(options.accountId)}/paymentDay`, {
      policyId: options.policyId,
      paymentDay: options.paymentDay,
    }),
  );
}

/** The customer's hosted card checkout for the account's outstanding amount. */
export async function startSettleCheckout(
  client: ApiClient,
  accountId: string,
  request: SettleCheckoutRequest,
): Promise<CardCheckoutSession> {
  return CardCheckoutSessionSchema.parse(
    await client.post<unknown>(`/stripe/settle/${encodeURIComponent(accountId)}`, request),
  );
}

/** Staff take the outstanding amount by phone with a card token. */
export async function settleByPhone(
  client: ApiClient,
  accountId: string,
  request: SettleMotoRequest,
): Promise<MotoCheckoutResponse> {
  return MotoCheckoutResponseSchema.parse(
    await client.post<unknown>(`/stripe/moto/settle/${encodeURIComponent(accountId)}`, request),
  );
}

/** The API's message for a refused call ({ error: { message } }), or null. */
export function findErrorMessage(error: unknown): string | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const data = error.failure.data as { error?: { message?: unknown } } | null;
  const message = data?.error?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
