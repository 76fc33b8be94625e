import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { createApiClient, isApiError } from '../../../lib/api-client';
import { AnonymousSessionError } from '../../../lib/auth/anonymous-session';
import { getLiveAuth } from '../../../lib/auth/live-auth-state';
import { brand } from '../../../lib/brand';
import { reportError } from '../../../lib/error-reporting';
import { sendProposalTracking } from '../../../lib/tracking';

export type RetrieveDetails = {
  externalReference: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  postalCode: string;
};

const RetrievedProposalSchema = z.object({
  proposalCode: z.string(),
  schemeCode: z.string(),
  status: z.string(),
  policyId: z.string().nullish(),
  policyNumber: z.string().nullish(),
});
type RetrievedProposal = z.infer<typeof RetrievedProposalSchema>;

/** The HTTP status a failed retrieve answered with (401 when the details did not match). */
export function getRetrieveFailureStatus(error: unknown): number | null {
  if (error instanceof AnonymousSessionError) return error.status;
  if (isApiError(error)) return error.kind === 'UNAUTHORIZED' ? 401 : (error.status ?? null);
  return null;
}

/**
 * Spec 2 §7: POST /api/session/back-book gives a session that reaches the saved quote (kept as
 * the anonymous session, so every later call uses it); then the proposal with that external
 * reference is listed with it and the first one is used. No match is a 401, like wrong details.
 */
async function retrieveProposal(details: RetrieveDetails): Promise<RetrievedProposal> {
  const externalReference = details.externalReference.trim().toUpperCase();
  const token = await getLiveAuth().anonymous.retrieveToken({
    externalReference,
    dateOfBirth: details.dateOfBirth,
    postalCode: details.postalCode.trim().toUpperCase(),
    brand: brand.brandCode,
  });
  const client = createApiClient({ getAccessToken: () => token });
  const list = await client.get<unknown>(
    `/proposals?externalReference=${encodeURIComponent(externalReference)}`,
  );
  const first = Array.isArray(list) ? RetrievedProposalSchema.safeParse(list[0]) : null;
  if (!first?.success) throw new AnonymousSessionError(401, null);
  // The campaign that brought the customer back is recorded; it never blocks the retrieve.
  await sendProposalTracking(client, first.data.proposalCode).catch((error: unknown) =>
    reportError(error, { where: 'retrieve tracking' }),
  );
  return first.data;
}

export function useRetrieveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrieveProposal,
    // The page shows its own dialog by status (spec 2 §8), not the generic error modal.
    meta: { handlesErrors: true },
    // The session changed: lists cached for the previous one are stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
