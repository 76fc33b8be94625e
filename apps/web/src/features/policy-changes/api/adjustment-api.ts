import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PolicyAdjustmentResponseSchema,
  type CardCheckoutSession,
  type CreatePolicyAdjustmentRequest,
  type MtaCardCheckoutRequest,
  type MtaMotoCheckoutRequest,
  type PolicyAdjustmentResponse,
} from '@motor/contract';
import { findParsed } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { policyQueryKey } from '../../../lib/policy/get-policy';

// The adjustment calls of spec 3 §7: create, read, commit, and the two ways to pay amountDue.
// The pages show their own modals for these failures, so none goes to the app's error modal.

export type PolicyAdjustment = PolicyAdjustmentResponse;

/** POST .../commit: a referred change needs the cancellation agreement (spec 3 §4 item 3). */
type CommitRequest = { cancellationAgreed?: boolean };

const adjustmentQueryKey = (adjustmentId: string) => ['policyAdjustment', adjustmentId] as const;

const POLL_MS = 1500;

const adjustmentPath = (adjustmentId: string) =>
  `/policyAdjustments/${encodeURIComponent(adjustmentId)}`;

/** POST /api/policyAdjustments. */
export function useCreateAdjustment() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (request: CreatePolicyAdjustmentRequest) =>
      PolicyAdjustmentResponseSchema.parse(
        await client.post<unknown>('/policyAdjustments', request),
      ),
    onSuccess: (adjustment) =>
      queryClient.setQueryData(adjustmentQueryKey(adjustment.adjustmentId), adjustment),
  });
}

/** GET /api/policyAdjustments/{id}; null when there is no such adjustment (404). */
export function useAdjustment(
  adjustmentId: string,
  options: { pollUntilConfirmed?: boolean } = {},
) {
  const client = useApiClient();
  return useQuery<PolicyAdjustment | null>({
    queryKey: adjustmentQueryKey(adjustmentId),
    meta: { handlesErrors: true },
    // Back from the card provider, the payment's webhook confirms the adjustment shortly after.
    refetchInterval: (query) =>
      options.pollUntilConfirmed && query.state.data && !query.state.data.confirmed
        ? POLL_MS
        : false,
    queryFn: ({ signal }) =>
      findParsed(client, adjustmentPath(adjustmentId), PolicyAdjustmentResponseSchema, signal),
  });
}

/**
 * Confirms an adjustment: POST .../commit, or the staff phone payment that confirms it. Either
 * way the policy has changed, so it is read again.
 */
export function useConfirmAdjustment(policyId: string, adjustmentId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refreshPolicy = () => queryClient.invalidateQueries({ queryKey: policyQueryKey(policyId) });
  const refresh = () =>
    Promise.all([
      refreshPolicy(),
      queryClient.invalidateQueries({ queryKey: adjustmentQueryKey(adjustmentId) }),
    ]);
  const commit = useMutation({
    meta: { handlesErrors: true },
    // Always a JSON object (the API refuses a JSON request without a body); a referred change
    // carries the customer's cancellation agreement. Answers the adjustment as confirmed.
    mutationFn: async (request: CommitRequest = {}) =>
      PolicyAdjustmentResponseSchema.parse(
        await client.post<unknown>(`${adjustmentPath(adjustmentId)}/commit`, request),
      ),
    // Not awaited: the page leaves first (a referred change cancels the policy, and a cancelled
    // policy no longer has the change routes).
    onSuccess: () => void refresh(),
  });
  const payByPhone = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (request: MtaMotoCheckoutRequest) =>
      client.post<unknown>(
        `/stripe/moto/checkout/mta/${encodeURIComponent(adjustmentId)}`,
        request,
      ),
    onSuccess: refresh,
  });
  const startCardCheckout = useMutation({
    meta: { handlesErrors: true },
    mutationFn: (request: MtaCardCheckoutRequest) =>
      client.post<CardCheckoutSession>(
        `/stripe/checkout/mta/${encodeURIComponent(adjustmentId)}`,
        request,
      ),
  });
  /** Reads the policy again (only the policy: a review page stays on what it reviews). */
  return { commit, payByPhone, startCardCheckout, refreshPolicy };
}

/** One change of one policy, as the pieces after its review name it. */
export type AdjustmentRef = { policyId: string; adjustmentId: string };

/** POST /api/insights/feedback: the service-feedback score after a change. */
export function useSendAdjustmentFeedback() {
  const client = useApiClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (feedback: { policyId: string; rating: number; adjustmentId: string }) =>
      client.post<unknown>('/insights/feedback', {
        type: 'adjustment',
        policyId: feedback.policyId,
        rating: feedback.rating,
        tags: { adjustmentId: feedback.adjustmentId },
      }),
  });
}
