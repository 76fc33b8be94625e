import { useMutation } from '@tanstack/react-query';
import {
  UploadCommitResponseSchema,
  type UploadCommitRequest,
  type UploadCommitResponse,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** POST /api/documents/upload/commit/{policyId} (spec 3 §7 commitUpload): the staged files. */
export function useCommitUpload(policyId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (request: UploadCommitRequest): Promise<UploadCommitResponse> =>
      UploadCommitResponseSchema.parse(
        await client.post<unknown>(
          `/documents/upload/commit/${encodeURIComponent(policyId)}`,
          request,
        ),
      ),
  });
}
