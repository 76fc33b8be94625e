import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './use-api-client';
import type { MarketingPreferences, Policyholder } from './policyholder-schema';
import { useSignedInQuery } from './signed-in-query';

export type { MarketingPreferences, Policyholder };

// GET/PATCH /api/policyholder (apps/api identity account-routes): the account settings. The page
// shell asks for the customer's name on every page, so the schema loads with the first answer,
// not with the shell (no zod in the first route's JS, issue 5).
const parsePolicyholder = async (data: unknown): Promise<Policyholder> =>
  (await import('./policyholder-schema')).PolicyholderSchema.parse(data);

/** Only the changed fields are sent; phoneNumber is read-only. */
export type PolicyholderUpdate = {
  email?: string;
  firstName?: string;
  lastName?: string;
  marketingPreferences?: Partial<MarketingPreferences>;
};

const policyholderQueryKey = ['policyholder'] as const;

async function getPolicyholder(client: ApiClient, signal?: AbortSignal): Promise<Policyholder> {
  return parsePolicyholder(await client.get<unknown>('/policyholder', { signal }));
}

/** The signed-in customer (or, for an admin, the customer acted for). */
export function usePolicyholder(options: { enabled?: boolean; handlesErrors?: boolean } = {}) {
  return useSignedInQuery({ queryKey: policyholderQueryKey, read: getPolicyholder, ...options });
}

export function useUpdatePolicyholder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The forms show a 409 (e-mail in use) inline and pass other failures to the error modal.
    meta: { handlesErrors: true },
    mutationFn: async (changes: PolicyholderUpdate) =>
      parsePolicyholder(await client.patch<unknown>('/policyholder', changes)),
    onSuccess: (policyholder) => queryClient.setQueryData(policyholderQueryKey, policyholder),
  });
}
