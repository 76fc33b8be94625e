import { useQuery } from '@tanstack/react-query';
import { UnboundPaymentResponseSchema } from '@motor/contract';
import { findParsed } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

/**
 * GET /api/proposals/{code}/unbound-payment, polled while a return page waits: the pence the customer
 * paid that made no policy (the quote expired before it reached us, or another amount), being
 * refunded in full; 0 while there is none. Quiet on failure: the page keeps waiting as before.
 */
export function useUnboundPayment(proposalCode: string, pollMs: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['checkout', 'unbound-payment', proposalCode],
    refetchInterval: pollMs,
    meta: { handlesErrors: true },
    retry: false,
    queryFn: async ({ signal }) => {
      const path = `/proposals/${encodeURIComponent(proposalCode)}/unbound-payment`;
      const unbound = await findParsed(client, path, UnboundPaymentResponseSchema, signal);
      return unbound?.amountPence ?? 0;
    },
  });
}
