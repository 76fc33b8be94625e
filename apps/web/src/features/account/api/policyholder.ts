import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useApiClient } from '../../../lib/use-api-client';

// GET/PATCH /api/policyholder (apps/api identity account-routes): the account settings.
export const MarketingPreferencesSchema = z.object({
  email: z.boolean(),
  phone: z.boolean(),
  sms: z.boolean(),
});
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>;

export const PolicyholderSchema = z.object({
  userId: z.string(),
  connection: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  marketingPreferences: MarketingPreferencesSchema,
});
export type Policyholder = z.infer<typeof PolicyholderSchema>;

/** Only the changed fields are sent; phoneNumber is read-only. */
export type PolicyholderUpdate = {
  email?: string;
  firstName?: string;
  lastName?: string;
  marketingPreferences?: Partial<MarketingPreferences>;
};

export const policyholderQueryKey = ['policyholder'] as const;

export async function getPolicyholder(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Policyholder> {
  return PolicyholderSchema.parse(await client.get<unknown>('/policyholder', { signal }));
}

/** The signed-in customer (or, for an admin, the customer acted for). */
export function usePolicyholder(options: { enabled?: boolean; handlesErrors?: boolean } = {}) {
  const client = useApiClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: policyholderQueryKey,
    queryFn: ({ signal }) => getPolicyholder(client, signal),
    enabled: isAuthenticated && (options.enabled ?? true),
    meta: options.handlesErrors ? { handlesErrors: true } : undefined,
  });
}

export function useUpdatePolicyholder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    // The forms show a 409 (e-mail in use) inline and pass other failures to the error modal.
    meta: { handlesErrors: true },
    mutationFn: async (changes: PolicyholderUpdate) =>
      PolicyholderSchema.parse(await client.patch<unknown>('/policyholder', changes)),
    onSuccess: (policyholder) => queryClient.setQueryData(policyholderQueryKey, policyholder),
  });
}
