import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ResumedSavedChangeResponseSchema,
  SavedChangeListResponseSchema,
  SavedChangeSchema,
} from '@motor/contract';
import { usePostAndRefresh } from '../../../lib/post-and-refresh';
import type { ApiClient } from '../../../lib/api-client';
import { usePrefetchQueryWhen } from '../../../lib/prefetch';
import { useApiClient } from '../../../lib/use-api-client';

// Saved changes (issue 35 item 5): save a priced change for later, list those kept, return to one.
// The pages show their own messages for these failures, so none goes to the app's error modal.

const savedChangesKey = (policyId: string) => ['savedChanges', policyId] as const;

const adjustmentPath = (adjustmentId: string) =>
  `/policyAdjustments/${encodeURIComponent(adjustmentId)}`;

/** GET /api/policies/{id}/saved-changes: read afresh each time the policy page shows. */
function savedChangesQuery(client: ApiClient, policyId: string) {
  return queryOptions({
    queryKey: savedChangesKey(policyId),
    meta: { handlesErrors: true },
    staleTime: 0,
    queryFn: async ({ signal }) =>
      SavedChangeListResponseSchema.parse(
        await client.get<unknown>(`/policies/${encodeURIComponent(policyId)}/saved-changes`, {
          signal,
        }),
      ),
  });
}

export function useSavedChanges(policyId: string) {
  return useQuery(savedChangesQuery(useApiClient(), policyId));
}

/**
 * Starts the saved changes' read beside the policy's own: read after the policy, their notices
 * arrived after the page had painted and pushed it down. Being stale at once, they are read again
 * when the notices show, which the page shows from this read meanwhile.
 */
export function usePrefetchSavedChanges(policyId: string, isWanted: boolean): void {
  usePrefetchQueryWhen(savedChangesQuery(useApiClient(), policyId), isWanted);
}

/** POST /api/policyAdjustments/{id}/save: answers the saved change (a repeat, the same). */
export function useSaveChange(policyId: string, adjustmentId: string) {
  return usePostAndRefresh({
    path: () => `${adjustmentPath(adjustmentId)}/save`,
    // Always a JSON object: the API refuses a JSON request without a body.
    body: () => ({}),
    schema: SavedChangeSchema,
    refreshes: savedChangesKey(policyId),
  });
}

/** POST /api/policyAdjustments/{id}/resume: the saved change priced again now. */
export function useResumeSavedChange(policyId: string) {
  return usePostAndRefresh({
    path: (adjustmentId: string) => `${adjustmentPath(adjustmentId)}/resume`,
    body: () => ({}),
    schema: ResumedSavedChangeResponseSchema,
    refreshes: savedChangesKey(policyId),
  });
}
