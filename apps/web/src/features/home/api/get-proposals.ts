import { useQuery } from '@tanstack/react-query';
import { sortProposalsByStartDate } from '@motor/domain';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { getLiveAuth } from '../../../lib/auth/live-auth-state';
import { useApiClient } from '../../../lib/use-api-client';
import { fetchList } from './fetch-list';
import type { ProposalSummary } from './schemas';

export type { ProposalSummary };

/** Proposals of the current session, sorted by start date (spec 1 §4). */
async function getProposals(
  client: ApiClient,
  options: { signal?: AbortSignal; hasSession: boolean },
): Promise<ProposalSummary[]> {
  const list = await fetchList(client, {
    path: '/proposals',
    schema: (schemas) => schemas.ProposalSummarySchema,
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
