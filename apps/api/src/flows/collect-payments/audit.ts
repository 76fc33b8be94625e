import type { ServiceDeps } from '../../app-types';
import {
  listLedgerProviderPayments,
  listPolicyAccountsWithoutPayment,
  type ReconciliationFindingInput,
} from '../../modules/billing';
import { listCollections } from '../../modules/payment';
import { listPolicyStates } from '../../modules/policy';

/** A difference between the three records, as the run stores it (reconcile.ts). */
export type Finding = {
  kind: ReconciliationFindingInput['kind'];
  providerPaymentId: string;
  provider: string | null;
  accountId: string | null;
  providerAmountPence: number | null;
  ledgerAmountPence: number | null;
};

// The independent auditor (issue 30 item 9) reads three records: what each provider says
// happened (its own list of charges and collections, not what its webhooks told us), the
// ledger's cash postings, and each policy's status. A provider's own list is its word; the
// collections table (what its answers and webhooks said) stands in only for payments the
// provider no longer lists (a sandbox record kept before it listed them).

type ProviderState = 'PENDING' | 'SETTLED' | 'FAILED';
type ProviderRecord = {
  provider: 'CARD' | 'DIRECT_DEBIT';
  status: ProviderState;
  amountPence: number;
  /** What the provider paid back of it (0 where only our collections table knows it). */
  refundedPence: number;
};

const DAY_MS = 86_400_000;
/** Accounts asked about at once. */
const PAGE = 500;

/** Every payment the providers hold, by their id. */
async function readProviderRecords(deps: ServiceDeps): Promise<Map<string, ProviderRecord>> {
  const records = new Map<string, ProviderRecord>();
  for (const row of await listCollections(deps.db)) {
    records.set(row.providerPaymentId, {
      provider: row.provider,
      status: row.status === 'SETTLED' || row.status === 'FAILED' ? row.status : 'PENDING',
      amountPence: row.amountPence,
      refundedPence: 0,
    });
  }
  const { cardPayments, directDebit } = deps.providers;
  for (const payment of await cardPayments.listPayments()) {
    records.set(payment.providerPaymentId, {
      provider: 'CARD',
      status: payment.status === 'SUCCEEDED' ? 'SETTLED' : payment.status,
      amountPence: payment.amountPence,
      refundedPence: payment.refundedPence,
    });
  }
  for (const collection of await directDebit.listCollections({ now: deps.clock.now() })) {
    records.set(collection.providerPaymentId, {
      provider: 'DIRECT_DEBIT',
      status:
        collection.status === 'SETTLED' || collection.status === 'FAILED'
          ? collection.status
          : 'PENDING',
      amountPence: collection.amountPence,
      refundedPence: collection.refundedPence,
    });
  }
  return records;
}

/**
 * Money taken but not posted (PROVIDER_ONLY), posted but not taken (LEDGER_ONLY: the provider
 * failed it or has no record of it) and amounts that differ (AMOUNT_MISMATCH). A payment still on
 * its way on either side is left alone: a webhook may not have arrived yet.
 */
export async function findMoneyDifferences(deps: ServiceDeps): Promise<Finding[]> {
  const providerRecords = await readProviderRecords(deps);
  const ledger = new Map(
    (await listLedgerProviderPayments(deps.db)).map((row) => [row.providerPaymentId, row]),
  );
  const findings: Finding[] = [];
  for (const [id, record] of providerRecords) {
    const entry = ledger.get(id);
    const base = {
      providerPaymentId: id,
      provider: record.provider,
      accountId: entry?.accountId ?? null,
      providerAmountPence: record.amountPence,
      ledgerAmountPence: entry?.amountPence ?? null,
    };
    // Money taken and all paid back by the provider (a payment that came too late to bind) is
    // no cash of ours, posted or not.
    const keptPence = record.amountPence - record.refundedPence;
    if (record.status === 'SETTLED') {
      if (!entry || entry.status === 'FAILED') {
        if (keptPence > 0) findings.push({ kind: 'PROVIDER_ONLY', ...base });
      } else if (entry.amountPence !== record.amountPence) {
        findings.push({ kind: 'AMOUNT_MISMATCH', ...base });
      }
    } else if (record.status === 'FAILED' && entry?.status === 'POSTED') {
      findings.push({ kind: 'LEDGER_ONLY', ...base });
    }
  }
  for (const [id, entry] of ledger) {
    if (providerRecords.has(id) || entry.status !== 'POSTED') continue;
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

/**
 * Cover without a settled first payment (COVER_UNPAID): a PENDING or ACTIVE policy whose cover
 * began (or was bound, whichever is later) more than NTU_AFTER_DAYS ago, with no POSTED payment
 * on its account, a day after the not-taken-up job (hourly) should have made it NTU: the auditor
 * reports what that job failed to do, not what it is about to do (the money year saw a policy
 * reported at the auditor's run and voided by the job's the same hour).
 */
export async function findUnpaidCover(deps: ServiceDeps, now: Date): Promise<Finding[]> {
  const overdueBefore = new Date(now.getTime() - (deps.config.ntuAfterDays + 1) * DAY_MS);
  const findings: Finding[] = [];
  // Billing's accounts with no posted payment, a page at a time; policy says which are overdue.
  let after: string | null = null;
  for (;;) {
    const page = await listPolicyAccountsWithoutPayment(deps.db, {
      counting: 'POSTED',
      afterAccountId: after,
      limit: PAGE,
    });
    const overdue = new Set(
      (await listPolicyStates(deps.db, { policyIds: page.map((account) => account.policyId) }))
        .filter(
          (policy) =>
            (policy.status === 'PENDING' || policy.status === 'ACTIVE') &&
            policy.createdAt <= overdueBefore &&
            policy.inceptedAt <= overdueBefore,
        )
        .map((policy) => policy.policyId),
    );
    for (const account of page) {
      if (!overdue.has(account.policyId)) continue;
      findings.push({
        kind: 'COVER_UNPAID',
        providerPaymentId: account.policyId,
        provider: null,
        accountId: account.accountId,
        providerAmountPence: null,
        ledgerAmountPence: null,
      });
    }
    if (page.length < PAGE) return findings;
    after = page[page.length - 1]!.accountId;
  }
}
