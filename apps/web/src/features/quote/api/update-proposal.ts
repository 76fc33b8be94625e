import type { UpdateProposalRequest } from '@motor/contract';
import { isApiError } from '../../../lib/api-client';
import { findProposal, patchProposal, useProposalWrite } from '../../../lib/proposal-query';

/**
 * A new start date for an expired quote (the expired page). The expiry job stores the expiry the
 * page already shows (a new revision, no answer changed) in the minutes after midnight, often
 * after the page was read: a 409 then is answered by sending the same change once more on the
 * revision read afresh, while the quote is still expired (not when another tab repriced it).
 */
export function useRepriceExpiredQuote(proposalCode: string) {
  return useProposalWrite(proposalCode, async (client, request: UpdateProposalRequest) => {
    try {
      return await patchProposal(client, proposalCode, request);
    } catch (error) {
      if (!isApiError(error) || error.status !== 409) throw error;
      const fresh = await findProposal(client, proposalCode);
      if (fresh?.status !== 'QUOTE_EXPIRED') throw error;
      return patchProposal(client, proposalCode, { ...request, revision: fresh.revision });
    }
  });
}
