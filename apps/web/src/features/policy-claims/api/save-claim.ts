import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClaimResponseSchema,
  type ClaimResponse,
  type CreateClaimRequest,
  type UpdateClaimRequest,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';
import { claimsQueryKey } from './get-claims';

/** A claim added (POST /api/claims) or corrected (PATCH /api/claims/{claimReference}). */
export type SaveClaimRequest =
  | { kind: 'add'; claim: CreateClaimRequest }
  | { kind: 'correct'; claimReference: string; changes: UpdateClaimRequest };

/** Staff with action:mta-claims add or correct a claim; the policy's claims are read again. */
export function useSaveClaim(policyNumber: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SaveClaimRequest): Promise<ClaimResponse> =>
      ClaimResponseSchema.parse(
        request.kind === 'add'
          ? await client.post<unknown>('/claims', request.claim)
          : await client.patch<unknown>(
              `/claims/${encodeURIComponent(request.claimReference)}`,
              request.changes,
            ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsQueryKey(policyNumber) }),
    // The form says so itself, by its fields.
    meta: { handlesErrors: true },
  });
}
