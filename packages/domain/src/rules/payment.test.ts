import { describe, expect, it } from 'vitest';
import type {
  AccountStatus,
  AgreementStatus,
  CheckoutAction,
  CheckoutMethod,
  PaymentMethodType,
  PaymentScheduleType,
} from '../enums/billing';
import {
  canAddPaymentMethod,
  canEditPaymentDay,
  getCheckoutAction,
  isCardPaymentNeededForAdjustment,
  isPaymentMethodNeeded,
  isValidPaymentDay,
  NEAR_ZERO_PAYMENT_THRESHOLD_PENCE,
  NEAR_ZERO_PAYMENT_THRESHOLD_POUNDS,
} from './payment';

describe('isPaymentMethodNeeded', () => {
  it('states the 0.001-pound threshold in pence as 0.1', () => {
    expect(NEAR_ZERO_PAYMENT_THRESHOLD_POUNDS * 100).toBeCloseTo(
      NEAR_ZERO_PAYMENT_THRESHOLD_PENCE,
      10,
    );
  });

  it.each<[PaymentMethodType | null, number, boolean]>([
    [null, 0, false],
    [null, -500, false], // a credit needs nothing
    [null, 0.1, false], // exactly 0.001 pounds
    [null, 0.11, true], // just above the threshold
    [null, 1, true], // one penny
    [null, 1999, true],
    ['CARD', 0, true], // a method already set is always needed
    ['BACS_DEBIT', 0, true],
    ['CARD', 1999, true],
  ])('method %s, total %dp → %s', (paymentMethodType, discountedTotalPence, needed) => {
    expect(isPaymentMethodNeeded({ paymentMethodType, discountedTotalPence })).toBe(needed);
  });
});

describe('canAddPaymentMethod', () => {
  const active = (paymentMethodType: PaymentMethodType) => ({
    accountStatus: 'ACTIVE' as AccountStatus,
    paymentMethodType,
  });
  const method = (type: PaymentMethodType, status: AgreementStatus) => ({ type, status });

  it.each<
    [string, PaymentMethodType, ReturnType<typeof active>[], ReturnType<typeof method>[], boolean]
  >([
    ['active account, no agreement', 'BACS_DEBIT', [active('BACS_DEBIT')], [], true],
    [
      'only a cancelled agreement',
      'BACS_DEBIT',
      [active('BACS_DEBIT')],
      [method('BACS_DEBIT', 'CANCELLED')],
      true,
    ],
    [
      'an active agreement',
      'BACS_DEBIT',
      [active('BACS_DEBIT')],
      [method('BACS_DEBIT', 'ACTIVE')],
      false,
    ],
    [
      'a pending agreement',
      'BACS_DEBIT',
      [active('BACS_DEBIT')],
      [method('BACS_DEBIT', 'PENDING_CUSTOMER_APPROVAL')],
      false,
    ],
    [
      'agreement of the other type',
      'BACS_DEBIT',
      [active('BACS_DEBIT')],
      [method('CARD', 'ACTIVE')],
      true,
    ],
    ['account uses the other type', 'CARD', [active('BACS_DEBIT')], [], false],
    [
      'suspended account',
      'CARD',
      [{ accountStatus: 'SUSPENDED', paymentMethodType: 'CARD' }],
      [],
      false,
    ],
    ['no account', 'CARD', [], [], false],
    ['one of several accounts', 'CARD', [active('BACS_DEBIT'), active('CARD')], [], true],
  ])('%s → %s', (_name, type, accounts, paymentMethods, allowed) => {
    expect(canAddPaymentMethod({ type, accounts, paymentMethods })).toBe(allowed);
  });
});

describe('getCheckoutAction', () => {
  it.each<[CheckoutMethod, number, boolean, CheckoutAction]>([
    ['CARD', 1, false, 'PAY'],
    ['CARD', 1, true, 'PAY'],
    ['CARD', 1999, true, 'PAY'],
    ['CARD', 0, true, 'BIND'],
    ['CARD', 0, false, 'SETUP'],
    ['CARD', -100, false, 'SETUP'],
    ['DIRECT_DEBIT', 2, false, 'PAY'], // above 0.01 pounds
    ['DIRECT_DEBIT', 1, false, 'BIND'], // exactly 0.01 pounds is not above it
    ['DIRECT_DEBIT', 0, true, 'BIND'],
    ['DIRECT_DEBIT', 1999, false, 'PAY'],
    ['DUAL', 2, false, 'PAY'],
    ['DUAL', 1, true, 'BIND'],
    ['DUAL', 0, false, 'BIND'],
  ])('%s, total %dp, saved card %s → %s', (method, discountedTotalPence, hasSavedCard, action) => {
    expect(getCheckoutAction({ method, discountedTotalPence, hasSavedCard })).toBe(action);
  });
});

describe('isValidPaymentDay', () => {
  it.each([
    [1, true],
    [15, true],
    [28, true],
    [0, false],
    [29, false],
    [31, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (day, valid) => {
    expect(isValidPaymentDay(day)).toBe(valid);
  });
});

describe('canEditPaymentDay', () => {
  it.each<[boolean, boolean, AccountStatus, boolean]>([
    [true, true, 'ACTIVE', true],
    [false, true, 'ACTIVE', false],
    [true, false, 'ACTIVE', false],
    [true, true, 'SUSPENDED', false],
  ])(
    'admin %s, toggle %s, account %s → %s',
    (isAdmin, allowModifyBillingDay, accountStatus, can) => {
      expect(canEditPaymentDay({ isAdmin, allowModifyBillingDay, accountStatus })).toBe(can);
    },
  );
});

describe('isCardPaymentNeededForAdjustment', () => {
  it.each<[number, PaymentScheduleType | null, boolean]>([
    [1, 'SINGLE_PAYMENT', true],
    [0, 'SINGLE_PAYMENT', false],
    [-500, 'SINGLE_PAYMENT', false],
    [500, 'MONTHLY', false], // charged with the next monthly collection
    [500, null, false],
  ])('amount due %dp on %s → %s', (amountDuePence, paymentScheduleType, needed) => {
    expect(isCardPaymentNeededForAdjustment({ amountDuePence, paymentScheduleType })).toBe(needed);
  });
});
