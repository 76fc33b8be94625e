import { useMutation, useQueryClient } from '@tanstack/react-query';
import { canAddPaymentMethod } from '@motor/domain';
import type { PaymentMethodType, PolicyAccount } from '@motor/domain';
import { refetchAfterWrite } from '../../../lib/query-client';
import { MANDATES_QUERY_KEY, paymentMethodsQueryKey } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/auth';
import { completeMandate, startPaymentMethodSetup } from '../../../lib/payment-methods';
import { useApiClient } from '../../../lib/use-api-client';
import { useCustomerList } from './fetch-list';
import type { CustomerAccountSummary, PaymentMethodSummary } from './schemas';

export type { CustomerAccountSummary, PaymentMethodSummary };

export type PaymentNotice = { type: PaymentMethodType; accountCode: string };

/**
 * The missing direct-debit and missing-card notices (spec 1 §2, §4): for each payment method type,
 * one notice when an active account uses that type and no active or pending agreement of that type
 * exists (canAddPaymentMethod).
 */
export function getPaymentNotices(options: {
  accounts: readonly CustomerAccountSummary[];
  policyAccounts: readonly PolicyAccount[];
  paymentMethods: readonly PaymentMethodSummary[];
}): PaymentNotice[] {
  const accounts: PolicyAccount[] = [...options.policyAccounts];
  // An account without a payment method type yet (not bound, or nothing to pay) needs none.
  for (const { accountStatus, paymentMethodType } of options.accounts) {
    if (paymentMethodType) accounts.push({ accountStatus, paymentMethodType });
  }
  const notices: PaymentNotice[] = [];
  for (const type of ['BACS_DEBIT', 'CARD'] as const) {
    if (!canAddPaymentMethod({ type, accounts, paymentMethods: options.paymentMethods })) continue;
    const account = options.accounts.find(
      (candidate) => candidate.paymentMethodType === type && candidate.accountStatus === 'ACTIVE',
    );
    notices.push({ type, accountCode: account?.accountCode ?? '' });
  }
  return notices;
}

export function useCustomerAccounts() {
  const { user } = useAuth();
  return useCustomerList({
    queryKey: ['customerAccounts', user?.userId ?? 'anonymous'],
    path: '/customerAccounts',
    schema: (schemas) => schemas.CustomerAccountSchema,
  });
}

export function usePaymentMethods() {
  return useCustomerList({
    queryKey: paymentMethodsQueryKey,
    path: '/goCardless/mandates',
    schema: (schemas) => schemas.PaymentMethodSummarySchema,
  });
}

/** Starts adding a payment method on the provider's hosted page; it comes back home. */
export function useStartAddingPaymentMethod() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (options: { notice: PaymentNotice; mandateDescription: string }) =>
      startPaymentMethodSetup(client, {
        type: options.notice.type,
        accountCode: options.notice.accountCode,
        mandateDescription: options.mandateDescription,
        returnPath: '/',
      }),
  });
}

/** Completes the mandate flow the customer came back from (POST /api/goCardless/mandates). */
export function useCompleteMandate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (redirectFlowId: string) => completeMandate(client, redirectFlowId),
    // The list's first fetch may have started before the mandate existed.
    onSettled: () => refetchAfterWrite(queryClient, MANDATES_QUERY_KEY),
  });
}
