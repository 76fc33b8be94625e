import { useQuery } from '@tanstack/react-query';
import { CustomerAccountListResponseSchema } from '@motor/contract';
import { nullOn404 } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

/**
 * The first Direct Debit of a bought proposal while it is on its way (spec 2 §4.4: the first
 * payment is taken at purchase), from its customer account; null when there is none (card, paid,
 * signed out). Only for the success page's "how much and when" line: a failure shows nothing.
 */
export function useFirstCollection(proposalCode: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['checkout', 'first-collection', proposalCode],
    enabled,
    meta: { handlesErrors: true },
    retry: false,
    queryFn: async ({ signal }) => {
      const data = await nullOn404(
        client.get<unknown>(`/customerAccounts?proposalCode=${encodeURIComponent(proposalCode)}`, {
          signal,
        }),
      );
      if (data === null) return null;
      return CustomerAccountListResponseSchema.parse(data)[0]?.firstCollection ?? null;
    },
  });
}
