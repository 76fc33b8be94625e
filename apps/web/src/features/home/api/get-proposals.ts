import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PROPOSAL_STATUSES, sortProposalsByStartDate } from '@motor/domain';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { getLiveAuth } from '../../../lib/auth/live-auth-state';
import { useApiClient } from '../../../lib/use-api-client';
import { fetchList, readRegistration } from './fetch-list';

// Only the fields the home list shows; the contract package owns the full shape.
export const ProposalSummarySchema = z
  .object({
    proposalCode: z.string(),
    /** The reference the customer was given (e-mails, retrieve); the code is only for links. */
    externalReference: z.string().nullish(),
    schemeCode: z.string(),
    status: z.enum(PROPOSAL_STATUSES),
    startAt: z.string().nullish(),
    quote: z.object({ totalPremium: z.number().nullish() }).loose().nullish(),
  })
  .transform(({ quote, ...proposal }) => ({
    ...proposal,
    premiumPence: quote?.totalPremium ?? null,
    registration: readRegistration(quote),
  }));
export type ProposalSummary = z.infer<typeof ProposalSummarySchema>;

/** Proposals of the current session, sorted by start date (spec 1 §4). */
export async function getProposals(
  client: ApiClient,
  options: { signal?: AbortSignal; hasSession: boolean },
): Promise<ProposalSummary[]> {
  const list = await fetchList(client, {
    path: '/proposals',
    schema: ProposalSummarySchema,
    ...options,
  });
  return sortProposalsByStartDate(list);
}

/**
 * A visitor who never started a quote has no anonymous session and so no proposals: home shows
 * its start cards at once, without creating a session just to list nothing.
 */
export function useProposals() {
  const client = useApiClient();
  const { isAuthenticated, user } = useAuth();
  const hasAnonymousSession = !isAuthenticated && getLiveAuth().anonymous.peekToken() !== null;
  const hasProposals = isAuthenticated || hasAnonymousSession;
  return useQuery({
    queryKey: ['proposals', user?.userId ?? (hasAnonymousSession ? 'anonymous' : 'none')],
    queryFn: ({ signal }) => getProposals(client, { signal, hasSession: isAuthenticated }),
    enabled: hasProposals,
    initialData: hasProposals ? undefined : [],
  });
}
