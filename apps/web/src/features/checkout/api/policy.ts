import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useApiClient } from '../../../lib/use-api-client';

// Only what the success page reads; the policy feature owns the full shape.
export const BoundPolicySchema = z
  .object({
    policyId: z.string(),
    policyNumber: z.string().nullish(),
    status: z.string().nullish(),
    startAt: z.string().nullish(),
    inceptedAt: z.string().nullish(),
  })
  .loose();
export type BoundPolicy = z.infer<typeof BoundPolicySchema>;

export async function getPolicy(
  client: ApiClient,
  policyId: string,
  signal?: AbortSignal,
): Promise<BoundPolicy> {
  const data = await client.get<unknown>(`/policies/${encodeURIComponent(policyId)}`, { signal });
  return BoundPolicySchema.parse(data);
}

/** GET /api/policies/{id} once signed in; the success page works without it (handles errors). */
export function useBoundPolicy(policyId: string | null | undefined) {
  const client = useApiClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['policy', policyId],
    queryFn: ({ signal }) => getPolicy(client, policyId ?? '', signal),
    enabled: isAuthenticated && Boolean(policyId),
    meta: { handlesErrors: true },
  });
}

export type BindFeedback = { policyId: string; rating: number; comment?: string };

/** POST /api/insights/feedback: the bind survey, tagged with the new policy. */
export function useSendBindFeedback() {
  const client = useApiClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (feedback: BindFeedback) =>
      client.post<unknown>('/insights/feedback', { type: 'bind', ...feedback }),
  });
}
