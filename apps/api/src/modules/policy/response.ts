import type { PolicyResponse } from '@motor/contract';
import { getVersionInForceAt, type PaymentMethodType, type PolicyAccount } from '@motor/domain';
import type { Db } from '../../db/client';
import { listOfferLinks, type OfferLinkRecord } from '../proposal';
import { isQuoteExpired } from '../rating';
import { listVersionsOfPolicies, type PolicyRow, type PolicyVersionRow } from './repository';
import { derivePolicyStatus } from './state';

// Policies as the API answers them (spec 1 §3 Policy): the stored term, its versions (each with
// the full quote in force from startedAt) and the summary of its customer account.

type RenewalRow = OfferLinkRecord;

/**
 * What an answer needs besides the policy's own rows. The accounts are billing's, read by its verb
 * and given by the routes: billing's services import this module, so it cannot import billing.
 */
export type PolicyAnswerDeps = {
  db: Db;
  accountsOf: (policyIds: readonly string[]) => Promise<
    {
      policyId: string | null;
      accountStatus: PolicyAccount['accountStatus'];
      paymentMethodType: string | null;
    }[]
  >;
};

/** A renewal or upsell offer as a link, its QUOTE shown expired once its start day has passed. */
function toRenewalLink(
  renewal: RenewalRow | undefined,
  now: Date,
): PolicyResponse['renewalProposal'] {
  if (!renewal) return null;
  const expired = renewal.status === 'QUOTE' && isQuoteExpired({ ...renewal, now });
  return {
    proposalCode: renewal.proposalCode,
    schemeCode: renewal.schemeCode,
    status: expired ? 'QUOTE_EXPIRED' : renewal.status,
    startAt: renewal.startAt?.toISOString() ?? null,
    totalPremium: renewal.totalPremium,
  };
}

function toPolicyResponse(
  row: PolicyRow,
  versions: Pick<PolicyVersionRow, 'id' | 'versionNumber' | 'startedAt' | 'quote'>[],
  accounts: PolicyAccount[],
  renewal: RenewalRow | undefined,
  now: Date,
  upsell?: RenewalRow,
): PolicyResponse {
  const answered = versions.map((version) => ({
    policyVersionId: version.id,
    versionNumber: version.versionNumber,
    startedAt: version.startedAt.toISOString(),
    quote: version.quote,
  }));
  // The version in force now; before inception, the one in force at inception.
  const inForce = getVersionInForceAt(answered, now > row.inceptedAt ? now : row.inceptedAt);
  if (!inForce) throw new Error(`Policy ${row.policyId} has no version`);
  const { versionNumber: _number, ...current } = inForce;
  const quote = current.quote;
  const schedule = quote.availablePaymentSchedules.find((item) => item.active);
  return {
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    schemeCode: row.schemeCode,
    proposalCode: row.proposalCode,
    policyDetail: {
      policyStatus: derivePolicyStatus({
        status: row.status,
        inceptedAt: row.inceptedAt,
        terminatedAt: row.terminatedAt,
        now,
      }),
      createdAt: row.createdAt.toISOString(),
      inceptedAt: row.inceptedAt.toISOString(),
      firstInceptedAt: row.firstInceptedAt.toISOString(),
      expiredAt: row.expiredAt.toISOString(),
      terminatedAt: row.terminatedAt?.toISOString() ?? null,
      renewalStopped: row.renewalStopped,
      autoRenewalEnabled: row.autoRenewalEnabled,
    },
    currentPolicyVersion: current,
    policyVersions: answered.map(({ versionNumber: _n, ...version }) => version),
    paymentScheduleType: schedule?.type ?? null,
    reviewType: row.reviewType,
    renewalCycle: row.renewalCycle,
    sourcePolicy: row.sourcePolicyId,
    renewalProposal: toRenewalLink(renewal, now),
    upsellProposal: toRenewalLink(upsell, now),
    endorsements: quote.endorsements,
    excess: { items: quote.excess, endorsements: quote.endorsements },
    accounts,
  };
}

/** Answers policies with their versions, accounts and linked offers in three queries. */
export async function answerPolicies(
  deps: PolicyAnswerDeps,
  rows: readonly PolicyRow[],
  now: Date,
): Promise<PolicyResponse[]> {
  if (rows.length === 0) return [];
  const policyIds = rows.map((row) => row.policyId);
  const [versions, accounts, renewals] = await Promise.all([
    listVersionsOfPolicies(deps.db, policyIds),
    deps.accountsOf(policyIds),
    // The linked offers: renewals (spec 3 §3 renewalProposal) and upgrades (upsellProposal).
    listOfferLinks(
      deps.db,
      rows.flatMap((row) =>
        [row.renewalProposalCode, row.upsellProposalCode].filter((code) => code !== null),
      ),
    ),
  ]);
  return rows.map((row) =>
    toPolicyResponse(
      row,
      versions.filter((version) => version.policyId === row.policyId),
      accounts
        .filter((account) => account.policyId === row.policyId && account.paymentMethodType)
        .map((account) => ({
          accountStatus: account.accountStatus,
          paymentMethodType: account.paymentMethodType as PaymentMethodType,
        })),
      renewals.find((renewal) => renewal.proposalCode === row.renewalProposalCode),
      now,
      renewals.find((offer) => offer.proposalCode === row.upsellProposalCode),
    ),
  );
}
