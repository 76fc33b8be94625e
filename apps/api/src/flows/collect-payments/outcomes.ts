import { londonDateString, toInstant } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import {
  countConsecutiveFailures,
  failProviderPayment,
  findAccount,
  getAccountTotals,
  getSettledBalance,
  listPendingProviderPayments,
  listSuspendedAccounts,
  moveAccountStatus,
  settleProviderPayment,
  type CustomerAccountRow,
} from '../../modules/billing';
import { brandOfScheme } from '../../modules/brand';
import { defineScheduledJob } from '../../modules/jobs';
import { listCollections } from '../../modules/payment';
import {
  addWorkingDays,
  onOrAfterWorkingDay,
  subtractWorkingDays,
} from '../../providers/direct-debit';
import { findPolicyByProposal } from '../../modules/policy';
import { refundIfNotTakenUp } from './not-taken-up';
import { enqueueCollection } from './queue';
import { scheduleNonPaymentCancellation } from './non-payment';
import { queueNotice, type FailureNotice } from './notices';

// What the providers answered, posted to the ledger (issue 16 item 3). The webhooks record each
// collection's status (payment module, statuses only move forward); this run reads the provider
// payments the ledger still holds as PENDING: a settled one is POSTED, a failed one is FAILED and
// reversed. Moving a transaction out of PENDING is a conditional update, so of two runners (or a
// rerun) only one reverses it and acts on the failure: the customer is e-mailed, and the
// collection is tried again `retry.intervalDays` later up to `retry.attempts` times; after that the
// account is SUSPENDED with a written notice of cancellation after the grace period. A suspended
// account whose settled balance is paid off is ACTIVE again.

const DAY_MS = 86_400_000;

/** The app's dependencies on another db (a transaction); not a spread: `deps` may be the app. */
function withDb(deps: ServiceDeps, db: ServiceDeps['db']): ServiceDeps {
  return { db, clock: deps.clock, config: deps.config, providers: deps.providers, log: deps.log };
}
const FALLBACK_REASON = 'your bank or card provider refused it';

/**
 * The product's retry rules for a failed monthly payment of the account, or null when there is
 * nothing to chase: the policy is over, or the payment was the first one taken at purchase (before
 * any monthly invoice: not taking the policy up is the NTU job's to decide).
 */
async function billingConfigOf(db: ServiceDeps['db'], account: CustomerAccountRow) {
  if ((await getAccountTotals(db, account.accountId)).invoiceCount < 2) return null;
  return productBillingOf(db, account);
}

/** The product's retry rules for the account, or null when its policy is over. */
async function productBillingOf(db: ServiceDeps['db'], account: CustomerAccountRow) {
  const policy = await findPolicyByProposal(db, account.proposalCode);
  if (!policy || !['ACTIVE', 'PENDING'].includes(policy.status)) return null;
  return brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode).billing ?? null;
}

/**
 * When a failed payment is tried again. A card is charged on the day; a Direct Debit is taken on
 * that day's working day, submitted its advance notice ahead so that it is taken on the day the
 * e-mail says (its notice goes out when it is submitted, direct-debit-notices.ts).
 */
function planRetry(options: {
  account: CustomerAccountRow;
  now: Date;
  retryOn: Date;
  noticeWorkingDays: number;
}): { retryOn: Date; runAt: Date; chargeDate: string | null } {
  const { now, retryOn, noticeWorkingDays } = options;
  if (options.account.paymentMethodType !== 'BACS_DEBIT') {
    return { retryOn, runAt: retryOn, chargeDate: null };
  }
  const earliest = addWorkingDays(londonDateString(now), noticeWorkingDays);
  const wanted = onOrAfterWorkingDay(londonDateString(retryOn));
  const chargeDate = wanted > earliest ? wanted : earliest;
  const submitOn = toInstant(subtractWorkingDays(chargeDate, noticeWorkingDays));
  return {
    retryOn: toInstant(chargeDate),
    runAt: submitOn > now ? submitOn : now,
    chargeDate,
  };
}

async function onFailure(
  deps: ServiceDeps,
  options: { providerPaymentId: string; reason: string | null; now: Date },
): Promise<void> {
  const { providerPaymentId, now } = options;
  await deps.db.transaction(async (tx) => {
    const reversed = await failProviderPayment(tx, { providerPaymentId, at: now });
    if (!reversed) return;
    const account = await findAccount(tx, reversed.accountId);
    const billing = account ? await billingConfigOf(tx, account) : null;
    if (!account || !billing) return;
    const txDeps = withDb(deps, tx);
    const reason = options.reason ?? FALLBACK_REASON;
    const amountPence = reversed.amountPence;
    const failures = await countConsecutiveFailures(tx, account.accountId);
    if (failures <= billing.retry.attempts) {
      const retry = planRetry({
        account,
        now,
        retryOn: new Date(now.getTime() + billing.retry.intervalDays * DAY_MS),
        noticeWorkingDays: billing.advanceNoticeWorkingDays,
      });
      const retryOn = retry.retryOn;
      await enqueueCollection(txDeps, {
        key: `collect-retry:${providerPaymentId}`,
        payload: {
          accountId: account.accountId,
          invoicePence: 0,
          chargeDate: retry.chargeDate,
          retry: true,
        },
        at: now,
        runAt: retry.runAt,
      });
      await queueNotice(txDeps, {
        db: tx,
        account,
        notice: { kind: 'RETRY', amountPence, reason, retryOn },
        at: now,
      });
      return;
    }
    const cancelOn = new Date(now.getTime() + billing.gracePeriodDays * DAY_MS);
    await suspendAccount(txDeps, {
      account,
      suspendedBy: providerPaymentId,
      cancelOn,
      notice: { kind: 'SUSPENDED', amountPence, reason, cancelOn },
    });
  });
}

/**
 * Suspends an ACTIVE account (in the caller's transaction): its policy is cancelled for
 * non-payment on `cancelOn` unless what it owes is paid, and the customer is told. Once: an
 * account suspended already is left as it is.
 */
async function suspendAccount(
  deps: ServiceDeps,
  options: {
    account: CustomerAccountRow;
    /** What suspended it (a failed payment, a due collection): one cancellation each. */
    suspendedBy: string;
    cancelOn: Date;
    notice: FailureNotice;
  },
): Promise<void> {
  const { account } = options;
  const now = deps.clock.now();
  const moved = await moveAccountStatus(deps.db, {
    accountId: account.accountId,
    from: 'ACTIVE',
    to: 'SUSPENDED',
  });
  if (!moved) return;
  await scheduleNonPaymentCancellation(deps, {
    accountId: account.accountId,
    suspendedBy: options.suspendedBy,
    cancelOn: options.cancelOn,
    at: now,
  });
  await queueNotice(deps, { db: deps.db, account, notice: options.notice, at: now });
}

/**
 * A monthly payment is due and there is nothing to collect it with: the customer's bank cancelled
 * the Direct Debit, or a card account has no card saved to charge. Nothing fails at a provider,
 * so without this the debt would sit on an account that stays ACTIVE and keeps its cover. It is treated as a payment that failed for good: the
 * account is suspended with a written notice saying why and how to pay, and the policy is
 * cancelled for non-payment at the grace period's end unless it is paid.
 */
export async function suspendForNoWayToPay(
  deps: ServiceDeps,
  options: {
    accountId: string;
    amountPence: number;
    reference: string;
    /** What is missing: the Direct Debit the bank cancelled, or a card to charge. */
    missing: 'MANDATE' | 'CARD';
  },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const account = await findAccount(tx, options.accountId);
    const billing = account ? await productBillingOf(tx, account) : null;
    if (!account || !billing) return;
    const cancelOn = new Date(deps.clock.now().getTime() + billing.gracePeriodDays * DAY_MS);
    await suspendAccount(withDb(deps, tx), {
      account,
      suspendedBy: options.reference,
      cancelOn,
      notice: {
        kind: options.missing === 'CARD' ? 'NO_SAVED_CARD' : 'MANDATE_CANCELLED',
        amountPence: options.amountPence,
        cancelOn,
      },
    });
  });
}

/** Posts every answered provider payment, then restores suspended accounts that are paid up. */
export async function applyCollectionOutcomes(deps: ServiceDeps): Promise<void> {
  const now = deps.clock.now();
  const pending = await listPendingProviderPayments(deps.db);
  const answered = await listCollections(
    deps.db,
    pending.map((payment) => payment.providerPaymentId),
  );
  const accountOf = new Map(pending.map((row) => [row.providerPaymentId, row.accountId]));
  for (const collection of answered) {
    if (collection.status === 'SETTLED') {
      const { providerPaymentId } = collection;
      await deps.db.transaction(async (tx) => {
        if (!(await settleProviderPayment(tx, providerPaymentId))) return;
        const accountId = accountOf.get(providerPaymentId);
        if (accountId) await refundIfNotTakenUp(tx, { accountId, providerPaymentId, at: now });
      });
    } else if (collection.status === 'FAILED') {
      await onFailure(deps, {
        providerPaymentId: collection.providerPaymentId,
        reason: collection.failureReason,
        now,
      });
    }
  }
  for (const account of await listSuspendedAccounts(deps.db)) {
    if ((await getSettledBalance(deps.db, account.accountId)) > 0) continue;
    await deps.db.transaction(async (tx) => {
      const restored = await moveAccountStatus(tx, {
        accountId: account.accountId,
        from: 'SUSPENDED',
        to: 'ACTIVE',
      });
      if (!restored) return;
      const txDeps = withDb(deps, tx);
      await queueNotice(txDeps, { db: tx, account, notice: { kind: 'RESTORED' }, at: now });
    });
  }
}

export const applyCollectionOutcomesJob = defineScheduledJob({
  kind: 'apply-collection-outcomes',
  schedule: '* * * * *',
  run: applyCollectionOutcomes,
});
