import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import {
  isSentPayout,
  listPendingRefunds,
  listRefundPayouts,
  policiesOfAccounts,
  providerOfSubType,
  storeReconciliationRun,
  type PendingRefund,
  type ReconciliationFindingInput,
} from '../../modules/billing';
import { defineScheduledJob } from '../../modules/jobs';
import { findMoneyDifferences, findUnpaidCover, type Finding } from './audit';

// Reconciliation (issue 16 item 3; the independent auditor of issue 30 item 9, audit.ts): the
// providers' own records of payments against the ledger's cash postings and the policies' cover.
// PROVIDER_ONLY: the provider settled money the ledger does not hold; LEDGER_ONLY: the ledger
// holds money as posted that the provider has no record of, or failed; AMOUNT_MISMATCH: both, for
// different amounts; REFUND_NOT_SENT: a refund in the staff queue for more than a day, waiting
// for a payment to settle for more than five, or sent and not paid for two weeks; COVER_UNPAID:
// cover past NTU_AFTER_DAYS without a settled payment. Findings are upserted by kind and
// reference (two runs at once store one), keep the time first seen, and are resolved when a later
// run no longer finds them; each run is kept.

const DAY_MS = 86_400_000;

/**
 * A refund the providers took whole (SENT) is on its way: a Bacs refund is paid days later. Past
 * the "7 to 10 working days" the pages promise (two calendar weeks) it is a finding all the same.
 */
const SENT_REFUND_DAYS = 14;
/**
 * A refund not sent yet because the payment it goes back to is still settling (a Direct Debit
 * settles 3 working days after it is taken): a finding once that should be over. The money year's
 * outage showed a cancellation's refund waiting two days for the collection taken that week.
 */
const WAITING_REFUND_DAYS = 5;

/**
 * Refunds still not paid: in the staff queue for more than a day, waiting for a payment to settle
 * for more than WAITING_REFUND_DAYS (the refund run tries every 15 minutes), or sent and still not
 * paid after SENT_REFUND_DAYS.
 */
async function findRefundsNotSent(db: Db, now: Date): Promise<Finding[]> {
  const late: PendingRefund[] = [];
  const notQueued = new Set((await listPendingRefunds(db)).map((refund) => refund.idempotencyKey));
  for (const refund of await listPendingRefunds(db, { queued: true })) {
    const sent = (await listRefundPayouts(db, refund.idempotencyKey)).filter(isSentPayout);
    const sentPence = sent.reduce((sum, payout) => sum + payout.amountPence, 0);
    const days =
      sentPence === refund.amountPence
        ? SENT_REFUND_DAYS
        : notQueued.has(refund.idempotencyKey)
          ? WAITING_REFUND_DAYS
          : 1;
    if (refund.createdAt.getTime() <= now.getTime() - days * DAY_MS) late.push(refund);
  }
  return late.map((refund) => ({
    kind: 'REFUND_NOT_SENT',
    providerPaymentId: refund.idempotencyKey,
    provider: providerOfSubType(refund.subType),
    accountId: refund.accountId,
    providerAmountPence: null,
    ledgerAmountPence: refund.amountPence,
  }));
}

/** Runs a reconciliation and stores what it found; answers the findings. */
export async function reconcilePayments(deps: ServiceDeps): Promise<Finding[]> {
  const now = deps.clock.now();
  const findings = [
    ...(await findMoneyDifferences(deps)),
    ...(await findRefundsNotSent(deps.db, now)),
    ...(await findUnpaidCover(deps, now)),
  ];
  const policyOf = await policiesOfAccounts(
    deps.db,
    findings.flatMap((finding) => (finding.accountId ? [finding.accountId] : [])),
  );
  // One statement for the run's findings: a book's run finds hundreds, upserted one by one
  // they were most of the nightly jobs' time. One row per key (a statement may not update a row
  // twice); the last of a key wins, as when they were written one after another.
  const rows = new Map<string, ReconciliationFindingInput>();
  for (const finding of findings) {
    const policyId = (finding.accountId && policyOf.get(finding.accountId)) ?? null;
    rows.set(`${finding.kind}:${finding.providerPaymentId}`, {
      ...finding,
      policyId,
      foundAt: now,
      seenAt: now,
    });
  }
  await storeReconciliationRun(deps.db, {
    at: now,
    findings: [...rows.values()],
    found: findings.length,
  });
  return findings;
}

// The open findings and the last run, for staff and the metrics: billing keeps the record.
export {
  lastReconciliationRun,
  listOpenReconciliationFindings as listOpenFindings,
} from '../../modules/billing';

export const reconcilePaymentsJob = defineScheduledJob({
  kind: 'reconcile-payments',
  schedule: '30 2 * * *',
  run: (deps) => reconcilePayments(deps),
});
