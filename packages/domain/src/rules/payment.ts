import type { PolicyAccount } from '../entities/policy';
import { MAX_PAYMENT_DAY, MIN_PAYMENT_DAY } from '../entities/payment-day';
import type {
  AccountStatus,
  AgreementStatus,
  CheckoutAction,
  CheckoutMethod,
  PaymentMethodType,
  PaymentScheduleType,
} from '../enums/billing';

/**
 * The spec's near-zero threshold is 0.001 pounds = 0.1 pence. Totals are integer pence, so
 * "at or below 0.1 pence" means "0 pence or less"; the fractional constant keeps the rule exact
 * even for a fractional input.
 */
export const NEAR_ZERO_PAYMENT_THRESHOLD_POUNDS = 0.001;
export const NEAR_ZERO_PAYMENT_THRESHOLD_PENCE = 0.1;

/** A card payment is due above 0 pence. */
export const CARD_PAYMENT_THRESHOLD_PENCE = 0;
/**
 * A direct-debit (or dual) deposit is due above 0.01 pounds = 1 penny: a 1p total is bound
 * without a deposit, 2p is paid.
 */
export const DIRECT_DEBIT_PAYMENT_THRESHOLD_PENCE = 1;

/** Tells whether a payment method must be given: not when none is set and the total is ≤ 0.1p. */
export function isPaymentMethodNeeded(options: {
  paymentMethodType?: PaymentMethodType | null;
  discountedTotalPence: number;
}): boolean {
  if (options.paymentMethodType) return true;
  return options.discountedTotalPence > NEAR_ZERO_PAYMENT_THRESHOLD_PENCE;
}

/**
 * Tells whether a payment method of `type` can be added: an ACTIVE account uses that type and no
 * ACTIVE or PENDING_CUSTOMER_APPROVAL agreement of that type exists.
 */
export function canAddPaymentMethod(options: {
  type: PaymentMethodType;
  accounts: readonly PolicyAccount[];
  paymentMethods: readonly { type: PaymentMethodType; status: AgreementStatus }[];
}): boolean {
  const { type } = options;
  const accountUsesType = options.accounts.some(
    (account) => account.accountStatus === 'ACTIVE' && account.paymentMethodType === type,
  );
  if (!accountUsesType) return false;
  return !options.paymentMethods.some(
    (method) =>
      method.type === type &&
      (method.status === 'ACTIVE' || method.status === 'PENDING_CUSTOMER_APPROVAL'),
  );
}

/**
 * Returns the checkout action: CARD pays above 0p, else BINDs with a saved card or SETs UP a
 * card; DIRECT_DEBIT and DUAL pay a deposit above 1p (0.01 pounds), else BIND.
 */
export function getCheckoutAction(options: {
  method: CheckoutMethod;
  discountedTotalPence: number;
  hasSavedCard: boolean;
}): CheckoutAction {
  if (options.method === 'CARD') {
    if (options.discountedTotalPence > CARD_PAYMENT_THRESHOLD_PENCE) return 'PAY';
    return options.hasSavedCard ? 'BIND' : 'SETUP';
  }
  if (options.discountedTotalPence > DIRECT_DEBIT_PAYMENT_THRESHOLD_PENCE) return 'PAY';
  return 'BIND';
}

/** Tells whether a payment day is valid: a whole number from 1 to 28. */
export function isValidPaymentDay(day: number | null | undefined): boolean {
  if (day == null || !Number.isInteger(day)) return false;
  return day >= MIN_PAYMENT_DAY && day <= MAX_PAYMENT_DAY;
}

/** Tells whether the payment day may be edited: admin only, toggle on, account ACTIVE. */
export function canEditPaymentDay(options: {
  isAdmin: boolean;
  allowModifyBillingDay: boolean;
  accountStatus: AccountStatus;
}): boolean {
  if (!options.isAdmin) return false;
  if (!options.allowModifyBillingDay) return false;
  return options.accountStatus === 'ACTIVE';
}

/** Tells whether confirming an adjustment needs a card payment: amount due > 0 on SINGLE_PAYMENT. */
export function isCardPaymentNeededForAdjustment(options: {
  amountDuePence: number;
  paymentScheduleType: PaymentScheduleType | null | undefined;
}): boolean {
  if (options.amountDuePence <= 0) return false;
  return options.paymentScheduleType === 'SINGLE_PAYMENT';
}
