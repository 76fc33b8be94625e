import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, refetchAfterWrite } from './query-client';
import { checkoutMandatesQueryKey, MANDATES_QUERY_KEY, paymentMethodsQueryKey } from './query-keys';

describe('refetchAfterWrite', () => {
  it("refreshes every list under the key: checkout's and home's mandates, kept apart", async () => {
    const showError = vi.fn();
    const queryClient = createQueryClient(showError);
    let mandates = ['before'];
    const watch = (queryKey: readonly string[]) =>
      new QueryObserver(queryClient, { queryKey, queryFn: async () => [...mandates] }).subscribe(
        () => {},
      );
    const stopWatching = [watch(checkoutMandatesQueryKey), watch(paymentMethodsQueryKey)];
    await vi.waitFor(() => expect(queryClient.getQueryData(paymentMethodsQueryKey)).toBeDefined());
    // Each page parses the list its own way: they never share a cache entry.
    expect(checkoutMandatesQueryKey).not.toEqual(paymentMethodsQueryKey);

    mandates = ['before', 'new'];
    await refetchAfterWrite(queryClient, MANDATES_QUERY_KEY);
    expect(queryClient.getQueryData(checkoutMandatesQueryKey)).toEqual(['before', 'new']);
    expect(queryClient.getQueryData(paymentMethodsQueryKey)).toEqual(['before', 'new']);
    expect(showError).not.toHaveBeenCalled();
    for (const stop of stopWatching) stop();
  });
});
