import { londonDateString } from '@motor/domain';
import type { ServiceDeps } from '../../app-types';
import type { Db } from '../../db/client';
import { brandOfScheme } from '../../modules/brand';
import { queueEmail } from '../../modules/notification';
import {
  findDirectDebitNotice,
  recordDirectDebitNotice,
  setDirectDebitNoticeMessage,
  type DirectDebitNoticeRow,
  type PaymentMethodRow,
} from '../../modules/payment';
import type { PolicyRow } from '../../modules/policy';
import { addWorkingDays } from '../../providers/direct-debit';
import { policyholderOfPolicy } from '../renew-policy/policy-facts';
import {
  composeAdvanceNotice,
  composeMandateConfirmation,
  type AnnouncedPayment,
} from './direct-debit-notice-texts';

// Direct Debit notices (Direct Debit Guarantee / Bacs rules, issue 30 item 2; decision 029). Each
// Direct Debit the collections flow submits is announced when it is submitted, with its amount
// and the day it is taken, which is never sooner than the product's advance notice
// (billing.advanceNoticeWorkingDays) after today. The first payment under a mandate is announced
// by the mandate's confirmation (account holder, sort code, last digits, the Guarantee); every
// later one by its own advance notice (a changed amount or day is a new payment, so a new one).
// A notice is recorded under a key before it is sent, so it is given once; when the provider
// gives them (DIRECT_DEBIT_NOTICES_SENT_BY=provider) we record that it did and send nothing.

const DEFAULT_NOTICE_WORKING_DAYS = 3;

function noticeWorkingDays(policy: Pick<PolicyRow, 'schemeCode'> | null): number {
  if (!policy) return DEFAULT_NOTICE_WORKING_DAYS;
  const { billing } = brandOfScheme(policy.schemeCode).getProductConfig(policy.schemeCode);
  return billing?.advanceNoticeWorkingDays ?? DEFAULT_NOTICE_WORKING_DAYS;
}

/**
 * The London day to ask the provider to take a Direct Debit on: the day wanted, or the first day
 * its advance notice allows when that is later (also when no day is wanted: the earliest).
 */
export function directDebitChargeDate(
  now: Date,
  options: { policy: Pick<PolicyRow, 'schemeCode'> | null; wanted: string | null },
): string {
  const earliest = addWorkingDays(londonDateString(now), noticeWorkingDays(options.policy));
  return options.wanted && options.wanted > earliest ? options.wanted : earliest;
}

/** Records the notice once and, when it is ours to give, e-mails it (the caller's transaction). */
async function giveNotice(
  deps: ServiceDeps,
  tx: Db,
  options: {
    notice: Omit<DirectDebitNoticeRow, 'sentBy' | 'messageId' | 'createdAt'>;
    recipient: string | null;
    message: () => { subject: string; body: string };
  },
): Promise<void> {
  const now = deps.clock.now();
  const sentBy = deps.config.directDebitNoticesSentBy;
  if (!(await recordDirectDebitNotice(tx, { ...options.notice, sentBy, createdAt: now }))) return;
  if (sentBy === 'PROVIDER') return;
  if (!options.recipient) {
    deps.log.warn({ noticeKey: options.notice.noticeKey }, 'no e-mail address for a notice');
    return;
  }
  const messageId = await queueEmail(
    deps,
    tx,
    { recipient: options.recipient, ...options.message() },
    now,
  );
  await setDirectDebitNoticeMessage(tx, { noticeKey: options.notice.noticeKey, messageId });
}

/**
 * Announces a Direct Debit just submitted under `mandate`: the mandate's confirmation when it has
 * none yet (this is its first payment), else the payment's advance notice; once per payment (a
 * rerun of its job says nothing again). A submitted payment's amount and day never change at the
 * provider: a change of premium, a retry or a new payment day is a new payment, announced anew.
 */
export async function announceDirectDebit(
  deps: ServiceDeps,
  options: {
    /** The policy the account pays for (its number, brand and notice period). */
    policy: PolicyRow;
    mandate: PaymentMethodRow;
    /** Our reference of the payment; none: only the mandate's confirmation, if still due. */
    reference: string | null;
    payment: AnnouncedPayment;
  },
): Promise<void> {
  const { policy, mandate, payment, reference } = options;
  await deps.db.transaction(async (tx) => {
    const holder = (await policyholderOfPolicy(tx, policy)) ?? { email: null, name: '' };
    const recipient = holder.email;
    const confirmationKey = `confirmation:${mandate.paymentMethodId}`;
    if (!(await findDirectDebitNotice(tx, confirmationKey))) {
      await giveNotice(deps, tx, {
        notice: {
          noticeKey: confirmationKey,
          paymentMethodId: mandate.paymentMethodId,
          kind: 'CONFIRMATION',
          ...payment,
        },
        recipient,
        message: () =>
          composeMandateConfirmation({
            holderName: holder.name,
            organisation: brandOfScheme(policy.schemeCode).config.appName,
            workingDays: noticeWorkingDays(policy),
            policyNumber: policy.policyNumber,
            accountHolderName: mandate.accountHolderName,
            sortCode: mandate.sortCode,
            accountNumberEnding: mandate.accountNumberEnding ?? '',
            bankName: mandate.bankName,
            first: payment,
          }),
      });
      return;
    }
    if (!reference) return;
    await giveNotice(deps, tx, {
      notice: {
        noticeKey: `advance:${reference}`,
        paymentMethodId: mandate.paymentMethodId,
        kind: 'ADVANCE_NOTICE',
        ...payment,
      },
      recipient,
      message: () =>
        composeAdvanceNotice({
          holderName: holder.name,
          policyNumber: policy.policyNumber,
          accountNumberEnding: mandate.accountNumberEnding ?? '',
          payment,
        }),
    });
  });
}
