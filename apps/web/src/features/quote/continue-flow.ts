import type { PaymentScheduleType } from '@motor/domain';
import type { ApiClient } from '../../lib/api-client';
import { isAccountRegistered } from './api/get-policyholder';
import type { Proposal } from './api/get-proposal';
import { checkIdentity } from './api/proposal-actions';
import { updateProposal } from './api/update-proposal';
import {
  getAvailableOptionalCovers,
  getStepAfterConfiguration,
  type NextStep,
} from './proposal-rules';

export type ContinueResult =
  { kind: 'next'; step: NextStep; proposal: Proposal } | { kind: 'idCheckFailed' };

/**
 * Continue on the configuration page (spec 2 §2): save a changed payment schedule with rating,
 * run the ID check, then choose add-ons, summary or account setup.
 */
export async function continueFromConfiguration(options: {
  client: ApiClient;
  proposal: Proposal;
  selectedSchedule: PaymentScheduleType;
  isAuthenticated: boolean;
}): Promise<ContinueResult> {
  const { client, isAuthenticated } = options;
  let proposal = options.proposal;
  const active = proposal.quote.availablePaymentSchedules.find((schedule) => schedule.active);
  if (active?.type !== options.selectedSchedule) {
    proposal = await updateProposal(client, proposal.proposalCode, {
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
  const registered = !hasOptionalCovers && isAuthenticated ? await findRegistered(client) : false;
  return {
    kind: 'next',
    step: getStepAfterConfiguration({ hasOptionalCovers, isAccountRegistered: registered }),
    proposal,
  };
}

/** Whether the signed-in caller's account is registered; a failed look-up means "not yet". */
export async function findRegistered(client: ApiClient): Promise<boolean> {
  try {
    return await isAccountRegistered(client);
  } catch {
    return false;
  }
}
