import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposalResponse, UpdateProposalRequest } from '@motor/contract';
import { useShowError } from '../ui/error-modal';
import { isApiError } from '../../lib/api-client';
import { useApiClient } from '../../lib/use-api-client';
import { proposalQueryKey } from '../../lib/query-keys';
import { patchProposal } from '../../lib/proposal-query';

/** One answer the server refused, as it says it. */
export type ServerFieldError = { path: string; message: string };

/** The field errors of a 400 VALIDATION_FAILED answer, or null for any other failure. */
export function readFieldErrors(error: unknown): ServerFieldError[] | null {
  if (!isApiError(error) || error.status !== 400 || error.failure.kind !== 'UNEXPECTED')
    return null;
  const body = error.failure.data as {
    error?: { message?: string; details?: { fields?: ServerFieldError[] } };
  } | null;
  const fields = body?.error?.details?.fields;
  if (Array.isArray(fields) && fields.length > 0) return fields;
  return [{ path: '', message: body?.error?.message ?? '' }];
}

/**
 * What every proposal PATCH does: send the changes, read the proposal the server answers and keep
 * it as the cached proposal. The caller's mutation says what a failure does.
 */
function useProposalPatch(proposalCode: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return {
    mutationFn: (request: UpdateProposalRequest) => patchProposal(client, proposalCode, request),
    meta: { handlesErrors: true },
    onSuccess: (proposal: ProposalResponse) =>
      queryClient.setQueryData(proposalQueryKey(proposalCode), proposal),
  };
}

/**
 * PATCH the proposal (a quote or a renewal) with a section's changes (re-rated). A refused answer (400) is the page's to
 * show in its modal; any other failure opens the app's error modal.
 */
export function useSaveDisclosure(proposalCode: string) {
  const patch = useProposalPatch(proposalCode);
  const showError = useShowError();
  return useMutation({
    ...patch,
    onError: (error) => {
      if (readFieldErrors(error) === null) showError(error);
    },
  });
}

/**
 * PATCH answers saved as the customer goes, without rating (issue 31 item 6): the server keeps
 * them and prices them when the customer continues. Failures say nothing: only answers that pass
 * their own checks are sent, and Continue sends them all again and speaks for any refusal.
 */
export function useSaveDraft(proposalCode: string) {
  return useMutation(useProposalPatch(proposalCode));
}
