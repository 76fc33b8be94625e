import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { mandatesQueryKey } from '../features/checkout/api/payments';
import { paymentMethodsQueryKey } from '../features/home/api/payment-methods';
import { createQueryClient, MANDATES_QUERY_KEY, refetchAfterWrite } from './query-client';

describe('refetchAfterWrite', () => {
  it("refreshes every list under the key: checkout's and home's mandates, kept apart", async () => {
    const showError = vi.fn();
    const queryClient = createQueryClient(showError);
    let mandates = ['before'];
    const watch = (queryKey: readonly string[]) =>
      new QueryObserver(queryClient, { queryKey, queryFn: async () => [...mandates] }).subscribe(
        () => {},
      );
    const stopWatching = [watch(mandatesQueryKey), watch(paymentMethodsQueryKey)];
    await vi.waitFor(() => expect(queryClient.getQueryData(paymentMethodsQueryKey)).toBeDefined());
    // Each page parses the list its own way: they never share a cache entry.
    expect(mandatesQueryKey).not.toEqual(paymentMethodsQueryKey);

    mandates = ['before', 'new'];
    await refetchAfterWrite(queryClient, MANDATES_QUERY_KEY);
    expect(queryClient.getQueryData(mandatesQueryKey)).toEqual(['before', 'new']);
    expect(queryClient.getQueryData(paymentMethodsQueryKey)).toEqual(['before', 'new']);
    expect(showError).not.toHaveBeenCalled();
    for (const stop of stopWatching) stop();
  });
});
