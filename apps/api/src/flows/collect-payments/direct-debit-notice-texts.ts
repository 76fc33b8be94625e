import { formatDisplayDate, formatMoney } from '@motor/domain';
import { emailBody } from '../../modules/notification';

// The words of the Direct Debit notices (Direct Debit Guarantee / Bacs rules, issue 30 item 2):
// the mandate's confirmation and each payment's advance notice. The Guarantee is the scheme's
// standard wording (decision 029), with the organisation and its notice period filled in.

export type AnnouncedPayment = { amountPence: number; chargeDate: string };

/** The Direct Debit Guarantee, as the scheme words it. */
function directDebitGuarantee(options: { organisation: string; workingDays: number }): string {
  const { organisation, workingDays } = options;
  return [
    'The Direct Debit Guarantee',
    '- The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
    `- If there are any changes to the amount, date or frequency of your Direct Debit ${organisation} will notify you ${workingDays} working days in advance of your account being debited or as otherwise agreed. If you request ${organisation} to collect a payment, confirmation of the amount and date will be given to you at the time of the request.`,
    `- If an error is made in the payment of your Direct Debit, by ${organisation} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.`,
    `- If you receive a refund you are not entitled to, you must pay it back when ${organisation} asks you to.`,
    '- You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.',
  ].join('\n');
}

/** 202959 → 20-29-59. */
function formatSortCode(sortCode: string): string {
  return sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');
}

/** The confirmation of a new mandate, with the first payment it will collect. */
export function composeMandateConfirmation(options: {
  holderName: string;
  organisation: string;
  workingDays: number;
  policyNumber: string;
  accountHolderName: string | null;
  sortCode: string | null;
  accountNumberEnding: string;
  bankName: string | null;
  first: AnnouncedPayment;
}): { subject: string; body: string } {
  const { policyNumber, workingDays, first } = options;
  return {
    subject: `Your Direct Debit for policy ${policyNumber} is set up`,
    body: emailBody(options.holderName, [
      `Your Direct Debit to ${options.organisation} for policy ${policyNumber} is set up. Please check these details and tell us at once if any of them is wrong.`,
      ...(options.accountHolderName ? [`Name on the account: ${options.accountHolderName}`] : []),
      ...(options.sortCode ? [`Sort code: ${formatSortCode(options.sortCode)}`] : []),
      `Account number ending: ${options.accountNumberEnding}`,
      ...(options.bankName ? [`Bank: ${options.bankName}`] : []),
      '',
      `Your first payment of ${formatMoney(first.amountPence)} will be collected on ${formatDisplayDate(first.chargeDate)}.`,
      `We will tell you the amount and date of every later payment at least ${workingDays} working days before it is collected.`,
      '',
      directDebitGuarantee(options),
    ]),
  };
}

/** The advance notice of one payment: how much, from which account, on which day. */
export function composeAdvanceNotice(options: {
  holderName: string;
  policyNumber: string;
  accountNumberEnding: string;
  payment: AnnouncedPayment;
}): { subject: string; body: string } {
  const { policyNumber, payment } = options;
  const amount = formatMoney(payment.amountPence);
  const day = formatDisplayDate(payment.chargeDate);
  return {
    subject: `Your next Direct Debit for policy ${policyNumber}: ${amount} on ${day}`,
    body: emailBody(options.holderName, [
      `We will collect ${amount} by Direct Debit from your account ending ${options.accountNumberEnding} on ${day}, for policy ${policyNumber}.`,
      'You do not need to do anything. Your payments are protected by the Direct Debit Guarantee.',
    ]),
  };
}
