import type { ServiceDeps } from '../app-types';
import { AppError } from '../errors';
import { recordCustomerAudit } from '../modules/audit';
import { eraseClaimants } from '../modules/claim';
import { deletePolicyDocumentFiles } from '../modules/document';
import { eraseSignIns, eraseUser, lockUserForErasure } from '../modules/identity';
import { eraseAnalyticsEvents, eraseFeedbackComments } from '../modules/insight';
import { eraseMessagesTo } from '../modules/notification';
import { erasePaymentDetails } from '../modules/payment';
import { eraseVersionQuotes } from '../modules/policy';
import { eraseProposalAnswers } from '../modules/proposal';
import { eraseUploadNames } from '../modules/upload';
import { anonymiseJson } from '../personal-data';
import { loadCustomerRecords } from './customer-data';

// Staff erase a customer (UK GDPR Article 17), issue 21 item 14, decision 018. In one
// transaction: the personal data goes (names, e-mail, phone, dates of birth, addresses, in the
// account and in every stored answer, quote, rating and policy version; one-time codes; sign-in
// sessions, grants and refresh tokens; messages' recipients and bodies; masked card and bank
// details; feedback comments); the records the law makes the insurer keep stay, with their
// amounts, dates and numbers (policies, versions, events, customer accounts, the ledger,
// collections, the audit log). The account is disabled: it signs in no more, its tokens are
// refused. Idempotent: erasing again changes nothing more and answers the same. Each module
// erases its own rows (its `erase…` verbs hold what it keeps).

/** Policies the insurer must keep in force: a customer with one is not erased. */
const LIVE_POLICY_STATUSES = ['ACTIVE', 'PENDING'] as const;

/** The 409 for a customer with a live policy, naming it. */
function livePolicyMessage(policyNumbers: string[]): string {
  return (
    `This customer has a live policy (${policyNumbers.join(', ')}), which the insurer must ` +
    'keep: cancel it or let it end, then erase the customer.'
  );
}
const CUSTOMER_NOT_FOUND_MESSAGE = 'We could not find that customer.';
const STAFF_NOT_ERASED_MESSAGE = 'This is a staff account: remove its roles before erasing it.';

type ErasureResult = {
  userId: string;
  erasedAt: string;
  /** True when the customer had been erased before this request. */
  wasAlreadyErased: boolean;
};

export async function eraseCustomer(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'providers'>,
  options: { userId: string; actorUserId: string },
): Promise<ErasureResult> {
  const { userId, actorUserId } = options;
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockUserForErasure(tx, userId);
    const records = await loadCustomerRecords(tx, userId);
    const { user, proposalCodes, policyIds, contacts } = records;
    if (!locked || !user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND_MESSAGE);
    if (user.roles.length > 0) throw new AppError('CONFLICT', STAFF_NOT_ERASED_MESSAGE);
    const live = records.policies.filter((policy) =>
      (LIVE_POLICY_STATUSES as readonly string[]).includes(policy.status),
    );
    if (live.length > 0) {
      throw new AppError('CONFLICT', livePolicyMessage(live.map((policy) => policy.policyNumber)));
    }

    await eraseUser(tx, user, now);
    await eraseProposalAnswers(tx, records.proposals);
    // Versions are never edited, except here: the contract's terms stay, the person goes.
    await eraseVersionQuotes(tx, { policyIds, anonymise: anonymiseJson });
    await eraseClaimants(tx, { policyIds, at: now });
    const uploadKeys = await eraseUploadNames(tx, policyIds);
    await eraseMessagesTo(tx, contacts);
    await eraseSignIns(tx, { userId, contacts });
    await erasePaymentDetails(tx, { userId, at: now });
    await eraseFeedbackComments(tx, userId);
    // What their pages recorded with their consent (our copy: PostHog's is erased in PostHog).
    await eraseAnalyticsEvents(tx, { userId, proposalCodes, policyIds });

    await recordCustomerAudit(tx, { actorUserId, userId, action: 'gdpr.erase', at: now });
    return {
      erasedAt: (user.erasedAt ?? now).toISOString(),
      wasAlreadyErased: user.erasedAt !== null,
      policyIds,
      uploadKeys,
    };
  });
  // After the commit: the stored certificate and schedule print the name and address, and the
  // uploaded files are the person's own papers.
  for (const policyId of result.policyIds) await deletePolicyDocumentFiles(deps, policyId);
  for (const key of result.uploadKeys) await deps.providers.storage.delete(key);
  return { userId, erasedAt: result.erasedAt, wasAlreadyErased: result.wasAlreadyErased };
}
