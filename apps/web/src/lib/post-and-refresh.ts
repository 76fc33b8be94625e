import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useApiClient } from './use-api-client';

/**
 * A POST whose page shows its failure itself (the server's words where it has some): the answer
 * is checked against the contract's schema, and what the POST changed is read again
 * (`refreshes`: the query keys under it). Staff actions and saved policy changes post this way.
 */
export function usePostAndRefresh<Input, Data>(request: {
  path: (input: Input) => string;
  body?: (input: Input) => unknown;
  schema: { parse: (data: unknown) => Data };
  refreshes: QueryKey;
  /** Before the refresh, what else follows the answer. */
  onAnswer?: (data: Data) => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (input: Input) =>
      request.schema.parse(await client.post<unknown>(request.path(input), request.body?.(input))),
    onSuccess: (data) => {
      request.onAnswer?.(data);
      return queryClient.invalidateQueries({ queryKey: request.refreshes });
    },
  });
}
