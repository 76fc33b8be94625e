import {
  CARD_PAYMENT_THRESHOLD_PENCE,
  DIRECT_DEBIT_PAYMENT_THRESHOLD_PENCE,
  isPaymentMethodNeeded,
  type PaymentMethodType,
} from '@motor/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import {
  CARD_REQUIRED_MESSAGE,
  findActiveCard,
  findActiveMandate,
  MANDATE_REQUIRED_MESSAGE,
  PAYMENT_REQUIRED_MESSAGE,
} from './methods';
import type { ProviderPayment } from './webhooks';

// How a bind is paid (spec 2 §4): the method the account takes and whether the payment due now
// is in hand, a mandate will collect it, or a saved card will; 402 when none of them is there.

export type BindPaymentMethod = {
  /** The account's method, null when none is needed (nothing due, none chosen). */
  methodType: PaymentMethodType | null;
  /** A Direct Debit purchase whose first payment is collected on the mandate just after bind. */
  collectFirst: boolean;
};

export async function chooseBindPaymentMethod(
  tx: Db,
  options: {
    ownerUserId: string;
    /** What the caller asked for, and what the account already has. */
    requested?: PaymentMethodType;
    accountMethod: PaymentMethodType | null;
    payment?: ProviderPayment;
    /** What bind invoices now, and the quote's discounted total. */
    duePence: number;
    discountedTotalPence: number;
    /** A webhook or job binds (no customer at checkout). */
    bySystem: boolean;
    /** A renewal at the anniversary: the saved card pays the first invoice later. */
    collectFromSavedCard?: boolean;
  },
): Promise<BindPaymentMethod> {
  const { ownerUserId, payment, duePence } = options;
  // Spec 1 §4: no payment method is needed when none is set and nothing is due (free driveaway).
  const chosenType = options.requested ?? options.accountMethod ?? null;
  const methodNeeded =
    Boolean(payment) ||
    isPaymentMethodNeeded({
      paymentMethodType: chosenType,
      discountedTotalPence: options.discountedTotalPence,
    });
  const methodType: PaymentMethodType | null = !methodNeeded
    ? null
    : (chosenType ?? (payment?.provider === 'DIRECT_DEBIT' ? 'BACS_DEBIT' : 'CARD'));
  const threshold =
    methodType === 'BACS_DEBIT'
      ? DIRECT_DEBIT_PAYMENT_THRESHOLD_PENCE
      : CARD_PAYMENT_THRESHOLD_PENCE;
  // Direct debit collects the later instalments, so it needs a mandate whatever is due now.
  const mandate =
    methodType === 'BACS_DEBIT' && (await findActiveMandate(tx, ownerUserId)) !== null;
  if (methodType === 'BACS_DEBIT' && !mandate) {
    throw new AppError('PAYMENT_REQUIRED', MANDATE_REQUIRED_MESSAGE);
  }
  // Spec 2 §4.3: BIND by card with nothing to pay takes the card already saved; a customer
  // without one sets one up first (SETUP), so a policy never names a card nobody gave.
  if (
    options.requested === 'CARD' &&
    !options.bySystem &&
    !payment &&
    duePence <= threshold &&
    (await findActiveCard(tx, ownerUserId)) === null
  ) {
    throw new AppError('PAYMENT_REQUIRED', CARD_REQUIRED_MESSAGE);
  }
  const savedCard =
    methodType === 'CARD' &&
    options.collectFromSavedCard === true &&
    options.bySystem &&
    (await findActiveCard(tx, ownerUserId)) !== null;
  if (duePence > threshold && !payment && !mandate && !savedCard) {
    throw new AppError('PAYMENT_REQUIRED', PAYMENT_REQUIRED_MESSAGE, {
      amountDuePence: duePence,
    });
  }
  // Spec 2 §4.4: a Direct Debit purchase with a deposit (PAY) pays it at purchase too, as a
  // collection on the new mandate asked for now, on the earliest day the scheme allows.
  return {
    methodType,
    collectFirst: methodType === 'BACS_DEBIT' && !payment && duePence > threshold,
  };
}
