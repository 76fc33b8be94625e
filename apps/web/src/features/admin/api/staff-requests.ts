import { useQuery, type QueryKey } from '@tanstack/react-query';
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
