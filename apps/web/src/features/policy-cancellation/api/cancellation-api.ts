import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CancellationOptionsResponseSchema,
  PolicyAdjustmentResponseSchema,
  type CancellationOptionsResponse,
  type CreatePolicyAdjustmentRequest,
  type FeedbackRequest,
  type PolicyAdjustmentResponse,
} from '@motor/contract';
import { nullOn404 } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { policyQueryKey } from '../../../lib/policy/get-policy';

// The cancel flow's calls (spec 3 §7): the options, the CAN adjustment, its commit, the feedback.
// Every one handles its own failures (meta.handlesErrors): the flow shows the error-gone modal or
// the stale message, never the generic one.

/** Under the policy's key, so reloading the policy after a cancellation refreshes it too. */
const cancellationOptionsQueryKey = (policyId: string) =>
  [...policyQueryKey(policyId), 'cancellation'] as const;

const NOT_ALLOWED: CancellationOptionsResponse = {
  allowed: false,
  kind: null,
  deferredDates: [],
  reasons: [],
  coolingOffEndsAt: null,
};

/** GET /api/policies/{id}/cancellation; a 404 (no such route or policy) means not allowed. */
export function useCancellationOptions(policyId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: cancellationOptionsQueryKey(policyId),
    queryFn: async ({ signal }) => {
      const data = await nullOn404(
        client.get<unknown>(`/policies/${encodeURIComponent(policyId)}/cancellation`, { signal }),
      );
      return data === null ? NOT_ALLOWED : CancellationOptionsResponseSchema.parse(data);
    },
    meta: { handlesErrors: true },
  });
}

/** POST /api/policyAdjustments with adjustmentType CAN and no changes. */
export function useCreateCancellation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (
      request: Pick<CreatePolicyAdjustmentRequest, 'policyId' | 'effectiveAt' | 'reason'>,
    ): Promise<PolicyAdjustmentResponse> => {
      const body: CreatePolicyAdjustmentRequest = {
        ...request,
        adjustmentType: 'CAN',
        changes: [],
      };
      return PolicyAdjustmentResponseSchema.parse(
        await client.post<unknown>('/policyAdjustments', body),
      );
    },
    meta: { handlesErrors: true },
  });
}

/** POST /api/policyAdjustments/{id}/commit. */
export function useCommitAdjustment() {
  const client = useApiClient();
  return useMutation({
    // An empty JSON object: the API refuses a JSON request without a body.
    mutationFn: (adjustmentId: string) =>
      client.post<unknown>(`/policyAdjustments/${encodeURIComponent(adjustmentId)}/commit`, {}),
    meta: { handlesErrors: true },
  });
}

/** POST /api/insights/feedback: the survey after a cancellation. */
export function useSendCancellationFeedback() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (feedback: Omit<FeedbackRequest, 'type'>) =>
      client.post<unknown>('/insights/feedback', { type: 'cancellation', ...feedback }),
    meta: { handlesErrors: true },
  });
}
