import { and, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { reconciliationFindings, RECONCILIATION_KINDS } from '../../db/schema';
import {
  listLedgerProviderPayments,
  listPendingRefunds,
  providerOfSubType,
} from '../../modules/billing';
import { defineJob } from '../../modules/jobs';
import { listCollections } from '../../modules/payment';

// Reconciliation (issue 16 item 3): the providers' records of payments (the collections their
// answers and webhooks wrote) against the ledger's provider payments. PROVIDER_ONLY: the provider
// settled money the ledger does not hold; LEDGER_ONLY: the ledger holds money as posted that the
// provider has no record of, or failed; AMOUNT_MISMATCH: both, for different amounts. Payments
// still on their way are left alone. REFUND_NOT_SENT (issue 30): a refund due for more than a day
// and not paid (waiting for a payment to settle, or in the staff queue). Findings are upserted by kind and payment (two runs at once
// store one) and resolved when a later run no longer finds them.

type Kind = (typeof RECONCILIATION_KINDS)[number];
export type Finding = {
  kind: Kind;
  providerPaymentId: string;
  provider: string | null;
  accountId: string | null;
  providerAmountPence: number | null;
  ledgerAmountPence: number | null;
};

async function findDiscrepancies(db: Db): Promise<Finding[]> {
  const ledger = new Map(
    (await listLedgerProviderPayments(db)).map((row) => [row.providerPaymentId, row]),
  );
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const collection of await listCollections(db)) {
    const id = collection.providerPaymentId;
    seen.add(id);
    const entry = ledger.get(id);
    const base = {
      providerPaymentId: id,
      provider: collection.provider,
      accountId: entry?.accountId ?? null,
      providerAmountPence: collection.amountPence,
      ledgerAmountPence: entry?.amountPence ?? null,
    };
    if (collection.status === 'SETTLED') {
      if (!entry || entry.status === 'FAILED') findings.push({ kind: 'PROVIDER_ONLY', ...base });
      else if (entry.amountPence !== collection.amountPence) {
        findings.push({ kind: 'AMOUNT_MISMATCH', ...base });
      }
    } else if (collection.status === 'FAILED' && entry?.status === 'POSTED') {
      findings.push({ kind: 'LEDGER_ONLY', ...base });
    }
  }
  for (const [id, entry] of ledger) {
    if (seen.has(id) || entry.status !== 'POSTED') continue;
    findings.push({
      kind: 'LEDGER_ONLY',
      providerPaymentId: id,
      provider: null,
      accountId: entry.accountId,
      providerAmountPence: null,
      ledgerAmountPence: entry.amountPence,
    });
  }
  return findings;
}

const DAY_MS = 86_400_000;

/** Refunds due for more than a day and still not paid (the refund run tries every 15 minutes). */
async function findRefundsNotSent(db: Db, now: Date): Promise<Finding[]> {
  return (await listPendingRefunds(db, { queued: true }))
    .filter((refund) => refund.createdAt.getTime() <= now.getTime() - DAY_MS)
    .map((refund) => ({
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
    ...(await findDiscrepancies(deps.db)),
    ...(await findRefundsNotSent(deps.db, now)),
  ];
  for (const finding of findings) {
    await deps.db
      .insert(reconciliationFindings)
      .values({ ...finding, foundAt: now, seenAt: now })
      .onConflictDoUpdate({
        target: [reconciliationFindings.kind, reconciliationFindings.providerPaymentId],
        set: {
          provider: finding.provider,
          accountId: finding.accountId,
          providerAmountPence: finding.providerAmountPence,
          ledgerAmountPence: finding.ledgerAmountPence,
          seenAt: now,
          resolvedAt: null,
        },
      });
  }
  await deps.db
    .update(reconciliationFindings)
    .set({ resolvedAt: now })
    .where(and(isNull(reconciliationFindings.resolvedAt), lt(reconciliationFindings.seenAt, now)));
  return findings;
}

/** The findings not resolved yet, oldest first (for staff). */
export async function listOpenFindings(db: Db) {
  return db
    .select()
    .from(reconciliationFindings)
    .where(isNull(reconciliationFindings.resolvedAt))
    .orderBy(reconciliationFindings.foundAt, sql`${reconciliationFindings.kind}`);
}

export const reconcilePaymentsJob = defineJob({
  kind: 'reconcile-payments',
  payload: z.object({}),
  schedule: '30 2 * * *',
  run: async (deps) => {
    await reconcilePayments(deps);
  },
});
