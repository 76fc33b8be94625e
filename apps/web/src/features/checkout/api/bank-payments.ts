import { useQuery } from '@tanstack/react-query';
import {
  BankPaymentSessionSchema,
  BankPaymentStatusSchema,
  type BankPaymentSession,
  type BankPaymentStatus,
} from '@motor/contract';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

/** Where the provider sends the customer back after approving: `?bank_payment_id=`. */
export const BANK_PAYMENT_PARAM = 'bank_payment_id';

/**
 * POST /api/goCardless/bank-payments/proposal/{code}: the first monthly payment from the
 * customer's bank, with the Direct Debit for later months set up in the same flow.
 */
export async function startBankPayment(
  client: ApiClient,
  proposalCode: string,
  body: { successPath: string; cancelPath: string },
): Promise<BankPaymentSession> {
  const data = await client.post<unknown>(
    `/goCardless/bank-payments/proposal/${encodeURIComponent(proposalCode)}`,
    body,
  );
  return BankPaymentSessionSchema.parse(data);
}

/**
 * GET /api/goCardless/bank-payments/{id}, every `intervalMs` while it is PENDING: PAID once the
 * provider confirmed the payment and the policy was bound, FAILED when it did not go through.
 */
export function useBankPaymentStatus(bankPaymentId: string | null, intervalMs: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['bank-payment', bankPaymentId],
    queryFn: async ({ signal }): Promise<BankPaymentStatus> =>
      BankPaymentStatusSchema.parse(
        await client.get<unknown>(
          `/goCardless/bank-payments/${encodeURIComponent(bankPaymentId ?? '')}`,
          { signal },
        ),
      ),
    enabled: Boolean(bankPaymentId),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? intervalMs : false),
  });
}
