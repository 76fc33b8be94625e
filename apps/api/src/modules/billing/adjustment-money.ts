import { listBilledMonths, type AdjustmentType, type PaymentScheduleType } from '@motor/domain';
import type { Db } from '../../db/client';
import type { ProviderPayment } from '../payment';
import { findAccountOfPolicy, type CustomerAccountRow } from './accounts';
import { getAccountTotals, postPremium } from './ledger';
import { postProviderPayment } from './provider-payments';
import { postRefund } from './refunds';

// The ledger side of a confirmed change (docs/domain.md "Money"): the pro-rata premium as a debit
// journal, a credit journal or a credit note (premium and IPT split), the card payment that paid
// for it, and the refund of what the customer then has in credit, back to the payments that took it.
// Every transaction is keyed by the adjustment, so a replay posts nothing twice.

/** The confirmed change's facts its money is posted from (the adjustment module's row). */
type ConfirmedChange = {
  adjustmentId: string;
  adjustmentType: AdjustmentType;
  effectiveAt: Date;
  paymentScheduleType: PaymentScheduleType | null;
  prorataPremiumPence: number;
  prorataTaxPence: number;
};

/**
 * The end of the cover a change's amount is for: the end of the term for a single payment; for a
 * monthly subscription the end of the last month invoiced, since only invoiced months take the
 * difference (later ones are billed at the new price). Never before the change itself.
 */
async function coveredUntil(
  db: Db,
  options: {
    account: CustomerAccountRow;
    adjustment: ConfirmedChange;
    term: { inceptedAt: Date; expiredAt: Date };
  },
): Promise<Date> {
  const { adjustment, term } = options;
  let end = term.expiredAt;
  if (adjustment.paymentScheduleType === 'MONTHLY') {
    const { invoiceCount } = await getAccountTotals(db, options.account.accountId);
    const months = listBilledMonths({ ...term, now: term.expiredAt, limit: invoiceCount });
    end = months.at(-1)?.end ?? end;
  }
  return end.getTime() < adjustment.effectiveAt.getTime() ? adjustment.effectiveAt : end;
}

/**
 * Posts the change's premium and, when given, its payment, on the account of the policy; then
 * refunds the credit left when `refundCredit` (a cancellation, or a single-payment policy's
 * credit). Answers the refund (pence); a policy with no account posts nothing and answers 0.
 */
export async function postAdjustmentMoney(
  db: Db,
  options: {
    policyId: string;
    adjustment: ConfirmedChange;
    payment?: ProviderPayment;
    refundCredit: boolean;
    /** The policy's term: the line's service period runs from the change to the end of it. */
    term: { inceptedAt: Date; expiredAt: Date };
    at: Date;
  },
): Promise<number> {
  const { adjustment, at } = options;
  const account = await findAccountOfPolicy(db, options.policyId);
  if (!account) return 0;
  const premium = adjustment.prorataPremiumPence;
  const tax = adjustment.prorataTaxPence;
  if (premium !== 0) {
    const servicePeriod = {
      start: adjustment.effectiveAt,
      end: await coveredUntil(db, { account, adjustment, term: options.term }),
    };
    const cancellation = adjustment.adjustmentType === 'CAN';
    await postPremium(db, {
      accountId: account.accountId,
      type: cancellation ? 'CREDIT_NOTE' : premium > 0 ? 'DEBIT_JOURNAL' : 'CREDIT_JOURNAL',
      amountPence: premium,
      taxPence: tax,
      subType: 'MTA',
      idempotencyKey: `adjustment:${adjustment.adjustmentId}`,
      servicePeriod,
      description: cancellation
        ? 'Cancellation: premium not used'
        : premium > 0
          ? 'Policy change: extra premium'
          : 'Policy change: premium returned',
      at,
    });
  }
  if (options.payment) {
    await postProviderPayment(db, {
      account,
      payment: options.payment,
      description: 'Card payment for a policy change',
      at,
    });
  }
  if (!options.refundCredit) return 0;
  const { balancePence } = await getAccountTotals(db, account.accountId);
  const refund = Math.max(0, -balancePence);
  if (refund === 0) return 0;
  // Tagged with the provider(s) that took the money, not the account's method: a flex policy's
  // first month is often paid by card on a Direct Debit account (issue 30 item 4).
  await postRefund(db, {
    account,
    idempotencyKey: `adjustment:${adjustment.adjustmentId}:refund`,
    amountPence: refund,
    description: 'Refund to the way you paid',
    at,
  });
  return refund;
}
