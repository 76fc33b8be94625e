import type { SourcePolicy } from '@motor/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findPolicy, type PolicyRow } from '../../modules/policy';
import type { ProposalRow, RenewalChangeRules } from '../../modules/proposal';
import { priceRenewal } from './offer';
import { latestQuoteOf } from './policy-facts';

// The renewal proposal after its offer (issue 17 item 3, decision 022): what the renewal pages
// read of the policy it renews (spec 2 §3 sourcePolicy), and the rules of a change to it. A
// change of cover or excess is re-rated through the same new-business cap as the offer (FCA
// ICOBS 6B), so the customer is never quoted more than a new customer would be for that cover;
// the start is the policy's expiry, never moved; a policy whose renewal has been stopped, or
// that is no longer on cover, has nothing to change.

export const RENEWAL_START_DATE_MESSAGE =
  'Your renewal starts when your current policy ends, so its start date cannot be changed.';
export const RENEWAL_STOPPED_MESSAGE =
  'This policy will not be renewed online. Please chat with us using Help.';

type SourcePolicyRow = Pick<
  PolicyRow,
  'policyId' | 'status' | 'expiredAt' | 'renewalStopped' | 'autoRenewalEnabled'
>;

async function findSourcePolicy(db: Db, policyId: string): Promise<SourcePolicyRow | null> {
  const row = await findPolicy(db, policyId);
  if (!row) return null;
  const { status, expiredAt, renewalStopped, autoRenewalEnabled } = row;
  return { policyId: row.policyId, status, expiredAt, renewalStopped, autoRenewalEnabled };
}

/**
 * The policy a RENEWAL proposal renews, as its answer carries it: last year's quote (the
 * latest version's) and the renewal state the renewal pages are guarded by. Null otherwise.
 */
export async function describeSourcePolicy(
  db: Db,
  row: Pick<ProposalRow, 'kind' | 'sourcePolicyId'>,
): Promise<SourcePolicy | null> {
  if (row.kind !== 'RENEWAL' || !row.sourcePolicyId) return null;
  const policy = await findSourcePolicy(db, row.sourcePolicyId);
  const quote = policy ? await latestQuoteOf(db, policy.policyId) : null;
  if (!policy || !quote) return null;
  return {
    policyId: policy.policyId,
    quote,
    detail: {
      expiredAt: policy.expiredAt.toISOString(),
      renewalStopped: policy.renewalStopped,
      autoRenewalEnabled: policy.autoRenewalEnabled,
    },
  };
}

/** The rules the proposal PATCH applies to a RENEWAL proposal. */
export function renewalChangeRules(db: Db): RenewalChangeRules {
  return {
    async assertChangeable({ row, changes }) {
      const policy = row.sourcePolicyId ? await findSourcePolicy(db, row.sourcePolicyId) : null;
      if (!policy || policy.renewalStopped || policy.status !== 'ACTIVE') {
        throw new AppError('CONFLICT', RENEWAL_STOPPED_MESSAGE);
      }
      const moved = changes.flatMap((change, index) =>
        change.changeType === 'START_DATE_CHANGE' ? [index] : [],
      );
      if (moved.length > 0) {
        throw new AppError('VALIDATION_FAILED', RENEWAL_START_DATE_MESSAGE, {
          fields: moved.map((index) => ({
            in: 'body' as const,
            path: `changes.${index}.startDate`,
            message: RENEWAL_START_DATE_MESSAGE,
          })),
        });
      }
    },
    rate(options) {
      const { snapshot, pricing, renewal } = priceRenewal(options);
      return {
        evaluation: { ...renewal, snapshot },
        renewalRatedPricePence: pricing.renewalRatedPence,
        newBusinessPricePence: pricing.newBusinessPence,
      };
    },
  };
}
