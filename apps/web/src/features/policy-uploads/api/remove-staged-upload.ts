import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

/**
 * DELETE /api/documents/upload/stage/{policyId}/{stageId}: a staged file taken off the list is
 * deleted on the server at once. A file the server no longer has (404) counts as removed.
 */
export function useRemoveStagedUpload(policyId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (stageId: string): Promise<void> => {
      try {
        await client.request<unknown>(
          `/documents/upload/stage/${encodeURIComponent(policyId)}/${encodeURIComponent(stageId)}`,
          // An empty JSON object: the client always says JSON, and the API refuses an empty
          // JSON body (400), as the browser's bodiless DELETE would be.
          { method: 'DELETE', body: {} },
        );
      } catch (error) {
        if (isApiError(error) && error.status === 404) return;
        throw error;
      }
    },
    // The file's row says so itself.
    meta: { handlesErrors: true },
  });
}
