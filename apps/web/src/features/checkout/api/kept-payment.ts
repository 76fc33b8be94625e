import { useQuery } from '@tanstack/react-query';
import { KeptPaymentResponseSchema } from '@motor/contract';
import { findParsed } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

/**
 * GET /api/proposals/{code}/kept-payment, polled while a return page waits: the pence the customer
 * paid that made no policy (the quote expired before it reached us, or another amount), being
 * refunded in full; 0 while there is none. Quiet on failure: the page keeps waiting as before.
 */
export function useKeptPayment(proposalCode: string, pollMs: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['checkout', 'kept-payment', proposalCode],
    refetchInterval: pollMs,
    meta: { handlesErrors: true },
    retry: false,
    queryFn: async ({ signal }) => {
      const path = `/proposals/${encodeURIComponent(proposalCode)}/kept-payment`;
      const kept = await findParsed(client, path, KeptPaymentResponseSchema, signal);
      return kept?.amountPence ?? 0;
    },
  });
}
