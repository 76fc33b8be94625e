import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isAbortError, isApiError } from './api-client';
import { reportError } from './error-reporting';

type QueryMeta = {
  /** The caller handles failures itself: no error modal. */
  handlesErrors?: boolean;
  /** The page shows a 403 itself (the staff console's Unauthorised page): no error modal. */
  handlesForbidden?: boolean;
};

declare module '@tanstack/react-query' {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

/**
 * The query client with the app-wide failure policy: report, then open the error modal. A 401
 * from the API also goes to onUnauthorized (spec 1 §8: the signed-in user is signed out), even
 * when the caller handles its own errors.
 */
export function createQueryClient(
  showError: (error: unknown) => void,
  onUnauthorized: (error: unknown) => void = () => undefined,
): QueryClient {
  const onError = (error: unknown, meta: QueryMeta | undefined) => {
    if (isAbortError(error)) return;
    if (isApiError(error) && error.kind === 'UNAUTHORIZED') onUnauthorized(error);
    reportError(error);
    if (meta?.handlesErrors) return;
    if (meta?.handlesForbidden && isApiError(error) && error.status === 403) return;
    showError(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // One retry for a dropped connection; HTTP answers are final.
        retry: (failureCount, error) =>
          isApiError(error) && error.kind === 'NETWORK' && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Makes the queries under a key show what a write (a POST) just did. invalidateQueries alone
 * does not when a query's first fetch is still running, having started before the write
 * finished: TanStack Query then hands back that fetch (its answer from before the write) instead
 * of a new one, as it cancels a running fetch only when the query already has data. So running
 * fetches are cancelled first (reverted, no error shown), then the queries fetched again.
 */
export async function refetchAfterWrite(queryClient: QueryClient, queryKey: QueryKey) {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
