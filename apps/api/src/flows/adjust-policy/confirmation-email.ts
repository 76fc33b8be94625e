import { describeEffectiveDate, formatMoney } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import type { AdjustmentRow } from '../../modules/adjustment';
import { emailBody, queueEmail } from '../../modules/notification';
import type { PolicyRow } from '../../modules/policy';
import { policyholderOfPolicy } from '../renew-policy/policy-facts';

// The e-mail a confirmed change or cancellation sends the policyholder, queued in the
// confirmation's transaction (sent after it commits).

/**
 * A monthly policy's money after a change, as its review page said it: the new monthly payment
 * and the difference on the next bill.
 */
function describeMonthlyMoney(adjustment: AdjustmentRow): string[] {
  if (adjustment.paymentScheduleType !== 'MONTHLY') return [];
  const before = adjustment.instalmentBeforePence;
  const after = adjustment.instalmentAfterPence;
  const due = adjustment.amountDuePence;
  return [
    ...(before !== null && after !== null && before !== after
      ? [`Your monthly payment is now ${formatMoney(after)} (it was ${formatMoney(before)}).`]
      : []),
    ...(due < 0
      ? [`The difference of ${formatMoney(-due)} will be taken off your next monthly bill.`]
      : due > 0
        ? [`The difference of ${formatMoney(due)} will be added to your next monthly bill.`]
        : []),
  ];
}

/** The policyholder is told what changed, from when, and what it costs or refunds. */
export async function tellCustomer(
  deps: ServiceDeps,
  tx: Db,
  options: { policy: PolicyRow; adjustment: AdjustmentRow; refund: number; now: Date },
) {
  const { policy, adjustment, refund, now } = options;
  const holder = await policyholderOfPolicy(tx, policy);
  if (!holder?.email) return;
  const cancelled = adjustment.adjustmentType === 'CAN';
  // The date staff chose: a backdated change says so, not "immediately" (issue 30 item 7).
  const when = describeEffectiveDate(adjustment.effectiveAt, adjustment.createdAt);
  const takesEffect =
    when.kind === 'now'
      ? 'takes effect immediately'
      : when.kind === 'backdated'
        ? `is backdated to ${when.date}`
        : `takes effect on ${when.date}`;
  const cancelledWhen =
    when.kind === 'now'
      ? 'from today'
      : when.kind === 'backdated'
        ? `backdated to ${when.date}`
        : `on ${when.date}`;
  const lines = cancelled
    ? [
        `Your policy ${policy.policyNumber} is cancelled ${cancelledWhen}.`,
        refund > 0
          ? `We are refunding ${formatMoney(refund)} to the way you paid. Refunds take 7 to 10 working days.`
          : 'There is nothing to refund.',
      ]
    : [
        `Your change to policy ${policy.policyNumber} is confirmed and ${takesEffect}.`,
        ...describeMonthlyMoney(adjustment),
        'Your updated certificate and schedule are on your policy page.',
      ];
  await queueEmail(
    deps,
    tx,
    {
      recipient: holder.email,
      subject: cancelled
        ? `Your policy ${policy.policyNumber} is cancelled`
        : `Your policy ${policy.policyNumber} has changed`,
      body: emailBody(holder.name, lines),
    },
    now,
  );
}
