import { londonDateString } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import {
  findAccount,
  findUpcomingInvoice,
  getAccountTotals,
  listDirectDebitPolicyAccounts,
} from '../../modules/billing';
import { defineScheduledJob } from '../../modules/jobs';
import {
  findPendingFirstCollections,
  listUnconfirmedMandates,
  type PaymentMethodRow,
} from '../../modules/payment';
import { findPolicyByProposal } from '../../modules/policy';
import { onOrAfterWorkingDay } from '../../providers/direct-debit';
import { announceDirectDebit } from './direct-debit-notices';

// A mandate is confirmed by its first payment's announcement (direct-debit-notices.ts), at the
// purchase when the first payment is a Direct Debit. When a card paid the first month (a DUAL
// checkout) the first Direct Debit is weeks away: this daily run confirms such a mandate the
// next morning, within the 3 working days the Guarantee allows, with its first payment as
// planned (the coming invoice, less any credit, on the payment day). Mandates less than an hour
// old are left to the purchase being made with them; an account owing money now (a retry on its
// way) is confirmed by that payment's announcement. A mandate set up with no policy yet (the
// mandate pages done, nothing bought) is confirmed by nobody until a payment is due under it:
// the week and the hour run from the later of the mandate and the purchase's account, so a
// mandate used for a purchase days after it was set up is confirmed the morning after that.

const LOOK_BACK_MS = 7 * 86_400_000;
const PURCHASE_GRACE_MS = 60 * 60_000;

/**
 * Each unconfirmed mandate with an account it pays, newest account first, where the later of the
 * two was set up in [`from`, `to`]. Payment keeps the mandates and billing the accounts
 * (decision 050): the owners of either side set up in the window are the candidates, then both
 * sides of those owners are paired here.
 */
async function mandatesInUse(deps: ServiceDeps, from: Date, to: Date) {
  const window = { createdFrom: from, createdTo: to };
  const [newMandates, newAccounts] = await Promise.all([
    listUnconfirmedMandates(deps.db, window),
    listDirectDebitPolicyAccounts(deps.db, window),
  ]);
  const ownerUserIds = [...new Set([...newMandates, ...newAccounts].map((row) => row.ownerUserId))];
  const [mandates, accounts] = await Promise.all([
    listUnconfirmedMandates(deps.db, { createdTo: to, ownerUserIds }),
    listDirectDebitPolicyAccounts(deps.db, { createdTo: to, ownerUserIds }),
  ]);
  const mandatesOf = new Map<string, PaymentMethodRow[]>();
  for (const mandate of mandates) {
    mandatesOf.set(mandate.ownerUserId, [...(mandatesOf.get(mandate.ownerUserId) ?? []), mandate]);
  }
  return accounts
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .flatMap((account) =>
      (mandatesOf.get(account.ownerUserId) ?? [])
        // When the mandate began paying the account: set up for it, or set up earlier and used now.
        .filter((mandate) => {
          const inUseSince = Math.max(mandate.createdAt.getTime(), account.createdAt.getTime());
          return inUseSince >= from.getTime() && inUseSince <= to.getTime();
        })
        .map((mandate) => ({ mandate, accountId: account.accountId })),
    );
}

/** Confirms the mandates set up in the last week, paying a policy, with no confirmation yet. */
async function confirmNewMandates(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  const rows = await mandatesInUse(
    deps,
    new Date(now.getTime() - LOOK_BACK_MS),
    new Date(now.getTime() - PURCHASE_GRACE_MS),
  );
  const confirmed = new Set<string>();
  for (const { mandate, accountId } of rows) {
    if (confirmed.has(mandate.paymentMethodId)) continue;
    const account = await findAccount(deps.db, accountId);
    const upcoming = account ? await findUpcomingInvoice(deps.db, account) : null;
    if (!account || !upcoming) continue;
    // The first payment asked for at purchase when its announcement failed there, else as planned.
    const first = (await findPendingFirstCollections(deps.db, [account.proposalCode])).get(
      account.proposalCode,
    );
    // Owing now (a failed payment's retry is on its way) or nothing to collect: the next payment
    // under the mandate is not the planned one, and its own announcement confirms the mandate.
    const { balancePence } = await getAccountTotals(deps.db, account.accountId);
    const plannedPence = upcoming.amountPence + balancePence;
    if (!first && (balancePence > 0 || plannedPence <= 0)) continue;
    const policy = await findPolicyByProposal(deps.db, account.proposalCode);
    if (!policy) continue;
    await announceDirectDebit(deps, {
      policy,
      mandate,
      reference: null,
      payment: first ?? {
        amountPence: plannedPence,
        chargeDate: onOrAfterWorkingDay(londonDateString(upcoming.dueAt)),
      },
    });
    confirmed.add(mandate.paymentMethodId);
  }
  return confirmed.size;
}

export const confirmNewMandatesJob = defineScheduledJob({
  kind: 'confirm-new-mandates',
  schedule: '0 7 * * *',
  run: (deps) => confirmNewMandates(deps),
});
