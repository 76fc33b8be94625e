import type { PaymentScheduleType } from '@motor/domain';
import type { ApiClient } from '../../lib/api-client';
import type { Proposal } from './api/get-proposal';
import { checkIdentity } from './api/proposal-actions';
import { patchProposal } from '../../lib/proposal-query';
import {
  getAvailableOptionalCovers,
  getStepAfterConfiguration,
  type NextStep,
} from './proposal-rules';

export type ContinueResult =
  { kind: 'next'; step: NextStep; proposal: Proposal } | { kind: 'idCheckFailed' };

/**
 * Continue on the configuration page (spec 2 §2): save a changed payment schedule with rating,
 * run the ID check, then go to add-ons or the summary (whether signed in or not: the summary's
 * agreements come before account set-up).
 */
export async function continueFromConfiguration(options: {
  client: ApiClient;
  proposal: Proposal;
  selectedSchedule: PaymentScheduleType;
}): Promise<ContinueResult> {
  const { client } = options;
  let proposal = options.proposal;
  const active = proposal.quote.availablePaymentSchedules.find((schedule) => schedule.active);
  if (active?.type !== options.selectedSchedule) {
    proposal = await patchProposal(client, proposal.proposalCode, {
      changes: [
        { changeType: 'SELECT_PAYMENT_SCHEDULE', paymentScheduleType: options.selectedSchedule },
      ],
      applyRating: true,
      revision: proposal.revision,
    });
  }
  const { isClear } = await checkIdentity(client, proposal.proposalCode);
  if (!isClear) return { kind: 'idCheckFailed' };
  const hasOptionalCovers = getAvailableOptionalCovers(proposal).length > 0;
  return { kind: 'next', step: getStepAfterConfiguration({ hasOptionalCovers }), proposal };
}
