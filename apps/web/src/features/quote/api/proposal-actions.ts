import { useMutation } from '@tanstack/react-query';
import {
  IdCheckResponseSchema,
  ProposalAgreementsSchema,
  ProposalResponseSchema,
  RetainProposalResponseSchema,
  type IdCheckResponse,
  type ProposalAgreements,
} from '@motor/contract';
import { isApiError } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';
import { useProposalWrite } from '../../../lib/proposal-query';
import type { Proposal } from './get-proposal';

// The proposal calls of the configuration and summary pages (spec 2 §7).

const proposalPath = (proposalCode: string) => `/proposals/${encodeURIComponent(proposalCode)}`;

/** PUT /api/proposals/{code}/id-check → { isClear }. */
export async function checkIdentity(
  client: ApiClient,
  proposalCode: string,
): Promise<IdCheckResponse> {
  const data = await client.put<unknown>(`${proposalPath(proposalCode)}/id-check`, {});
  return IdCheckResponseSchema.parse(data);
}

/** POST /api/proposals/{code}/retain: e-mails a link back to the quote. */
async function retainProposal(client: ApiClient, proposalCode: string): Promise<void> {
  RetainProposalResponseSchema.parse(
    await client.post<unknown>(`${proposalPath(proposalCode)}/retain`, {}),
  );
}

/** PUT /api/proposals/{code}/autoRenewal { enabled }. */
async function setAutoRenewal(
  client: ApiClient,
  proposalCode: string,
  enabled: boolean,
): Promise<Proposal> {
  const data = await client.put<unknown>(`${proposalPath(proposalCode)}/autoRenewal`, {
    enabled,
  });
  return ProposalResponseSchema.parse(data);
}

/**
 * PUT /api/proposals/{code}/agreements { accepted }: the summary's checklist keys the customer
 * ticked. The server records them with the quote's documents and refuses checkout without them.
 */
async function acceptAgreements(
  client: ApiClient,
  proposalCode: string,
  accepted: string[],
): Promise<ProposalAgreements> {
  const data = await client.put<unknown>(`${proposalPath(proposalCode)}/agreements`, {
    accepted,
  });
  return ProposalAgreementsSchema.parse(data);
}

/** The customer-facing message of a 4xx refusal (`{ error: { message } }`), if any. */
export function findRefusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED' || error.failure.status >= 500) {
    return null;
  }
  const data = error.failure.data as { error?: { message?: unknown } } | null;
  return typeof data?.error?.message === 'string' ? data.error.message : null;
}

/**
 * POST /api/insights/impression { proposalCode }: one impression per proposal. The insight is not
 * worth an error in the customer's face, so any failure (a 404 while the route is missing
 * included) is swallowed.
 */
export async function recordImpression(
  client: ApiClient,
  proposalCode: string,
  values: Record<string, string> = {},
): Promise<void> {
  try {
    await client.post('/insights/impression', { proposalCode, values });
  } catch (error) {
    if (!isApiError(error)) throw error;
  }
}

export function useRetainProposal(proposalCode: string) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => retainProposal(client, proposalCode) });
}

export function useAcceptAgreements(proposalCode: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (accepted: string[]) => acceptAgreements(client, proposalCode, accepted),
    // The summary shows a refusal next to its continue button rather than in the error modal.
    meta: { handlesErrors: true },
  });
}

export function useSetAutoRenewal(proposalCode: string) {
  return useProposalWrite(proposalCode, (client, enabled: boolean) =>
    setAutoRenewal(client, proposalCode, enabled),
  );
}

/** A 400 from the server: the code is not this promotion's (another may take it). */
const isWrongCode = (error: unknown) =>
  isApiError(error) && error.failure.kind === 'UNEXPECTED' && error.failure.status === 400;

/**
 * PATCH /api/proposals/{code}/promotions/{id} { promotionActivationCode }: the re-priced quote.
 * The customer types a code, not which promotion it is for, so each promotion the quote offers
 * (flex: the welcome promotion, then the loyalty discount) is asked in turn until one takes it;
 * the server alone knows the codes. The last refusal is the one said beside the box.
 */
export function useActivatePromotion(proposalCode: string) {
  return useProposalWrite(
    proposalCode,
    async (client, options: { promotionIds: readonly string[]; code: string }) => {
      let refusal: unknown = null;
      for (const promotionId of options.promotionIds) {
        try {
          return ProposalResponseSchema.parse(
            await client.patch<unknown>(
              `${proposalPath(proposalCode)}/promotions/${encodeURIComponent(promotionId)}`,
              { promotionActivationCode: options.code },
            ),
          );
        } catch (error) {
          if (!isWrongCode(error)) throw error;
          refusal = error;
        }
      }
      throw refusal ?? new Error('No promotion to activate');
    },
    // A wrong code is said beside the box, not in the error modal.
    { handlesErrors: true },
  );
}
