import { londonDateString } from '@motor/domain';
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ServiceDeps } from '../../app-types';
import { customerAccounts } from '../../modules/billing/tables';
import { directDebitNotices, paymentMethods } from '../../modules/payment/tables';
import { findAccount, findUpcomingInvoice, getAccountTotals } from '../../modules/billing';
import { defineJob } from '../../modules/jobs';
import { findPendingFirstCollections } from '../../modules/payment';
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

/** Confirms the mandates set up in the last week, paying a policy, with no confirmation yet. */
async function confirmNewMandates(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  // When the mandate began paying the account: set up for it, or set up earlier and used now.
  const inUseSince = sql`greatest(${paymentMethods.createdAt}, ${customerAccounts.createdAt})`;
  const rows = await deps.db
    .select({ mandate: paymentMethods, accountId: customerAccounts.accountId })
    .from(paymentMethods)
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.ownerUserId, paymentMethods.ownerUserId),
        eq(customerAccounts.paymentMethodType, 'BACS_DEBIT'),
        eq(customerAccounts.accountStatus, 'ACTIVE'),
        isNotNull(customerAccounts.policyId),
      ),
    )
    .where(
      and(
        eq(paymentMethods.type, 'BACS_DEBIT'),
        eq(paymentMethods.status, 'ACTIVE'),
        gte(inUseSince, new Date(now.getTime() - LOOK_BACK_MS)),
        lte(inUseSince, new Date(now.getTime() - PURCHASE_GRACE_MS)),
        sql`not exists (select 1 from ${directDebitNotices} where ${directDebitNotices.noticeKey} = 'confirmation:' || ${paymentMethods.paymentMethodId})`,
      ),
    )
    .orderBy(desc(customerAccounts.createdAt));
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
    await announceDirectDebit(deps, {
      account,
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

export const confirmNewMandatesJob = defineJob({
  kind: 'confirm-new-mandates',
  payload: z.object({}),
  schedule: '0 7 * * *',
  run: async (deps) => {
    await confirmNewMandates(deps);
  },
});
