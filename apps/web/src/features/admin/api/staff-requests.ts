import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/use-api-client';

/**
 * A staff page's GET: asked only when the staff member holds the page's permission, its answer
 * checked against the contract's schema, and a 403 left to the page (its Unauthorised page)
 * rather than the error modal.
 */
export function useStaffGet<Data>(request: {
  key: QueryKey;
  path: string;
  schema: { parse: (data: unknown) => Data };
  enabled: boolean;
}) {
  const client = useApiClient();
  return useQuery({
    queryKey: request.key,
    enabled: request.enabled,
    meta: { handlesForbidden: true },
    queryFn: async ({ signal }): Promise<Data> =>
      request.schema.parse(await client.get<unknown>(request.path, { signal })),
  });
}

/**
 * A staff action's POST: the page shows its failure itself (the server's words where it has
 * some), the answer is checked against the contract's schema, and what the action changed is
 * read again (`refreshes`: the query keys under it).
 */
export function useStaffPost<Input, Data>(request: {
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
