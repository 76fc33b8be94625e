import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError, nullOn404 } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { reportError } from '../../../lib/error-reporting';
import { useApiClient } from '../../../lib/use-api-client';

export const PROPOSAL_STATUSES = [
  'INSUFFICIENT_ACCURACY',
  'QUOTE',
  'QUOTE_EXPIRED',
  'REFERRAL',
  'POLICY',
] as const;

// Only the fields the home list shows; the contract package owns the full shape.
export const ProposalSummarySchema = z.object({
  proposalCode: z.string(),
  schemeCode: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  startAt: z.string().nullish(),
  quote: z.object({ totalPremium: z.number().nullish() }).nullish(),
});
export type ProposalSummary = z.infer<typeof ProposalSummarySchema>;

function toList(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) {
    const { proposals, items } = data as { proposals?: unknown; items?: unknown };
    if (Array.isArray(proposals)) return proposals;
    if (Array.isArray(items)) return items;
  }
  return [];
}

/** Proposals of the current session, sorted by start date; 404 means none. */
export async function getProposals(
  client: ApiClient,
  options: { signal?: AbortSignal; hasSession: boolean },
): Promise<ProposalSummary[]> {
  let data: unknown;
  try {
    data = await nullOn404(client.get<unknown>('/proposals', { signal: options.signal }));
  } catch (error) {
    // A visitor without any session has no proposals yet: a 401 there is "none", not an error.
    if (!options.hasSession && isApiError(error) && error.kind === 'UNAUTHORIZED') return [];
    throw error;
  }
  const proposals: ProposalSummary[] = [];
  for (const item of toList(data)) {
    const parsed = ProposalSummarySchema.safeParse(item);
    if (parsed.success) proposals.push(parsed.data);
    else reportError(parsed.error, { where: 'getProposals' });
  }
  return proposals.sort((a, b) => (a.startAt ?? '').localeCompare(b.startAt ?? ''));
}

export function useProposals() {
  const client = useApiClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: ['proposals', user?.userId ?? 'anonymous'],
    queryFn: ({ signal }) => getProposals(client, { signal, hasSession: isAuthenticated }),
  });
}
