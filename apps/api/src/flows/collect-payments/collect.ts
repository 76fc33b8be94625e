import { londonDateString, toInstant } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import {
  checkAccountForCollection,
  findAccount,
  findUpcomingInvoice,
  getAccountTotals,
  listAccountsToCheckForCollection,
  postProviderPayment,
  type CustomerAccountRow,
} from '../../modules/billing';
import { defineJob, defineScheduledJob, drainDueRows } from '../../modules/jobs';
import {
  chargeSavedCard,
  createDirectDebitCollection,
  findActiveCard,
  findActiveMandate,
  type PaymentMethodRow,
} from '../../modules/payment';
import { findPolicyByProposal } from '../../modules/policy';
import { onOrAfterWorkingDay, subtractWorkingDays } from '../../providers/direct-debit';
import { announceDirectDebit, directDebitChargeDate } from './direct-debit-notices';
import { applyCollectionOutcomes, suspendForNoWayToPay } from './outcomes';
import { COLLECT_PAYMENT, CollectPayload, enqueueCollection, firstCollectionKey } from './queue';

// Monthly collections (issue 16 item 3; docs/domain.md "Money"). A Direct Debit is submitted ahead
// so that it is collected on the payment day (the next working day when that is a weekend or an
// England and Wales bank holiday): from 5 working days before, and never taken sooner than its
// advance notice allows (direct-debit-notices.ts). It collects the coming invoice plus what the
// account already owes, less what it has in credit or on its way (mid-term changes netted: one
// bill a month). A card-paying account's saved card is charged off-session once the invoice is raised.
// Each collection is a job keyed by account and period, so planners in several processes, reruns
// and catch-up make one; the provider is called with that key as our reference, so a job run
// again after a crash gets the same payment back, and the ledger keys it by the provider's id.

/** The earliest a Direct Debit is submitted before its day (the provider needs 3 to 5). */
const DIRECT_DEBIT_LEAD_WORKING_DAYS = 5;

/**
 * The collection an account is due now (its key, and what it collects ahead), or when to look
 * again: the day its Direct Debit may be submitted, or null until asked (an invoice raised).
 */
async function dueCollection(
  db: Db,
  account: CustomerAccountRow,
  now: Date,
): Promise<
  | { key: string; invoicePence: number; chargeDate: string | null; dueAt: string | null }
  | { lookAgainAt: Date | null }
> {
  if (account.paymentMethodType === 'BACS_DEBIT') {
    // The day it may be submitted, from the invoicing job's next due time, before reading the
    // policy to plan the invoice (most looks end here: an invoice just raised, the next ahead).
    const submitFrom = (dueAt: Date) =>
      subtractWorkingDays(
        onOrAfterWorkingDay(londonDateString(dueAt)),
        DIRECT_DEBIT_LEAD_WORKING_DAYS,
      );
    const today = londonDateString(now);
    if (!account.nextInvoiceAt) return { lookAgainAt: null };
    if (today < submitFrom(account.nextInvoiceAt)) {
      return { lookAgainAt: toInstant(submitFrom(account.nextInvoiceAt)) };
    }
    const next = await findUpcomingInvoice(db, account);
    if (!next) return { lookAgainAt: null };
    if (today < submitFrom(next.dueAt)) return { lookAgainAt: toInstant(submitFrom(next.dueAt)) };
    return {
      key: `collect:${account.accountId}:${next.period}`,
      invoicePence: next.amountPence,
      chargeDate: onOrAfterWorkingDay(londonDateString(next.dueAt)),
      dueAt: next.dueAt.toISOString(),
    };
  }
  // A card is charged on the payment day, for what the raised invoices left owing.
  const { invoiceCount } = await getAccountTotals(db, account.accountId);
  if (invoiceCount < 2) return { lookAgainAt: null };
  return {
    key: `collect:${account.accountId}:${invoiceCount - 1}`,
    invoicePence: 0,
    chargeDate: null,
    dueAt: null,
  };
}

/**
 * The planner: enqueues the due collection of each ACTIVE account it is asked to look at (the
 * accounts' collections_check_at, billing module), not of every account in the book.
 */
export async function planCollections(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  let planned = 0;
  await drainDueRows({
    scan: (limit) => listAccountsToCheckForCollection(deps.db, { now, limit }),
    keyOf: (row) => row.accountId,
    act: (row) =>
      checkAccountForCollection(deps.db, { accountId: row.accountId, now }, async (tx, account) => {
        if (account.accountStatus !== 'ACTIVE' || !account.paymentMethodType || !account.policyId)
          return null;
        const due = await dueCollection(tx, account, now);
        if ('lookAgainAt' in due) return due.lookAgainAt;
        const { key, ...rest } = due;
        const payload = { accountId: account.accountId, ...rest, retry: false };
        if (await enqueueCollection({ db: tx }, { key, payload, at: now })) planned += 1;
        return null;
      }),
  });
  return planned;
}

/**
 * A Direct Debit under the account's mandate, taken no sooner than its advance notice allows
 * (direct-debit-notices.ts), and announced before the ledger hears of it: a rerun after a failure
 * finds the amount still owed, gets the same payment back from the provider and announces it
 * (once, by its key) before posting it. The policy is read once, for the notice period and the
 * notice.
 */
async function collectByDirectDebit(
  deps: ServiceDeps,
  options: {
    account: CustomerAccountRow;
    mandate: PaymentMethodRow;
    payload: CollectPayload;
    common: Omit<Parameters<typeof createDirectDebitCollection>[1], 'mandate' | 'chargeDate'>;
  },
) {
  const { account, mandate, payload, common } = options;
  const policy = await findPolicyByProposal(deps.db, account.proposalCode);
  const chargeDate = directDebitChargeDate(deps.clock.now(), {
    policy,
    wanted: payload.chargeDate,
  });
  const collection = await createDirectDebitCollection(deps, { ...common, mandate, chargeDate });
  if (policy) {
    await announceDirectDebit(deps, {
      policy,
      mandate,
      reference: payload.reference,
      payment: {
        amountPence: collection.amountPence,
        chargeDate: collection.chargeDate ?? chargeDate,
      },
    });
  }
  return collection;
}

/**
 * One collection: asks the provider for what the account owes at this moment (plus the coming
 * invoice for a Direct Debit ahead of it) and posts it PENDING; the provider's answer settles or
 * fails it (outcomes.ts). Nothing when nothing is owed.
 */
async function collectPayment(deps: ServiceDeps, payload: CollectPayload): Promise<void> {
  const account = await findAccount(deps.db, payload.accountId);
  if (!account?.paymentMethodType) return;
  if (account.accountStatus !== 'ACTIVE' && !payload.retry) return;
  const { balancePence } = await getAccountTotals(deps.db, account.accountId);
  const amountPence = payload.invoicePence + balancePence;
  if (amountPence <= 0) return;
  const card = account.paymentMethodType === 'CARD';
  const method = card
    ? await findActiveCard(deps.db, account.ownerUserId)
    : await findActiveMandate(deps.db, account.ownerUserId);
  if (!method) {
    deps.log.warn({ accountId: account.accountId }, 'no payment method to collect with');
    // A first payment that cannot be taken is the NTU job's to decide.
    if (payload.first) return;
    // A payment planned ahead of its day: the customer may set up a new Direct Debit (or save a
    // card) meanwhile, so look again on the day the payment is due.
    const now = deps.clock.now();
    if (payload.dueAt && new Date(payload.dueAt) > now) {
      const { reference, ...rest } = payload;
      await enqueueCollection(deps, {
        key: `${reference}:on-the-day`,
        payload: rest,
        at: now,
        runAt: new Date(payload.dueAt),
      });
      return;
    }
    // Nothing to collect with on the day (the bank cancelled the mandate; a card account bound
    // through the API without a card saved): as a payment that failed for good — suspended,
    // told how to pay, cancelled for non-payment unless paid.
    await suspendForNoWayToPay(deps, {
      missing: card ? 'CARD' : 'MANDATE',
      accountId: account.accountId,
      amountPence,
      reference: payload.reference,
    });
    return;
  }
  // The invoice a Direct Debit collects ahead of (the planner's payload says when it is due).
  const ahead =
    card || payload.invoicePence === 0
      ? null
      : payload.dueAt
        ? { dueAt: new Date(payload.dueAt) }
        : await findUpcomingInvoice(deps.db, account);
  const first = payload.first === true;
  const common = {
    amountPence,
    description: `Policy ${account.accountCode}: ${first ? 'first' : 'monthly'} payment`,
    reference: payload.reference,
    // The first payment is the policy's own (the NTU job reads it by proposal), a later one the
    // account's. Asked for now, it is taken on the earliest day its notice allows.
    proposalCode: first ? account.proposalCode : null,
  };
  const collection = card
    ? await chargeSavedCard(deps, { ...common, card: method })
    : await collectByDirectDebit(deps, { account, mandate: method, payload, common });
  await postProviderPayment(deps.db, {
    account,
    payment: {
      provider: card ? 'CARD' : 'DIRECT_DEBIT',
      providerPaymentId: collection.providerPaymentId,
      amountPence,
      settled: false,
    },
    at: deps.clock.now(),
    description: card ? 'Card payment' : 'Direct Debit payment',
    // A Direct Debit ahead of its invoice belongs to that bill's statement.
    ...(ahead ? { dueAt: ahead.dueAt } : {}),
  });
  // A card's answer came with the charge: post it now rather than at the next outcome run.
  if (card) await applyCollectionOutcomes(deps);
}

/** Collects an account's first payment now, as its queued job would (the bind, at checkout). */
export function collectFirstPayment(deps: ServiceDeps, accountId: string): Promise<void> {
  return collectPayment(deps, {
    accountId,
    reference: firstCollectionKey(accountId),
    invoicePence: 0,
    chargeDate: null,
    retry: false,
    first: true,
  });
}

export const planCollectionsJob = defineScheduledJob({
  kind: 'plan-collections',
  schedule: '*/15 * * * *',
  run: (deps) => planCollections(deps),
});

export const collectPaymentJob = defineJob({
  kind: COLLECT_PAYMENT,
  payload: CollectPayload,
  run: collectPayment,
});
