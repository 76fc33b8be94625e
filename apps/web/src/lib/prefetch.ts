import {
  useQueryClient,
  type DefaultError,
  type QueryKey,
  type UsePrefetchQueryOptions,
} from '@tanstack/react-query';

/**
 * TanStack's usePrefetchQuery, only while `isWanted`: a page starts the reads its current view
 * shows, not those of every sub-page under its address. Like usePrefetchQuery, it starts nothing
 * when the query is already in the cache.
 */
export function usePrefetchQueryWhen<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  options: UsePrefetchQueryOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  isWanted: boolean,
): void {
  const queryClient = useQueryClient();
  if (isWanted && queryClient.getQueryState(options.queryKey) === undefined) {
    void queryClient.prefetchQuery(options);
  }
}
