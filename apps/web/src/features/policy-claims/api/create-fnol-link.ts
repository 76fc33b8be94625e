import { useAnalytics } from '../../../lib/analytics';
import { useMutation } from '@tanstack/react-query';
import {
  FnolLinkResponseSchema,
  type FnolLinkRequest,
  type FnolLinkResponse,
} from '@motor/contract';
import { useApiClient } from '../../../lib/use-api-client';

/** POST /api/fnol/link (spec 3 §7 createFnolLink): the online claim page to go to. */
export function useCreateFnolLink() {
  const client = useApiClient();
  const track = useAnalytics();
  return useMutation({
    mutationFn: async (request: FnolLinkRequest): Promise<FnolLinkResponse> =>
      FnolLinkResponseSchema.parse(await client.post<unknown>('/fnol/link', request)),
    onSuccess: (_link, request) => track({ name: 'claim_started', policyId: request.policyId }),
    // The button says so itself (refused, or failed).
    meta: { handlesErrors: true },
  });
}
