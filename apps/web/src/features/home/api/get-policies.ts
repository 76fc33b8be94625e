import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AccountStatusSchema,
  PaymentMethodTypeSchema,
  PolicyStatusSchema,
  ProposalStatusSchema,
  sortPolicyCards,
} from '@motor/domain';
import type { ApiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useApiClient } from '../../../lib/use-api-client';
import { fetchList, readRegistration } from './fetch-list';

// The fields a home policy card needs (spec 1 §3 Policy); GET /api/policies gives the full one.
export const PolicySummarySchema = z
  .object({
    policyId: z.string(),
    policyNumber: z.string(),
    schemeCode: z.string(),
    policyDetail: z.object({
      policyStatus: PolicyStatusSchema,
      inceptedAt: z.string().nullish(),
      expiredAt: z.string().nullish(),
      terminatedAt: z.string().nullish(),
    }),
    currentPolicyVersion: z.object({ quote: z.unknown() }).nullish(),
    /** A longer-term quote offered on this policy (driveaway to flex). */
    upsellProposal: z
      .object({
        proposalCode: z.string(),
        schemeCode: z.string().nullish(),
        status: ProposalStatusSchema,
      })
      .nullish(),
    accounts: z
      .array(
        z.object({
          accountStatus: AccountStatusSchema,
          paymentMethodType: PaymentMethodTypeSchema,
        }),
      )
      .default([]),
  })
  .transform(({ currentPolicyVersion, ...policy }) => ({
    ...policy,
    registration: readRegistration(currentPolicyVersion?.quote),
  }));
export type PolicySummary = z.infer<typeof PolicySummarySchema>;

/** The signed-in customer's policies, in home-card order (status order, then latest inception). */
export async function getPolicies(
  client: ApiClient,
  options: { signal?: AbortSignal },
): Promise<PolicySummary[]> {
  const list = await fetchList(client, {
    path: '/policies',
    schema: PolicySummarySchema,
    hasSession: true,
    ...options,
  });
  return sortPolicyCards(list);
}

export function usePolicies() {
  const client = useApiClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: ['policies', user?.userId ?? 'anonymous'],
    queryFn: ({ signal }) => getPolicies(client, { signal }),
    enabled: isAuthenticated,
  });
}
