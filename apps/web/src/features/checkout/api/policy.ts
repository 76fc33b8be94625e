import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/use-api-client';

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
